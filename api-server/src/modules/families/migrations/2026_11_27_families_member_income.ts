import { sql } from 'kysely';
import type { MigrationDb } from '../../../db/ddl';
import type { NamedMigration } from '../../../db/migrations/types';

/**
 * A family's total income now counts the monthly income recorded on its members (head included)
 * besides its income sources (`familyTotalIncome`); the stored totals and per-member incomes of
 * families whose current members have one are recomputed once, as `refreshFamilySummary` would.
 */
export const memberIncomeMigration: NamedMigration = {
  name: '2026_11_27_families_member_income',
  async up(db: MigrationDb) {
    await sql`
      with counted as (
        select f.id,
          coalesce((select sum(s.amount) from family_income_sources s where s.family_id = f.id), 0)
          + coalesce((select sum(m.monthly_income) from family_members m
              where m.family_id = f.id and (m.active or m.end_reason = 'family_archived')), 0) as total
        from families f
        where exists (select 1 from family_members m
          where m.family_id = f.id and m.monthly_income is not null
            and (m.active or m.end_reason = 'family_archived'))
      )
      update families f
      set total_income = counted.total,
        per_capita_income = case when f.members_count > 0
          then round(counted.total / f.members_count, 2) end
      from counted
      where counted.id = f.id`.execute(db);
  },
  async down(db: MigrationDb) {
    // The totals are derived data: going back recomputes them from the sources only.
    await sql`
      update families f
      set total_income = coalesce((select sum(s.amount) from family_income_sources s where s.family_id = f.id), 0),
        per_capita_income = case when f.members_count > 0
          then round(coalesce((select sum(s.amount) from family_income_sources s where s.family_id = f.id), 0) / f.members_count, 2) end`.execute(
      db,
    );
  },
};
