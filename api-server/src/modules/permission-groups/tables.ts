import { sql, type Generated, type Kysely, type Selectable } from 'kysely';
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

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations describe the schema as it was
type AnyDb = Kysely<any>;

/**
 * Permission groups and their members (issue 15). A group in use cannot be deleted (`on delete
 * restrict`; the API's 409 says so first); an employee is never deleted, but the membership
 * rows would follow one.
 */
export const permissionGroupsMigration: NamedMigration = {
  name: '2026_11_24_permission_groups_tables',
  async up(db: AnyDb) {
    await db.schema
      .createTable('permission_groups')
      .addColumn('id', 'integer', (col) => col.primaryKey().generatedByDefaultAsIdentity())
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('name_normalized', 'text', (col) => col.notNull())
      .addColumn('description', 'text')
      .addColumn('permissions', sql`text[]`, (col) => col.notNull().defaultTo(sql`'{}'::text[]`))
      .addColumn('search_text', 'text', (col) => col.notNull().defaultTo(''))
      .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
      .addColumn('created_by', 'integer', (col) => col.references('employees.id'))
      .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
      .addColumn('updated_by', 'integer', (col) => col.references('employees.id'))
      .execute();
    await sql`create unique index permission_groups_name_uq on permission_groups (name_normalized)`.execute(db);
    await db.schema
      .createTable('employee_permission_groups')
      .addColumn('employee_id', 'integer', (col) => col.notNull().references('employees.id').onDelete('cascade'))
      .addColumn('group_id', 'integer', (col) => col.notNull().references('permission_groups.id').onDelete('restrict'))
      .addPrimaryKeyConstraint('employee_permission_groups_pk', ['employee_id', 'group_id'])
      .execute();
    await db.schema.createIndex('employee_permission_groups_group_idx').on('employee_permission_groups').column('group_id').execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropTable('employee_permission_groups').ifExists().execute();
    await db.schema.dropTable('permission_groups').ifExists().execute();
  },
};
