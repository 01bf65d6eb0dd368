import { z } from 'zod';
import {
  REPORT_MESSAGES,
  defineReportEndpoints,
  reportArchiveDetailSchemaOf,
  reportFilter,
  reportPeriodSchema,
  reportSchemasOf,
} from './report-kind';

/**
 * The services report (تقرير الخدمات): the services REQUESTED in the period that the
 * filters select — counted by status, type, department, axis and month of request —, how long
 * the delivered ones took (request → delivery, average and median days) and which are overdue
 * (still open past their expected date on the report's `as_of` day: the period's end, or today
 * when the period has not ended). Every figure is computed by PostgreSQL (GROUP BY); an archive
 * stores the answer as it was.
 */

export const SERVICES_REPORT_MESSAGES = {
  periodOrder: REPORT_MESSAGES.periodOrder,
  periodTooLong: REPORT_MESSAGES.periodTooLong,
  seasonNotFound: 'البرنامج الموسمي غير موجود',
} as const;

/** The longest overdue list an answer carries (the count is always complete). */
export const SERVICES_REPORT_OVERDUE_LIMIT = 200;

/**
 * The filters of both service reports. Season: the families enrolled in it (not excluded);
 * department, axis and type: ids of the service catalogue (an unknown one selects nothing);
 * city: the family's city code.
 */
export const servicesReportFilters = {
  season_id: reportFilter.id(),
  department_id: reportFilter.id(),
  axis_id: reportFilter.id(),
  service_type_id: reportFilter.id(),
  city: reportFilter.code(),
};

/** The parameters a snapshot states, with the names as they were when it was computed. */
export const servicesReportParametersSchema = z.object({
  season_id: z.number().int().nullable(),
  season_name: z.string().nullable(),
  department_id: z.number().int().nullable(),
  department_name: z.string().nullable(),
  axis_id: z.number().int().nullable(),
  axis_name: z.string().nullable(),
  service_type_id: z.number().int().nullable(),
  service_type_name: z.string().nullable(),
  city: z.string().nullable(),
  city_label: z.string().nullable(),
});
export type ServicesReportParameters = z.infer<typeof servicesReportParametersSchema>;

const schemas = reportSchemasOf(servicesReportFilters);
/** `GET /reports/services?from=&to=&season_id=&department_id=&axis_id=&service_type_id=&city=` */
export const servicesReportQuerySchema = schemas.query;
export type ServicesReportQuery = z.output<typeof servicesReportQuerySchema>;
export const servicesReportExportQuerySchema = schemas.exportQuery;
export const servicesReportArchiveInputSchema = schemas.archiveInput;

/** The Gregorian month names as read in Saudi Arabia (the month axis of the reports). */
export const GREGORIAN_MONTHS_AR = [
  'يناير',
  'فبراير',
  'مارس',
  'أبريل',
  'مايو',
  'يونيو',
  'يوليو',
  'أغسطس',
  'سبتمبر',
  'أكتوبر',
  'نوفمبر',
  'ديسمبر',
] as const;

/** `2026-03` → «مارس 2026». */
export function monthLabelAr(month: string): string {
  const index = Number(month.slice(5, 7)) - 1;
  return `${GREGORIAN_MONTHS_AR[index] ?? month} ${month.slice(0, 4)}`;
}

const count = z.number().int().min(0);
/** Days with one decimal, null when no service was delivered. */
const days = z.number().min(0).nullable();
const namedRef = z.object({ id: z.number().int(), name: z.string() });

const groupShape = {
  requested: count,
  delivered: count,
  open: count,
  overdue: count,
  average_days: days,
  median_days: days,
};

export const servicesReportTypeRowSchema = z.object({
  service_type: namedRef,
  department_name: z.string(),
  axis_name: z.string(),
  ...groupShape,
});
export type ServicesReportTypeRow = z.infer<typeof servicesReportTypeRowSchema>;

export const servicesReportSchema = z.object({
  kind: z.literal('services'),
  period: reportPeriodSchema,
  parameters: servicesReportParametersSchema,
  /** The day overdue is judged on: the period's end, or today when it has not ended. */
  as_of: z.iso.date(),
  totals: z.object({
    ...groupShape,
    families: count,
    rejected: count,
    cancelled: count,
  }),
  /** Every status, zero included, in the workflow's order. */
  by_status: z.array(z.object({ status: z.string(), label: z.string(), count })),
  /** The report's rows (the export's and the archive's row count). */
  by_type: z.array(servicesReportTypeRowSchema),
  by_department: z.array(z.object({ department: namedRef, ...groupShape })),
  by_axis: z.array(z.object({ axis: namedRef, ...groupShape })),
  /** Every month of the period, by month of request. */
  by_month: z.array(
    z.object({ month: z.string(), label: z.string(), requested: count, delivered: count }),
  ),
  /** The overdue services, most overdue first (at most `SERVICES_REPORT_OVERDUE_LIMIT`). */
  overdue: z.array(
    z.object({
      service_id: z.number().int(),
      family: z.object({ id: z.number().int(), file_number: z.string(), head_name: z.string() }),
      service_type_name: z.string(),
      status: z.string(),
      status_label: z.string(),
      request_date: z.iso.date(),
      expected_date: z.iso.date(),
      days_overdue: count,
      /** A medical service (`rowsWithoutMedical`: only for who may see medical services). */
      medical: z.boolean().optional(),
    }),
  ),
});
export type ServicesReport = z.infer<typeof servicesReportSchema>;

/** The export's columns: one row per service type, then the totals and the months. */
export const SERVICES_REPORT_EXPORT_COLUMNS = [
  { key: 'type', header: 'نوع الخدمة' },
  { key: 'department', header: 'القسم' },
  { key: 'axis', header: 'المحور' },
  { key: 'requested', header: 'المطلوبة' },
  { key: 'delivered', header: 'المنفذة' },
  { key: 'open', header: 'المفتوحة' },
  { key: 'overdue', header: 'المتأخرة' },
  { key: 'average_days', header: 'متوسط أيام التنفيذ' },
  { key: 'median_days', header: 'وسيط أيام التنفيذ' },
] as const;

/** The services report and its archives (report-kind.ts gives the six endpoints). */
export const servicesReportEndpoints = defineReportEndpoints('services', {
  title: 'تقرير الخدمات',
  filters: servicesReportFilters,
  report: servicesReportSchema,
});

export const servicesReportArchiveSchema = reportArchiveDetailSchemaOf(servicesReportSchema);
export type ServicesReportArchive = z.infer<typeof servicesReportArchiveSchema>;
