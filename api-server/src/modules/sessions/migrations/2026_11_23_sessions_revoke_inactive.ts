import { sql } from 'kysely';
import type { MigrationDb } from '../../../db/ddl';
import type { NamedMigration } from '../../../db/migrations/types';

/**
 * Deactivation now revokes an employee's tokens. Employees deactivated
 * before that kept theirs, and reactivating them would bring those sessions back: end them now.
 */
export const revokeInactiveTokensMigration: NamedMigration = {
  name: '2026_11_23_sessions_revoke_inactive',
  async up(db: MigrationDb) {
    await sql`
      update api_tokens set revoked_at = now()
      where revoked_at is null and employee_id in (select id from employees where not active)
    `.execute(db);
  },
  // Revoked sessions stay revoked.
  async down() {},
};
