import { createIndexes, dropTables, type MigrationDb } from '../../../db/ddl';
import { createLoginAttemptsTable } from './0001_foundation';
import type { NamedMigration } from '../../../db/migrations/types';

/**
 * Login throttling in one table every API process shares: a row per email
 * (its failures and the delay they impose) and a row per email + client address (its attempts in
 * the window, and when it last signed in). It replaces `login_attempts`, whose count-then-record
 * was not atomic and whose per-email lock a stranger could hold against the owner.
 */
export const loginThrottleMigration: NamedMigration = {
  name: '2026_11_23_auth_login_throttle',
  async up(db: MigrationDb) {
    await db.schema
      .createTable('login_throttle')
      // `email:<email>` or `address:<email> <ip>`.
      .addColumn('key', 'text', (col) => col.primaryKey())
      .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('window_started_at', 'timestamptz', (col) => col.notNull())
      .addColumn('next_attempt_at', 'timestamptz')
      .addColumn('last_success_at', 'timestamptz')
      .addColumn('updated_at', 'timestamptz', (col) => col.notNull())
      .execute();
    await createIndexes(db, 'login_throttle', { login_throttle_updated_at_idx: ['updated_at'] });
    await dropTables(db, 'login_attempts');
  },
  async down(db: MigrationDb) {
    await dropTables(db, 'login_throttle');
    await createLoginAttemptsTable(db);
  },
};
