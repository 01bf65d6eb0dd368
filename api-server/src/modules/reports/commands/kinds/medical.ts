import {
  MEDICAL_EXPORT_COLUMNS,
  MEDICAL_REPORT_TITLE,
  mayReadMedicalIndividuals,
  medicalReportEndpoints,
  medicalReportSchema,
  medicalReportFor,
  type MedicalQuery,
  type MedicalReport,
} from 'shared-contracts/reports';
import { ageOf, periodText, riyalsText } from 'shared-contracts';
import type { ExportValue } from '../../../../http/export';
import { recordActivity } from '../../../activity-log';
import { defineReportKind, exportHeading } from '../report-kind';
import { medicalReport } from '../../repository';

/** The activity log's entity of a view of the individuals (declared in report-archives.ts). */
const INDIVIDUALS_ENTITY = 'medical_report_individuals';

/** The rows of the aggregate tables (what an archive's row count counts: the same for every reader). */
function aggregateRowCount(report: MedicalReport): number {
  return (
    report.by_condition.length +
    report.by_disability.length +
    report.by_sex_age.length +
    report.by_area.length +
    report.services_by_type.length +
    report.services_by_status.length +
    report.services_by_month.length
  );
}

/**
 * The export's rows: the heading block, the summary, each aggregate table as a section, then —
 * only when the answer holds them (a reader who may see medical fields) — the individuals.
 */
function* exportRows(
  report: MedicalReport,
  archivedOn?: string,
): Generator<Record<string, ExportValue>> {
  yield* exportHeading(MEDICAL_EXPORT_COLUMNS, MEDICAL_REPORT_TITLE, report.period, archivedOn);
  const s = report.summary;
  const summary: [string, number | string][] = [
    ['الأسر', s.families],
    ['الأفراد', s.members],
    ['أفراد بحالة صحية', s.members_with_condition],
    ['أفراد ذوو إعاقة', s.members_with_disability],
    ['أفراد بلا حالة صحية مسجلة', s.members_unrecorded],
    ['أسر فيها حالة صحية أو إعاقة', s.families_affected],
    ['الخدمات الطبية', s.services],
    ['الخدمات الطبية المنفذة', s.services_delivered],
    ['الخدمات الطبية المفتوحة', s.services_open],
    ['تكلفة الخدمات المنفذة (ريال)', s.services_cost],
    ['الأسر المخدومة', s.families_served],
  ];
  for (const [item, value] of summary) yield { section: 'الملخص', item, count: value };
  for (const row of report.by_condition)
    yield {
      section: 'حسب الحالة الصحية',
      item: row.label,
      count: row.members,
      detail: `ذكور ${row.male}، إناث ${row.female}`,
    };
  for (const row of report.by_disability)
    yield {
      section: 'حسب نوع الإعاقة',
      item: row.label,
      count: row.members,
      detail: `ذكور ${row.male}، إناث ${row.female}`,
    };
  for (const row of report.by_sex_age)
    yield {
      section: 'حسب الجنس والفئة العمرية',
      item: `${row.sex_label} — ${row.age_band_label}`,
      count: row.members,
      detail: `بحالة صحية ${row.with_condition}، ذوو إعاقة ${row.with_disability}`,
    };
  for (const row of report.by_area)
    yield {
      section: 'حسب المدينة والحي',
      item: `${row.city_label} — ${row.district_label}`,
      count: row.members,
      detail: `بحالة صحية ${row.with_condition}، ذوو إعاقة ${row.with_disability}، خدمات طبية ${row.services}`,
    };
  for (const row of report.services_by_type)
    yield {
      section: 'الخدمات الطبية حسب النوع',
      item: row.type_name,
      count: row.services,
      detail: `منفذة ${row.delivered}، التكلفة ${riyalsText(row.cost)}`,
    };
  for (const row of report.services_by_status)
    yield { section: 'الخدمات الطبية حسب الحالة', item: row.label, count: row.services };
  for (const row of report.services_by_month)
    yield {
      section: 'الخدمات الطبية حسب الشهر',
      item: row.month,
      count: row.services,
      detail: `منفذة ${row.delivered}`,
    };
  for (const person of report.individuals ?? [])
    yield {
      section: 'قائمة الأفراد',
      item: person.full_name,
      count: person.services,
      detail: `${person.sex_label}، ${person.age === null ? 'العمر غير محدد' : ageOf(person.age)}، ${person.district_label}`,
      file_number: person.family.file_number,
      health_status: person.health_status_label,
      disabilities: person.disability_labels.join('، '),
    };
}

/**
 * The medical report: aggregates for every `show_reports` reader; the individuals only
 * for a reader who may see the members' medical fields, and each answer that shows them logged.
 */
export const medicalKind = defineReportKind<MedicalQuery, MedicalReport>({
  kind: 'medical',
  title: MEDICAL_REPORT_TITLE,
  endpoints: medicalReportEndpoints,
  filters: medicalReportEndpoints.show.query,
  report: medicalReportSchema,
  exportEntity: 'medical_report',
  fileStem: 'medical',
  fileStemAr: 'التقرير-الطبي',
  compute: (db, filters, viewer, options) =>
    medicalReport(db, filters, mayReadMedicalIndividuals(viewer), options),
  forViewer: (report, viewer) => medicalReportFor(report, viewer),
  onView: async (db, report, viewer, author, archiveId) => {
    if (report.individuals === null) return;
    await recordActivity(db, {
      employeeId: viewer.id,
      action: 'view',
      entityType: INDIVIDUALS_ENTITY,
      entityId: archiveId ?? null,
      entityLabel: `${MEDICAL_REPORT_TITLE} (${periodText(report.period.from, report.period.to)})`,
      changes: {
        filters: [null, report.parameters],
        period_from: [null, report.period.from],
        period_to: [null, report.period.to],
        rows: [null, report.individuals.length],
        ...(archiveId !== undefined ? { archive_id: [null, archiveId] } : {}),
      },
      meta: author.meta,
    });
  },
  exportColumns: MEDICAL_EXPORT_COLUMNS,
  exportRows,
  longTables: ['individuals'],
  rowCount: aggregateRowCount,
});
