import { sql } from 'kysely';
import { addAuditColumns, addNameColumns, addStatusChangeColumns, createIndexes, createRecordTable, createStatusHistoryTable, createUniqueNameIndex, type MigrationDb } from '../ddl';
import type { NamedMigration } from './types';

/**
 * The beneficiaries section (families, members, organisations, seasonal programmes) and the
 * editable lookup lists they pick from.
 *
 * Design notes (README "Beneficiaries"):
 * - `family_members` rows are memberships: a person in one family from `start_date` until
 *   `end_date`. `active` is true while the membership holds the person's national ID; the
 *   partial unique index on `national_id WHERE active` is the database's guarantee that one
 *   ID is active in one family only. Moving a member ends one row and starts another.
 * - Families keep denormalised summaries (head name and ID, members count, incomes) and a
 *   `search_text` (normalised names, file number, IDs, phones) refreshed in the transaction
 *   that changes them, so the list reads one table and searches one trigram index.
 * - Lookup codes are plain text columns checked by the API against `lookups` (admins may add,
 *   relabel or deactivate entries without a migration).
 */
const FAMILY_STATUSES = ['draft', 'pending_review', 'approved', 'rejected', 'suspended', 'archived'];
const SEASON_STATUSES = ['draft', 'approved', 'distributing', 'closed', 'cancelled'];
const BENEFICIARY_STATUSES = ['enrolled', 'received', 'excluded'];

const inList = (column: string, values: readonly string[]) =>
  sql.raw(`${column} in (${values.map((value) => `'${value}'`).join(', ')})`);

