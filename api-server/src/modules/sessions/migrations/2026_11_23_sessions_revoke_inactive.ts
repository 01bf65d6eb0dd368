import { sql, type Kysely } from 'kysely';
import type { NamedMigration } from '../../../db/migrations/types';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations describe the schema as it was
type AnyDb = Kysely<any>;

/**
 * Deactivation now revokes an employee's tokens (issue 9, finding 8). Employees deactivated
 * before that kept theirs, and reactivating them would bring those sessions back: end them now.
 */
export const revokeInactiveTokensMigration: NamedMigration = {
  name: '2026_11_23_sessions_revoke_inactive',
  async up(db: AnyDb) {
    await sql`
      update api_tokens set revoked_at = now()
      where revoked_at is null and employee_id in (select id from employees where not active)
    `.execute(db);
  },
  // Revoked sessions stay revoked.
  async down() {},
};
