import { sql } from 'kysely';
import type { NamedMigration } from '../../../db/migrations/types';

/**
 * The activity log is append-only (0001_foundation refuses UPDATE and DELETE row by row), but a
 * row trigger never sees TRUNCATE — including `TRUNCATE employees CASCADE`, which would empty the
 * log through its foreign key. A statement trigger on TRUNCATE raises the same error. Plain
 * PL/pgSQL: the same on PGlite and PostgreSQL.
 */
export const activityLogNoTruncate: NamedMigration = {
  name: '2026_11_23_activity_log_no_truncate',
  async up(db) {
    await sql`
      create trigger activity_log_no_truncate
      before truncate on activity_log
      for each statement execute function activity_log_append_only()
    `.execute(db);
  },
  async down(db) {
    await sql`drop trigger if exists activity_log_no_truncate on activity_log`.execute(db);
  },
};
