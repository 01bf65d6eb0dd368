import { sql } from 'kysely';
import { createIndexes, dropTables, sqlList, type MigrationDb } from '../../../db/ddl';
import type { NamedMigration } from '../../../db/migrations/types';

/**
 * The database job queue (docs/family-import.md#jobs): long work any API process may run, claimed
 * with `for update skip locked` and held by a renewed lease.
 */
export const jobsTableMigration: NamedMigration = {
  name: '2026_11_27_jobs_table',
  async up(db: MigrationDb) {
    await db.schema
      .createTable('jobs')
      .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
      .addColumn('kind', 'text', (col) => col.notNull())
      .addColumn('status', 'text', (col) =>
        col
          .notNull()
          .defaultTo('queued')
          .check(sql`status in (${sqlList(['queued', 'running', 'done', 'failed'])})`),
      )
      .addColumn('payload', 'jsonb', (col) => col.notNull().defaultTo(sql`'{}'::jsonb`))
      .addColumn('progress', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('total', 'integer')
      .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('max_attempts', 'integer', (col) => col.notNull().defaultTo(5))
      .addColumn('locked_by', 'text')
      .addColumn('locked_until', 'timestamptz')
      .addColumn('run_after', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
      .addColumn('error', 'text')
      .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
      .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
      .addColumn('finished_at', 'timestamptz')
      .execute();
    // What a runner looks for: the waiting jobs, and the running ones whose lease ran out.
    await createIndexes(db, 'jobs', { jobs_status_run_after_idx: ['status', 'run_after'] });
  },
  async down(db: MigrationDb) {
    await dropTables(db, 'jobs');
  },
};
