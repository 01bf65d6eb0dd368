import type { FastifyPluginAsync } from 'fastify';
import { countOf, todayIso } from 'shared-contracts';
import {
  SERVICE_EXPORT_COLUMNS,
  SERVICE_MESSAGES as M,
  serviceEndpoints,
} from 'shared-contracts/services';
import { registerEndpoint } from '../../http/endpoint';
import { unprocessable } from '../../http/errors';
import { sendExport } from '../../http/export';
import { pageEnvelope } from '../../http/pagination';
import { registerRecordEndpoints } from '../../http/record-endpoints';
import { recordExport } from '../activity-log';
import { changeServiceStatus, createService, updateService } from './commands';
import {
  countServices,
  familyOptions,
  listServices,
  loadService,
  serviceExportRows,
  serviceOptions,
  summariseServices,
} from './repository';

/** `request_from` after `request_to`: a 422 on the field, as the list page shows it. */
function checkDateRange(query: {
  filter: { request_from?: string | undefined; request_to?: string | undefined };
}): void {
  const { request_from: from, request_to: to } = query.filter;
  if (from && to && from > to) throw unprocessable({ 'filter.request_to': [M.dateRange] });
}

/** Thin: each declared endpoint, its answer from the repository and the commands. */
export const serviceRoutes: FastifyPluginAsync = async (app) => {
  // The overdue flag is computed against Riyadh's today at each request.
  const services = registerRecordEndpoints(app, serviceEndpoints, M, {
    list: (db, query) => {
      checkDateRange(query);
      return listServices(db, query, todayIso());
    },
    load: (db, id) => loadService(db, id, todayIso()),
    create: createService,
    update: updateService,
  });
  services.action('status', changeServiceStatus, M.statusChanged);

  registerEndpoint(app, serviceEndpoints.summary, async ({ query }) => {
    checkDateRange(query);
    return { data: await summariseServices(app.db, query, todayIso()) };
  });

  registerEndpoint(app, serviceEndpoints.export, async ({ query, author, reply }) => {
    checkDateRange(query);
    const today = todayIso();
    const total = await countServices(app.db, query, today);
    await recordExport(app.db, author(), {
      entityType: 'service',
      entityLabel: `تصدير قائمة الخدمات (${countOf(total, 'service')})`,
      query,
      rows: total,
    });
    return sendExport(reply, query.format, {
      fileName: `services-${today}`,
      fileNameAr: `الخدمات-${today}`,
      sheetTitle: 'الخدمات',
      columns: SERVICE_EXPORT_COLUMNS,
      rows: () => serviceExportRows(app.db, query, today),
    });
  });

  registerEndpoint(app, serviceEndpoints.families, async ({ query }) => {
    const { rows, total } = await familyOptions(app.db, query);
    return pageEnvelope(rows, query, total);
  });

  registerEndpoint(app, serviceEndpoints.options, async () => ({
    data: await serviceOptions(app.db),
  }));
};
