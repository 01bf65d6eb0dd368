import { sql } from 'kysely';
import {
  addAuditColumns,
  addStatusChangeColumns,
  createIndexes,
  createRecordTable,
  createStatusHistoryTable,
  inList,
  type MigrationDb,
} from '../../../db/ddl';
import type { ModuleBaselinePart } from '../../../db/migrations';

const FAMILY_STATUSES = [
  'draft',
  'pending_review',
  'approved',
  'rejected',
  'suspended',
  'archived',
];

/**
 * Its share of `0002_beneficiaries`: families, their memberships, incomes, needs, categories and
 * status history, and the file-number counters.
 *
 * Design notes (README "Beneficiaries"):
 * - `family_members` rows are memberships: a person in one family from `start_date` until
 *   `end_date`. `active` is true while the membership holds the person's national ID; the
 *   partial unique index on `national_id WHERE active` is the database's guarantee that one
 *   ID is active in one family only. Moving a member ends one row and starts another.
 * - Families keep denormalised summaries (head name and ID, members count, incomes) and a
 *   `search_text` (normalised names, file number, IDs, phones) refreshed in the transaction
 *   that changes them, so the list reads one table and searches one trigram index.
 */
export const familiesBaseline: ModuleBaselinePart = {
  baselineStep: 'families',
  async up(db: MigrationDb) {
    await db.schema
      .createTable('family_file_counters')
      .addColumn('hijri_year', 'integer', (col) => col.primaryKey())
      .addColumn('last_value', 'integer', (col) => col.notNull())
      .execute();

    await createRecordTable(db, 'families')
      .addColumn('file_number', 'text', (col) => col.notNull().unique())
      .addColumn('status', 'text', (col) => col.notNull().check(inList('status', FAMILY_STATUSES)))
      .$call(addStatusChangeColumns)
      .addColumn('head_name', 'text', (col) => col.notNull().defaultTo(''))
      .addColumn('head_national_id', 'text')
      .addColumn('primary_phone', 'text')
      .addColumn('alt_phone', 'text')
      .addColumn('city', 'text')
      .addColumn('district', 'text')
      .addColumn('address', 'text')
      .addColumn('national_address_short_code', 'text')
      .addColumn('housing_type', 'text')
      .addColumn('housing_ownership', 'text')
      .addColumn('monthly_rent', 'numeric(12, 2)')
      .addColumn('members_count', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('total_income', 'numeric(12, 2)', (col) => col.notNull().defaultTo(0))
      .addColumn('per_capita_income', 'numeric(12, 2)')
      .addColumn('consent_data_processing', 'boolean', (col) => col.notNull().defaultTo(false))
      .addColumn('consent_share_with_partners', 'boolean', (col) => col.notNull().defaultTo(false))
      .addColumn('consent_date', 'timestamptz')
      .addColumn('consent_by', 'integer', (col) => col.references('employees.id'))
      .addColumn('assigned_researcher_id', 'integer', (col) => col.references('employees.id'))
      .addColumn('next_reassessment_date', 'date')
      .addColumn('notes', 'text')
      .addColumn('search_text', 'text', (col) => col.notNull().defaultTo(''))
      .$call(addAuditColumns)
      .execute();
    await sql`create index families_search_text_trgm on families using gin (search_text gin_trgm_ops)`.execute(
      db,
    );
    await createIndexes(db, 'families', {
      families_status_idx: ['status', 'created_at'],
      families_city_idx: ['city', 'district'],
      families_researcher_idx: ['assigned_researcher_id'],
      families_reassessment_idx: ['next_reassessment_date'],
      // The list's default order and the sortable columns people use most.
      families_created_at_idx: ['created_at', 'id'],
      families_updated_at_idx: ['updated_at', 'id'],
      families_head_name_idx: ['head_name', 'id'],
      families_primary_phone_idx: ['primary_phone'],
      families_head_national_id_idx: ['head_national_id'],
    });
    await sql`create index families_alt_phone_idx on families (alt_phone) where alt_phone is not null`.execute(
      db,
    );
    // file_number is unique (btree) for exact lookups; a prefix search needs pattern ops.
    await sql`create index families_file_number_pattern_idx on families (file_number text_pattern_ops)`.execute(
      db,
    );

    await createRecordTable(db, 'family_members')
      .addColumn('family_id', 'integer', (col) =>
        col.notNull().references('families.id').onDelete('cascade'),
      )
      // null only for a member of a draft family saved without one
      .addColumn('relationship', 'text')
      .addColumn('full_name', 'text', (col) => col.notNull())
      .addColumn('name_normalized', 'text', (col) => col.notNull())
      .addColumn('full_name_en', 'text')
      .addColumn('national_id', 'text', (col) => col.check(sql`national_id ~ '^[12][0-9]{9}$'`))
      .addColumn('id_type', 'text')
      .addColumn('id_expiry_date', 'date')
      .addColumn('gender', 'text', (col) => col.check(sql`gender in ('male', 'female')`))
      .addColumn('birth_date', 'date')
      .addColumn('marital_status', 'text')
      .addColumn('health_status', 'text')
      .addColumn('disabilities', sql`text[]`, (col) => col.notNull().defaultTo(sql`'{}'::text[]`))
      .addColumn('education_level', 'text')
      .addColumn('employment_status', 'text')
      .addColumn('occupation', 'text')
      .addColumn('monthly_income', 'numeric(12, 2)')
      .addColumn('is_pregnant', 'boolean', (col) => col.notNull().defaultTo(false))
      .addColumn('is_lactating', 'boolean', (col) => col.notNull().defaultTo(false))
      .addColumn('phone', 'text')
      .addColumn('active', 'boolean', (col) => col.notNull().defaultTo(true))
      .addColumn('start_date', 'date', (col) => col.notNull().defaultTo(sql`current_date`))
      .addColumn('end_date', 'date')
      // 'moved' | 'family_archived' | 'removed_from_draft'
      .addColumn('end_reason', 'text')
      .addColumn('moved_from_member_id', 'integer', (col) => col.references('family_members.id'))
      .$call(addAuditColumns)
      .addCheckConstraint(
        'family_members_active_not_ended',
        sql`not (active and end_date is not null)`,
      )
      .execute();
    // The database's word on duplicates: one active membership per national ID…
    await sql`
      create unique index family_members_national_id_active_uq
      on family_members (national_id) where active and national_id is not null
    `.execute(db);
    // …and one active head per family.
    await sql`
      create unique index family_members_one_head_uq
      on family_members (family_id) where active and relationship = 'head'
    `.execute(db);
    await createIndexes(db, 'family_members', {
      family_members_family_idx: ['family_id', 'active'],
      family_members_birth_date_idx: ['birth_date'],
    });
    await sql`create index family_members_national_id_pattern_idx on family_members (national_id text_pattern_ops) where national_id is not null`.execute(
      db,
    );
    await sql`create index family_members_phone_idx on family_members (phone) where phone is not null`.execute(
      db,
    );
    await sql`create index family_members_name_trgm on family_members using gin (name_normalized gin_trgm_ops)`.execute(
      db,
    );

    await createRecordTable(db, 'family_income_sources')
      .addColumn('family_id', 'integer', (col) =>
        col.notNull().references('families.id').onDelete('cascade'),
      )
      .addColumn('source', 'text', (col) => col.notNull())
      .addColumn('amount', 'numeric(12, 2)', (col) => col.notNull().check(sql`amount >= 0`))
      .addColumn('verified', 'boolean', (col) => col.notNull().defaultTo(false))
      .addColumn('notes', 'text')
      .addColumn('position', 'integer', (col) => col.notNull().defaultTo(0))
      .execute();
    await createIndexes(db, 'family_income_sources', {
      family_income_sources_family_idx: ['family_id'],
    });

    await createRecordTable(db, 'family_needs')
      .addColumn('family_id', 'integer', (col) =>
        col.notNull().references('families.id').onDelete('cascade'),
      )
      .addColumn('need_type', 'text', (col) => col.notNull())
      .addColumn('priority', 'text', (col) => col.notNull())
      .addColumn('description', 'text')
      .addColumn('fulfilled_at', 'timestamptz')
      .addColumn('position', 'integer', (col) => col.notNull().defaultTo(0))
      .execute();
    await createIndexes(db, 'family_needs', { family_needs_family_idx: ['family_id'] });

    await db.schema
      .createTable('family_categories')
      .addColumn('family_id', 'integer', (col) =>
        col.notNull().references('families.id').onDelete('cascade'),
      )
      .addColumn('category', 'text', (col) => col.notNull())
      .addPrimaryKeyConstraint('family_categories_pkey', ['family_id', 'category'])
      .execute();
    await createIndexes(db, 'family_categories', {
      family_categories_category_idx: ['category', 'family_id'],
    });

    await createStatusHistoryTable(db, 'family_status_history', 'family_id', 'families');
    await createIndexes(db, 'family_status_history', {
      family_status_history_family_idx: ['family_id', 'at'],
    });
  },
};
