import type { FastifyInstance } from 'fastify';
import { countOf, dateText, periodText } from 'shared-contracts';
import {
  REPORT_MESSAGES,
  REPORT_TABLE_LIMIT,
  defaultArchiveTitle,
  reportArchiveExportQuerySchema,
  type ReportArchiveItem,
  type ReportEndpoints,
} from 'shared-contracts/reports';
import type { Kysely, Transaction } from 'kysely';
import { z } from 'zod';
import type { Database, Executor } from '../../../db/tables';
import type { CallerAccount } from '../../../http/access-control';
import { registerEndpoint } from '../../../http/endpoint';
import { orNotFound } from '../../../http/errors';
import { sendExport, type ExportColumnSpec, type ExportValue } from '../../../http/export';
import { pageEnvelope, pageWindow } from '../../../http/pagination';
import type { ChangeAuthor } from '../../../http/request-meta';
import { recordChange, recordExport } from '../../activity-log';
import {
  applyReportSettings,
  archiveById,
  listArchives,
  type ReportComputeOptions,
} from '../repository';
import { createArchive } from './archives';

export type { ReportComputeOptions } from '../repository';

/**
 * One report kind on the server (the contract side is `defineReportEndpoints`): how it is
 * computed, exported and archived. `registerReportKind` registers its six endpoints; the kind's
 * file holds only its SQL and its rows. Every report is computed by `compute` for the live page,
 * its export and its archive, so the three always agree.
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

/** A kind with its types erased, for the module's list of kinds. */
export interface RegisteredReportKind {
  readonly endpoints: AnyReportEndpoints;
  readonly register: (app: FastifyInstance) => void;
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

/** The archive body's title, beside the kind's filters (already checked by the body's schema). */
const archiveTitleSchema = z.object({ title: z.string().nullish() });

/** Export rows from a plain list or a generator alike. */
async function* rowsOf(
  rows: Iterable<Record<string, ExportValue>> | AsyncIterable<Record<string, ExportValue>>,
): AsyncGenerator<Record<string, ExportValue>> {
  yield* rows;
}

function viewerOf(account: CallerAccount): ReportViewer {
  return { id: account.id, role: account.role, permissions: account.permissions };
}

/** Defines a kind: its types are checked here, then erased for the module's list. */
export function defineReportKind<F extends ReportFilters, R extends ReportAnswer>(
  definition: ReportKindDefinition<F, R>,
): RegisteredReportKind {
  return {
    endpoints: definition.endpoints,
    register: (app) => registerReportKind(app, definition),
  };
}

function registerReportKind<F extends ReportFilters, R extends ReportAnswer>(
  app: FastifyInstance,
  kind: ReportKindDefinition<F, R>,
): void {
  const endpoints = kind.endpoints;
  const visible = (report: R, viewer: ReportViewer) =>
    kind.forViewer ? kind.forViewer(report, viewer) : report;
  /** The report, computed in one transaction with the settings fit for its long scans. */
  const computed = (filters: F, viewer: ReportViewer, options: ReportComputeOptions = {}) =>
    inReportTransaction(app.db, (trx) => kind.compute(trx, filters, viewer, options));
  /** What a page shows: the long tables cut to their first rows. */
  const onScreen = (report: R): R =>
    (kind.longTables ?? []).reduce((shown, key) => firstRowsOf(shown, key), report);

  /**
   * A view leaves its row, as an export does (README "Activity log"): who opened which report
   * with which parameters — the live report under the kind's entity, an archive under
   * `report_archive` with its id. Written before the answer is sent.
   */
  const logLiveView = (report: R, author: ChangeAuthor) =>
    recordChange(app.db, author, {
      action: 'view',
      entityType: kind.exportEntity,
      entityLabel: `${kind.title} (${periodText(report.period.from, report.period.to)})`,
      changes: {
        filters: [null, report.parameters],
        period_from: [null, report.period.from],
        period_to: [null, report.period.to],
      },
    });
  const logArchiveView = (archive: ReportArchiveItem, author: ChangeAuthor) =>
    recordChange(app.db, author, {
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

  /** An archive of this kind with its snapshot as stored (404 when absent). */
  async function archiveOf(db: Kysely<Database>, id: number) {
    const archive = orNotFound(await archiveById(db, kind.kind, id), REPORT_MESSAGES.notFound);
    return { ...archive, snapshot: kind.report.parse(archive.snapshot) };
  }

  registerEndpoint(app, endpoints.show, async ({ query, auth, author }) => {
    const viewer = viewerOf(auth().employee);
    const filters = kind.filters.parse(query);
    const report = onScreen(
      visible(await computed(filters, viewer, { rowsLimit: REPORT_TABLE_LIMIT }), viewer),
    );
    await logLiveView(report, author());
    await kind.onView?.(app.db, report, viewer, author());
    // The answer's schema is the kind's report schema (checked by registerEndpoint).
    return { data: report };
  });

  registerEndpoint(app, endpoints.export, async ({ query, auth, author, reply }) => {
    const { format } = reportArchiveExportQuerySchema.parse(query);
    const filters = kind.filters.parse(query);
    const viewer = viewerOf(auth().employee);
    const report = visible(await computed(filters, viewer), viewer);
    await recordExport(app.db, author(), {
      entityType: kind.exportEntity,
      entityLabel: `تصدير ${kind.title} (${periodText(filters.from, filters.to)})`,
      query: { filter: filters, format },
      rows: kind.rowCount(report),
    });
    // An export shows the report as much as the page does (the medical individuals' views).
    await kind.onView?.(app.db, report, viewer, author());
    return sendExport(reply, format, {
      fileName: `${kind.fileStem}-${filters.from}-${filters.to}`,
      fileNameAr: `${kind.fileStemAr}-${filters.from}-${filters.to}`,
      sheetTitle: kind.title,
      columns: kind.exportColumns,
      rows: () => rowsOf(kind.exportRows(report)),
    });
  });

  registerEndpoint(app, endpoints.archive, async ({ body, auth, author }) => {
    const { title } = archiveTitleSchema.parse(body);
    const filters = kind.filters.parse(body);
    // The snapshot is computed with the archiving employee's view and stored as such; every
    // later reader sees it through `forViewer` with their own permissions.
    const viewer = viewerOf(auth().employee);
    const report = await computed(filters, viewer);
    const id = await createArchive(
      app.db,
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
      author(),
    );
    const archive = await archiveOf(app.db, id);
    const shown = onScreen(visible(archive.snapshot, viewer));
    // The answer shows the archived report to the employee who archived it.
    await kind.onView?.(app.db, shown, viewer, author(), archive.id);
    return {
      message: REPORT_MESSAGES.created,
      data: { ...archive, snapshot: shown },
    };
  });

  registerEndpoint(app, endpoints.archives, async ({ query }) => {
    const order = query.sort === 'created_at' ? query.order : 'desc';
    const { rows, total } = await listArchives(app.db, kind.kind, query.filter, {
      ...pageWindow(query),
      order,
    });
    return pageEnvelope<ReportArchiveItem>(rows, query, total);
  });

  registerEndpoint(
    app,
    endpoints.archiveShow,
    async ({ params, auth, author }) => {
      const viewer = viewerOf(auth().employee);
      const archive = await archiveOf(app.db, params.id);
      const snapshot = onScreen(visible(archive.snapshot, viewer));
      await logArchiveView(archive, author());
      await kind.onView?.(app.db, snapshot, viewer, author(), archive.id);
      return { data: { ...archive, snapshot } };
    },
    { notFound: REPORT_MESSAGES.notFound },
  );

  registerEndpoint(
    app,
    endpoints.archiveExport,
    async ({ params, query, auth, author, reply }) => {
      const viewer = viewerOf(auth().employee);
      const archive = await archiveOf(app.db, params.id);
      const snapshot = visible(archive.snapshot, viewer);
      const archivedOn = archive.created_at.slice(0, 10);
      await recordExport(app.db, author(), {
        entityType: 'report_archive',
        entityId: archive.id,
        entityLabel: archive.title,
        query: { filter: archive.parameters, format: query.format },
        rows: kind.rowCount(snapshot),
        extra: { archive_id: [null, archive.id] },
      });
      await kind.onView?.(app.db, snapshot, viewer, author(), archive.id);
      return sendExport(reply, query.format, {
        fileName: `${kind.fileStem}-archive-${archive.id}-${archivedOn}`,
        fileNameAr: `أرشيف-${kind.fileStemAr}-${archive.id}-${archivedOn}`,
        sheetTitle: `نسخة مؤرشفة ${dateText(archivedOn)}`,
        columns: kind.exportColumns,
        rows: () => rowsOf(kind.exportRows(snapshot, archivedOn)),
      });
    },
    { notFound: REPORT_MESSAGES.notFound },
  );
}
