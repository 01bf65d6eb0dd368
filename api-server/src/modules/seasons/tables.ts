import type { ColumnType, Generated, Selectable } from 'kysely';
import type {
  AuditColumns,
  CreatedAt,
  DateText,
  NullableInt,
  NullableMoney,
  NullableText,
  NullableTimestamp,
} from '../../db/tables';

// Migration 0002.
declare module '../../db/tables' {
  interface Database {
    seasons: SeasonsTable;
    season_beneficiaries: SeasonBeneficiariesTable;
    distributions: DistributionsTable;
    distribution_items: DistributionItemsTable;
  }
}

/** The eligibility rule as stored (codes, not labels). */
export interface StoredEligibility {
  categories: string[];
  max_per_capita_income: number | null;
  member_min_age: number | null;
  member_max_age: number | null;
  statuses: string[];
}

export interface SeasonsTable extends AuditColumns {
  id: Generated<number>;
  name: string;
  name_normalized: string;
  kind: string;
  hijri_year: number;
  start_date: DateText;
  end_date: DateText;
  budget: NullableMoney;
  funding_org_id: NullableInt;
  /** Written as a JSON string, read back parsed. */
  eligibility: ColumnType<StoredEligibility, string, string>;
  status: string;
  status_reason: NullableText;
  status_changed_at: NullableTimestamp;
  status_changed_by: NullableInt;
  notes: NullableText;
}

export interface SeasonBeneficiariesTable {
  id: Generated<number>;
  season_id: number;
  family_id: number;
  status: string;
  status_reason: NullableText;
  voucher_code: string;
  enrolled_at: CreatedAt;
  enrolled_by: NullableInt;
  status_changed_at: NullableTimestamp;
  status_changed_by: NullableInt;
}

export interface DistributionsTable {
  id: Generated<number>;
  season_id: number;
  beneficiary_id: number;
  family_id: number;
  kind: string;
  cash_amount: NullableMoney;
  distributed_at: DateText;
  received_by_name: string;
  received_by_national_id: NullableText;
  handed_over_by: number;
  voucher_code: string;
  notes: NullableText;
  created_at: CreatedAt;
}

export interface DistributionItemsTable {
  id: Generated<number>;
  distribution_id: number;
  item: string;
  quantity: number;
}

export type SeasonRow = Selectable<SeasonsTable>;
export type SeasonBeneficiaryRow = Selectable<SeasonBeneficiariesTable>;
