import {
  FINANCIAL_SERVICES_EXPORT_COLUMNS,
  financialServicesReportEndpoints,
  financialServicesReportSchema,
  type FinancialServicesReport,
  type FinancialServicesReportQuery,
} from 'shared-contracts/reports';
import { countOf, riyalsText } from 'shared-contracts';
import { maySeeMedicalServices, rowsWithoutMedical } from 'shared-contracts/beneficiaries';
import type { ExportValue } from '../../../../http/export';
import { defineReportKind, exportHeading } from '../report-kind';
import { financialServicesReport } from '../../repository';

const TITLE = 'تقرير الخدمات المالية';

/**
 * The export's rows: the heading block, one row per family, the totals, then the spending per
 * service type and each season against its budget. Amounts are the exact decimal strings.
 */
function* exportRows(
  report: FinancialServicesReport,
  archivedOn?: string,
): Generator<Record<string, ExportValue>> {
  yield* exportHeading(FINANCIAL_SERVICES_EXPORT_COLUMNS, TITLE, report.period, archivedOn);
  for (const row of report.by_family) {
    yield {
      file_number: row.family.file_number,
      head_name: row.family.head_name,
      city: row.city_label,
      services: row.services,
      beneficiaries: row.beneficiaries,
      spent: row.spent,
    };
  }
  const t = report.totals;
  yield {
    file_number: 'الإجمالي',
    head_name: countOf(t.families, 'family'),
    services: t.services,
    beneficiaries: t.beneficiaries,
    spent: t.spent,
  };
  for (const row of report.by_type) {
    yield {
      file_number: 'نوع الخدمة',
      head_name: row.service_type.name,
      city: row.department_name,
      services: row.services,
      spent: row.spent,
    };
  }
  for (const row of report.by_season) {
    yield {
      file_number: 'البرنامج الموسمي',
      head_name: row.season.name,
      city: `الميزانية ${riyalsText(row.budget)} — المتبقي ${riyalsText(row.remaining)}`,
      services: row.services,
      spent: row.spent,
    };
  }
}

/** The financial-services report: money spent through services, against season budgets. */
export const financialServicesKind = defineReportKind<
  FinancialServicesReportQuery,
  FinancialServicesReport
>({
  kind: 'financial-services',
  title: TITLE,
  endpoints: financialServicesReportEndpoints,
  filters: financialServicesReportEndpoints.show.query,
  report: financialServicesReportSchema,
  exportEntity: 'financial_services_report',
  fileStem: 'financial-services',
  fileStemAr: 'الخدمات-المالية',
  // The medical rule: the rows naming a family or a person count medical services only for a
  // viewer who may see them (computed so; an archive's rows are filtered for its later readers).
  compute: (db, filters, viewer, options) =>
    financialServicesReport(db, filters, options, maySeeMedicalServices(viewer)),
  forViewer: (report, viewer) => {
    const byFamily = rowsWithoutMedical(report.by_family, viewer);
    const byBeneficiary = rowsWithoutMedical(report.by_beneficiary, viewer);
    return {
      ...report,
      by_family: byFamily,
      by_family_total: report.by_family_total - (report.by_family.length - byFamily.length),
      by_beneficiary: byBeneficiary,
      by_beneficiary_total:
        report.by_beneficiary_total - (report.by_beneficiary.length - byBeneficiary.length),
    };
  },
  exportColumns: FINANCIAL_SERVICES_EXPORT_COLUMNS,
  exportRows,
  longTables: ['by_family', 'by_beneficiary'],
  rowCount: (report) => report.by_family_total,
});
