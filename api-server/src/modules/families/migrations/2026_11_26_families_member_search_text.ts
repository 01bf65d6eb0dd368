import { sql } from 'kysely';
import type { MigrationDb } from '../../../db/ddl';
import type { NamedMigration } from '../../../db/migrations/types';

/**
 * The members register's search (busy morning): its haystack was an expression over
 * each member and its family, so every search read all the members (1.3–1.8 s at 490,000
 * members). A stored generated `search_text` (normalised name, national ID, phone in both
 * spellings) takes a trigram index, and the family's file number, searched through its own
 * trigram index, narrows the members by family id.
 */
export const memberSearchTextMigration: NamedMigration = {
  name: '2026_11_26_families_member_search_text',
  async up(db: MigrationDb) {
    // Only immutable text operators: concat_ws is not allowed in a generated column.
    await sql`
      alter table family_members add column search_text text generated always as (
        name_normalized || ' ' || coalesce(national_id, '') || ' ' || coalesce(phone, '') || ' ' ||
        coalesce(case when phone like '+9665%' then '0' || substr(phone, 5) end, '')
      ) stored`.execute(db);
    await sql`create index family_members_search_text_trgm on family_members using gin (search_text gin_trgm_ops)`.execute(
      db,
    );
    await sql`create index families_file_number_trgm on families using gin (lower(file_number) gin_trgm_ops)`.execute(
      db,
    );
  },
  async down(db: MigrationDb) {
    await sql`drop index if exists families_file_number_trgm`.execute(db);
    await sql`drop index if exists family_members_search_text_trgm`.execute(db);
    await sql`alter table family_members drop column if exists search_text`.execute(db);
  },
};
