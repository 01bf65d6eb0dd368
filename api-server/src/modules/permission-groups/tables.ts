import { sql, type Generated, type Selectable } from 'kysely';
import { addAuditColumns, addNameColumns, createIndexes, createRecordTable, createUniqueNameIndex, dropTables, type MigrationDb } from '../../db/ddl';
import type { NamedMigration } from '../../db/migrations/types';
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

/**
 * Permission groups and their members. A group in use cannot be deleted (`on delete
 * restrict`; the API's 409 says so first); an employee is never deleted, but the membership
 * rows would follow one.
 */
export const permissionGroupsMigration: NamedMigration = {
  name: '2026_11_24_permission_groups_tables',
  async up(db: MigrationDb) {
    await createRecordTable(db, 'permission_groups')
      .$call(addNameColumns)
      .addColumn('description', 'text')
      .addColumn('permissions', sql`text[]`, (col) => col.notNull().defaultTo(sql`'{}'::text[]`))
      .addColumn('search_text', 'text', (col) => col.notNull().defaultTo(''))
      .$call(addAuditColumns)
      .execute();
    await createUniqueNameIndex(db, 'permission_groups');
    await db.schema
      .createTable('employee_permission_groups')
      .addColumn('employee_id', 'integer', (col) => col.notNull().references('employees.id').onDelete('cascade'))
      .addColumn('group_id', 'integer', (col) => col.notNull().references('permission_groups.id').onDelete('restrict'))
      .addPrimaryKeyConstraint('employee_permission_groups_pk', ['employee_id', 'group_id'])
      .execute();
    await createIndexes(db, 'employee_permission_groups', { employee_permission_groups_group_idx: ['group_id'] });
  },
  async down(db: MigrationDb) {
    await dropTables(db, 'employee_permission_groups', 'permission_groups');
  },
};
