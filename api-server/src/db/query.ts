import {
  sql,
  type Compilable,
  type OperationNodeSource,
  type RawBuilder,
  type SelectQueryBuilder,
  type Simplify,
} from 'kysely';
import type { Database, Executor } from './tables';

/** How many rows a (filtered, unsorted) list query matches. */
export async function countRows<DB, TB extends keyof DB, O>(
  builder: SelectQueryBuilder<DB, TB, O>,
): Promise<number> {
  const row = await builder
    .clearSelect()
    .select(sql<number>`count(*)::int`.as('total'))
    .$castTo<{ total: number }>()
    .executeTakeFirstOrThrow();
  return row.total;
}

/**
 * `ORDER BY` term for a whitelisted column (a value of a module's sort map, never user text) in
 * the requested direction; `nullsLast` for columns that may be null.
 */
export function orderTerm(
  column: string,
  order: 'asc' | 'desc',
  options: { nullsLast?: boolean } = {},
): RawBuilder<unknown> {
  const direction = order === 'desc' ? sql`desc` : sql`asc`;
  return options.nullsLast
    ? sql`${sql.ref(column)} ${direction} nulls last`
    : sql`${sql.ref(column)} ${direction}`;
}

/** How a list page is ordered: a whitelisted sort column, then the id as the tiebreak (in `order` unless `idOrder` says). */
export interface PageOrder {
  column: string;
  id: string;
  order: 'asc' | 'desc';
  idOrder?: 'asc' | 'desc';
  nullsLast?: boolean;
}

/** One page of a (filtered) list query and how many rows the query matches in all, read together. */
export async function pageRows<DB, TB extends keyof DB, O>(
  builder: SelectQueryBuilder<DB, TB, O>,
  ordering: PageOrder,
  window: { limit: number; offset: number },
): Promise<{ rows: Simplify<O>[]; total: number }> {
  const [rows, total] = await Promise.all([
    builder
      .orderBy(orderTerm(ordering.column, ordering.order, { nullsLast: ordering.nullsLast }))
      .orderBy(orderTerm(ordering.id, ordering.idOrder ?? ordering.order))
      .limit(window.limit)
      .offset(window.offset)
      .execute(),
    countRows(builder),
  ]);
  return { rows, total };
}

/** `count(*)::int as n` of a correlated subquery (`eb.selectFrom(…).whereRef(…)`), to alias as a count column. */
export function countOf<DB, TB extends keyof DB, O>(subquery: SelectQueryBuilder<DB, TB, O>) {
  return subquery.select(sql<number>`count(*)::int`.as('n'));
}

/** The tables whose rows are known by an `id` column. */
export type TableWithId = {
  [T in keyof Database]: Database[T] extends { id: unknown } ? T : never;
}[keyof Database];

/** Whether `table` has the row `id` (a reference a form names, which may have been deleted since). */
export async function rowExists(db: Executor, table: TableWithId, id: number): Promise<boolean> {
  const found = await sql`select 1 from ${sql.table(table)} where id = ${id}`.execute(db);
  return found.rows.length > 0;
}

/**
 * Writes whose results nobody reads, sent as one statement: all but the last become
 * data-modifying `WITH` parts of the last (PostgreSQL runs every one, on the same snapshot). One
 * round trip instead of one per write: on a busy server each statement's trip costs the API more
 * than its own work (the family import creates tens of thousands of families this way). The
 * writes must not depend on each other's effects within the statement (they cannot see them).
 */
export async function executeTogether(
  db: Executor,
  writes: ReadonlyArray<Compilable & OperationNodeSource>,
): Promise<void> {
  const last = writes.at(-1);
  if (!last) return;
  if (writes.length === 1) {
    await db.executeQuery(last.compile());
    return;
  }
  const parts = writes
    .slice(0, -1)
    .map((write, index) => sql`${sql.id(`w${index}`)} as (${write})`);
  await sql`with ${sql.join(parts)} ${last}`.execute(db);
}
