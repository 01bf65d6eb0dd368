import type { ColumnType, Selectable } from 'kysely';
import type { BigIntId, CreatedAt } from '../../db/tables';

// The append-only activity log (migration 0001; family_id since 0002).
declare module '../../db/tables' {
  interface Database {
    activity_log: ActivityLogTable;
  }
}

/** `{ field: [old, new] }`; secrets are recorded as changed, never stored. */
export type ActivityChanges = Record<string, [unknown, unknown]>;

export interface ActivityLogTable {
  id: BigIntId;
  occurred_at: CreatedAt;
  employee_id: number | null;
  action: string;
  entity_type: string | null;
  entity_id: string | null;
  entity_label: string | null;
  /** Written as a JSON string, read back parsed by both drivers. */
  changes: ColumnType<ActivityChanges | null, string | null, never>;
  ip: string | null;
  user_agent: string | null;
  /** The family whose timeline shows the row (beneficiaries changes), else null. */
  family_id: ColumnType<number | null, number | null | undefined, never>;
}

export type ActivityLogRow = Selectable<ActivityLogTable>;
