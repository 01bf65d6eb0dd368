import { sql } from 'kysely';
import { createIndexes, dropTables, sqlList, type MigrationDb } from '../../../db/ddl';
import type { NamedMigration } from '../../../db/migrations/types';

/**
 * Bulk actions run as jobs (docs/bulk-actions.md): the action, its items and each item's outcome,
 * which `GET /bulk-actions/{id}` reads with the job's progress.
 */
export const bulkActionsMigration: NamedMigration = {
  name: '2026_12_06_bulk_actions_tables',
  async up(db: MigrationDb) {
    await db.schema
      .createTable('bulk_actions')
      .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
      .addColumn('resource', 'text', (col) =>
        col.notNull().check(sql`resource in (${sqlList(['families', 'services'])})`),
      )
      .addColumn('action', 'text', (col) => col.notNull())
      .addColumn('input', 'jsonb', (col) => col.notNull())
      .addColumn('ids', 'jsonb', (col) => col.notNull())
      .addColumn('author', 'jsonb', (col) => col.notNull())
      .addColumn('job_id', 'integer', (col) => col.references('jobs.id'))
      .addColumn('created_by', 'integer', (col) => col.notNull().references('employees.id'))
      .addColumn('done', 'jsonb', (col) => col.notNull().defaultTo(sql`'[]'::jsonb`))
      .addColumn('failed', 'jsonb', (col) => col.notNull().defaultTo(sql`'[]'::jsonb`))
      .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
      .execute();
    await createIndexes(db, 'bulk_actions', { bulk_actions_job_idx: ['job_id'] });
  },
  async down(db: MigrationDb) {
    await dropTables(db, 'bulk_actions');
  },
};
