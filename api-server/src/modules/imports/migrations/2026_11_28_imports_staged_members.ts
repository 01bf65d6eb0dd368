import { sql } from 'kysely';
import { dropTables, type MigrationDb } from '../../../db/ddl';
import type { NamedMigration } from '../../../db/migrations/types';

/**
 * An upload is written to the database as it is read, a sheet at a time, so the API's memory
 * does not grow with the file. The members sheet comes after the families sheet: its rows wait in
 * `family_import_members` (keyed by their head's national ID, as `head_key`) until the upload's
 * end joins each to its family row (by the same key) and keeps the rest as invalid rows; the
 * table is empty again when the upload's transaction commits.
 */
export const importsStagedMembersMigration: NamedMigration = {
  name: '2026_11_28_imports_staged_members',
  async up(db: MigrationDb) {
    await db.schema.alterTable('family_import_rows').addColumn('head_key', 'text').execute();
    await sql`create index family_import_rows_head_key
      on family_import_rows (import_id, head_key) where head_key is not null`.execute(db);
    await db.schema
      .createTable('family_import_members')
      .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
      .addColumn('import_id', 'integer', (col) =>
        col.notNull().references('family_imports.id').onDelete('cascade'),
      )
      .addColumn('sheet_row', 'integer', (col) => col.notNull())
      .addColumn('head_key', 'text')
      .addColumn('cells', 'jsonb', (col) => col.notNull())
      .execute();
    await sql`create index family_import_members_head_key
      on family_import_members (import_id, head_key)`.execute(db);
  },
  async down(db: MigrationDb) {
    await dropTables(db, 'family_import_members');
    await sql`drop index family_import_rows_head_key`.execute(db);
    await db.schema.alterTable('family_import_rows').dropColumn('head_key').execute();
  },
};
