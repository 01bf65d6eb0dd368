import { sql } from 'kysely';
import { createIndexes, dropTables, sqlList, type MigrationDb } from '../../../db/ddl';
import type { NamedMigration } from '../../../db/migrations/types';

/**
 * What browsers report about the remotes they load (docs/decisions/0014): one row per report,
 * kept 30 days, and one quota row per sign-in session, shared by every API process.
 */
export const clientEventsTablesMigration: NamedMigration = {
  name: '2026_11_27_client_events_tables',
  async up(db: MigrationDb) {
    await db.schema
      .createTable('client_events')
      .addColumn('id', 'bigint', (col) => col.primaryKey().generatedByDefaultAsIdentity())
      .addColumn('remote', 'text', (col) => col.notNull())
      .addColumn('version', 'text', (col) => col.notNull())
      .addColumn('kind', 'text', (col) =>
        col.notNull().check(sql`kind in (${sqlList(['loaded', 'load_failed', 'render_error'])})`),
      )
      .addColumn('route', 'text', (col) => col.notNull())
      .addColumn('message', 'text')
      // The session (api_tokens.id), never the employee: enough to count sessions and to limit
      // the rate, and nothing that names a person once the token is gone.
      .addColumn('session_id', 'bigint', (col) => col.notNull())
      .addColumn('received_at', 'timestamptz', (col) => col.notNull())
      .execute();
    await createIndexes(db, 'client_events', {
      client_events_remote_version_received_idx: ['remote', 'version', 'received_at'],
      client_events_received_idx: ['received_at'],
    });
    await db.schema
      .createTable('client_event_quota')
      .addColumn('session_id', 'bigint', (col) => col.primaryKey())
      .addColumn('window_started_at', 'timestamptz', (col) => col.notNull())
      .addColumn('events', 'integer', (col) => col.notNull())
      .execute();
  },
  async down(db: MigrationDb) {
    await dropTables(db, 'client_event_quota', 'client_events');
  },
};
