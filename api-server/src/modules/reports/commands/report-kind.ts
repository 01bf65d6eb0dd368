import { countOf, dateText, periodText } from 'shared-contracts';
import {
  REPORT_MESSAGES,
  REPORT_TABLE_LIMIT,
  defaultArchiveTitle,
  type ReportArchiveItem,
  type ReportEndpoints,
} from 'shared-contracts/reports';
import type { Kysely, Transaction } from 'kysely';
import type { z } from 'zod';
import type { Database, Executor } from '../../../db/tables';
import type { CallerAccount } from '../../../http/access-control';
import { orNotFound } from '../../../http/errors';
import type { ExportColumnSpec, ExportFormat, ExportPlan, ExportValue } from '../../../http/export';
import type { ChangeAuthor } from '../../../http/request-meta';
import { recordChange, recordExport } from '../../activity-log';
import { applyReportSettings, archiveById, type ReportComputeOptions } from '../repository';
import { createArchive } from './archives';

export type { ReportComputeOptions } from '../repository';

/**
 * One report kind on the server (the contract side is `defineReportEndpoints`): how it is
 * computed, exported and archived. The functions below are the six endpoints' commands, the same
 * for every kind (the module's routes.ts registers them for each kind of `REPORT_KINDS`); the
 * kind's file holds only its SQL and its rows. Every report is computed by `compute` for the live
 * page, its export and its archive, so the three always agree.
 */

/** The filters a kind's endpoints parse (the period is always there). */
export interface ReportFilters {
  from: string;
  to: string;
}

/** Every snapshot states its period and its parameters (report-kind.ts of the contracts). */
export interface ReportAnswer {
  period: { from: string; to: string; days: number };
  parameters: Record<string, unknown>;
}

/** Who is looking: a report may hide what the caller may not see (the medical individuals). */
export type ReportViewer = Pick<CallerAccount, 'id' | 'role' | 'permissions'>;

type AnyReportEndpoints = ReportEndpoints;

/** The keys of a report that hold a table (an array, or null when hidden from the viewer). */
export type ReportTableKey<R> = {
  [K in keyof R]: R[K] extends readonly unknown[] | null ? K : never;
}[keyof R] &
  string;

export interface ReportKindDefinition<F extends ReportFilters, R extends ReportAnswer> {
  readonly kind: string;
  /** The Arabic title (archive titles, export sheets, the log). */
  readonly title: string;
  /** The six endpoints from `defineReportEndpoints`. */
  readonly endpoints: AnyReportEndpoints;
  /**
   * The kind's filters (its endpoints' query schema): the parsed query, export query and archive
   * body are read through it, which types them and leaves out `format` and `title`.
   */
  readonly filters: z.ZodType<F>;
  /** The answer's schema: a stored snapshot is read back through it. */
  readonly report: z.ZodType<R>;
  /** The activity log's entity of an export of the live report (`services_report`). */
  readonly exportEntity: string;
  /** The Latin file-name stem (`services` → `services-2026-01-01-2026-01-31.xlsx`). */
  readonly fileStem: string;
  /** The Arabic file-name stem (`تقرير-الخدمات`). */
  readonly fileStemAr: string;
  /** Runs inside the report's transaction (`applyReportSettings`): temporary tables may be kept. */
  readonly compute: (
    db: Transaction<Database>,
    filters: F,
    viewer: ReportViewer,
    options: ReportComputeOptions,
  ) => Promise<R>;
  /** The answer as the viewer may see it (live, archive and exports alike); identity if absent. */
  readonly forViewer?: (report: R, viewer: ReportViewer) => R;
  /**
   * Called whenever the report reaches the viewer — the live page, an archive, the answer to
   * «أرشفة», an export — so a kind can log a view (the medical individuals).
   */
  readonly onView?: (
    db: Executor,
    report: R,
    viewer: ReportViewer,
    author: ChangeAuthor,
    archiveId?: number,
  ) => Promise<void>;
  readonly exportColumns: readonly ExportColumnSpec[];
  /** The export's rows: a heading block, then the rows and totals (`archivedOn` marks an archive). */
  readonly exportRows: (
    report: R,
    archivedOn?: string,
  ) => Iterable<Record<string, ExportValue>> | AsyncIterable<Record<string, ExportValue>>;
  /** The rows counted in the archive list and the export's log row. */
  readonly rowCount: (report: R) => number;
  /**
   * Its long tables (a row per family or person): the screen gets their first
   * `REPORT_TABLE_LIMIT` rows, beside the `<table>_total` the kind computes; the export and the
   * stored archive keep every row (report-kind.ts of the contracts).
   */
  readonly longTables?: readonly ReportTableKey<R>[];
  /** The calorie settings version the snapshot used (family needs), else null. */
  readonly calorieSettingsVersionId?: (report: R) => number | null;
}

/**
 * A kind with its types hidden, for the module's list of kinds: `use` hands the kind, with its
 * own filter and answer types, to a function that works for any kind (the routes' registration).
 */
