import { sql, type Generated, type Kysely, type Selectable } from 'kysely';
import type { NamedMigration } from '../../db/migrations/types';
import type { AuditColumns, CreatedAt, DateText, NullableDate, NullableInt, NullableMoney, NullableText, NullableTimestamp } from '../../db/tables';

declare module '../../db/tables' {
  interface Database {
    services: ServicesTable;
    service_status_history: ServiceStatusHistoryTable;
  }
}

export interface ServicesTable extends AuditColumns {
  id: Generated<number>;
  service_type_id: number;
  family_id: number;
  member_id: NullableInt;
  requested_by: NullableInt;
  provider_id: NullableInt;
  implementing_org_id: NullableInt;
  request_date: DateText;
  approval_date: NullableDate;
  expected_date: NullableDate;
  delivery_date: NullableDate;
  quantity: number;
  cost: NullableMoney;
  status: string;
  status_reason: NullableText;
  status_changed_at: NullableTimestamp;
  status_changed_by: NullableInt;
  details: NullableText;
  follow_up_recommendations: NullableText;
  beneficiary_satisfaction: NullableInt;
}

/** One row per status a service entered, the request itself included (`from_status` null). */
export interface ServiceStatusHistoryTable {
  id: Generated<number>;
  service_id: number;
  from_status: string | null;
  to_status: string;
  reason: string | null;
  at: CreatedAt;
  by: number | null;
}

export type ServiceRow = Selectable<ServicesTable>;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations describe the schema as it was
type AnyDb = Kysely<any>;

// Spelled out, not read from the contracts: a shipped migration must not change when they do.
const STATUS_LIST = sql.join(['requested', 'approved', 'in_progress', 'delivered', 'rejected', 'cancelled'].map((code) => sql.lit(code)));

/**
 * Services delivered to families (reference §1.5) and their status history. Runs after the
 * catalogue's migration (`…_service_catalogue_tables` sorts before `…_services_tables`): a
 * service refers to its type (`restrict`: a type in use is deactivated, never deleted), its
 * family and member, the employees and the implementing organisation. Plain DDL: the same on
 * PGlite and PostgreSQL.
 */
export const servicesMigration: NamedMigration = {
  name: '2026_11_23_services_tables',
  async up(db: AnyDb) {
    await db.schema
      .createTable('services')
      .addColumn('id', 'integer', (col) => col.primaryKey().generatedByDefaultAsIdentity())
      .addColumn('service_type_id', 'integer', (col) => col.notNull().references('service_types.id').onDelete('restrict'))
      .addColumn('family_id', 'integer', (col) => col.notNull().references('families.id').onDelete('restrict'))
      .addColumn('member_id', 'integer', (col) => col.references('family_members.id').onDelete('set null'))
      .addColumn('requested_by', 'integer', (col) => col.references('employees.id'))
      .addColumn('provider_id', 'integer', (col) => col.references('employees.id'))
      .addColumn('implementing_org_id', 'integer', (col) => col.references('organisations.id'))
      .addColumn('request_date', 'date', (col) => col.notNull())
      .addColumn('approval_date', 'date')
      .addColumn('expected_date', 'date')
      .addColumn('delivery_date', 'date')
      .addColumn('quantity', 'integer', (col) => col.notNull().defaultTo(1).check(sql`quantity > 0`))
      .addColumn('cost', 'numeric(12, 2)', (col) => col.check(sql`cost >= 0`))
      .addColumn('status', 'text', (col) => col.notNull().defaultTo('requested').check(sql`status in (${STATUS_LIST})`))
      .addColumn('status_reason', 'text')
      .addColumn('status_changed_at', 'timestamptz')
      .addColumn('status_changed_by', 'integer', (col) => col.references('employees.id'))
      .addColumn('details', 'text')
      .addColumn('follow_up_recommendations', 'text')
      .addColumn('beneficiary_satisfaction', 'smallint', (col) => col.check(sql`beneficiary_satisfaction between 1 and 5`))
      .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
      .addColumn('created_by', 'integer', (col) => col.references('employees.id'))
      .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
      .addColumn('updated_by', 'integer', (col) => col.references('employees.id'))
      .addCheckConstraint('services_dates', sql`(approval_date is null or approval_date >= request_date) and (delivery_date is null or delivery_date >= request_date)`)
      .execute();
    await db.schema.createIndex('services_family_idx').on('services').columns(['family_id', 'status']).execute();
    await db.schema.createIndex('services_type_idx').on('services').column('service_type_id').execute();
    await db.schema.createIndex('services_status_idx').on('services').column('status').execute();
    await db.schema.createIndex('services_request_date_idx').on('services').column('request_date').execute();
    await sql`create index services_open_expected_idx on services (expected_date) where status in ('requested', 'approved', 'in_progress')`.execute(db);

    await db.schema
      .createTable('service_status_history')
      .addColumn('id', 'integer', (col) => col.primaryKey().generatedByDefaultAsIdentity())
      .addColumn('service_id', 'integer', (col) => col.notNull().references('services.id').onDelete('cascade'))
      .addColumn('from_status', 'text')
      .addColumn('to_status', 'text', (col) => col.notNull())
      .addColumn('reason', 'text')
      .addColumn('at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
      .addColumn('by', 'integer', (col) => col.references('employees.id'))
      .execute();
    await db.schema.createIndex('service_status_history_service_idx').on('service_status_history').columns(['service_id', 'id']).execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropTable('service_status_history').ifExists().execute();
    await db.schema.dropTable('services').ifExists().execute();
  },
};
