import type { Generated, Selectable } from 'kysely';
import type { ConsentMethod, ConsentPurpose } from 'shared-contracts/resources/consents-contracts';
import type {
  CreatedAt,
  DateText,
  NullableDate,
  NullableInt,
  NullableText,
  NullableTimestamp,
} from '../../db/tables';

declare module '../../db/tables' {
  interface Database {
    family_consents: FamilyConsentsTable;
  }
}

/**
 * One consent of one family to one purpose (docs/personal-data.md). A withdrawal fills the
 * `withdrawn_*` columns and keeps the row; at most one row per family and purpose is current
 * (`withdrawn_on` null), which a partial unique index enforces.
 */
export interface FamilyConsentsTable {
  id: Generated<number>;
  family_id: number;
  purpose: ConsentPurpose;
  method: ConsentMethod;
  given_on: DateText;
  witness_name: NullableText;
  /** The signed form among the family's documents. */
  document_id: NullableInt;
  note: NullableText;
  /** Null only for a consent migrated from a family form that named nobody. */
  recorded_by: NullableInt;
  recorded_at: CreatedAt;
  withdrawn_on: NullableDate;
  withdrawn_by: NullableInt;
  withdrawal_reason: NullableText;
  withdrawal_recorded_at: NullableTimestamp;
}

export type FamilyConsentRow = Selectable<FamilyConsentsTable>;
