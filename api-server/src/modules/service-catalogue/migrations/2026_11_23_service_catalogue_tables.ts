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

/** id, name, normalised name, active, search text and the audit columns, on a new catalogue table. */
function catalogueTable(db: MigrationDb, table: string) {
  return createRecordTable(db, table)
    .$call(addNameColumns)
    .addColumn('active', 'boolean', (col) => col.notNull().defaultTo(true))
    .addColumn('search_text', 'text', (col) => col.notNull().defaultTo(''))
    .$call(addAuditColumns);
}

/**
 * The services catalogue: departments (sectors), axes (strategic pillars) and
 * the service types filed under them. A name is unique once Arabic-normalised; a department or
 * axis a type uses, like a type a service uses, cannot be deleted (`on delete restrict`, and the
 * API's 409 says so first). Plain DDL: the same on PGlite and PostgreSQL.
 */
export const serviceCatalogueMigration: NamedMigration = {
  name: '2026_11_23_service_catalogue_tables',
  async up(db: MigrationDb) {
    await catalogueTable(db, 'service_departments')
      .addColumn('manager_id', 'integer', (col) =>
        col.references('employees.id').onDelete('set null'),
      )
      .execute();
    await createUniqueNameIndex(db, 'service_departments');

    await catalogueTable(db, 'service_axes').addColumn('description', 'text').execute();
    await createUniqueNameIndex(db, 'service_axes');

    await catalogueTable(db, 'service_types')
      .addColumn('department_id', 'integer', (col) =>
        col.notNull().references('service_departments.id').onDelete('restrict'),
      )
      .addColumn('axis_id', 'integer', (col) =>
        col.notNull().references('service_axes.id').onDelete('restrict'),
      )
      .addColumn('default_cost', 'numeric(12, 2)', (col) => col.check(sql`default_cost >= 0`))
      .addColumn('unit', 'text')
      .addColumn('is_medical', 'boolean', (col) => col.notNull().defaultTo(false))
      .execute();
    await createUniqueNameIndex(db, 'service_types');
    await createIndexes(db, 'service_types', {
      service_types_department_idx: ['department_id'],
      service_types_axis_idx: ['axis_id'],
    });
  },
  async down(db: MigrationDb) {
    await dropTables(db, 'service_types', 'service_axes', 'service_departments');
  },
};
