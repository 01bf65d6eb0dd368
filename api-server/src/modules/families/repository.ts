import { sql, type Kysely, type Transaction } from 'kysely';
import {
  FAMILY_LIST_DEFAULT_SORT,
  computeFamilyIncome,
  formatFileNumber,
  hijriYearOf,
  isReassessmentOverdue,
  memberAge,
  perCapitaIncome,
  type Family,
  type FamilyDetail,
  type FamilyListQuery,
  type FamilyMember,
  type FamilyStatus,
  type PersonRef,
} from 'shared-contracts';
import type { Database, FamilyMemberRow, FamilyRow } from '../../db/schema';
import type { LookupSet } from '../lookups/repository';
import { buildFamilySearchText, searchAlternatives, searchCondition } from './search';

type Executor = Kysely<Database> | Transaction<Database>;

/**
 * A family's current members: its active memberships, or — for an archived family, whose
 * memberships ended when it was archived (releasing the national IDs) — the members it had then.
 */
export const CURRENT_MEMBERSHIP = sql<boolean>`(family_members.active or family_members.end_reason = 'family_archived')`;

// ---------------------------------------------------------------------------------------------
// File numbers
// ---------------------------------------------------------------------------------------------

/**
 * The next `F-<Hijri year>-<sequence>` (a counter row per Hijri year, incremented in the
 * caller's transaction, so two concurrent creations never get the same number and a rolled
 * back creation gives its number back).
 */
export async function nextFileNumber(trx: Transaction<Database>, now: Date): Promise<string> {
  const year = hijriYearOf(now);
  const row = await trx
    .insertInto('family_file_counters')
    .values({ hijri_year: year, last_value: 1 })
    .onConflict((conflict) =>
      conflict.column('hijri_year').doUpdateSet({ last_value: sql<number>`family_file_counters.last_value + 1` }),
    )
    .returning('last_value')
    .executeTakeFirstOrThrow();
  return formatFileNumber(year, row.last_value);
}

// ---------------------------------------------------------------------------------------------
// Summaries
// ---------------------------------------------------------------------------------------------

/**
 * Recomputes the denormalised columns (head, counts, incomes, search_text) from the rows, in
 * the transaction that changed them.
 */
export async function refreshFamilySummary(trx: Executor, familyId: number): Promise<void> {
  const family = await trx
    .selectFrom('families')
    .select(['file_number', 'primary_phone', 'alt_phone'])
    .where('id', '=', familyId)
    .executeTakeFirstOrThrow();
  const members = await trx
    .selectFrom('family_members')
    .select(['full_name', 'national_id', 'phone', 'relationship'])
    .where('family_id', '=', familyId)
    .where(CURRENT_MEMBERSHIP)
    .orderBy('id')
    .execute();
  const sources = await trx.selectFrom('family_income_sources').select('amount').where('family_id', '=', familyId).execute();
  const head = members.find((member) => member.relationship === 'head') ?? members[0];
  const total = computeFamilyIncome(sources);
  await trx
    .updateTable('families')
    .set({
      head_name: head?.full_name ?? '',
      head_national_id: head?.relationship === 'head' ? head.national_id : null,
      members_count: members.length,
      total_income: total,
      per_capita_income: perCapitaIncome(total, members.length),
      search_text: buildFamilySearchText({ ...family, members }),
    })
    .where('id', '=', familyId)
    .execute();
}

// ---------------------------------------------------------------------------------------------
// Reading: resources
// ---------------------------------------------------------------------------------------------

export interface MemberFamilyInfo {
  id: number;
  file_number: string;
  status: string;
  city: string | null;
}

/** What a response may show of medical data (health status, disabilities). */
export interface Visibility {
  medical: boolean;
}

