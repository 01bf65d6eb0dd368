import type { ColumnType, Generated, GeneratedAlways, Selectable } from 'kysely';
import type {
  AuditColumns,
  Counter,
  CreatedAt,
  DateText,
  Flag,
  Money,
  NullableDate,
  NullableInt,
  NullableMoney,
  NullableText,
  NullableTimestamp,
} from '../../db/tables';

// Migration 0002.
declare module '../../db/tables' {
  interface Database {
    family_file_counters: FamilyFileCountersTable;
    families: FamiliesTable;
    family_members: FamilyMembersTable;
    family_income_sources: FamilyIncomeSourcesTable;
    family_needs: FamilyNeedsTable;
    family_categories: FamilyCategoriesTable;
    family_status_history: FamilyStatusHistoryTable;
  }
}

/** The last file-number sequence of each Hijri year. */
export interface FamilyFileCountersTable {
  hijri_year: number;
  last_value: number;
}

export interface FamiliesTable extends AuditColumns {
  id: Generated<number>;
  file_number: string;
  status: string;
  status_reason: NullableText;
  status_changed_at: NullableTimestamp;
  status_changed_by: NullableInt;
  head_name: ColumnType<string, string | undefined, string>;
  head_national_id: NullableText;
  primary_phone: NullableText;
  alt_phone: NullableText;
  city: NullableText;
  district: NullableText;
  address: NullableText;
  national_address_short_code: NullableText;
  housing_type: NullableText;
  housing_ownership: NullableText;
  monthly_rent: NullableMoney;
  members_count: Counter;
  total_income: ColumnType<number, number | string | undefined, number | string>;
  per_capita_income: NullableMoney;
  consent_data_processing: Flag;
  consent_share_with_partners: Flag;
  consent_date: NullableTimestamp;
  consent_by: NullableInt;
  assigned_researcher_id: NullableInt;
  next_reassessment_date: NullableDate;
  notes: NullableText;
  search_text: ColumnType<string, string | undefined, string>;
  /** When and by whom its personal data was erased (the family-erasure module's migration). */
  anonymised_at: NullableTimestamp;
  anonymised_by: NullableInt;
}

/** A membership: a person in one family from `start_date` until `end_date`. */
export interface FamilyMembersTable extends AuditColumns {
  id: Generated<number>;
  family_id: number;
  relationship: NullableText;
  full_name: string;
  name_normalized: string;
  /** Generated (migration 2026_11_26_families_member_search_text): what a member search looks in. */
  search_text: GeneratedAlways<string>;
  full_name_en: NullableText;
  national_id: NullableText;
  id_type: NullableText;
  id_expiry_date: NullableDate;
  gender: NullableText;
  birth_date: NullableDate;
  marital_status: NullableText;
  health_status: NullableText;
  disabilities: ColumnType<string[], string[] | undefined, string[]>;
  education_level: NullableText;
  employment_status: NullableText;
  occupation: NullableText;
  monthly_income: NullableMoney;
  is_pregnant: Flag;
  is_lactating: Flag;
  phone: NullableText;
  active: Flag;
  start_date: ColumnType<DateText, DateText | undefined, DateText>;
  end_date: NullableDate;
  end_reason: NullableText;
  moved_from_member_id: NullableInt;
}

export interface FamilyIncomeSourcesTable {
  id: Generated<number>;
  family_id: number;
  source: string;
  amount: Money;
  verified: Flag;
  notes: NullableText;
  position: Counter;
}

export interface FamilyNeedsTable {
  id: Generated<number>;
  family_id: number;
  need_type: string;
  priority: string;
  description: NullableText;
  fulfilled_at: NullableTimestamp;
  position: Counter;
}

export interface FamilyCategoriesTable {
  family_id: number;
  category: string;
}

export interface FamilyStatusHistoryTable {
  id: Generated<number>;
  family_id: number;
  from_status: string | null;
  to_status: string;
  reason: string | null;
  at: CreatedAt;
  by: number | null;
}

export type FamilyRow = Selectable<FamiliesTable>;
export type FamilyMemberRow = Selectable<FamilyMembersTable>;
