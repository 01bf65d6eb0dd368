import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

/**
 * The tables as Kysely sees them. Each later module adds its tables here and a migration in
 * `migrations/`. bigint ids come back as strings from `pg` and as numbers from PGlite, so the
 * repositories convert them with `Number()`.
 */

type BigIntId = ColumnType<string | number, never, never>;
type CreatedAt = ColumnType<Date, Date | undefined, never>;
type Timestamp = ColumnType<Date, Date | undefined, Date>;
type NullableTimestamp = ColumnType<Date | null, Date | null | undefined, Date | null>;

export interface EmployeesTable {
  id: Generated<number>;
  name: string;
  /** Always lower-case (a check constraint says so), unique. */
  email: string;
  /** normaliseArabic(name + ' ' + email): what list search compares against. */
  search_key: string;
  password_hash: string;
  active: ColumnType<boolean, boolean | undefined, boolean>;
  role: string | null;
  permissions: ColumnType<string[], string[] | undefined, string[]>;
  created_at: CreatedAt;
  updated_at: Timestamp;
  last_login_at: NullableTimestamp;
}

export interface ApiTokensTable {
  id: BigIntId;
  /** SHA-256 hex of the token; the token itself is never stored. */
  token_hash: string;
  employee_id: number;
  created_at: CreatedAt;
  expires_at: Date;
  revoked_at: NullableTimestamp;
  last_used_at: NullableTimestamp;
  ip: string | null;
  user_agent: string | null;
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

export interface LoginAttemptsTable {
  id: BigIntId;
  email: string;
  ip: string;
  at: Date;
  success: boolean;
}

// ---------------------------------------------------------------------------------------------
// Beneficiaries (migration 0002). `date` columns read back as 'YYYY-MM-DD' strings and
// `numeric` columns as numbers (both drivers, see database.ts).
// ---------------------------------------------------------------------------------------------

/** A `date` column: written and read as `YYYY-MM-DD`. */
type DateText = string;
type NullableDate = ColumnType<DateText | null, DateText | null | undefined, DateText | null>;
type Money = ColumnType<number, number | string, number | string>;
type NullableMoney = ColumnType<number | null, number | string | null | undefined, number | string | null>;
type NullableInt = ColumnType<number | null, number | null | undefined, number | null>;
type NullableText = ColumnType<string | null, string | null | undefined, string | null>;
type Flag = ColumnType<boolean, boolean | undefined, boolean>;

export interface LookupsTable {
  name: string;
  code: string;
  label_ar: string;
  label_en: NullableText;
  parent_code: NullableText;
  sort: ColumnType<number, number | undefined, number>;
  active: Flag;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface FamilyFileCountersTable {
  hijri_year: number;
  last_value: number;
}

export interface FamiliesTable {
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
  members_count: ColumnType<number, number | undefined, number>;
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
  created_at: CreatedAt;
  created_by: NullableInt;
  updated_at: Timestamp;
  updated_by: NullableInt;
}

export interface FamilyMembersTable {
  id: Generated<number>;
  family_id: number;
  relationship: NullableText;
  full_name: string;
  name_normalized: string;
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
  created_at: CreatedAt;
  created_by: NullableInt;
  updated_at: Timestamp;
  updated_by: NullableInt;
}

export interface FamilyIncomeSourcesTable {
  id: Generated<number>;
  family_id: number;
  source: string;
  amount: Money;
  verified: Flag;
  notes: NullableText;
  position: ColumnType<number, number | undefined, number>;
}

export interface FamilyNeedsTable {
  id: Generated<number>;
  family_id: number;
  need_type: string;
  priority: string;
  description: NullableText;
  fulfilled_at: NullableTimestamp;
  position: ColumnType<number, number | undefined, number>;
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

export interface MemberMovesTable {
  id: Generated<number>;
  from_member_id: number;
  to_member_id: number;
  from_family_id: number;
  to_family_id: number;
  from_relationship: string;
  to_relationship: string;
  reason: string;
  effective_date: DateText;
  at: CreatedAt;
  by: number | null;
}

export interface OrganisationsTable {
  id: Generated<number>;
  name: string;
  name_normalized: string;
  name_en: NullableText;
  type: string;
  registration_number: NullableText;
  contact_person: NullableText;
  phone: NullableText;
  email: NullableText;
  city: NullableText;
  website: NullableText;
  status: string;
  notes: NullableText;
  search_text: string;
  created_at: CreatedAt;
  created_by: NullableInt;
  updated_at: Timestamp;
  updated_by: NullableInt;
}

export interface OrganisationAgreementsTable {
  id: Generated<number>;
  organisation_id: number;
  title: string;
  start_date: DateText;
  end_date: DateText;
  value: NullableMoney;
  notes: NullableText;
}

/** The eligibility rule as stored (codes, not labels). */
export interface StoredEligibility {
  categories: string[];
  max_per_capita_income: number | null;
  member_min_age: number | null;
  member_max_age: number | null;
  statuses: string[];
}

export interface SeasonsTable {
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
  created_at: CreatedAt;
  created_by: NullableInt;
  updated_at: Timestamp;
  updated_by: NullableInt;
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

export interface Database {
  employees: EmployeesTable;
  api_tokens: ApiTokensTable;
  activity_log: ActivityLogTable;
  login_attempts: LoginAttemptsTable;
  lookups: LookupsTable;
  family_file_counters: FamilyFileCountersTable;
  families: FamiliesTable;
  family_members: FamilyMembersTable;
  family_income_sources: FamilyIncomeSourcesTable;
  family_needs: FamilyNeedsTable;
  family_categories: FamilyCategoriesTable;
  family_status_history: FamilyStatusHistoryTable;
  member_moves: MemberMovesTable;
  organisations: OrganisationsTable;
  organisation_agreements: OrganisationAgreementsTable;
  seasons: SeasonsTable;
  season_beneficiaries: SeasonBeneficiariesTable;
  distributions: DistributionsTable;
  distribution_items: DistributionItemsTable;
}

export type FamilyRow = Selectable<FamiliesTable>;
export type FamilyMemberRow = Selectable<FamilyMembersTable>;
export type OrganisationRow = Selectable<OrganisationsTable>;
export type SeasonRow = Selectable<SeasonsTable>;
export type SeasonBeneficiaryRow = Selectable<SeasonBeneficiariesTable>;
export type LookupRow = Selectable<LookupsTable>;

export type EmployeeRow = Selectable<EmployeesTable>;
/** An employee without the secret and search columns: what a request's caller is. */
export type EmployeeAccount = Omit<EmployeeRow, 'password_hash' | 'search_key'>;
export const EMPLOYEE_ACCOUNT_COLUMNS = [
  'id',
  'name',
  'email',
  'active',
  'role',
  'permissions',
  'created_at',
  'updated_at',
  'last_login_at',
] as const satisfies readonly (keyof EmployeeAccount)[];
export type NewEmployeeRow = Insertable<EmployeesTable>;
export type ActivityLogRow = Selectable<ActivityLogTable>;
