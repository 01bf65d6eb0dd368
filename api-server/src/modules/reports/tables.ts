import { sql, type ColumnType, type Generated, type Selectable } from 'kysely';
import { createIndexes, createRecordTable, dropTables, type MigrationDb } from '../../db/ddl';
import type { NamedMigration } from '../../db/migrations/types';
import type { CreatedAt, NullableInt, DateText } from '../../db/tables';

declare module '../../db/tables' {
  interface Database {
    report_archives: ReportArchivesTable;
  }
}

/**
 * An archived report: the report's answer stored as computed, never updated
 * (no route writes it after the insert, and a trigger refuses UPDATE so even a bug cannot).
 */
export interface ReportArchivesTable {
  id: Generated<number>;
  kind: string;
  title: string;
  /** The filters, as a JSON string on insert, read back parsed by both drivers. */
  parameters: ColumnType<Record<string, unknown>, string, never>;
  period_from: DateText;
  period_to: DateText;
  /** The report's answer exactly as returned (rows and totals). */
  snapshot: ColumnType<unknown, string, never>;
  row_count: number;
  calorie_settings_version_id: NullableInt;
  created_by: NullableInt;
  created_at: CreatedAt;
}

export type ReportArchiveRow = Selectable<ReportArchivesTable>;

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
      .addColumn('calorie_settings_version_id', 'integer', (col) => col.references('calorie_setting_versions.id'))
      .addColumn('created_by', 'integer', (col) => col.references('employees.id'))
      .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
      .addCheckConstraint('report_archives_period', sql`period_from <= period_to`)
      .execute();
    await createIndexes(db, 'report_archives', { report_archives_kind_created: ['kind', 'created_at'] });
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
