import { sql } from 'kysely';
import { createIndexes, type MigrationDb } from '../../../db/ddl';
import type { ModuleBaselinePart } from '../../../db/migrations';

/** Its share of `0001_foundation`: the append-only activity log. */
export const activityLogBaseline: ModuleBaselinePart = {
  baselineStep: 'activity_log',
  async up(db: MigrationDb) {
    await db.schema
      .createTable('activity_log')
      .addColumn('id', 'bigint', (col) => col.primaryKey().generatedByDefaultAsIdentity())
      .addColumn('occurred_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
      // No cascade: employees are deactivated, never deleted, and the log outlives them.
      .addColumn('employee_id', 'integer', (col) => col.references('employees.id'))
      .addColumn('action', 'text', (col) => col.notNull())
      .addColumn('entity_type', 'text')
      .addColumn('entity_id', 'text')
      .addColumn('entity_label', 'text')
      .addColumn('changes', 'jsonb')
      .addColumn('ip', 'text')
      .addColumn('user_agent', 'text')
      .execute();
    await createIndexes(db, 'activity_log', {
      activity_log_occurred_at_idx: ['occurred_at', 'id'],
      activity_log_employee_id_idx: ['employee_id'],
      activity_log_entity_idx: ['entity_type', 'entity_id'],
    });
    // Append-only, enforced by the database and not only by the code paths we remember.
    await sql`
      create function activity_log_append_only() returns trigger language plpgsql as $$
      begin
        raise exception 'activity_log is append-only';
      end;
      $$
    `.execute(db);
    await sql`
      create trigger activity_log_no_update_or_delete
      before update or delete on activity_log
      for each row execute function activity_log_append_only()
    `.execute(db);
  },
};
