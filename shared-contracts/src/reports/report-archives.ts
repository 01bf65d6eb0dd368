import { defineFieldVisibility } from '../core/field-visibility';
import { REPORT_MESSAGES, reportArchiveDetailSchemaOf } from './report-kind';
import { familyNeedsReportSchema } from './family-needs';
import { familyNeedsReportEndpoints } from './family-needs-endpoints';
import type { z } from 'zod';

/**
 * Report archives: «أرشفة التقرير» computes the report NOW with the given
 * parameters and stores the answer — rows and totals exactly as returned, the period, the
 * parameters, the calorie settings version used, who and when — as an immutable snapshot. The
 * endpoints of each kind come from `defineReportEndpoints` (report-kind.ts); a kind that is not
 * built has no route, and the API answers 404 in Arabic.
 */

export const REPORT_ARCHIVE_MESSAGES = {
  notFound: REPORT_MESSAGES.notFound,
  created: REPORT_MESSAGES.created,
  periodOrder: REPORT_MESSAGES.periodOrder,
} as const;

/** The kinds whose report and archives are built (the others show «قيد الإنشاء»). */
export const BUILT_REPORT_KINDS = [
  // One kind per line: each report's helper adds its own.
  'family-needs',
  'services',
  'financial-services',
  'medical',
  'survey',
  'seminar',
] as const;
export type BuiltReportKind = (typeof BUILT_REPORT_KINDS)[number];

export function isBuiltReportKind(kind: string): kind is BuiltReportKind {
  return (BUILT_REPORT_KINDS as readonly string[]).includes(kind);
}

export const familyNeedsArchiveSchema = reportArchiveDetailSchemaOf(familyNeedsReportSchema);
export type FamilyNeedsArchive = z.infer<typeof familyNeedsArchiveSchema>;
export { familyNeedsReportEndpoints };

/**
 * The activity log's entity per report export (`<kind>_report`, e.g. `family_needs_report`),
 * with the archive entity. A new kind adds its entity here.
 */
export const REPORTS_ACTIVITY_ENTITY_LABELS = {
  report_archive: 'أرشيف تقرير',
  family_needs_report: 'تقرير احتياجات الأسر',
  financial_services_report: 'تقرير الخدمات المالية',
  services_report: 'تقرير الخدمات',
  medical_report: 'التقرير الطبي',
  medical_report_individuals: 'قائمة الأفراد في التقرير الطبي',
  survey_report: 'تقرير الاستبيانات',
  seminar_report: 'تقرير الندوات',
} as const;

/**
 * Who reads the log's report rows (for the activity log's `ENTITY_READ_ACCESS`); the medical
 * individuals' views only those who see medical fields.
 */
export const REPORTS_ACTIVITY_ENTITY_ACCESS = defineFieldVisibility({
  report_archive: ['show_reports'],
  family_needs_report: ['show_reports'],
  financial_services_report: ['show_reports'],
  services_report: ['show_reports'],
  medical_report: ['show_reports'],
  medical_report_individuals: ['show_reports', 'edit_families'],
  survey_report: ['show_reports'],
  seminar_report: ['show_reports'],
});
