import { sql } from 'kysely';
import type { MigrationDb } from '../../../db/ddl';
import type { NamedMigration } from '../../../db/migrations/types';

/**
 * The file number a row's family will take, reserved for a batch of rows at once before their
 * families are registered (docs/family-import.md, "Numbers reserved a batch at a time"). Kept on
 * the row so that a run taken up again after a crash uses the number reserved before it.
 */
export const importsReservedFileNumbersMigration: NamedMigration = {
  name: '2026_12_06_imports_reserved_file_numbers',
  async up(db: MigrationDb) {
    await sql`alter table family_import_rows add column file_number text`.execute(db);
  },
  async down(db: MigrationDb) {
    await sql`alter table family_import_rows drop column file_number`.execute(db);
  },
};
