import { sql } from 'kysely';
import {
  addAuditColumns,
  addNameColumns,
  createIndexes,
  createRecordTable,
  createUniqueNameIndex,
  dropTables,
  type MigrationDb,
} from '../../../db/ddl';
import type { NamedMigration } from '../../../db/migrations/types';

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
      .addColumn('employee_id', 'integer', (col) =>
        col.notNull().references('employees.id').onDelete('cascade'),
      )
      .addColumn('group_id', 'integer', (col) =>
        col.notNull().references('permission_groups.id').onDelete('restrict'),
      )
      .addPrimaryKeyConstraint('employee_permission_groups_pk', ['employee_id', 'group_id'])
      .execute();
    await createIndexes(db, 'employee_permission_groups', {
      employee_permission_groups_group_idx: ['group_id'],
    });
  },
  async down(db: MigrationDb) {
    await dropTables(db, 'employee_permission_groups', 'permission_groups');
  },
};