export interface ListedReportKind {
  readonly endpoints: AnyReportEndpoints;
  readonly use: <T>(
    open: <F extends ReportFilters, R extends ReportAnswer>(kind: ReportKindDefinition<F, R>) => T,
  ) => T;
}

/** The heading rows of an export: title, live/archive mark, period (the first two columns). */
export function exportHeading(
  columns: readonly ExportColumnSpec[],
  title: string,
  period: ReportAnswer['period'],
  archivedOn?: string,
): Record<string, ExportValue>[] {
  const [first, second] = columns;
  if (!first || !second) return [];
  const info = (label: string, value: string) => ({ [first.key]: label, [second.key]: value });
  return [
    info(title, archivedOn ? `نسخة مؤرشفة بتاريخ ${dateText(archivedOn)}` : 'تقرير حي'),
    info('الفترة', `${periodText(period.from, period.to)} (${countOf(period.days, 'day')})`),
  ];
}

/**
 * Runs `run` in one transaction with the report settings (`applyReportSettings`): every report
 * is computed so, and the reports bench's plans too.
 */
export function inReportTransaction<T>(
  db: Kysely<Database>,
  run: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  return db.transaction().execute(async (trx) => {
    await applyReportSettings(trx);
    return run(trx);
  });
}

/** The report with its table `key` cut to the first `REPORT_TABLE_LIMIT` rows. */
function firstRowsOf<R>(report: R, key: ReportTableKey<R>): R {
  const rows = report[key];
  if (!Array.isArray(rows) || rows.length <= REPORT_TABLE_LIMIT) return report;
  return { ...report, [key]: rows.slice(0, REPORT_TABLE_LIMIT) };
}

/** Export rows from a plain list or a generator alike. */
async function* rowsOf(
  rows: Iterable<Record<string, ExportValue>> | AsyncIterable<Record<string, ExportValue>>,
): AsyncGenerator<Record<string, ExportValue>> {
  yield* rows;
}

/** Defines a kind: its types are checked here, then hidden for the module's list. */
export function defineReportKind<F extends ReportFilters, R extends ReportAnswer>(
  definition: ReportKindDefinition<F, R>,
): ListedReportKind {
  return { endpoints: definition.endpoints, use: (open) => open(definition) };
}

/** The report as the viewer may see it (live, archive and exports alike). */
export function visible<F extends ReportFilters, R extends ReportAnswer>(
  kind: ReportKindDefinition<F, R>,
  report: R,
  viewer: ReportViewer,
): R {
  return kind.forViewer ? kind.forViewer(report, viewer) : report;
}

/** What a page shows: the long tables cut to their first rows. */
export function onScreen<F extends ReportFilters, R extends ReportAnswer>(
  kind: ReportKindDefinition<F, R>,
  report: R,
): R {
  return (kind.longTables ?? []).reduce((shown, key) => firstRowsOf(shown, key), report);
}

/** The report, computed in one transaction with the settings fit for its long scans. */
function computed<F extends ReportFilters, R extends ReportAnswer>(
  db: Kysely<Database>,
  kind: ReportKindDefinition<F, R>,
  filters: F,
  viewer: ReportViewer,
  options: ReportComputeOptions = {},
): Promise<R> {
  return inReportTransaction(db, (trx) => kind.compute(trx, filters, viewer, options));
}

/**
 * A view leaves its row, as an export does (README "Activity log"): who opened which report
 * with which parameters — the live report under the kind's entity, an archive under
 * `report_archive` with its id. Written before the answer is sent.
 */
function logLiveView<F extends ReportFilters, R extends ReportAnswer>(
  db: Kysely<Database>,
  kind: ReportKindDefinition<F, R>,
  report: R,
  author: ChangeAuthor,
) {
  return recordChange(db, author, {
    action: 'view',
    entityType: kind.exportEntity,
    entityLabel: `${kind.title} (${periodText(report.period.from, report.period.to)})`,
    changes: {
      filters: [null, report.parameters],
      period_from: [null, report.period.from],
      period_to: [null, report.period.to],
    },
  });
}

function logArchiveView(db: Kysely<Database>, archive: ReportArchiveItem, author: ChangeAuthor) {
  return recordChange(db, author, {
    action: 'view',
    entityType: 'report_archive',
    entityId: archive.id,
    entityLabel: archive.title,
    changes: {
      kind: [null, archive.kind],
      parameters: [null, archive.parameters],
      period_from: [null, archive.period_from],
      period_to: [null, archive.period_to],
      archive_id: [null, archive.id],
    },
  });
}

/** An archive of this kind with its snapshot as stored (404 when absent). */
async function archiveOf<F extends ReportFilters, R extends ReportAnswer>(
  db: Kysely<Database>,
  kind: ReportKindDefinition<F, R>,
  id: number,
) {
  const archive = orNotFound(await archiveById(db, kind.kind, id), REPORT_MESSAGES.notFound);
  return { ...archive, snapshot: kind.report.parse(archive.snapshot) };
}

