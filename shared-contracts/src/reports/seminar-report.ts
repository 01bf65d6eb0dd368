import { z } from 'zod';
import { SEMINAR_STATUS_CODES } from '../engagement/seminars/seminar';
import {
  defineReportEndpoints,
  reportArchiveDetailSchemaOf,
  reportFilter,
  reportPeriodSchema,
  reportSchemasOf,
} from './report-kind';

/**
 * The seminar report (تقرير الندوات): the seminars starting in the period (their
 * Riyadh wall-clock date), cancelled ones only counted apart; per seminar its registrations
 * (state «مسجل»), waiting list, attendance and no-shows; the attendance rate = attended ÷
 * registered of the seminars HELD (a seminar not yet held has no attendance to rate), the fill
 * rate = registered ÷ capacity; the registered audience by sex and age band (whole years on the
 * seminar's day; a guest or a member without sex or birth date is «غير محدد», never guessed);
 * and the same figures per seminar type and per axis.
 */

export const SEMINAR_REPORT_TITLE = 'تقرير الندوات';

/** The audience's age bands (whole years on the seminar's day, both ends inclusive). */
export const SEMINAR_AGE_BANDS = [
  { code: 'child', label: 'أطفال (0–12)', from: 0, to: 12 },
  { code: 'teen', label: 'يافعون (13–17)', from: 13, to: 17 },
  { code: 'youth', label: 'شباب (18–29)', from: 18, to: 29 },
  { code: 'adult', label: 'بالغون (30–44)', from: 30, to: 44 },
  { code: 'middle', label: 'متوسطو العمر (45–59)', from: 45, to: 59 },
  { code: 'senior', label: 'كبار السن (60 فأكثر)', from: 60, to: 200 },
] as const;
export const SEMINAR_UNKNOWN_BAND = { code: 'unknown', label: 'غير محدد' } as const;

/** The band of an age in whole years (`undefined` → unknown). */
export function seminarAgeBandOf(age: number | undefined): string {
  if (age === undefined) return SEMINAR_UNKNOWN_BAND.code;
  return SEMINAR_AGE_BANDS.find((band) => age >= band.from && age <= band.to)?.code ?? 'unknown';
}

/** A rate in percent with one decimal (`rateOf(2, 3)` → 66.7), null without a denominator. */
export function rateOf(part: number, whole: number): number | null {
  return whole > 0 ? Math.round((part / whole) * 1000) / 10 : null;
}

export const seminarReportFilters = {
  seminar_type_id: reportFilter.id(),
  axis_id: reportFilter.id(),
};

const schemas = reportSchemasOf(seminarReportFilters);
/** `GET /reports/seminar?from=&to=&seminar_type_id=&axis_id=` */
export const seminarReportQuerySchema = schemas.query;
export type SeminarReportQuery = z.output<typeof seminarReportQuerySchema>;
export const seminarReportExportQuerySchema = schemas.exportQuery;
export const seminarReportArchiveInputSchema = schemas.archiveInput;

const count = z.number().int().min(0);
const rate = z.number().min(0).nullable();

const figuresShape = {
  seminars: count,
  held: count,
  capacity: count,
  registered: count,
  waiting: count,
  attended: count,
  no_show: count,
  /** Registered in the seminars held (the attendance rate's denominator). */
  held_registered: count,
  attendance_rate: rate,
  fill_rate: rate,
};

export const seminarReportRowSchema = z.object({
  seminar: z.object({ id: z.number().int(), title: z.string() }),
  starts_at: z.string(),
  status: z.enum(SEMINAR_STATUS_CODES),
  status_label: z.string(),
  seminar_type: z.object({ id: z.number().int(), name: z.string() }),
  axis: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  capacity: count,
  registered: count,
  waiting: count,
  attended: count,
  no_show: count,
  /** Registered whose attendance is not marked yet. */
  unmarked: count,
  attendance_rate: rate,
  fill_rate: rate,
});
export type SeminarReportRow = z.infer<typeof seminarReportRowSchema>;

export const seminarReportSchema = z.object({
  kind: z.literal('seminar'),
  period: reportPeriodSchema,
  parameters: z.object({
    seminar_type_id: z.number().int().nullable(),
    seminar_type_name: z.string().nullable(),
    axis_id: z.number().int().nullable(),
    axis_name: z.string().nullable(),
  }),
  rows: z.array(seminarReportRowSchema),
  totals: z.object({ ...figuresShape, cancelled: count }),
  by_type: z.array(
    z.object({
      seminar_type: z.object({ id: z.number().int(), name: z.string() }),
      ...figuresShape,
    }),
  ),
  by_axis: z.array(
    z.object({
      axis: z.object({ id: z.number().int(), name: z.string() }).nullable(),
      axis_label: z.string(),
      ...figuresShape,
    }),
  ),
  /** The registered audience: one row per sex (male, female, unknown). */
  by_sex: z.array(
    z.object({ sex: z.string(), label: z.string(), registered: count, attended: count }),
  ),
  /** The registered audience per age band (the unknown band last), split by sex. */
  by_age_band: z.array(
    z.object({
      band: z.string(),
      label: z.string(),
      male: count,
      female: count,
      unknown: count,
      registered: count,
      attended: count,
    }),
  ),
});
export type SeminarReport = z.infer<typeof seminarReportSchema>;

/** An archive of the report with its snapshot. */
export const seminarReportArchiveSchema = reportArchiveDetailSchemaOf(seminarReportSchema);
export type SeminarReportArchive = z.infer<typeof seminarReportArchiveSchema>;

/** The export's columns: one row per seminar, then the totals. */
export const SEMINAR_REPORT_EXPORT_COLUMNS = [
  { key: 'title', header: 'الندوة' },
  { key: 'starts_at', header: 'الموعد' },
  { key: 'status', header: 'الحالة' },
  { key: 'type', header: 'نوع الندوة' },
  { key: 'axis', header: 'المحور' },
  { key: 'capacity', header: 'السعة' },
  { key: 'registered', header: 'المسجلون' },
  { key: 'waiting', header: 'قائمة الانتظار' },
  { key: 'attended', header: 'الحضور' },
  { key: 'no_show', header: 'الغياب' },
  { key: 'attendance_rate', header: 'نسبة الحضور %' },
  { key: 'fill_rate', header: 'نسبة الإشغال %' },
] as const;

/** The seminar report and its archives (report-kind.ts gives the six endpoints). */
export const seminarReportEndpoints = defineReportEndpoints('seminar', {
  title: SEMINAR_REPORT_TITLE,
  filters: seminarReportFilters,
  report: seminarReportSchema,
});
