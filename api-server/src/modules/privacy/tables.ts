import type { ColumnType } from 'kysely';
import type { NullableInt, NullableTimestamp } from '../../db/tables';

// Migration 2026_12_06_privacy_retention_settings.
declare module '../../db/tables' {
  interface Database {
    retention_settings: RetentionSettingsTable;
  }
}

/**
 * The retention setting (docs/personal-data.md#retention): one row (`id` 1, a check says so),
 * changed in place with its activity-log row; `updated_*` null until someone first changes it.
 */
export interface RetentionSettingsTable {
  id: ColumnType<number, never, never>;
  inactive_years: number;
  updated_at: NullableTimestamp;
  updated_by: NullableInt;
}
