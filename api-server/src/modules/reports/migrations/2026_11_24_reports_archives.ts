import { sql } from 'kysely';
import { createIndexes, createRecordTable, dropTables, type MigrationDb } from '../../../db/ddl';
import type { NamedMigration } from '../../../db/migrations/types';

/**
 * The report archives: an archived report is the report's answer stored as computed, never
 * updated (a trigger refuses UPDATE).
 */
export const reportsArchivesMigration: NamedMigration = {
  name: '2026_11_24_reports_archives',
  async up(db: MigrationDb) {
    await createRecordTable(db, 'report_archives')
      .addColumn('kind', 'text', (col) => col.notNull())
      .addColumn('title', 'text', (col) => col.notNull())
      .addColumn('parameters', 'jsonb', (col) => col.notNull())
      .addColumn('period_from', 'date', (col) => col.notNull())
      .addColumn('period_to', 'date', (col) => col.notNull())
      .addColumn('snapshot', 'jsonb', (col) => col.notNull())
      .addColumn('row_count', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('calorie_settings_version_id', 'integer', (col) =>
        col.references('calorie_setting_versions.id'),
      )
      .addColumn('created_by', 'integer', (col) => col.references('employees.id'))
      .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
      .addCheckConstraint('report_archives_period', sql`period_from <= period_to`)
      .execute();
    await createIndexes(db, 'report_archives', {
      report_archives_kind_created: ['kind', 'created_at'],
    });
    // Immutable: an archive is never edited (deletion, if ever allowed, is a super-admin task).
    await sql`
      create function report_archives_immutable() returns trigger language plpgsql as $$
      begin
        raise exception 'report archives are immutable';
      end;
      $$`.execute(db);
    await sql`
      create trigger report_archives_no_update before update on report_archives
      for each row execute function report_archives_immutable()`.execute(db);
  },
  async down(db: MigrationDb) {
    await dropTables(db, 'report_archives');
    await sql`drop function if exists report_archives_immutable()`.execute(db);
  },
};
