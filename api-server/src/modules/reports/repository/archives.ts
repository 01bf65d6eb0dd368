import { sql, type Kysely, type Transaction } from 'kysely';
import type { ReportArchiveItem } from 'shared-contracts/reports';
import { z } from 'zod';
import type { Database, Executor } from '../../../db/tables';
import type { ChangeAuthor } from '../../../http/request-meta';

/**
 * Report archives' SQL, generic over the kind: an archive is inserted once (with its activity
 * row, `../commands/archives.ts`), then only read (the table's trigger refuses updates).
 */

export interface NewArchive {
  kind: string;
  title: string;
  parameters: Record<string, unknown>;
  periodFrom: string;
  periodTo: string;
  snapshot: unknown;
  rowCount: number;
  calorieSettingsVersionId: number | null;
}

/** Stores the snapshot; answers the new id (`createArchive` logs it in the same transaction). */
export async function insertArchive(
  trx: Transaction<Database>,
  archive: NewArchive,
  author: ChangeAuthor,
): Promise<number> {
  const row = await trx
    .insertInto('report_archives')
    .values({
      kind: archive.kind,
      title: archive.title,
      parameters: JSON.stringify(archive.parameters),
      period_from: archive.periodFrom,
      period_to: archive.periodTo,
      snapshot: JSON.stringify(archive.snapshot),
      row_count: archive.rowCount,
      calorie_settings_version_id: archive.calorieSettingsVersionId,
      created_by: author.id,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

function archivesQuery(db: Executor, kind: string) {
  return db
    .selectFrom('report_archives as a')
    .leftJoin('employees as e', 'e.id', 'a.created_by')
    .where('a.kind', '=', kind);
}

type ArchiveQueryRow = {
  id: number;
  kind: string;
  title: string;
  parameters: unknown;
  period_from: string;
  period_to: string;
  row_count: number;
  calorie_settings_version_id: number | null;
  created_by: number | null;
  created_by_name: string | null;
  created_at: Date;
};

const ITEM_COLUMNS = [
  'a.id',
  'a.kind',
  'a.title',
  'a.parameters',
  'a.period_from',
  'a.period_to',
  'a.row_count',
  'a.calorie_settings_version_id',
  'a.created_by',
  'e.name as created_by_name',
  'a.created_at',
] as const;

/** Both drivers parse jsonb; a string is parsed here in case one does not. */
function parsedJson(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const parsed: unknown = JSON.parse(value);
  return parsed;
}

const parametersSchema = z.record(z.string(), z.unknown());

function toItem(row: ArchiveQueryRow): ReportArchiveItem {
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    parameters: parametersSchema.parse(parsedJson(row.parameters)),
    period_from: row.period_from,
    period_to: row.period_to,
    row_count: row.row_count,
    calorie_settings_version_id: row.calorie_settings_version_id,
    created_by:
      row.created_by !== null && row.created_by_name !== null
        ? { id: row.created_by, name: row.created_by_name }
        : null,
    created_at: row.created_at.toISOString(),
  };
}

export interface ArchiveListFilter {
  from?: string | undefined;
  to?: string | undefined;
  created_by?: number | undefined;
}

/** The archives of a kind whose period overlaps the filter's, by an author; newest first by default. */
export async function listArchives(
  db: Kysely<Database>,
  kind: string,
  filter: ArchiveListFilter,
  window: { limit: number; offset: number; order: 'asc' | 'desc' },
): Promise<{ rows: ReportArchiveItem[]; total: number }> {
  let query = archivesQuery(db, kind);
  if (filter.from !== undefined) query = query.where('a.period_to', '>=', filter.from);
  if (filter.to !== undefined) query = query.where('a.period_from', '<=', filter.to);
  if (filter.created_by !== undefined) query = query.where('a.created_by', '=', filter.created_by);
  const [rows, count] = await Promise.all([
    query
      .select([...ITEM_COLUMNS])
      .orderBy('a.created_at', window.order)
      .orderBy('a.id', window.order)
      .limit(window.limit)
      .offset(window.offset)
      .execute(),
    query.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.map((row) => toItem(row)), total: count.total };
}

/** One archive of a kind with its snapshot as stored. */
export async function archiveById(
  db: Executor,
  kind: string,
  id: number,
): Promise<(ReportArchiveItem & { snapshot: unknown }) | undefined> {
  const row = await archivesQuery(db, kind)
    .where('a.id', '=', id)
    .select([...ITEM_COLUMNS, 'a.snapshot'])
    .executeTakeFirst();
  if (!row) return undefined;
  return { ...toItem(row), snapshot: parsedJson(row.snapshot) };
}

/**
 * A family's erasure (docs/personal-data.md#erasure), in its transaction: every archive with a
 * row of the family gets its snapshot rewritten by `report_archive_erase_family` — names and
 * medical values of the family's rows gone, every figure kept. The table's trigger lets exactly
 * this update through, and only in the transaction that anonymised the family. Answers how many
 * archives changed.
 */
export async function eraseFamilyFromArchives(
  trx: Transaction<Database>,
  familyId: number,
): Promise<number> {
  const result = await sql`
    update report_archives set snapshot = report_archive_erase_family(snapshot, ${familyId})
    where report_archive_names_family(snapshot, ${familyId})`.execute(trx);
  return Number(result.numAffectedRows ?? 0);
}
