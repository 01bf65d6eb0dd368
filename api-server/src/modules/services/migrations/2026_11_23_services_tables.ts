import { sql } from 'kysely';
import {
  addAuditColumns,
  addStatusChangeColumns,
  createIndexes,
  createRecordTable,
  createStatusHistoryTable,
  dropTables,
  sqlList,
  type MigrationDb,
} from '../../../db/ddl';
import type { NamedMigration } from '../../../db/migrations/types';

// Spelled out, not read from the contracts: a shipped migration must not change when they do.
const STATUS_LIST = sqlList([
  'requested',
  'approved',
  'in_progress',
  'delivered',
  'rejected',
  'cancelled',
]);

/**
 * Services delivered to families and their status history. Runs after the
 * catalogue's migration (`…_service_catalogue_tables` sorts before `…_services_tables`): a
 * service refers to its type (`restrict`: a type in use is deactivated, never deleted), its
 * family and member, the employees and the implementing organisation. Plain DDL: the same on
 * PGlite and PostgreSQL.
 */
export const servicesMigration: NamedMigration = {
  name: '2026_11_23_services_tables',
  async up(db: MigrationDb) {
    await createRecordTable(db, 'services')
      .addColumn('service_type_id', 'integer', (col) =>
        col.notNull().references('service_types.id').onDelete('restrict'),
      )
      .addColumn('family_id', 'integer', (col) =>
        col.notNull().references('families.id').onDelete('restrict'),
      )
      .addColumn('member_id', 'integer', (col) =>
        col.references('family_members.id').onDelete('set null'),
      )
      .addColumn('requested_by', 'integer', (col) => col.references('employees.id'))
      .addColumn('provider_id', 'integer', (col) => col.references('employees.id'))
      .addColumn('implementing_org_id', 'integer', (col) => col.references('organisations.id'))
      .addColumn('request_date', 'date', (col) => col.notNull())
      .addColumn('approval_date', 'date')
      .addColumn('expected_date', 'date')
      .addColumn('delivery_date', 'date')
      .addColumn('quantity', 'integer', (col) =>
        col
          .notNull()
          .defaultTo(1)
          .check(sql`quantity > 0`),
      )
      .addColumn('cost', 'numeric(12, 2)', (col) => col.check(sql`cost >= 0`))
      .addColumn('status', 'text', (col) =>
        col
          .notNull()
          .defaultTo('requested')
          .check(sql`status in (${STATUS_LIST})`),
      )
      .$call(addStatusChangeColumns)
      .addColumn('details', 'text')
      .addColumn('follow_up_recommendations', 'text')
      .addColumn('beneficiary_satisfaction', 'smallint', (col) =>
        col.check(sql`beneficiary_satisfaction between 1 and 5`),
      )
      .$call(addAuditColumns)
      .addCheckConstraint(
        'services_dates',
        sql`(approval_date is null or approval_date >= request_date) and (delivery_date is null or delivery_date >= request_date)`,
      )
      .execute();
    await createIndexes(db, 'services', {
      services_family_idx: ['family_id', 'status'],
      services_type_idx: ['service_type_id'],
      services_status_idx: ['status'],
      services_request_date_idx: ['request_date'],
    });
    await sql`create index services_open_expected_idx on services (expected_date) where status in ('requested', 'approved', 'in_progress')`.execute(
      db,
    );

    await createStatusHistoryTable(db, 'service_status_history', 'service_id', 'services');
    await createIndexes(db, 'service_status_history', {
      service_status_history_service_idx: ['service_id', 'id'],
    });
  },
  async down(db: MigrationDb) {
    await dropTables(db, 'service_status_history', 'services');
  },
};
