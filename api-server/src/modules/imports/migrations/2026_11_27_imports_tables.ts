import { sql } from 'kysely';
import { dropTables, sqlList, type MigrationDb } from '../../../db/ddl';
import type { NamedMigration } from '../../../db/migrations/types';

/** Imports of families from spreadsheets and their rows (docs/family-import.md). */
export const importsTablesMigration: NamedMigration = {
  name: '2026_11_27_imports_tables',
  async up(db: MigrationDb) {
    await db.schema
      .createTable('family_imports')
      .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
      .addColumn('kind', 'text', (col) =>
        col.notNull().check(sql`kind in (${sqlList(['families'])})`),
      )
      .addColumn('status', 'text', (col) =>
        col
          .notNull()
          .check(
            sql`status in (${sqlList(['validating', 'ready', 'committing', 'done', 'failed'])})`,
          ),
      )
      .addColumn('file_name', 'text', (col) => col.notNull())
      .addColumn('file_size', 'integer', (col) => col.notNull())
      .addColumn('total_rows', 'integer', (col) => col.notNull())
      .addColumn('processed_rows', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('error', 'text')
      .addColumn('created_by', 'integer', (col) => col.references('employees.id'))
      .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
      .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
      .execute();
    await db.schema
      .createTable('family_import_rows')
      .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
      .addColumn('import_id', 'integer', (col) =>
        col.notNull().references('family_imports.id').onDelete('cascade'),
      )
      .addColumn('row_number', 'integer', (col) => col.notNull())
      .addColumn('state', 'text', (col) =>
        col.check(
          sql`state in (${sqlList(['valid', 'invalid', 'duplicate', 'created', 'updated', 'skipped'])})`,
        ),
      )
      .addColumn('cells', 'jsonb', (col) => col.notNull())
      .addColumn('body', 'jsonb')
      .addColumn('errors', 'jsonb', (col) => col.notNull().defaultTo(sql`'{}'::jsonb`))
      .addColumn('matches', 'jsonb', (col) => col.notNull().defaultTo(sql`'[]'::jsonb`))
      .addColumn('resolution', 'text', (col) =>
        col.check(sql`resolution in (${sqlList(['skip', 'update', 'create'])})`),
      )
      .addColumn('family_id', 'integer', (col) => col.references('families.id'))
      .addUniqueConstraint('family_import_rows_import_row_unique', ['import_id', 'row_number'])
      .execute();
  },
  async down(db: MigrationDb) {
    await dropTables(db, 'family_import_rows', 'family_imports');
  },
};
