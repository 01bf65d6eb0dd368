import type { Generated } from 'kysely';
import { normaliseArabic } from 'shared-contracts';
import {
  __CONST___MESSAGES,
  type __SPASCAL__,
  type __SPASCAL__Input,
  type __SPASCAL__ListQuery,
} from 'shared-contracts/resources/__NAME__-contracts';
import {
  addAuditColumns,
  addNameColumns,
  createRecordTable,
  createUniqueNameIndex,
  dropTables,
  type MigrationDb,
} from '../../db/ddl';
import type { NamedMigration } from '../../db/migrations/types';
import type { AuditColumns, Executor, Flag, NullableText } from '../../db/tables';
import { describedLookupAudited, namedLookupCommands, namedLookupReads } from '../lookups';

/**
 * __TITLE__' table, its migration and all its SQL. The commands come from the named-record
 * building blocks of the lookups module: a name unique once Arabic-normalised (409), each write in
 * one transaction with its activity-log row (`__ENTITY__`). Split into `tables.ts`, `commands.ts`
 * and `migrations/` when the module outgrows one file.
 */

declare module '../../db/tables' {
  interface Database {
    __TABLE__: __PASCAL__Table;
  }
}

export interface __PASCAL__Table extends AuditColumns {
  id: Generated<number>;
  name: string;
  name_normalized: string;
  description: NullableText;
  active: Flag;
  search_text: string;
}

/** The table, named `YYYY_MM_DD_<module>_<what>`. Never edit it once shipped: add another. */
export const __CAMEL__Migration: NamedMigration = {
  name: '__MIGRATION__',
  async up(db: MigrationDb) {
    await createRecordTable(db, '__TABLE__')
      .$call(addNameColumns)
      .addColumn('description', 'text')
      .addColumn('active', 'boolean', (col) => col.notNull().defaultTo(true))
      .addColumn('search_text', 'text', (col) => col.notNull().defaultTo(''))
      .$call(addAuditColumns)
      .execute();
    await createUniqueNameIndex(db, '__TABLE__');
  },
  async down(db: MigrationDb) {
    await dropTables(db, '__TABLE__');
  },
};

const SORT = {
  name: 'r.name',
  active: 'r.active',
  created_at: 'r.created_at',
  updated_at: 'r.updated_at',
} as const;

const reads = namedLookupReads({
  rows: (db: Executor) => db.selectFrom('__TABLE__ as r').selectAll('r'),
  alias: 'r',
  search: 'r.search_text',
  sort: SORT,
  defaultSort: 'name',
  toItem: (row): __SPASCAL__ => ({
    id: row.id,
    name: row.name,
    description: row.description,
    active: row.active,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  }),
});

/** The list (search, active filter, sort, page) and one record. */
export const __SCAMEL__Reads = {
  list: (db: Executor, query: __SPASCAL__ListQuery) => reads.list(db, query),
  load: reads.load,
};

function columns(input: __SPASCAL__Input) {
  return {
    name: input.name,
    name_normalized: normaliseArabic(input.name),
    description: input.description ?? null,
    active: input.active,
    search_text: [input.name, input.description ?? '']
      .filter((part) => part !== '')
      .map((part) => normaliseArabic(part))
      .join(' '),
  };
}

/** Create, update and delete, each in one transaction with its activity-log row. */
export const __SCAMEL__Commands = namedLookupCommands({
  table: '__TABLE__',
  entityType: '__ENTITY__',
  messages: __CONST___MESSAGES,
  columns,
  audited: describedLookupAudited,
  lock: (trx, id) =>
    trx.selectFrom('__TABLE__').selectAll().where('id', '=', id).forUpdate().executeTakeFirst(),
  insert: async (trx, values) =>
    (await trx.insertInto('__TABLE__').values(values).returning('id').executeTakeFirstOrThrow()).id,
  update: async (trx, id, values) => {
    await trx.updateTable('__TABLE__').set(values).where('id', '=', id).execute();
  },
  // Nothing refers to a record yet: a module that adds a reference answers it here.
  inUse: async () => false,
});
