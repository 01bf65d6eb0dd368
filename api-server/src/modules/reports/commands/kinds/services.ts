import {
  SERVICES_REPORT_EXPORT_COLUMNS,
  servicesReportEndpoints,
  servicesReportSchema,
  type ServicesReport,
  type ServicesReportQuery,
} from 'shared-contracts/reports';
import { countOf } from 'shared-contracts';
import { maySeeMedicalServices, rowsWithoutMedical } from 'shared-contracts/beneficiaries';
import type { ExportValue } from '../../../../http/export';
import { defineReportKind, exportHeading } from '../report-kind';
import { servicesReport } from '../../repository';

const TITLE = 'تقرير الخدمات';

/**
 * The export's rows: the heading block, one row per service type, the totals, then the months
 * (requested and delivered, in the «المطلوبة» and «المنفذة» columns).
 */
function* exportRows(
  report: ServicesReport,
  archivedOn?: string,
): Generator<Record<string, ExportValue>> {
  yield* exportHeading(SERVICES_REPORT_EXPORT_COLUMNS, TITLE, report.period, archivedOn);
  yield { type: 'التأخر محسوب في', department: report.as_of };
  for (const row of report.by_type) {
    yield {
      type: row.service_type.name,
      department: row.department_name,
      axis: row.axis_name,
      requested: row.requested,
      delivered: row.delivered,
      open: row.open,
      overdue: row.overdue,
      average_days: row.average_days,
      median_days: row.median_days,
    };
  }
  const t = report.totals;
  yield {
    type: 'الإجمالي',
    department: countOf(t.families, 'family'),
    requested: t.requested,
    delivered: t.delivered,
    open: t.open,
    overdue: t.overdue,
    average_days: t.average_days,
    median_days: t.median_days,
  };
  for (const month of report.by_month) {
    yield { type: month.label, requested: month.requested, delivered: month.delivered };
  }
}

/** The services report: counts by status, type, department, axis and month; delivery times; overdue. */
export const servicesKind = defineReportKind<ServicesReportQuery, ServicesReport>({
  kind: 'services',
  title: TITLE,
  endpoints: servicesReportEndpoints,
  filters: servicesReportEndpoints.show.query,
  report: servicesReportSchema,
  exportEntity: 'services_report',
  fileStem: 'services',
  fileStemAr: 'تقرير-الخدمات',
  // The medical rule: the overdue list names families, so it holds a medical service only for a
  // viewer who may see it (computed so; an archive's list is filtered for its later readers).
  compute: (db, filters, viewer) =>
    servicesReport(db, filters, undefined, maySeeMedicalServices(viewer)),
  forViewer: (report, viewer) => ({
    ...report,
    overdue: rowsWithoutMedical(report.overdue, viewer),
  }),
  exportColumns: SERVICES_REPORT_EXPORT_COLUMNS,
  exportRows,
  rowCount: (report) => report.by_type.length,
});
