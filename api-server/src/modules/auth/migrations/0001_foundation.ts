import { createIndexes, type MigrationDb } from '../../../db/ddl';
import type { ModuleBaselinePart } from '../../../db/migrations';

/**
 * `login_attempts` as `0001_foundation` created it (2026_11_23_auth_login_throttle replaced it;
 * its `down` brings it back through this).
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

/** Its share of `0001_foundation`: the login attempts (dropped since). */
export const loginAttemptsBaseline: ModuleBaselinePart = {
  baselineStep: 'login_attempts',
  async up(db: MigrationDb) {
    await createLoginAttemptsTable(db);
  },
};
