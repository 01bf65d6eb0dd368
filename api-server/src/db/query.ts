import { sql, type RawBuilder, type SelectQueryBuilder } from 'kysely';

/** How many rows a (filtered, unsorted) list query matches. */
export async function countRows<DB, TB extends keyof DB, O>(builder: SelectQueryBuilder<DB, TB, O>): Promise<number> {
  const row = await builder.clearSelect().select(sql<number>`count(*)::int`.as('total')).$castTo<{ total: number }>().executeTakeFirstOrThrow();
  return row.total;
}

/**
 * `ORDER BY` term for a whitelisted column (a value of a module's sort map, never user text) in
 * the requested direction; `nullsLast` for columns that may be null.
 */
export function orderTerm(column: string, order: 'asc' | 'desc', options: { nullsLast?: boolean } = {}): RawBuilder<unknown> {
  const direction = order === 'desc' ? sql`desc` : sql`asc`;
  return options.nullsLast ? sql`${sql.ref(column)} ${direction} nulls last` : sql`${sql.ref(column)} ${direction}`;
}
