import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';
import type { CreatedAt, NullableTimestamp, Timestamp } from '../../db/tables';

// Migration 0001.
declare module '../../db/tables' {
  interface Database {
    employees: EmployeesTable;
  }
}

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
