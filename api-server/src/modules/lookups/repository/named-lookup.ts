import {
  sql,
  type SelectQueryBuilder,
  type Simplify,
  type SqlBool,
  type Transaction,
} from 'kysely';
import { sqlState } from '../../../db/errors';
import { pageRows } from '../../../db/query';
import { whereSearch } from '../../../db/search';
import type { Database, Executor } from '../../../db/tables';
import { pageWindow, type PageQuery } from '../../../http/pagination';

/*
 * The SQL every editable named lookup shares (seminar types, survey types, the services
 * catalogue's departments, axes and service types): the list and one-record reads, the name
 * check and the delete. Its commands are in ../commands.ts.
 */

const FOREIGN_KEY_VIOLATION = '23503';

/** The tables whose rows have an id and a name kept unique once Arabic-normalised. */
export type NamedTable = {
  [K in keyof Database]: Database[K] extends { id: unknown; name: string; name_normalized: string }
    ? K
    : never;
}[keyof Database];

/** Whether another entry of `table` has this normalised name. */
export async function namedEntryTaken(
  db: Executor,
  table: NamedTable,
  nameNormalized: string,
  excludeId?: number,
): Promise<boolean> {
  let query = db.selectFrom(table).select('id').where('name_normalized', '=', nameNormalized);
  if (excludeId !== undefined) query = query.where('id', '<>', excludeId);
  return (await query.executeTakeFirst()) !== undefined;
}

/** Deletes an entry; false when a row elsewhere still refers to it (the foreign key refused). */
export async function deleteNamedEntry(
  trx: Transaction<Database>,
  table: NamedTable,
  id: number,
): Promise<boolean> {
  try {
    await trx.deleteFrom(table).where('id', '=', id).execute();
    return true;
  } catch (error) {
    if (sqlState(error) === FOREIGN_KEY_VIOLATION) return false;
    throw error;
  }
}

/** The list query every named lookup takes: paging, search, sort and the active filter. */
export interface NamedLookupListQuery extends PageQuery {
  search?: string;
  sort?: string;
  order: 'asc' | 'desc';
  filter: { active?: boolean };
}

export interface NamedLookupReadSpec<
  Q extends NamedLookupListQuery,
  DB,
  TB extends keyof DB,
  O,
  Item,
> {
  /** The rows with what the answer names (joins, the usage count), the lookup's table aliased `alias`. */
  rows(db: Executor): SelectQueryBuilder<DB, TB, O>;
  alias: string;
  /** The column the search looks in. */
  search: string;
  sort: Record<NonNullable<Q['sort']>, string>;
  defaultSort: NonNullable<Q['sort']>;
  nullsLast?: boolean;
  /** The list's filters beyond `active`. */
  filter?(builder: SelectQueryBuilder<DB, TB, O>, query: Q): SelectQueryBuilder<DB, TB, O>;
  toItem(row: Simplify<O>): Item;
}

/** The list (search, active filter, sort, page) and the one-record read of a named lookup. */
export function namedLookupReads<Q extends NamedLookupListQuery, DB, TB extends keyof DB, O, Item>(
  spec: NamedLookupReadSpec<Q, DB, TB, O, Item>,
) {
  const column = (name: string) => sql.ref(`${spec.alias}.${name}`);
  return {
    async list(db: Executor, query: Q): Promise<{ rows: Item[]; total: number }> {
      let builder = whereSearch(spec.rows(db), spec.search, query.search);
      const { active } = query.filter;
      if (active !== undefined)
        builder = builder.where(sql<SqlBool>`${column('active')} = ${active}`);
      if (spec.filter) builder = spec.filter(builder, query);
      const sort: NonNullable<Q['sort']> = query.sort ?? spec.defaultSort;
      const { rows, total } = await pageRows(
        builder,
        {
          column: spec.sort[sort],
          id: `${spec.alias}.id`,
          order: query.order,
          nullsLast: spec.nullsLast,
        },
        pageWindow(query),
      );
      return { rows: rows.map(spec.toItem), total };
    },
    async load(db: Executor, id: number): Promise<Item | undefined> {
      const row = await spec
        .rows(db)
        .where(sql<SqlBool>`${column('id')} = ${id}`)
        .executeTakeFirst();
      return row ? spec.toItem(row) : undefined;
    },
  };
}
