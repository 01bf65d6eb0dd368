import { sql } from 'kysely';
import {
  addCreatedColumns,
  createRecordTable,
  dropTables,
  type MigrationDb,
} from '../../../db/ddl';
import type { NamedMigration } from '../../../db/migrations/types';

/** The calorie table's versions (tables.ts): inserted only, the newest is the active one. */
export const calorieSettingsMigration: NamedMigration = {
  name: '2026_11_24_calorie_settings_versions',
  async up(db: MigrationDb) {
    await createRecordTable(db, 'calorie_setting_versions')
      .addColumn('version_number', 'integer', (col) => col.notNull().unique())
      .addColumn('note', 'text', (col) => col.notNull())
      .addColumn('source', 'text')
      .addColumn('planning_figure', 'integer', (col) =>
        col.notNull().check(sql`planning_figure between 1000 and 4000`),
      )
      .addColumn('pregnancy_addition', 'integer', (col) =>
        col.notNull().check(sql`pregnancy_addition between 0 and 2000`),
      )
      .addColumn('lactation_addition', 'integer', (col) =>
        col.notNull().check(sql`lactation_addition between 0 and 2000`),
      )
      .addColumn('bands', 'jsonb', (col) => col.notNull())
      .$call(addCreatedColumns)
      .execute();
  },
  async down(db: MigrationDb) {
    await dropTables(db, 'calorie_setting_versions');
  },
};
