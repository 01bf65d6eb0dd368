import type { FastifyPluginAsync } from 'fastify';
import { todayIso } from 'shared-contracts';
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
import type { ApiModule } from '../../http/api-module';
import { registerEndpoint } from '../../http/endpoint';
import { notFound, orNotFound, unprocessable } from '../../http/errors';
import { sendExport } from '../../http/export';
import { listMeta, pageEnvelope } from '../../http/pagination';
import { recordExport } from '../activity-log';
import {
  cancelRecord,
  createCategory,
  createRecord,
  reverseRecord,
  updateCategory,
  updateRecord,
} from './commands';
import { financialReport, reportExportRows } from './report';
import {
  countRecords,
  familyOptions,
  financeOptions,
  listCategories,
  listRecords,
  loadCategory,
  loadRecord,
  recordExportRows,
} from './repository';
import { seedFinance } from './seed';
import { financeMigration } from './tables';

/** The list's cross-field filter rules (from ≤ to, amount_min ≤ amount_max): a 422 at the filter. */
function checkFilters(query: Pick<FinancialRecordListQuery, 'filter'>): void {
  const errors = financialListFilterErrors(query.filter);
  if (errors) throw unprocessable(errors);
}

/** Thin: each declared endpoint, its answer from the repository, the commands and the report. */
const financeRoutes: FastifyPluginAsync = async (app) => {
  const records = { notFound: M.notFound };
  const categories = { notFound: CM.notFound };
  const answer = async (id: number) => orNotFound(await loadRecord(app.db, id), M.notFound);
  const category = async (id: number) => orNotFound(await loadCategory(app.db, id), CM.notFound);

  registerEndpoint(app, financialRecordEndpoints.list, async ({ query }) => {
    checkFilters(query);
    const { rows, total, totals } = await listRecords(app.db, query);
    return { data: rows, meta: listMeta(query.page, query.per_page, total), totals };
  });

  registerEndpoint(app, financialRecordEndpoints.export, async ({ query, author, reply }) => {
    checkFilters(query);
    const today = todayIso();
    const total = await countRecords(app.db, query);
    await recordExport(app.db, author(), {
      entityType: 'financial_record',
      entityLabel: `تصدير السجلات المالية (${total} قيد)`,
      query,
      rows: total,
    });
    return sendExport(reply, query.format, {
      fileName: `financial-records-${today}`,
      fileNameAr: `السجلات-المالية-${today}`,
      sheetTitle: 'السجلات المالية',
      columns: FINANCIAL_RECORD_EXPORT_COLUMNS,
      rows: () => recordExportRows(app.db, query),
    });
  });

  registerEndpoint(app, financeOptionEndpoints.families, async ({ query }) => {
    const { rows, total } = await familyOptions(app.db, query);
    return pageEnvelope(rows, query, total);
  });

  registerEndpoint(app, financeOptionEndpoints.options, async () => ({
    data: await financeOptions(app.db),
  }));

  registerEndpoint(
    app,
    financialRecordEndpoints.show,
    async ({ params }) => ({ data: await answer(params.id) }),
    records,
  );

  registerEndpoint(app, financialRecordEndpoints.create, async ({ body, author }) => {
    const id = await createRecord(app.db, body, author());
    return { message: M.created, data: await answer(id) };
  });

  registerEndpoint(
    app,
    financialRecordEndpoints.update,
    async ({ params, body, author }) => {
      if (!(await updateRecord(app.db, params.id, body, author()))) throw notFound(M.notFound);
      return { message: M.updated, data: await answer(params.id) };
    },
    records,
  );

  registerEndpoint(
    app,
    financialRecordEndpoints.cancel,
    async ({ params, body, author }) => {
      if (!(await cancelRecord(app.db, params.id, body, author()))) throw notFound(M.notFound);
      return { message: M.cancelled, data: await answer(params.id) };
    },
    records,
  );

  registerEndpoint(
    app,
    financialRecordEndpoints.reverse,
    async ({ params, body, author }) => {
      const reversalId = orNotFound(
        await reverseRecord(app.db, params.id, body, author()),
        M.notFound,
      );
      return { message: M.reversed, data: await answer(reversalId) };
    },
    records,
  );

  registerEndpoint(app, financialCategoryEndpoints.list, async ({ query }) => {
    const { rows, total } = await listCategories(app.db, query);
    return pageEnvelope(rows, query, total);
  });

  registerEndpoint(
    app,
    financialCategoryEndpoints.show,
    async ({ params }) => ({ data: await category(params.id) }),
    categories,
  );

  registerEndpoint(app, financialCategoryEndpoints.create, async ({ body, author }) => {
    const id = await createCategory(app.db, body, author());
    return { message: CM.created, data: await category(id) };
  });

  registerEndpoint(
    app,
    financialCategoryEndpoints.update,
    async ({ params, body, author }) => {
      if (!(await updateCategory(app.db, params.id, body, author()))) throw notFound(CM.notFound);
      return { message: CM.updated, data: await category(params.id) };
    },
    categories,
  );

  registerEndpoint(app, financialReportEndpoints.show, async ({ query }) => ({
    data: await financialReport(app.db, query),
  }));

  registerEndpoint(app, financialReportEndpoints.export, async ({ query, author, reply }) => {
    const report = await financialReport(app.db, query);
    const { from, to, format } = query;
    await recordExport(app.db, author(), {
      entityType: 'financial_report',
      entityLabel: `${FINANCIAL_REPORT_MESSAGES.exportLabel} (${from} — ${to})`,
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

/** Finance: the ledger of financial records (with reversals and the zakat rule), its categories and the report. */
export const financeModule: ApiModule = {
  name: 'finance',
  routes: financeRoutes,
  endpoints: [
    financialRecordEndpoints,
    financeOptionEndpoints,
    financialCategoryEndpoints,
    financialReportEndpoints,
  ],
  migrations: [financeMigration],
  seed: seedFinance,
};
