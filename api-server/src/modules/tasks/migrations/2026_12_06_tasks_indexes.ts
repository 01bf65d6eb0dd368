import { sql } from 'kysely';
import type { MigrationDb } from '../../../db/ddl';
import type { NamedMigration } from '../../../db/migrations/types';

/**
 * What «مهامي» reads, each scoped to one employee, as partial indexes that hold only the open
 * rows (they stay small as the register grows): a researcher's unrecorded visits and families
 * with a reassessment date, a requester's open services, an employee's imports and seminars,
 * an import's undecided duplicates. Approvals use `services_status_idx`.
 */
export const tasksIndexesMigration: NamedMigration = {
  name: '2026_12_06_tasks_indexes',
  async up(db: MigrationDb) {
    await sql`create index visits_open_researcher_idx on visits (researcher_id, planned_date) where outcome is null`.execute(
      db,
    );
    await sql`create index families_researcher_reassessment_idx on families (assigned_researcher_id, next_reassessment_date) where next_reassessment_date is not null`.execute(
      db,
    );
    await sql`create index services_open_requester_idx on services (requested_by, expected_date) where status in ('requested', 'approved', 'in_progress')`.execute(
      db,
    );
    await sql`create index family_imports_creator_idx on family_imports (created_by, status)`.execute(
      db,
    );
    await sql`create index family_import_rows_undecided_idx on family_import_rows (import_id) where state = 'duplicate' and resolution is null`.execute(
      db,
    );
    await sql`create index seminars_creator_idx on seminars (created_by, starts_at)`.execute(db);
  },
  async down(db: MigrationDb) {
    for (const index of [
      'seminars_creator_idx',
      'family_import_rows_undecided_idx',
      'family_imports_creator_idx',
      'services_open_requester_idx',
      'families_researcher_reassessment_idx',
      'visits_open_researcher_idx',
    ])
      await sql`drop index if exists ${sql.id(index)}`.execute(db);
  },
};
