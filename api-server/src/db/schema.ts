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
}

export interface LoginAttemptsTable {
  id: BigIntId;
  email: string;
  ip: string;
  at: Date;
  success: boolean;
}

export interface Database {
  employees: EmployeesTable;
  api_tokens: ApiTokensTable;
  activity_log: ActivityLogTable;
  login_attempts: LoginAttemptsTable;
}

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
