import { sql } from 'kysely';
import { type MigrationDb } from '../../../db/ddl';
import type { ModuleBaselinePart } from '../../../db/migrations';

/** Its share of `0002_beneficiaries`: the editable lookup lists (a row per list and code). */
export const lookupsBaseline: ModuleBaselinePart = {
  baselineStep: 'lookups',
  async up(db: MigrationDb) {
    await db.schema
      .createTable('lookups')
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('code', 'text', (col) => col.notNull())
      .addColumn('label_ar', 'text', (col) => col.notNull())
      .addColumn('label_en', 'text')
      // districts: the code of their city
      .addColumn('parent_code', 'text')
      .addColumn('sort', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('active', 'boolean', (col) => col.notNull().defaultTo(true))
      .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
      .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
      .addPrimaryKeyConstraint('lookups_pkey', ['name', 'code'])
      .execute();
  },
};