export const beneficiariesMigration: NamedMigration = {
  name: '0002_beneficiaries',
  async up(db: MigrationDb) {
    // Trigram indexes for substring search. Always in `public`, which every schema's
    // search_path includes (tests and the bench give each run its own schema). The advisory
    // lock keeps two migrations on one server from racing to create it.
    await sql`select pg_advisory_xact_lock(7261001)`.execute(db);
    await sql`create extension if not exists pg_trgm with schema public`.execute(db);

    // ----------------------------------------------------------------------------- lookups
    await db.schema
      .createTable('lookups')
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('code', 'text', (col) => col.notNull())
      .addColumn('label_ar', 'text', (col) => col.notNull())
      .addColumn('label_en', 'text')
      // districts: the code of their city
      .addColumn('parent_code', 'text')
      .addColumn('sort', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('active', 'boolean', (col) => col.notNull().defaultTo(true))
      .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
      .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
      .addPrimaryKeyConstraint('lookups_pkey', ['name', 'code'])
      .execute();

    // ----------------------------------------------------------------------------- families
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
    await sql`create index families_search_text_trgm on families using gin (search_text gin_trgm_ops)`.execute(db);
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
    await sql`create index families_alt_phone_idx on families (alt_phone) where alt_phone is not null`.execute(db);
    // file_number is unique (btree) for exact lookups; a prefix search needs pattern ops.
    await sql`create index families_file_number_pattern_idx on families (file_number text_pattern_ops)`.execute(db);

    await createRecordTable(db, 'family_members')
      .addColumn('family_id', 'integer', (col) => col.notNull().references('families.id').onDelete('cascade'))
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
      .addCheckConstraint('family_members_active_not_ended', sql`not (active and end_date is not null)`)
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
    await sql`create index family_members_national_id_pattern_idx on family_members (national_id text_pattern_ops) where national_id is not null`.execute(db);
    await sql`create index family_members_phone_idx on family_members (phone) where phone is not null`.execute(db);
    await sql`create index family_members_name_trgm on family_members using gin (name_normalized gin_trgm_ops)`.execute(db);

    await createRecordTable(db, 'family_income_sources')
      .addColumn('family_id', 'integer', (col) => col.notNull().references('families.id').onDelete('cascade'))
      .addColumn('source', 'text', (col) => col.notNull())
      .addColumn('amount', 'numeric(12, 2)', (col) => col.notNull().check(sql`amount >= 0`))
      .addColumn('verified', 'boolean', (col) => col.notNull().defaultTo(false))
      .addColumn('notes', 'text')
      .addColumn('position', 'integer', (col) => col.notNull().defaultTo(0))
      .execute();
    await createIndexes(db, 'family_income_sources', { family_income_sources_family_idx: ['family_id'] });

    await createRecordTable(db, 'family_needs')
      .addColumn('family_id', 'integer', (col) => col.notNull().references('families.id').onDelete('cascade'))
      .addColumn('need_type', 'text', (col) => col.notNull())
      .addColumn('priority', 'text', (col) => col.notNull())
      .addColumn('description', 'text')
      .addColumn('fulfilled_at', 'timestamptz')
      .addColumn('position', 'integer', (col) => col.notNull().defaultTo(0))
      .execute();
    await createIndexes(db, 'family_needs', { family_needs_family_idx: ['family_id'] });

    await db.schema
      .createTable('family_categories')
      .addColumn('family_id', 'integer', (col) => col.notNull().references('families.id').onDelete('cascade'))
      .addColumn('category', 'text', (col) => col.notNull())
      .addPrimaryKeyConstraint('family_categories_pkey', ['family_id', 'category'])
      .execute();
    await createIndexes(db, 'family_categories', { family_categories_category_idx: ['category', 'family_id'] });

    await createStatusHistoryTable(db, 'family_status_history', 'family_id', 'families');
    await createIndexes(db, 'family_status_history', { family_status_history_family_idx: ['family_id', 'at'] });

    await createRecordTable(db, 'member_moves')
      .addColumn('from_member_id', 'integer', (col) => col.notNull().references('family_members.id'))
      .addColumn('to_member_id', 'integer', (col) => col.notNull().references('family_members.id'))
      .addColumn('from_family_id', 'integer', (col) => col.notNull().references('families.id'))
      .addColumn('to_family_id', 'integer', (col) => col.notNull().references('families.id'))
      .addColumn('from_relationship', 'text', (col) => col.notNull())
      .addColumn('to_relationship', 'text', (col) => col.notNull())
      .addColumn('reason', 'text', (col) => col.notNull())
      .addColumn('effective_date', 'date', (col) => col.notNull())
      .addColumn('at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
      .addColumn('by', 'integer', (col) => col.references('employees.id'))
      .execute();
    await createIndexes(db, 'member_moves', {
      member_moves_from_family_idx: ['from_family_id'],
      member_moves_to_family_idx: ['to_family_id'],
    });

    // ----------------------------------------------------------------------------- organisations
    await createRecordTable(db, 'organisations')
      .$call(addNameColumns)
      .addColumn('name_en', 'text')
      .addColumn('type', 'text', (col) => col.notNull())
      .addColumn('registration_number', 'text')
      .addColumn('contact_person', 'text')
      .addColumn('phone', 'text')
      .addColumn('email', 'text')
      .addColumn('city', 'text')
      .addColumn('website', 'text')
      .addColumn('status', 'text', (col) => col.notNull().check(sql`status in ('active', 'inactive')`))
      .addColumn('notes', 'text')
      .addColumn('search_text', 'text', (col) => col.notNull().defaultTo(''))
      .$call(addAuditColumns)
      .execute();
    await createUniqueNameIndex(db, 'organisations');
    await sql`create unique index organisations_registration_number_uq on organisations (registration_number) where registration_number is not null`.execute(db);
    await sql`create index organisations_search_text_trgm on organisations using gin (search_text gin_trgm_ops)`.execute(db);

    await createRecordTable(db, 'organisation_agreements')
      .addColumn('organisation_id', 'integer', (col) => col.notNull().references('organisations.id').onDelete('cascade'))
      .addColumn('title', 'text', (col) => col.notNull())
      .addColumn('start_date', 'date', (col) => col.notNull())
      .addColumn('end_date', 'date', (col) => col.notNull())
      .addColumn('value', 'numeric(12, 2)')
      .addColumn('notes', 'text')
      .addCheckConstraint('organisation_agreements_dates', sql`end_date >= start_date`)
      .execute();
    await createIndexes(db, 'organisation_agreements', { organisation_agreements_org_idx: ['organisation_id'] });

    // ----------------------------------------------------------------------------- seasons
    await createRecordTable(db, 'seasons')
      .$call(addNameColumns)
      .addColumn('kind', 'text', (col) => col.notNull())
      .addColumn('hijri_year', 'integer', (col) => col.notNull())
      .addColumn('start_date', 'date', (col) => col.notNull())
      .addColumn('end_date', 'date', (col) => col.notNull())
      .addColumn('budget', 'numeric(12, 2)')
      .addColumn('funding_org_id', 'integer', (col) => col.references('organisations.id'))
      // { categories: string[], max_per_capita_income, member_min_age, member_max_age, statuses }
      .addColumn('eligibility', 'jsonb', (col) => col.notNull())
      .addColumn('status', 'text', (col) => col.notNull().check(inList('status', SEASON_STATUSES)))
      .$call(addStatusChangeColumns)
      .addColumn('notes', 'text')
      .$call(addAuditColumns)
      .addCheckConstraint('seasons_dates', sql`end_date >= start_date`)
      .execute();
    await createIndexes(db, 'seasons', { seasons_status_idx: ['status'] });

    await createRecordTable(db, 'season_beneficiaries')
      .addColumn('season_id', 'integer', (col) => col.notNull().references('seasons.id').onDelete('cascade'))
      .addColumn('family_id', 'integer', (col) => col.notNull().references('families.id'))
      .addColumn('status', 'text', (col) => col.notNull().check(inList('status', BENEFICIARY_STATUSES)))
      .addColumn('status_reason', 'text')
      .addColumn('voucher_code', 'text', (col) => col.notNull())
      .addColumn('enrolled_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
      .addColumn('enrolled_by', 'integer', (col) => col.references('employees.id'))
      .addColumn('status_changed_at', 'timestamptz')
      .addColumn('status_changed_by', 'integer', (col) => col.references('employees.id'))
      .addUniqueConstraint('season_beneficiaries_family_uq', ['season_id', 'family_id'])
      .addUniqueConstraint('season_beneficiaries_voucher_uq', ['season_id', 'voucher_code'])
      .execute();
    await createIndexes(db, 'season_beneficiaries', { season_beneficiaries_family_idx: ['family_id'] });

    await createRecordTable(db, 'distributions')
      .addColumn('season_id', 'integer', (col) => col.notNull().references('seasons.id').onDelete('cascade'))
      .addColumn('beneficiary_id', 'integer', (col) => col.notNull().references('season_beneficiaries.id'))
      .addColumn('family_id', 'integer', (col) => col.notNull().references('families.id'))
      .addColumn('kind', 'text', (col) => col.notNull().check(sql`kind in ('items', 'cash')`))
      .addColumn('cash_amount', 'numeric(12, 2)')
      .addColumn('distributed_at', 'date', (col) => col.notNull())
      .addColumn('received_by_name', 'text', (col) => col.notNull())
      .addColumn('received_by_national_id', 'text')
      .addColumn('handed_over_by', 'integer', (col) => col.notNull().references('employees.id'))
      .addColumn('voucher_code', 'text', (col) => col.notNull())
      .addColumn('notes', 'text')
      .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
      .execute();
    await createIndexes(db, 'distributions', {
      distributions_season_idx: ['season_id', 'distributed_at'],
      distributions_beneficiary_idx: ['beneficiary_id'],
    });

    await createRecordTable(db, 'distribution_items')
      .addColumn('distribution_id', 'integer', (col) => col.notNull().references('distributions.id').onDelete('cascade'))
      .addColumn('item', 'text', (col) => col.notNull())
      .addColumn('quantity', 'integer', (col) => col.notNull().check(sql`quantity > 0`))
      .execute();
    await createIndexes(db, 'distribution_items', { distribution_items_distribution_idx: ['distribution_id'] });

    // ----------------------------------------------------------------------------- activity log
    // The family a row concerns (its timeline): set for family, member, enrolment and
    // distribution changes. No foreign key: the log outlives what it describes.
    await db.schema.alterTable('activity_log').addColumn('family_id', 'integer').execute();
    await sql`create index activity_log_family_idx on activity_log (family_id, occurred_at, id) where family_id is not null`.execute(db);
  },
};
