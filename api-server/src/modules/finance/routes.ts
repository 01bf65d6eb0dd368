import type { FastifyPluginAsync } from 'fastify';
import { countOf, periodText, todayIso } from 'shared-contracts';
import {
  FINANCIAL_CATEGORY_MESSAGES as CM,
  FINANCIAL_RECORD_EXPORT_COLUMNS,
  FINANCIAL_RECORD_MESSAGES as M,
  FINANCIAL_REPORT_EXPORT_COLUMNS,
  FINANCIAL_REPORT_MESSAGES,
  financeOptionEndpoints,
  financialCategoryEndpoints,
  financialListFilterErrors,
  financialRecordEndpoints,
  financialReportEndpoints,
  type FinancialRecordListQuery,
} from 'shared-contracts/finance';
import { registerEndpoint } from '../../http/endpoint';
import { orNotFound, unprocessable } from '../../http/errors';
import { sendExport } from '../../http/export';
import { listMeta, pageEnvelope } from '../../http/pagination';
import { registerRecordEndpoints } from '../../http/record-endpoints';
import { recordExport } from '../activity-log';
import {
  cancelRecord,
  createCategory,
  createRecord,
  reverseRecord,
  updateCategory,
  updateRecord,
} from './commands';
import {
  countRecords,
  financialReport,
  reportExportRows,
  familyOptions,
  financeOptions,
  listCategories,
  listRecords,
  loadCategory,
  loadRecord,
  recordExportRows,
  serviceOptions,
} from './repository';

/** The list's cross-field filter rules (from ≤ to, amount_min ≤ amount_max): a 422 at the filter. */
function checkFilters(query: Pick<FinancialRecordListQuery, 'filter'>): void {
  const errors = financialListFilterErrors(query.filter);
  if (errors) throw unprocessable(errors);
}

/** Thin: each declared endpoint, its answer from the repository, the commands and the report. */
export const financeRoutes: FastifyPluginAsync = async (app) => {
  // The list answers the filtered set's totals beside the page, so it is registered by hand.
  const records = registerRecordEndpoints(app, financialRecordEndpoints, M, {
    load: loadRecord,
    create: createRecord,
    update: updateRecord,
  });
  records.action('cancel', cancelRecord, M.cancelled);
  registerRecordEndpoints(app, financialCategoryEndpoints, CM, {
    list: listCategories,
    load: loadCategory,
    create: createCategory,
    update: updateCategory,
  });

  registerEndpoint(app, financialRecordEndpoints.list, async ({ query, auth }) => {
    checkFilters(query);
    const { rows, total, totals } = await listRecords(app.db, query, auth().employee);
    return { data: rows, meta: listMeta(query.page, query.per_page, total), totals };
  });

  registerEndpoint(app, financialRecordEndpoints.export, async ({ query, author, auth, reply }) => {
    checkFilters(query);
    const today = todayIso();
    const total = await countRecords(app.db, query);
    await recordExport(app.db, author(), {
      entityType: 'financial_record',
      entityLabel: `تصدير السجلات المالية (${countOf(total, 'entry')})`,
      query,
      rows: total,
    });
    return sendExport(reply, query.format, {
      fileName: `financial-records-${today}`,
      fileNameAr: `السجلات-المالية-${today}`,
      sheetTitle: 'السجلات المالية',
      columns: FINANCIAL_RECORD_EXPORT_COLUMNS,
      rows: () => recordExportRows(app.db, query, auth().employee),
    });
  });

  // The form's link lookups, under finance's own key: only what linking needs, by the medical rule.
  registerEndpoint(app, financeOptionEndpoints.families, async ({ query, auth }) => {
    const { rows, total } = await familyOptions(app.db, query, auth().employee);
    return pageEnvelope(rows, query, total);
  });

  registerEndpoint(app, financeOptionEndpoints.services, async ({ query, auth }) => {
    const { rows, total } = await serviceOptions(app.db, query, auth().employee);
    return pageEnvelope(rows, query, total);
  });

  registerEndpoint(app, financeOptionEndpoints.options, async () => ({
    data: await financeOptions(app.db),
  }));

  registerEndpoint(
    app,
    financialRecordEndpoints.reverse,
    async ({ params, body, author, auth }) => {
      const reversalId = orNotFound(
        await reverseRecord(app.db, params.id, body, author()),
        M.notFound,
      );
      return { message: M.reversed, data: await records.load(reversalId, auth().employee) };
    },
    records.options,
  );

  registerEndpoint(app, financialReportEndpoints.show, async ({ query }) => ({
    data: await financialReport(app.db, query),
  }));

  registerEndpoint(app, financialReportEndpoints.export, async ({ query, author, reply }) => {
    const report = await financialReport(app.db, query);
    const { from, to, format } = query;
    await recordExport(app.db, author(), {
      entityType: 'financial_report',
      entityLabel: `${FINANCIAL_REPORT_MESSAGES.exportLabel} (${periodText(from, to)})`,
      query: { filter: { from, to, top: query.top ?? null }, format },
      rows: report.totals.counted_records,
    });
    return sendExport(reply, format, {
      fileName: `financial-report-${from}-${to}`,
      fileNameAr: `التقرير-المالي-${from}-${to}`,
      sheetTitle: 'التقرير المالي',
      columns: FINANCIAL_REPORT_EXPORT_COLUMNS,
      rows: () => reportExportRows(report),
    });
  });
};
