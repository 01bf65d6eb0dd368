import type { ColumnType, Generated, Selectable } from 'kysely';
import type { Attendance, AudienceState, SeminarStatus } from 'shared-contracts/engagement';
import type {
  AuditColumns,
  CreatedAt,
  Flag,
  NullableInt,
  NullableText,
  NullableTimestamp,
} from '../../db/tables';

declare module '../../db/tables' {
  interface Database {
    seminar_types: SeminarTypesTable;
    seminars: SeminarsTable;
    seminar_audience: SeminarAudienceTable;
  }
}

export interface SeminarTypesTable extends AuditColumns {
  id: Generated<number>;
  name: string;
  name_normalized: string;
  description: NullableText;
  active: Flag;
  search_text: string;
}

/**
 * A seminar. `starts_at` / `ends_at` are Riyadh wall-clock times `YYYY-MM-DDTHH:MM` kept as
 * text: what the officer typed is what every page, export and print shows (Saudi Arabia has no
 * daylight saving, so no instant is ambiguous), they sort and compare as text, and no driver or
 * process time zone can shift them (PGlite and PostgreSQL read them identically).
 */
export interface SeminarsTable extends AuditColumns {
  id: Generated<number>;
  title: string;
  seminar_type_id: number;
  axis_id: NullableInt;
  presenter: NullableText;
  venue: NullableText;
  online_url: NullableText;
  starts_at: string;
  ends_at: string;
  capacity: number;
  target_gender: NullableText;
  target_age_min: NullableInt;
  target_age_max: NullableInt;
  target_categories: ColumnType<string[], string[] | undefined, string[]>;
  description: NullableText;
  status: SeminarStatus;
  status_reason: NullableText;
  status_changed_at: NullableTimestamp;
  status_changed_by: NullableInt;
  /** The last queue position handed out (registrations take the next under the row lock). */
  last_position: ColumnType<number, number | undefined, number>;
  search_text: string;
}

/** One person of a seminar's audience: a family member or an external guest. */
export interface SeminarAudienceTable {
  id: Generated<number>;
  seminar_id: number;
  member_id: NullableInt;
  /** The member's family when they registered (the family page's panel reads it). */
  family_id: NullableInt;
  /** The name as registered (a guest's, or the member's at the time). */
  person_name: string;
  guest_phone: NullableText;
  state: AudienceState;
  /** Arrival order in the seminar (registration and waiting list alike). */
  position: number;
  attendance: Attendance | null;
  attendance_at: NullableTimestamp;
  attendance_by: NullableInt;
  promoted_at: NullableTimestamp;
  override_note: NullableText;
  created_at: CreatedAt;
  created_by: NullableInt;
}

export type SeminarRow = Selectable<SeminarsTable>;
export type SeminarAudienceRow = Selectable<SeminarAudienceTable>;