export function toMemberResource(
  row: FamilyMemberRow,
  family: MemberFamilyInfo,
  lookups: LookupSet,
  visibility: Visibility,
  today: string,
): FamilyMember {
  return {
    id: row.id,
    family_id: family.id,
    family_file_number: family.file_number,
    family_status: family.status as FamilyStatus,
    full_name: row.full_name,
    full_name_en: row.full_name_en,
    national_id: row.national_id,
    id_type: row.id_type as FamilyMember['id_type'],
    id_expiry_date: row.id_expiry_date,
    relationship: row.relationship as FamilyMember['relationship'],
    gender: row.gender as FamilyMember['gender'],
    birth_date: row.birth_date,
    age: row.birth_date ? memberAge(row.birth_date, today) : null,
    marital_status: lookups.ref('marital_statuses', row.marital_status),
    ...(visibility.medical
      ? {
          health_status: lookups.ref('health_statuses', row.health_status),
          disabilities: lookups.refs('disability_types', row.disabilities),
        }
      : {}),
    education_level: lookups.ref('education_levels', row.education_level),
    employment_status: lookups.ref('employment_statuses', row.employment_status),
    occupation: row.occupation,
    monthly_income: row.monthly_income,
    is_pregnant: row.is_pregnant,
    is_lactating: row.is_lactating,
    phone: row.phone,
    city: lookups.ref('cities', family.city),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

export type FamilyListRow = FamilyRow & { researcher_name: string | null };

export function toFamilyResource(
  row: FamilyListRow,
  categories: readonly string[],
  lookups: LookupSet,
  today: string,
): Family {
  return {
    id: row.id,
    file_number: row.file_number,
    status: row.status as FamilyStatus,
    status_reason: row.status_reason,
    status_changed_at: row.status_changed_at ? row.status_changed_at.toISOString() : null,
    head_name: row.head_name,
    head_national_id: row.head_national_id,
    primary_phone: row.primary_phone,
    members_count: row.members_count,
    total_income: row.total_income,
    per_capita_income: row.per_capita_income,
    city: lookups.ref('cities', row.city),
    district: lookups.ref('districts', row.district),
    categories: lookups.refs('family_categories', categories),
    researcher:
      row.assigned_researcher_id !== null
        ? { id: row.assigned_researcher_id, name: row.researcher_name ?? '' }
        : null,
    next_reassessment_date: row.next_reassessment_date,
    reassessment_overdue: isReassessmentOverdue(row.next_reassessment_date, today),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/** The categories of each family, in the lookup order. */
export async function categoriesOf(db: Executor, familyIds: readonly number[], lookups: LookupSet): Promise<Map<number, string[]>> {
  const result = new Map<number, string[]>();
  if (familyIds.length === 0) return result;
  const rows = await db
    .selectFrom('family_categories')
    .select(['family_id', 'category'])
    .where('family_id', 'in', familyIds)
    .execute();
  const order = new Map(lookups.list('family_categories').map((row, index) => [row.code, index]));
  for (const row of rows) {
    const list = result.get(row.family_id) ?? [];
    list.push(row.category);
    result.set(row.family_id, list);
  }
  for (const list of result.values()) list.sort((a, b) => (order.get(a) ?? 999) - (order.get(b) ?? 999));
  return result;
}

export async function employeeNames(db: Executor, ids: ReadonlyArray<number | null>): Promise<Map<number, string>> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db.selectFrom('employees').select(['id', 'name']).where('id', 'in', wanted).execute();
  return new Map(rows.map((row) => [row.id, row.name]));
}

function personRef(id: number | null, names: Map<number, string>): PersonRef | null {
  return id === null ? null : { id, name: names.get(id) ?? '' };
}

export function findFamilyRow(db: Executor, id: number): Promise<FamilyRow | undefined> {
  return db.selectFrom('families').selectAll().where('id', '=', id).executeTakeFirst();
}

export function lockFamilyRow(trx: Transaction<Database>, id: number): Promise<FamilyRow | undefined> {
  return trx.selectFrom('families').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

/** Current members, head first, then in the order they were added. */
export function currentMembers(db: Executor, familyId: number): Promise<FamilyMemberRow[]> {
  return db
    .selectFrom('family_members')
    .selectAll()
    .where('family_id', '=', familyId)
    .where(CURRENT_MEMBERSHIP)
    .orderBy(sql`case when relationship = 'head' then 0 else 1 end`)
    .orderBy('id')
    .execute();
}

/**
 * What reached the family, answered beside the contract's detail fields (familyDetailSchema
 * accepts extra keys): its enrolments and its handovers, newest first.
 */
export interface FamilyBenefits {
  seasons: {
    id: number;
    name: string;
    hijri_year: number;
    season_status: string;
    beneficiary_id: number;
    /** The enrolment's status: enrolled, received or excluded. */
    status: string;
    voucher_code: string;
  }[];
  distributions: {
    id: number;
    season: { id: number; name: string };
    kind: string;
    items: { item: { code: string; label: string }; quantity: number }[];
    cash_amount: number | null;
    distributed_at: string;
    voucher_code: string;
  }[];
}

export type FamilyDetailWithBenefits = FamilyDetail & FamilyBenefits;

export interface LoadedFamily {
  row: FamilyRow;
  members: FamilyMemberRow[];
  categories: string[];
  detail: FamilyDetailWithBenefits;
}

async function familyBenefits(db: Executor, familyId: number, lookups: LookupSet): Promise<FamilyBenefits> {
  const [seasons, distributions] = await Promise.all([
    db
      .selectFrom('season_beneficiaries as b')
      .innerJoin('seasons as s', 's.id', 'b.season_id')
      .select(['s.id', 's.name', 's.hijri_year', 's.status as season_status', 'b.id as beneficiary_id', 'b.status', 'b.voucher_code'])
      .where('b.family_id', '=', familyId)
      .orderBy('s.start_date', 'desc')
      .orderBy('s.id', 'desc')
      .execute(),
    db
      .selectFrom('distributions as d')
      .innerJoin('seasons as s', 's.id', 'd.season_id')
      .select(['d.id', 's.id as season_id', 's.name as season_name', 'd.kind', 'd.cash_amount', 'd.distributed_at', 'd.voucher_code'])
      .where('d.family_id', '=', familyId)
      .orderBy('d.distributed_at', 'desc')
      .orderBy('d.id', 'desc')
      .execute(),
  ]);
  const items = distributions.length
    ? await db
        .selectFrom('distribution_items')
        .select(['distribution_id', 'item', 'quantity'])
        .where('distribution_id', 'in', distributions.map((row) => row.id))
        .orderBy('id')
        .execute()
    : [];
  return {
    seasons,
    distributions: distributions.map((row) => ({
      id: row.id,
      season: { id: row.season_id, name: row.season_name },
      kind: row.kind,
      items: items
        .filter((item) => item.distribution_id === row.id)
        .map((item) => ({ item: { code: item.item, label: lookups.label('distribution_item_kinds', item.item) }, quantity: item.quantity })),
      cash_amount: row.cash_amount,
      distributed_at: row.distributed_at,
      voucher_code: row.voucher_code,
    })),
  };
}

/** One family with everything the detail page shows; undefined when there is no such family. */
export async function loadFamilyDetail(
  db: Executor,
  id: number,
  lookups: LookupSet,
  visibility: Visibility,
  today: string,
): Promise<LoadedFamily | undefined> {
  const row = await findFamilyRow(db, id);
  if (!row) return undefined;
  const [members, categoriesMap, sources, needs, history, benefits] = await Promise.all([
    currentMembers(db, id),
    categoriesOf(db, [id], lookups),
    db.selectFrom('family_income_sources').selectAll().where('family_id', '=', id).orderBy('position').orderBy('id').execute(),
    db.selectFrom('family_needs').selectAll().where('family_id', '=', id).orderBy('position').orderBy('id').execute(),
    db.selectFrom('family_status_history').selectAll().where('family_id', '=', id).orderBy('at').orderBy('id').execute(),
    familyBenefits(db, id, lookups),
  ]);
  const names = await employeeNames(db, [
    row.assigned_researcher_id,
    row.created_by,
    row.updated_by,
    row.consent_by,
    ...history.map((entry) => entry.by),
  ]);
  const categories = categoriesMap.get(id) ?? [];
  const familyInfo: MemberFamilyInfo = { id: row.id, file_number: row.file_number, status: row.status, city: row.city };
  const base = toFamilyResource(
    { ...row, researcher_name: row.assigned_researcher_id !== null ? (names.get(row.assigned_researcher_id) ?? null) : null },
    categories,
    lookups,
    today,
  );
  const detail: FamilyDetail = {
    ...base,
    alt_phone: row.alt_phone,
    address: row.address,
    national_address_short_code: row.national_address_short_code,
    housing_type: lookups.ref('housing_types', row.housing_type),
    housing_ownership: row.housing_ownership as FamilyDetail['housing_ownership'],
    monthly_rent: row.monthly_rent,
    income_sources: sources.map((source) => ({
      id: source.id,
      source: { code: source.source, label: lookups.label('income_source_types', source.source) },
      amount: source.amount,
      verified: source.verified,
      notes: source.notes,
    })),
    needs: needs.map((need) => ({
      id: need.id,
      need_type: { code: need.need_type, label: lookups.label('need_types', need.need_type) },
      priority: need.priority as FamilyDetail['needs'][number]['priority'],
      description: need.description,
      fulfilled_at: need.fulfilled_at ? need.fulfilled_at.toISOString() : null,
    })),
    consent_data_processing: row.consent_data_processing,
    consent_share_with_partners: row.consent_share_with_partners,
    consent_date: row.consent_date ? row.consent_date.toISOString() : null,
    consent_by: personRef(row.consent_by, names),
    notes: row.notes,
    members: members.map((member) => toMemberResource(member, familyInfo, lookups, visibility, today)),
    status_history: history.map((entry) => ({
      from: entry.from_status as FamilyStatus | null,
      to: entry.to_status as FamilyStatus,
      reason: entry.reason,
      at: entry.at.toISOString(),
      by: personRef(entry.by, names),
    })),
    created_by: personRef(row.created_by, names),
    updated_by: personRef(row.updated_by, names),
  };
  return { row, members, categories, detail: { ...detail, ...benefits } };
}

// ---------------------------------------------------------------------------------------------
// Reading: the list
// ---------------------------------------------------------------------------------------------

const SORT_COLUMNS = {
  file_number: 'f.file_number',
  head_name: 'f.head_name',
  status: 'f.status',
  members_count: 'f.members_count',
  total_income: 'f.total_income',
  per_capita_income: 'f.per_capita_income',
  next_reassessment_date: 'f.next_reassessment_date',
  created_at: 'f.created_at',
  updated_at: 'f.updated_at',
} as const;

/** The filtered (not yet sorted or paged) families query of a list state. */
export function filteredFamilies(db: Kysely<Database>, query: Pick<FamilyListQuery, 'search' | 'filter'>, today: string) {
  let builder = db.selectFrom('families as f');
  const alternatives = searchAlternatives(query.search);
  if (alternatives.length > 0) {
    builder = builder.where((eb) => searchCondition(eb, 'f.search_text', alternatives) ?? eb.lit(true));
  }
  const filter = query.filter;
  if (filter.status?.length) builder = builder.where('f.status', 'in', filter.status);
  if (filter.city?.length) builder = builder.where('f.city', 'in', filter.city);
  if (filter.district?.length) builder = builder.where('f.district', 'in', filter.district);
  if (filter.researcher_id !== undefined) builder = builder.where('f.assigned_researcher_id', '=', filter.researcher_id);
  if (filter.category?.length) {
    const categories = filter.category;
    builder = builder.where((eb) =>
      eb.exists(
        eb
          .selectFrom('family_categories as fc')
          .select(sql.lit(1).as('one'))
          .whereRef('fc.family_id', '=', 'f.id')
          .where('fc.category', 'in', categories),
      ),
    );
  }
  if (filter.reassessment_overdue === true) builder = builder.where('f.next_reassessment_date', '<', today);
  if (filter.reassessment_overdue === false) {
    builder = builder.where((eb) => eb.or([eb('f.next_reassessment_date', 'is', null), eb('f.next_reassessment_date', '>=', today)]));
  }
  return builder;
}

const NULLABLE_SORTS = new Set<string>(['per_capita_income', 'next_reassessment_date']);

export interface FamilyPageOptions {
  sort?: keyof typeof SORT_COLUMNS;
  order: 'asc' | 'desc';
  limit: number;
  offset: number;
}

/** One page of families (researcher name joined), in the requested order; nulls last. */
export async function familyPage(
  db: Kysely<Database>,
  query: Pick<FamilyListQuery, 'search' | 'filter'>,
  today: string,
  options: FamilyPageOptions,
): Promise<FamilyListRow[]> {
  const sort = options.sort ?? FAMILY_LIST_DEFAULT_SORT.sort;
  const order = options.sort ? options.order : FAMILY_LIST_DEFAULT_SORT.order;
  const column = sql.ref(SORT_COLUMNS[sort]);
  // Nulls last only where a column can be null: on NOT NULL columns the plain order is what the
  // btree indexes (created_at, id), (file_number)… answer without sorting the whole table.
  const direction = NULLABLE_SORTS.has(sort)
    ? order === 'desc'
      ? sql`desc nulls last`
      : sql`asc nulls last`
    : order === 'desc'
      ? sql`desc`
      : sql`asc`;
  return filteredFamilies(db, query, today)
    .leftJoin('employees as r', 'r.id', 'f.assigned_researcher_id')
    .selectAll('f')
    .select('r.name as researcher_name')
    .orderBy(sql`${column} ${direction}`)
    .orderBy('f.id', order)
    .limit(options.limit)
    .offset(options.offset)
    .execute();
}

export async function countFamilies(db: Kysely<Database>, query: Pick<FamilyListQuery, 'search' | 'filter'>, today: string): Promise<number> {
  const row = await filteredFamilies(db, query, today).select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow();
  return row.total;
}
