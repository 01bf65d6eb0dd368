import { sql } from 'kysely';
import {
  createIndexes,
  createRecordTable,
  dropTables,
  sqlList,
  type MigrationDb,
} from '../../../db/ddl';
import type { NamedMigration } from '../../../db/migrations/types';

// Spelled out, not read from the contracts: a shipped migration must not change when they do.
const KINDS = sqlList(['view', 'document', 'export']);

/** Who looked at a family's file, and when: a table of its own, not the activity log. */
export const familyAccessMigration: NamedMigration = {
  name: '2026_12_06_family_access_tables',
  async up(db: MigrationDb) {
    await createRecordTable(db, 'family_access_log')
      .addColumn('family_id', 'integer', (col) =>
        col.notNull().references('families.id').onDelete('cascade'),
      )
      .addColumn('employee_id', 'integer', (col) => col.notNull().references('employees.id'))
      .addColumn('kind', 'text', (col) => col.notNull().check(sql`kind in (${KINDS})`))
      .addColumn('document_id', 'integer', (col) =>
        col.references('documents.id').onDelete('set null'),
      )
      .addColumn('at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
      .execute();
    await createIndexes(db, 'family_access_log', {
      family_access_log_family_idx: ['family_id', 'at'],
      family_access_log_employee_idx: ['employee_id', 'at'],
    });
  },
  async down(db: MigrationDb) {
    await dropTables(db, 'family_access_log');
  },
};
