import type { Generated, Selectable } from 'kysely';
import type { AuditColumns, NullableText } from '../../db/tables';

declare module '../../db/tables' {
  interface Database {
    permission_groups: PermissionGroupsTable;
    employee_permission_groups: EmployeePermissionGroupsTable;
  }
}

export interface PermissionGroupsTable extends AuditColumns {
  id: Generated<number>;
  name: string;
  /** normaliseArabic(name): unique. */
  name_normalized: string;
  description: NullableText;
  /** Keys in the contract's order. */
  permissions: string[];
  search_text: string;
}

/** Who belongs to which group: an employee's effective keys are theirs plus their groups'. */
export interface EmployeePermissionGroupsTable {
  employee_id: number;
  group_id: number;
}

export type PermissionGroupRow = Selectable<PermissionGroupsTable>;
