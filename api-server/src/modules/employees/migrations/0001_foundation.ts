import { sql } from 'kysely';
import { createRecordTable, type MigrationDb } from '../../../db/ddl';
import type { ModuleBaselinePart } from '../../../db/migrations';

/** Its share of `0001_foundation`: the employees table. */
export const employeesBaseline: ModuleBaselinePart = {
  baselineStep: 'employees',
  async up(db: MigrationDb) {
    await createRecordTable(db, 'employees')
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('email', 'text', (col) =>
        col
          .notNull()
          .unique()
          .check(sql`email = lower(email)`),
      )
      .addColumn('search_key', 'text', (col) => col.notNull().defaultTo(''))
      .addColumn('password_hash', 'text', (col) => col.notNull())
      .addColumn('active', 'boolean', (col) => col.notNull().defaultTo(true))
      .addColumn('role', 'text')
      .addColumn('permissions', sql`text[]`, (col) => col.notNull().defaultTo(sql`'{}'::text[]`))
      .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
      .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
      .addColumn('last_login_at', 'timestamptz')
      .execute();
  },
};
