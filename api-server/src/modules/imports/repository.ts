import { sql, type Kysely, type Selectable } from 'kysely';
import type { ImportRowState, ImportStatus } from 'shared-contracts/beneficiaries';
import type { Database, Executor } from '../../db/tables';
import type { FamilyImportRowsTable, FamilyImportsTable } from './tables';

export type ImportRow = Selectable<FamilyImportsTable> & { creator_name: string | null };
export type ImportFileRow = Selectable<FamilyImportRowsTable>;

const ROW_INSERT_BATCH = 500;

export async function insertImport(
  db: Executor,
  values: { file_name: string; file_size: number; total_rows: number; created_by: number },
): Promise<number> {
  const row = await db
    .insertInto('family_imports')
    .values({ kind: 'families', status: 'validating', ...values })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * The start of an upload, in its transaction: two temporary tables the sheets' rows wait in until
 * `finishUpload` (dropped when the transaction ends; a temporary table writes no WAL).
 */
export async function createUploadStaging(db: Executor): Promise<void> {
  await sql`create temporary table staged_import_families (
    row_number integer not null, head_key text, cells jsonb not null) on commit drop`.execute(db);
  await sql`create temporary table staged_import_members (
    sheet_row integer not null, head_key text, cells jsonb not null) on commit drop`.execute(db);
}

/** Rows of both sheets as read, into the upload's staging tables. */
export async function stageUploadRows(
  db: Executor,
  families: readonly { row_number: number; head_key: string | null; cells: unknown }[],
  members: readonly { sheet_row: number; head_key: string | null; cells: unknown }[],
): Promise<void> {
  for (let start = 0; start < families.length; start += ROW_INSERT_BATCH) {
    await db
      .insertInto('staged_import_families')
      .values(
        families.slice(start, start + ROW_INSERT_BATCH).map((family) => ({
          row_number: family.row_number,
          head_key: family.head_key,
          cells: JSON.stringify(family.cells),
        })),
      )
      .execute();
  }
  for (let start = 0; start < members.length; start += ROW_INSERT_BATCH) {
    await db
      .insertInto('staged_import_members')
      .values(
        members.slice(start, start + ROW_INSERT_BATCH).map((member) => ({
          sheet_row: member.sheet_row,
          head_key: member.head_key,
          cells: JSON.stringify(member.cells),
        })),
      )
      .execute();
  }
}

/**
 * The end of an upload, in its transaction, done by the database (the file is never in the API's
 * memory whole): each family row is written once, with the staged members whose head's key is
 * its head's (the first family row of that key takes them, in members-sheet order); a member
 * whose key names no family row becomes an invalid row of its own (`orphanErrors`), numbered in
 * the members sheet. Sets the import's row count and returns it.
 */
export async function finishUpload(
  db: Executor,
  importId: number,
  orphanErrors: Record<string, string[]>,
): Promise<number> {
  // Temporary tables are never analysed by autovacuum: without statistics the planner could
  // join 50,000 families to 200,000 members row by row.
  await sql`analyze staged_import_families, staged_import_members`.execute(db);
  await sql`
    with owners as (
      select distinct on (head_key) row_number, head_key from staged_import_families
      where head_key is not null
      order by head_key, row_number
    ), grouped as (
      select head_key, jsonb_agg(cells order by sheet_row) as members from staged_import_members
      where head_key is not null
      group by head_key
    )
    insert into family_import_rows (import_id, row_number, cells)
    select ${importId}, f.row_number,
      case when grouped.members is null then f.cells
        else jsonb_set(f.cells, '{members}', grouped.members) end
    from staged_import_families f
      left join owners on owners.row_number = f.row_number
      left join grouped on grouped.head_key = owners.head_key
    order by f.row_number`.execute(db);
  await sql`
    insert into family_import_rows (import_id, sheet, row_number, cells, state, errors)
    select ${importId}, 'members', m.sheet_row,
      jsonb_strip_nulls(jsonb_build_object(
        'head.national_id', m.cells -> 'head_national_id',
        'members', jsonb_build_array(m.cells))),
      'invalid', ${JSON.stringify(orphanErrors)}::jsonb
    from staged_import_members m
    where not exists (select 1 from staged_import_families f where f.head_key = m.head_key)
    order by m.sheet_row`.execute(db);
  const { total } = await db
    .selectFrom('family_import_rows')
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .where('import_id', '=', importId)
    .executeTakeFirstOrThrow();
  const count = Number(total);
  await db
    .updateTable('family_imports')
    .set({ total_rows: count })
    .where('id', '=', importId)
    .execute();
  return count;
}

const importColumns = (db: Kysely<Database>) =>
  db
    .selectFrom('family_imports as i')
    .leftJoin('employees as e', 'e.id', 'i.created_by')
    .selectAll('i')
    .select('e.name as creator_name');

export async function findImport(db: Kysely<Database>, id: number): Promise<ImportRow | undefined> {
  return importColumns(db).where('i.id', '=', id).executeTakeFirst();
}

export async function listImports(
  db: Kysely<Database>,
  limit: number,
  offset: number,
  order: 'asc' | 'desc',
): Promise<ImportRow[]> {
  return importColumns(db)
    .orderBy('i.created_at', order)
    .orderBy('i.id', order)
    .limit(limit)
    .offset(offset)
    .execute();
}

export async function countImports(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('family_imports')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** How many rows of each import are in each state. */
export async function stateCounts(
  db: Kysely<Database>,
  ids: readonly number[],
): Promise<Map<number, Map<ImportRowState, number>>> {
  const counts = new Map<number, Map<ImportRowState, number>>();
  if (ids.length === 0) return counts;
  const rows = await db
    .selectFrom('family_import_rows')
    .select(['import_id', 'state', (eb) => eb.fn.countAll<string>().as('n')])
    .where('import_id', 'in', ids)
    .where('state', 'is not', null)
    .groupBy(['import_id', 'state'])
    .execute();
  for (const row of rows) {
    if (!row.state) continue;
    const forImport = counts.get(row.import_id) ?? new Map<ImportRowState, number>();
    forImport.set(row.state, Number(row.n));
    counts.set(row.import_id, forImport);
  }
  return counts;
}

export async function listImportRows(
  db: Kysely<Database>,
  importId: number,
  state: ImportRowState | undefined,
  limit: number,
  offset: number,
): Promise<{ rows: ImportFileRow[]; total: number }> {
  let query = db.selectFrom('family_import_rows').where('import_id', '=', importId);
  if (state) query = query.where('state', '=', state);
  const [rows, total] = await Promise.all([
    // The families sheet's rows, then the orphan members' ('families' sorts before 'members').
    query.selectAll().orderBy('sheet').orderBy('row_number').limit(limit).offset(offset).execute(),
    query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

/** The next rows not yet validated, in file order (a resumed job starts where the last stopped). */
export async function unvalidatedRows(
  db: Kysely<Database>,
  importId: number,
  limit: number,
): Promise<ImportFileRow[]> {
  return db
    .selectFrom('family_import_rows')
    .selectAll()
    .where('import_id', '=', importId)
    .where('state', 'is', null)
    .orderBy('row_number')
    .limit(limit)
    .execute();
}

/** The rows already validated (a resumed job's memory of the file's national IDs, phones, names). */
export async function validatedRows(
  db: Kysely<Database>,
  importId: number,
): Promise<ImportFileRow[]> {
  return db
    .selectFrom('family_import_rows')
    .selectAll()
    .where('import_id', '=', importId)
    .where('state', 'is not', null)
    .orderBy('row_number')
    .execute();
}

/** A batch's verdicts in one statement (one round trip, not one a row). */
export async function saveRowVerdicts(
  db: Executor,
  verdicts: readonly {
    id: number;
    state: ImportRowState;
    body: unknown;
    errors: unknown;
    matches: unknown;
  }[],
): Promise<void> {
  if (verdicts.length === 0) return;
  const rows = sql.join(
    verdicts.map(
      (verdict) =>
        sql`(${verdict.id}::int, ${verdict.state}::text,
          ${verdict.body === null ? null : JSON.stringify(verdict.body)}::jsonb,
          ${JSON.stringify(verdict.errors)}::jsonb, ${JSON.stringify(verdict.matches)}::jsonb)`,
    ),
  );
  await sql`update family_import_rows r
    set state = v.state, body = v.body, errors = v.errors, matches = v.matches
    from (values ${rows}) as v (id, state, body, errors, matches)
    where r.id = v.id`.execute(db);
}

export async function setImportProgress(db: Executor, id: number): Promise<void> {
  await sql`update family_imports set updated_at = now(),
    processed_rows = (select count(*) from family_import_rows r where r.import_id = ${id} and r.state is not null)
    where id = ${id}`.execute(db);
}

/** The rows a commit has dealt with (or never will): invalid, created, updated or skipped. */
export const SETTLED_ROW_STATES: readonly ImportRowState[] = [
  'invalid',
  'created',
  'updated',
  'skipped',
];

/** During a commit, `processed_rows` counts the settled rows: it reaches `total_rows` when done. */
export async function setCommitProgress(db: Executor, id: number): Promise<void> {
  await sql`update family_imports set updated_at = now(),
    processed_rows = (select count(*) from family_import_rows r where r.import_id = ${id}
      and r.state in (${sql.join(SETTLED_ROW_STATES)}))
    where id = ${id}`.execute(db);
}

/** The import, its row locked until the transaction ends (one commit started at a time). */
export async function lockImport(
  db: Executor,
  id: number,
): Promise<Selectable<FamilyImportsTable> | undefined> {
  return db
    .selectFrom('family_imports')
    .selectAll()
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

/** Rows still without a verdict (a validation that failed half-way). */
export async function countUnjudgedRows(db: Executor, importId: number): Promise<number> {
  const row = await db
    .selectFrom('family_import_rows')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('import_id', '=', importId)
    .where('state', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function setImportStatus(
  db: Executor,
  id: number,
  status: ImportStatus,
  error: string | null = null,
): Promise<void> {
  await db
    .updateTable('family_imports')
    .set({ status, error, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .execute();
}

/** A family of the register a row may duplicate: its number, head and the value that matched. */
export interface RegisterMatch {
  family_id: number;
  file_number: string | null;
  head_name: string | null;
  key: string;
}

/** Active members holding one of these national IDs, with their family. */
export async function familiesByNationalIds(
  db: Kysely<Database>,
  ids: readonly string[],
): Promise<RegisterMatch[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('family_members as m')
    .innerJoin('families as f', 'f.id', 'm.family_id')
    .select(['f.id as family_id', 'f.file_number', 'f.head_name', 'm.national_id as key'])
    .where('m.active', '=', true)
    .where('m.national_id', 'in', ids)
    .$narrowType<{ key: string }>()
    .execute();
}

/** Families whose primary phone is one of these (stored normalised, `+9665…`). */
export async function familiesByPhones(
  db: Kysely<Database>,
  phones: readonly string[],
): Promise<RegisterMatch[]> {
  if (phones.length === 0) return [];
  return db
    .selectFrom('families as f')
    .select(['f.id as family_id', 'f.file_number', 'f.head_name', 'f.primary_phone as key'])
    .where('f.primary_phone', 'in', phones)
    .$narrowType<{ key: string }>()
    .execute();
}

/** Families whose head has this normalised name and birth date (key: `name|date`). */
export async function familiesByHeadNameAndBirth(
  db: Kysely<Database>,
  names: readonly string[],
): Promise<RegisterMatch[]> {
  if (names.length === 0) return [];
  const rows = await db
    .selectFrom('family_members as m')
    .innerJoin('families as f', 'f.id', 'm.family_id')
    .select([
      'f.id as family_id',
      'f.file_number',
      'f.head_name',
      'm.name_normalized',
      'm.birth_date',
    ])
    .where('m.active', '=', true)
    .where('m.relationship', '=', 'head')
    .where('m.name_normalized', 'in', names)
    .execute();
  return rows.map((row) => ({
    family_id: row.family_id,
    file_number: row.file_number,
    head_name: row.head_name,
    key: `${row.name_normalized}|${String(row.birth_date)}`,
  }));
}

export async function findImportRow(
  db: Executor,
  importId: number,
  rowNumber: number,
): Promise<ImportFileRow | undefined> {
  return db
    .selectFrom('family_import_rows')
    .selectAll()
    .where('import_id', '=', importId)
    .where('sheet', '=', 'families')
    .where('row_number', '=', rowNumber)
    .executeTakeFirst();
}

export async function setRowResolution(
  db: Executor,
  id: number,
  resolution: 'skip' | 'update' | 'create',
  state: ImportRowState,
): Promise<void> {
  await db
    .updateTable('family_import_rows')
    .set({ resolution, state })
    .where('id', '=', id)
    .execute();
}

/**
 * The next rows a commit has still to deal with (valid, or duplicates not skipped), in file
 * order after `afterRow`: rows a crashed run committed are settled and no longer listed.
 */
export async function uncommittedRows(
  db: Executor,
  importId: number,
  afterRow: number,
  limit: number,
): Promise<Pick<ImportFileRow, 'id' | 'row_number'>[]> {
  // Only which rows: each is read whole, locked, in its own transaction.
  return db
    .selectFrom('family_import_rows')
    .select(['id', 'row_number'])
    .where('import_id', '=', importId)
    .where('state', 'in', ['valid', 'duplicate'])
    .where('row_number', '>', afterRow)
    .orderBy('row_number')
    .limit(limit)
    .execute();
}

/**
 * The rows of `ids` that will create a family (valid, or a duplicate decided `create`) and have
 * no file number yet, in file order, locked until the caller's transaction ends. A row locked
 * elsewhere (being committed) is passed over: its family then takes its number as `POST
 * /families` does, so a reservation never waits for a row.
 */
export async function rowsAwaitingFileNumbers(db: Executor, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('family_import_rows')
    .select(['id'])
    .where('id', 'in', ids)
    .where('file_number', 'is', null)
    .where((where) =>
      where.or([
        where('state', '=', 'valid'),
        where.and([where('state', '=', 'duplicate'), where('resolution', '=', 'create')]),
      ]),
    )
    .orderBy('row_number')
    .forUpdate()
    .skipLocked()
    .execute();
}

/** Gives each row its reserved file number (`numbers[i]` to `rows[i]`), in one statement. */
export async function setReservedFileNumbers(
  db: Executor,
  rows: readonly { id: number }[],
  numbers: readonly string[],
): Promise<void> {
  if (rows.length === 0) return;
  const pairs = rows.map((row, index) => sql`(${row.id}::int, ${numbers[index] ?? null}::text)`);
  await sql`update family_import_rows set file_number = reserved.file_number
    from (values ${sql.join(pairs)}) as reserved (id, file_number)
    where family_import_rows.id = reserved.id`.execute(db);
}

/**
 * Lets the caller's transaction commit without waiting for its WAL to reach the disk (PostgreSQL
 * only: see `commitRow`). Ends with the transaction.
 */
export async function commitWithoutWaitingForDisk(db: Executor): Promise<void> {
  await sql`select set_config('synchronous_commit', 'off', true)`.execute(db);
}

/** What the commit reads of a row: its verdict, its decision and the family it would write. */
export type CommitRowView = Pick<
  ImportFileRow,
  'id' | 'import_id' | 'state' | 'resolution' | 'body' | 'matches' | 'file_number'
>;

/**
 * One row, locked until the transaction ends (two runs never commit the same row twice); not its
 * cells as the file had them, which the commit never reads.
 */
export async function lockImportRow(db: Executor, id: number): Promise<CommitRowView | undefined> {
  return db
    .selectFrom('family_import_rows')
    .select(['id', 'import_id', 'state', 'resolution', 'body', 'matches', 'file_number'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

/**
 * A row's outcome at commit (created, updated, skipped, or invalid with its errors), in the
 * caller's transaction (the family's own). The import's progress is not touched here: one
 * counter row updated by every family's transaction would make them wait for each other
 * (`addCommitProgress` counts a batch at once).
 */
export async function settleRow(
  db: Executor,
  row: { id: number },
  outcome: { state: ImportRowState; family_id: number | null; errors?: Record<string, string[]> },
): Promise<void> {
  await rowSettlement(db, row, outcome).execute();
}

/** `settleRow` not yet sent (sent with the created family's last statement). */
export function rowSettlement(
  db: Executor,
  row: { id: number },
  outcome: { state: ImportRowState; family_id: number | null; errors?: Record<string, string[]> },
) {
  return db
    .updateTable('family_import_rows')
    .set({
      state: outcome.state,
      family_id: outcome.family_id,
      ...(outcome.errors ? { errors: JSON.stringify(outcome.errors) } : {}),
    })
    .where('id', '=', row.id);
}

/**
 * `count` more rows dealt with by the one run of a job (validated, or settled by the commit; an
 * import's job runs once at a time), without counting them all again: a recount per batch read
 * every row of the import each time. A run taken up again starts from a recount
 * (`setImportProgress`, `setCommitProgress`).
 */
export async function addProcessedRows(db: Executor, id: number, count: number): Promise<void> {
  if (count === 0) return;
  await db
    .updateTable('family_imports')
    .set((eb) => ({
      processed_rows: eb('processed_rows', '+', count),
      updated_at: sql<Date>`now()`,
    }))
    .where('id', '=', id)
    .execute();
}
