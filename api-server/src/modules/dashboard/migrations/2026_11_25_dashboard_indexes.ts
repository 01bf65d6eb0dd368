import { sql, type Kysely } from 'kysely';
import type { NamedMigration } from '../../../db/migrations/types';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations describe the schema as it was
type AnyDb = Kysely<any>;

/**
 * The indexes the reports bench asked for (100,000 families, 500,000 members on PostgreSQL).
 *
 * `family_members_needs_idx`: the active members by family with what the family-needs report
 * reads of each (sex, birth date, pregnancy, breastfeeding). The report then reads this index
 * alone (an index-only scan, a fraction of the members table's width) in family order and sums
 * each family as it goes, instead of scanning the whole table and hashing half a million rows.
 * It lives here because the dashboard and the family-needs SQL were tuned together; the reports
 * module's own migrations hold the services indexes the dashboard's counts also read.
 */
export const dashboardIndexesMigration: NamedMigration = {
  name: '2026_11_25_dashboard_indexes',
  async up(db: AnyDb) {
    await sql`create index family_members_needs_idx on family_members (family_id)
      include (gender, birth_date, is_pregnant, is_lactating) where active`.execute(db);
  },
  async down(db: AnyDb) {
    await sql`drop index if exists family_members_needs_idx`.execute(db);
  },
};
