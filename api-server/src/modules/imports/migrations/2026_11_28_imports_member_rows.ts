import { sql } from 'kysely';
import { sqlList, type MigrationDb } from '../../../db/ddl';
import type { NamedMigration } from '../../../db/migrations/types';

/**
 * A row of an import may come from the members sheet (a member whose head's national ID names no
 * family row: kept as an invalid row rather than dropped), so a row is known by its sheet and its
 * number in that sheet (docs/family-import.md).
 */
export const importsMemberRowsMigration: NamedMigration = {
  name: '2026_11_28_imports_member_rows',
  async up(db: MigrationDb) {
    await db.schema
      .alterTable('family_import_rows')
      .addColumn('sheet', 'text', (col) =>
        col
          .notNull()
          .defaultTo('families')
          .check(sql`sheet in (${sqlList(['families', 'members'])})`),
      )
      .execute();
    await db.schema
      .alterTable('family_import_rows')
      .dropConstraint('family_import_rows_import_row_unique')
      .execute();
    await db.schema
      .alterTable('family_import_rows')
      .addUniqueConstraint('family_import_rows_import_sheet_row_unique', [
        'import_id',
        'sheet',
        'row_number',
      ])
      .execute();
  },
  async down(db: MigrationDb) {
    await db.deleteFrom('family_import_rows').where('sheet', '=', 'members').execute();
    await db.schema
      .alterTable('family_import_rows')
      .dropConstraint('family_import_rows_import_sheet_row_unique')
      .execute();
    await db.schema.alterTable('family_import_rows').dropColumn('sheet').execute();
    await db.schema
      .alterTable('family_import_rows')
      .addUniqueConstraint('family_import_rows_import_row_unique', ['import_id', 'row_number'])
      .execute();
  },
};
