import { z } from 'zod';
import { ARABIC_MESSAGES } from '../core/arabic-error-map';
import { periodText } from '../core/display-text';
import { access, defineEndpoints, fileResponse, type EndpointAccess } from '../core/endpoint';
import { itemEnvelopeOf, listEnvelopeOf } from '../core/envelope';
import { EXPORT_FORMATS, defineListQuery, idFilter } from '../core/list-query';
import {
  integerInputSchema,
  isBlank,
  isoDateSchema,
  lookupCodeSchema,
  optionalInput,
  personRefSchema,
  nameTextSchema,
  timestampSchema,
  todayIso,
} from '../core/values';
import type { ReportKind } from '../routes';

/**
 * The one shape of a report kind (on the resource pattern,
 * docs/architecture.md#the-resource-pattern). A kind is its filters (always a period `from`–`to`,
 * plus what fits the report), its answer's schema and its title; `defineReportEndpoints` derives
 * the six endpoints every report has, with literal paths:
 *
 *   GET  /reports/<kind>                      the live report
 *   GET  /reports/<kind>/export               XLSX (default) or CSV
 *   POST /reports/<kind>/archives             «أرشفة التقرير»: compute now, store immutably
 *   GET  /reports/<kind>/archives             the archive list (period overlap, author)
 *   GET  /reports/<kind>/archives/:id         one archive, its snapshot exactly as stored
 *   GET  /reports/<kind>/archives/:id/export  the archive's export, marked with its date
 *
 * There is no update and no delete endpoint: an archive reads the same forever. Every answer
 * (the snapshot) carries `kind`, `period` and `parameters`, so an archive is self-describing.
 */

export const REPORT_MESSAGES = {
  periodOrder: 'تاريخ النهاية يجب ألا يسبق تاريخ البداية',
  periodTooLong: 'الفترة يجب ألا تزيد عن عشر سنوات',
  notFound: 'الأرشيف المطلوب غير موجود',
  created: 'تمت أرشفة التقرير',
} as const;

/** The longest period (days) a report covers. */
export const REPORT_MAX_DAYS = 3660;

/** Days of a period, both ends inclusive (`2026-01-01`–`2026-01-30` → 30). */
export function periodDays(from: string, to: string): number {
  const start = Date.parse(`${from}T00:00:00Z`);
  const end = Date.parse(`${to}T00:00:00Z`);
  return Math.round((end - start) / 86_400_000) + 1;
}

/** The period a report page opens on: the current month up to today. */
export function defaultReportPeriod(today: string = todayIso()): { from: string; to: string } {
  return { from: `${today.slice(0, 7)}-01`, to: today };
}

const blankToUndefined = (value: unknown) => (isBlank(value) ? undefined : value);

/** Filter building blocks (a blank query value is "no filter"). */
export const reportFilter = {
  date: z.preprocess(blankToUndefined, isoDateSchema),
  /** An id (season, type, seminar…): the shape is checked; an unknown id selects nothing. */
  id: () => z.preprocess(blankToUndefined, integerInputSchema(1, 2_147_483_647).optional()),
  /** A code of an admin-editable lookup (city, department…): an unknown code selects nothing. */
  code: () => z.preprocess(blankToUndefined, lookupCodeSchema.optional()),
};

/** Every report's period. */
export const reportPeriodShape = { from: reportFilter.date, to: reportFilter.date };

/** The period's rules: `to` not before `from`, at most `REPORT_MAX_DAYS` days. */
export function reportPeriodRules(value: { from: string; to: string }, ctx: z.RefinementCtx): void {
  if (value.from > value.to) {
    ctx.addIssue({ code: 'custom', message: REPORT_MESSAGES.periodOrder, path: ['to'] });
  } else if (periodDays(value.from, value.to) > REPORT_MAX_DAYS) {
    ctx.addIssue({ code: 'custom', message: REPORT_MESSAGES.periodTooLong, path: ['to'] });
  }
}

/**
 * The long tables of a report (one row per family or per person: tens of thousands over a real
 * register) reach the screen with their first `REPORT_TABLE_LIMIT` rows only, each beside its
 * full count (`<table>_total`); the export and the stored archive keep every row. At 100,000
 * families a whole table was a 20–27 MB answer that no one reads on screen, and checking and
 * sending it cost more than computing the report (the reports bench).
 */
export const REPORT_TABLE_LIMIT = 200;

/** The full row count of a long table, beside its first rows. */
export const reportTableTotalSchema = z.number().int().min(0);

/** The period every snapshot states (`days` both ends inclusive). */
export const reportPeriodSchema = z.object({
  from: z.iso.date(),
  to: z.iso.date(),
  days: z.number().int().min(1),
});

/** The default title of an archive: the report's title and its period, in words ("من 1 يناير 2026 إلى …"). */
export function defaultArchiveTitle(reportTitle: string, from: string, to: string): string {
  return `${reportTitle} ${periodText(from, to)}`;
}

const archiveDate = z.iso.date({ error: ARABIC_MESSAGES.invalidEnum });