/** The live report as the page shows it, its view logged. */
export async function showReport<F extends ReportFilters, R extends ReportAnswer>(
  db: Kysely<Database>,
  kind: ReportKindDefinition<F, R>,
  filters: F,
  viewer: ReportViewer,
  author: ChangeAuthor,
): Promise<R> {
  const report = onScreen(
    kind,
    visible(
      kind,
      await computed(db, kind, filters, viewer, { rowsLimit: REPORT_TABLE_LIMIT }),
      viewer,
    ),
  );
  await logLiveView(db, kind, report, author);
  await kind.onView?.(db, report, viewer, author);
  return report;
}

/** The live report's export, logged: what to send (every row, none cut). */
export async function exportReport<F extends ReportFilters, R extends ReportAnswer>(
  db: Kysely<Database>,
  kind: ReportKindDefinition<F, R>,
  filters: F,
  format: ExportFormat,
  viewer: ReportViewer,
  author: ChangeAuthor,
): Promise<ExportPlan> {
  const report = visible(kind, await computed(db, kind, filters, viewer), viewer);
  await recordExport(db, author, {
    entityType: kind.exportEntity,
    entityLabel: `تصدير ${kind.title} (${periodText(filters.from, filters.to)})`,
    query: { filter: filters, format },
    rows: kind.rowCount(report),
  });
  // An export shows the report as much as the page does (the medical individuals' views).
  await kind.onView?.(db, report, viewer, author);
  return {
    fileName: `${kind.fileStem}-${filters.from}-${filters.to}`,
    fileNameAr: `${kind.fileStemAr}-${filters.from}-${filters.to}`,
    sheetTitle: kind.title,
    columns: kind.exportColumns,
    rows: () => rowsOf(kind.exportRows(report)),
  };
}

/**
 * «أرشفة»: computes the report now and stores it (`title` or the kind's default); answers the
 * new archive as the page shows it to the employee who archived it.
 */
export async function archiveReport<F extends ReportFilters, R extends ReportAnswer>(
  db: Kysely<Database>,
  kind: ReportKindDefinition<F, R>,
  filters: F,
  title: string | null | undefined,
  viewer: ReportViewer,
  author: ChangeAuthor,
) {
  // The snapshot is computed with the archiving employee's view and stored as such; every
  // later reader sees it through `forViewer` with their own permissions.
  const report = await computed(db, kind, filters, viewer);
  const id = await createArchive(
    db,
    {
      kind: kind.kind,
      title: title ?? defaultArchiveTitle(kind.title, filters.from, filters.to),
      parameters: report.parameters,
      periodFrom: filters.from,
      periodTo: filters.to,
      snapshot: report,
      rowCount: kind.rowCount(report),
      calorieSettingsVersionId: kind.calorieSettingsVersionId?.(report) ?? null,
    },
    author,
  );
  const archive = await archiveOf(db, kind, id);
  const shown = onScreen(kind, visible(kind, archive.snapshot, viewer));
  // The answer shows the archived report to the employee who archived it.
  await kind.onView?.(db, shown, viewer, author, archive.id);
  return { ...archive, snapshot: shown };
}

/** One archive as the page shows it to the viewer, its view logged (404 when absent). */
export async function showArchive<F extends ReportFilters, R extends ReportAnswer>(
  db: Kysely<Database>,
  kind: ReportKindDefinition<F, R>,
  id: number,
  viewer: ReportViewer,
  author: ChangeAuthor,
) {
  const archive = await archiveOf(db, kind, id);
  const snapshot = onScreen(kind, visible(kind, archive.snapshot, viewer));
  await logArchiveView(db, archive, author);
  await kind.onView?.(db, snapshot, viewer, author, archive.id);
  return { ...archive, snapshot };
}

/** An archive's export, marked with its date and logged: what to send (404 when absent). */
export async function exportArchive<F extends ReportFilters, R extends ReportAnswer>(
  db: Kysely<Database>,
  kind: ReportKindDefinition<F, R>,
  id: number,
  format: ExportFormat,
  viewer: ReportViewer,
  author: ChangeAuthor,
): Promise<ExportPlan> {
  const archive = await archiveOf(db, kind, id);
  const snapshot = visible(kind, archive.snapshot, viewer);
  const archivedOn = archive.created_at.slice(0, 10);
  await recordExport(db, author, {
    entityType: 'report_archive',
    entityId: archive.id,
    entityLabel: archive.title,
    query: { filter: archive.parameters, format },
    rows: kind.rowCount(snapshot),
    extra: { archive_id: [null, archive.id] },
  });
  await kind.onView?.(db, snapshot, viewer, author, archive.id);
  return {
    fileName: `${kind.fileStem}-archive-${archive.id}-${archivedOn}`,
    fileNameAr: `أرشيف-${kind.fileStemAr}-${archive.id}-${archivedOn}`,
    sheetTitle: `نسخة مؤرشفة ${dateText(archivedOn)}`,
    columns: kind.exportColumns,
    rows: () => rowsOf(kind.exportRows(snapshot, archivedOn)),
  };
}
