import type { ColumnType, Generated, Selectable } from 'kysely';
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
