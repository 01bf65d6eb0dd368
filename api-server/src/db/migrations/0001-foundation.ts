import { sql } from 'kysely';
import { createIndexes, createRecordTable, type MigrationDb } from '../ddl';
import type { NamedMigration } from './types';

/**
 * `login_attempts` as this migration created it (2026_11_23_auth_login_throttle replaced it; its
 * `down` brings it back through this).
 */
export async function createLoginAttemptsTable(db: MigrationDb): Promise<void> {
  await db.schema
    .createTable('login_attempts')
    .addColumn('id', 'bigint', (col) => col.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('ip', 'text', (col) => col.notNull())
    .addColumn('at', 'timestamptz', (col) => col.notNull())
    .addColumn('success', 'boolean', (col) => col.notNull())
    .execute();
  await createIndexes(db, 'login_attempts', {
    login_attempts_email_at_idx: ['email', 'at'],
    login_attempts_ip_at_idx: ['ip', 'at'],
  });
}

/** Employees, API tokens, the activity log and login attempts. */
export const foundationMigration: NamedMigration = {
  name: '0001_foundation',
  async up(db: MigrationDb) {
    await createRecordTable(db, 'employees')
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('email', 'text', (col) => col.notNull().unique().check(sql`email = lower(email)`))
      .addColumn('search_key', 'text', (col) => col.notNull().defaultTo(''))
      .addColumn('password_hash', 'text', (col) => col.notNull())
      .addColumn('active', 'boolean', (col) => col.notNull().defaultTo(true))
      .addColumn('role', 'text')
      .addColumn('permissions', sql`text[]`, (col) => col.notNull().defaultTo(sql`'{}'::text[]`))
      .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
      .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
      .addColumn('last_login_at', 'timestamptz')
      .execute();

    await db.schema
      .createTable('api_tokens')
      .addColumn('id', 'bigint', (col) => col.primaryKey().generatedByDefaultAsIdentity())
      .addColumn('token_hash', 'char(64)', (col) => col.notNull().unique())
      .addColumn('employee_id', 'integer', (col) => col.notNull().references('employees.id').onDelete('cascade'))
      .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
      .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
      .addColumn('revoked_at', 'timestamptz')
      .addColumn('last_used_at', 'timestamptz')
      .addColumn('ip', 'text')
      .addColumn('user_agent', 'text')
      .execute();
    await createIndexes(db, 'api_tokens', { api_tokens_employee_id_idx: ['employee_id'] });

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

    await createLoginAttemptsTable(db);
  },
};