/**
 * `GET /reports/<kind>/archives?filter[from]=&filter[to]=&filter[created_by]=`: archives whose
 * period overlaps `from`–`to`, by an author; newest first unless `sort=created_at&order=asc`.
 */
export const reportArchiveListQuery = defineListQuery({
  sortable: ['created_at'],
  filters: {
    from: archiveDate.optional(),
    to: archiveDate.optional(),
    created_by: idFilter(),
  },
});
export const reportArchiveListQuerySchema = reportArchiveListQuery.schema;

/** An archive in the list (no snapshot). */
export const reportArchiveItemSchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  title: z.string(),
  period_from: z.iso.date(),
  period_to: z.iso.date(),
  parameters: z.record(z.string(), z.unknown()),
  calorie_settings_version_id: z.number().int().nullable(),
  row_count: z.number().int().min(0),
  created_by: personRefSchema.nullable(),
  created_at: timestampSchema,
});
export type ReportArchiveItem = z.infer<typeof reportArchiveItemSchema>;

/** An archive with its snapshot (the report's answer as it was computed). */
export function reportArchiveDetailSchemaOf<S extends z.ZodType>(snapshot: S) {
  return reportArchiveItemSchema.extend({ snapshot });
}

/** `GET /reports/<kind>/archives/:id/export?format=` */
export const reportArchiveExportQuerySchema = z.object({
  format: z.enum(EXPORT_FORMATS, { error: ARABIC_MESSAGES.invalidEnum }).default('xlsx'),
});

export interface ReportKindSpec<Shape extends z.ZodRawShape, S extends z.ZodType> {
  /** The report's Arabic title («تقرير الخدمات»): summaries, archive titles, exports. */
  readonly title: string;
  /** The filters besides the period (`reportPeriodShape` is added). */
  readonly filters: Shape;
  /** The answer (and the archive's snapshot). */
  readonly report: S;
  /** Who may call it; `show_reports` unless said. */
  readonly access?: EndpointAccess;
}

/** The query, export query and archive body of a kind: its filters, checked by the period's rules. */
export function reportSchemasOf<Shape extends z.ZodRawShape>(filters: Shape) {
  const shape = { ...reportPeriodShape, ...filters };
  // The shape always holds the period's dates, which TypeScript cannot see through a generic shape.
  const rules = (value: unknown, ctx: z.RefinementCtx) =>
    reportPeriodRules(value as { from: string; to: string }, ctx);
  const format = z.enum(EXPORT_FORMATS, { error: ARABIC_MESSAGES.invalidEnum }).default('xlsx');
  return {
    query: z.object(shape).superRefine(rules),
    exportQuery: z.object({ ...shape, format }).superRefine(rules),
    archiveInput: z
      .object({ ...shape, title: optionalInput(nameTextSchema(200, 3)) })
      .superRefine(rules),
  };
}

/** The six endpoints of a report kind (see the top of this file). */
export function defineReportEndpoints<
  const K extends ReportKind,
  Shape extends z.ZodRawShape,
  S extends z.ZodType,
>(kind: K, spec: ReportKindSpec<Shape, S>) {
  const { query, exportQuery, archiveInput } = reportSchemasOf(spec.filters);
  const archive = reportArchiveDetailSchemaOf(spec.report);
  const rule = spec.access ?? access.allOf('show_reports');
  const base = `/reports/${kind}` as const;
  return defineEndpoints(`${kind}-report`, {
    show: {
      method: 'GET',
      path: base,
      query,
      response: itemEnvelopeOf(spec.report),
      access: rule,
      summary: spec.title,
    },
    export: {
      method: 'GET',
      path: `${base}/export`,
      query: exportQuery,
      response: fileResponse,
      access: rule,
      summary: `تصدير ${spec.title} (XLSX أو CSV)`,
    },
    archive: {
      method: 'POST',
      path: `${base}/archives`,
      body: archiveInput,
      response: itemEnvelopeOf(archive),
      status: 201,
      access: rule,
      summary: `أرشفة ${spec.title} كما هو الآن`,
    },
    archives: {
      method: 'GET',
      path: `${base}/archives`,
      query: reportArchiveListQuerySchema,
      response: listEnvelopeOf(reportArchiveItemSchema),
      access: rule,
      summary: `أرشيف ${spec.title}`,
    },
    archiveShow: {
      method: 'GET',
      path: `${base}/archives/:id`,
      response: itemEnvelopeOf(archive),
      access: rule,
      summary: `نسخة مؤرشفة من ${spec.title}`,
    },
    archiveExport: {
      method: 'GET',
      path: `${base}/archives/:id/export`,
      query: reportArchiveExportQuerySchema,
      response: fileResponse,
      access: rule,
      summary: `تصدير نسخة مؤرشفة من ${spec.title}`,
    },
  });
}

/** The endpoints of any report kind (generic pages and the server's kind registry take this). */
export type ReportEndpoints = ReturnType<
  typeof defineReportEndpoints<ReportKind, z.ZodRawShape, z.ZodType>
>;
