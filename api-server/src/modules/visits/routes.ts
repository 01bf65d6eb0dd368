import type { FastifyPluginAsync } from 'fastify';
import { countOf, todayIso, withoutFields, type FieldReader } from 'shared-contracts';
import {
  MEDICAL_VISIT_FIELDS,
  VISIT_EXPORT_COLUMNS,
  VISIT_MESSAGES as M,
  maySeeVisitHealthNeeds,
  visitEndpoints,
  type Visit,
  type VisitListQuery,
} from 'shared-contracts/resources/visits-contracts';
import { registerEndpoint } from '../../http/endpoint';
import { notFound, unprocessable } from '../../http/errors';
import { sendExport } from '../../http/export';
import { pageEnvelope } from '../../http/pagination';
import { recordExport } from '../activity-log';
import { planVisit, updateVisit } from './commands';
import { countVisits, familyExists, listVisits, loadVisit, visitExportRows } from './repository';

/** `from` after `to`: a 422 on the field, as the list page shows it. */
function checkPeriod(query: VisitListQuery): void {
  const { from, to } = query.filter;
  if (from && to && from > to) throw unprocessable({ 'filter.to': [M.dateRange] });
}

const MEDICAL: ReadonlySet<string> = new Set(MEDICAL_VISIT_FIELDS);

/** A visit as `reader` may see it: the checklist's medical items left out (absent, not null). */
function forReader(reader: FieldReader): (visit: Visit) => Visit {
  return maySeeVisitHealthNeeds(reader)
    ? (visit) => visit
    : (visit) => withoutFields(visit, MEDICAL);
}

/** Thin: each declared endpoint, its answer from the repository and the commands. */
export const visitRoutes: FastifyPluginAsync = async (app) => {
  const loadFor = async (id: number, reader: FieldReader) => {
    const visit = await loadVisit(app.db, id, todayIso());
    if (!visit) throw notFound(M.notFound);
    return forReader(reader)(visit);
  };

  registerEndpoint(app, visitEndpoints.list, async ({ query, auth }) => {
    checkPeriod(query);
    const { rows, total } = await listVisits(app.db, query, todayIso());
    return pageEnvelope(rows.map(forReader(auth().employee)), query, total);
  });

  registerEndpoint(app, visitEndpoints.familyList, async ({ params, query, auth }) => {
    checkPeriod(query);
    const scoped = { ...query, filter: { ...query.filter, family_id: params.id } };
    const { rows, total } = await listVisits(app.db, scoped, todayIso());
    if (total === 0 && !(await familyExists(app.db, params.id))) throw notFound(M.familyNotFound);
    return pageEnvelope(rows.map(forReader(auth().employee)), query, total);
  });

  registerEndpoint(app, visitEndpoints.create, async ({ params, body, author, auth, reply }) => {
    const id = await planVisit(app.db, params.id, body, author());
    reply.status(201);
    return { message: M.created, data: await loadFor(id, auth().employee) };
  });

  registerEndpoint(app, visitEndpoints.update, async ({ params, body, author, auth }) => {
    if (!(await updateVisit(app.db, params.id, body, author()))) throw notFound(M.notFound);
    return { message: M.updated, data: await loadFor(params.id, auth().employee) };
  });

  registerEndpoint(app, visitEndpoints.export, async ({ query, author, auth, reply }) => {
    checkPeriod(query);
    const today = todayIso();
    const total = await countVisits(app.db, query, today);
    await recordExport(app.db, author(), {
      entityType: 'visit',
      entityLabel: `تصدير قائمة الزيارات الميدانية (${countOf(total, 'visit')})`,
      query,
      rows: total,
    });
    const medical = maySeeVisitHealthNeeds(auth().employee);
    return sendExport(reply, query.format, {
      fileName: `visits-${today}`,
      fileNameAr: `الزيارات-${today}`,
      sheetTitle: 'الزيارات الميدانية',
      columns: VISIT_EXPORT_COLUMNS.filter((column) => medical || !MEDICAL.has(column.key)),
      rows: () => visitExportRows(app.db, query, today),
    });
  });
};
