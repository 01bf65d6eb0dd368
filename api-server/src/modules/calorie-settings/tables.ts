import type { ColumnType, Generated, Selectable } from 'kysely';
import type { CalorieBand } from 'shared-contracts/admin';
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
