import type { Kysely } from 'kysely';
import type { NamedMigration } from '../../../db/migrations/types';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations describe the schema as it was
type AnyDb = Kysely<any>;

/**
 * Login throttling in one table every API process shares (issue 9, finding 5): a row per email
 * (its failures and the delay they impose) and a row per email + client address (its attempts in
 * the window, and when it last signed in). It replaces `login_attempts`, whose count-then-record
 * was not atomic and whose per-email lock a stranger could hold against the owner.
 */
export const loginThrottleMigration: NamedMigration = {
  name: '2026_11_23_auth_login_throttle',
  async up(db: AnyDb) {
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
    await db.schema.createIndex('login_throttle_updated_at_idx').on('login_throttle').column('updated_at').execute();
    await db.schema.dropTable('login_attempts').ifExists().execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropTable('login_throttle').ifExists().execute();
    await db.schema
      .createTable('login_attempts')
      .addColumn('id', 'bigint', (col) => col.primaryKey().generatedByDefaultAsIdentity())
      .addColumn('email', 'text', (col) => col.notNull())
      .addColumn('ip', 'text', (col) => col.notNull())
      .addColumn('at', 'timestamptz', (col) => col.notNull())
      .addColumn('success', 'boolean', (col) => col.notNull())
      .execute();
    await db.schema.createIndex('login_attempts_email_at_idx').on('login_attempts').columns(['email', 'at']).execute();
    await db.schema.createIndex('login_attempts_ip_at_idx').on('login_attempts').columns(['ip', 'at']).execute();
  },
};
