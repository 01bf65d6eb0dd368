import { sql, type ColumnType, type Generated, type Selectable } from 'kysely';
import type { CalorieBand } from 'shared-contracts/admin';
import { addCreatedColumns, createRecordTable, dropTables, type MigrationDb } from '../../db/ddl';
import type { NamedMigration } from '../../db/migrations/types';
import type { CreatedAt, NullableInt, NullableText } from '../../db/tables';

declare module '../../db/tables' {
  interface Database {
    calorie_setting_versions: CalorieSettingVersionsTable;
  }
}

/**
 * One version of the calorie table (docs/family-needs.md). Rows are only ever inserted: the newest
 * is the active one, and a report stores the id of the version it used.
 */
export interface CalorieSettingVersionsTable {
  id: Generated<number>;
  version_number: number;
  note: string;
  source: NullableText;
  planning_figure: number;
  pregnancy_addition: number;
  lactation_addition: number;
  /** The age bands, written as a JSON string, read back parsed by both drivers. */
  bands: ColumnType<CalorieBand[], string, never>;
  created_at: CreatedAt;
  created_by: NullableInt;
}

export type CalorieSettingVersionRow = Selectable<CalorieSettingVersionsTable>;

export const calorieSettingsMigration: NamedMigration = {
  name: '2026_11_24_calorie_settings_versions',
  async up(db: MigrationDb) {
    await createRecordTable(db, 'calorie_setting_versions')
      .addColumn('version_number', 'integer', (col) => col.notNull().unique())
      .addColumn('note', 'text', (col) => col.notNull())
      .addColumn('source', 'text')
      .addColumn('planning_figure', 'integer', (col) => col.notNull().check(sql`planning_figure between 1000 and 4000`))
      .addColumn('pregnancy_addition', 'integer', (col) => col.notNull().check(sql`pregnancy_addition between 0 and 2000`))
      .addColumn('lactation_addition', 'integer', (col) => col.notNull().check(sql`lactation_addition between 0 and 2000`))
      .addColumn('bands', 'jsonb', (col) => col.notNull())
      .$call(addCreatedColumns)
      .execute();
  },
  async down(db: MigrationDb) {
    await dropTables(db, 'calorie_setting_versions');
  },
};
