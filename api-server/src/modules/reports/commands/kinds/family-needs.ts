import {
  FAMILY_NEEDS_EXPORT_COLUMNS,
  familyNeedsReportEndpoints,
  familyNeedsReportSchema,
  placeLabelOf,
  type FamilyNeedsQuery,
  type FamilyNeedsReport,
} from 'shared-contracts/reports';
import { countOf } from 'shared-contracts';
import {
  MEDICAL_NEED_TYPES,
  MEDICAL_RULE_MESSAGES,
  NEED_TYPES,
  isMedicalCategory,
  maySeeMedicalFields,
} from 'shared-contracts/beneficiaries';
import { forbidden } from '../../../../http/errors';
import type { ExportValue } from '../../../../http/export';
import { familyNeedsReport } from '../../repository';
import { defineReportKind, exportHeading } from '../report-kind';

const TITLE = 'تقرير احتياجات الأسر';

/** The Arabic names of the medical needs (an archived row holds its needs by name). */
const MEDICAL_NEED_LABELS: ReadonlySet<string> = new Set<string>(
  NEED_TYPES.filter((type) => MEDICAL_NEED_TYPES.includes(type.code)).map((type) => type.label),
);

/**
 * The export's rows: the heading block (title, period, settings version, and for an archive
 * «نسخة مؤرشفة بتاريخ …»), one row per family, then the totals.
 */
function* exportRows(
  report: FamilyNeedsReport,
  archivedOn?: string,
): Generator<Record<string, ExportValue>> {
  yield* exportHeading(FAMILY_NEEDS_EXPORT_COLUMNS, TITLE, report.period, archivedOn);
  yield {
    file_number: 'إصدار إعدادات السعرات',
    head_name: String(report.calorie_settings.version_number),
  };
  for (const row of report.rows) {
    yield {
      file_number: row.family.file_number,
      head_name: row.family.head_name,
      city: row.city_label,
      district: row.district_label,
      members: row.members,
      daily_kcal: row.daily_kcal,
      period_kcal: row.period_kcal,
      planning_daily_kcal: row.planning_daily_kcal,
      planning_period_kcal: row.planning_period_kcal,
      rations: row.rations,
      recorded_needs: row.recorded_needs.join('، '),
    };
  }
  const t = report.totals;
  yield {
    file_number: 'الإجمالي',
    head_name: countOf(t.families, 'family'),
    members: t.members,
    daily_kcal: t.daily_kcal,
    period_kcal: t.period_kcal,
    planning_daily_kcal: t.planning_daily_kcal,
    planning_period_kcal: t.planning_period_kcal,
    rations: t.rations,
  };
  // The groups the screen shows, each place with its city (a district's name repeats across cities).
  yield { file_number: 'حسب المدينة والحي' };
  for (const place of report.by_district) {
    yield {
      file_number: placeLabelOf(place),
      head_name: countOf(place.families, 'family'),
      city: place.city_label,
      district: place.district_label,
      members: place.members,
      daily_kcal: place.daily_kcal,
      period_kcal: place.period_kcal,
      planning_daily_kcal: place.planning_daily_kcal,
      planning_period_kcal: place.planning_period_kcal,
      rations: place.rations,
    };
  }
}

/** The family-needs report (docs/family-needs.md): calorie needs of the approved families. */
export const familyNeedsKind = defineReportKind<FamilyNeedsQuery, FamilyNeedsReport>({
  kind: 'family-needs',
  title: TITLE,
  endpoints: familyNeedsReportEndpoints,
  filters: familyNeedsReportEndpoints.show.query,
  report: familyNeedsReportSchema,
  exportEntity: 'family_needs_report',
  fileStem: 'family-needs',
  fileStemAr: 'احتياجات-الأسر',
  // The medical rule: a row names a family, so its medical needs only for a viewer who sees
  // medical fields; the families of a medical category are asked for by those viewers only (403,
  // as the families list's filter), and an archive of one shows others no family.
  compute: (db, filters, viewer) => {
    const medical = maySeeMedicalFields(viewer);
    if (!medical && filters.category !== undefined && isMedicalCategory(filters.category))
      throw forbidden(MEDICAL_RULE_MESSAGES.filterForbidden);
    return familyNeedsReport(db, filters, undefined, medical);
  },
  forViewer: (report, viewer) => {
    if (maySeeMedicalFields(viewer)) return report;
    if (report.parameters.category !== null && isMedicalCategory(report.parameters.category))
      return { ...report, rows: [], rows_total: 0 };
    return {
      ...report,
      rows: report.rows.map((row) => ({
        ...row,
        recorded_needs: row.recorded_needs.filter((need) => !MEDICAL_NEED_LABELS.has(need)),
      })),
    };
  },
  exportColumns: FAMILY_NEEDS_EXPORT_COLUMNS,
  exportRows,
  longTables: ['rows'],
  rowCount: (report) => report.rows_total,
  calorieSettingsVersionId: (report) => report.calorie_settings.id,
});
