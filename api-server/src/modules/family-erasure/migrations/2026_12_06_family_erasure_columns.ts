import type { NamedMigration } from '../../../db/migrations/types';

/**
 * When a family was anonymised and by whom. `anonymised_at` is also what lets the activity log's
 * erasure exception run: only in the transaction that set it (equal to `now()`), see
 * 2026_12_06_activity_log_family_erasure.
 */
export const familyErasureColumns: NamedMigration = {
  name: '2026_12_06_family_erasure_columns',
  async up(db) {
    await db.schema
      .alterTable('families')
      .addColumn('anonymised_at', 'timestamptz')
      .addColumn('anonymised_by', 'integer', (col) => col.references('employees.id'))
      .execute();
  },
  async down(db) {
    await db.schema
      .alterTable('families')
      .dropColumn('anonymised_by')
      .dropColumn('anonymised_at')
      .execute();
  },
};
