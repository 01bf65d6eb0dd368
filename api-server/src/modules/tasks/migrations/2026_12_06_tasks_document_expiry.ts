import { sql } from 'kysely';
import type { MigrationDb } from '../../../db/ddl';
import type { NamedMigration } from '../../../db/migrations/types';

/**
 * «مهامي»'s expiring family documents: the employee's families not archived, read from an index
 * alone, then for each one probe into the live, dated documents of that family by expiry, the
 * kind (the medical rule) and the id carried in the index (no table row is read to count or to
 * choose the first hundred). Partial, so each holds only the rows that can ever be such a task.
 */
export const tasksDocumentExpiryMigration: NamedMigration = {
  name: '2026_12_06_tasks_document_expiry',
  async up(db: MigrationDb) {
    await sql`create index families_open_researcher_idx on families (assigned_researcher_id, id) where status <> 'archived'`.execute(
      db,
    );
    await sql`create index documents_family_expiry_idx on documents (family_id, expires_on) include (kind, id) where family_id is not null and expires_on is not null and deleted_at is null`.execute(
      db,
    );
  },
  async down(db: MigrationDb) {
    await sql`drop index if exists documents_family_expiry_idx`.execute(db);
    await sql`drop index if exists families_open_researcher_idx`.execute(db);
  },
};
