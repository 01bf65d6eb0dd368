import { sql } from 'kysely';
import { type MigrationDb } from '../../../db/ddl';
import type { ModuleBaselinePart } from '../../../db/migrations';

/** Its share of `0002_beneficiaries`: the family whose timeline shows a row. */
export const activityLogFamilyBaseline: ModuleBaselinePart = {
  baselineStep: 'activity_log_family',
  async up(db: MigrationDb) {
    // The family a row concerns (its timeline): set for family, member, enrolment and
    // distribution changes. No foreign key: the log outlives what it describes.
    await db.schema.alterTable('activity_log').addColumn('family_id', 'integer').execute();
    await sql`create index activity_log_family_idx on activity_log (family_id, occurred_at, id) where family_id is not null`.execute(
      db,
    );
  },
};
