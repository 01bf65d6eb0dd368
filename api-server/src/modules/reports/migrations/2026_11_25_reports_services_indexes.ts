import { sql, type Kysely } from 'kysely';
import type { NamedMigration } from '../../../db/migrations/types';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations describe the schema as it was
type AnyDb = Kysely<any>;

/**
 * The service reports' index: the financial report reads the delivered services by
 * delivery date, a partial index of only those rows. (`request_date`, `status`, the type, the
 * family and the open services' `expected_date` are indexed by the services' own migration.)
 */
export const servicesReportIndexesMigration: NamedMigration = {
  name: '2026_11_25_reports_services_indexes',
  async up(db: AnyDb) {
    await sql`create index services_delivered_date_idx on services (delivery_date)
      where status = 'delivered'`.execute(db);
  },
  async down(db: AnyDb) {
    await sql`drop index if exists services_delivered_date_idx`.execute(db);
  },
};
