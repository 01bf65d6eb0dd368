import { sql, type Insertable, type Kysely, type Transaction, type Updateable } from 'kysely';
import {
  DOCUMENTS_EXPIRING_DAYS,
  FAMILY_LIST_DEFAULT_SORT,
  familyTotalIncome,
  formatFileNumber,
  hijriYearOf,
  lookAlikeTo,
  perCapitaIncome,
  type FamilyListQuery,
  type FamilyRef,
  type SimilarMembersResponse,
} from 'shared-contracts/beneficiaries';
import { MEDICAL_DOCUMENT_KINDS } from 'shared-contracts/resources/documents-contracts';
import { countRows, executeTogether, orderTerm } from '../../../db/query';
import { whereSearch } from '../../../db/search';
import type { Database, Executor } from '../../../db/tables';
import type { LookupSet } from '../../lookups';
import type {
  FamiliesTable,
  FamilyCategoriesTable,
  FamilyIncomeSourcesTable,
  FamilyMemberRow,
  FamilyMembersTable,
  FamilyNeedsTable,
  FamilyRow,
  FamilyStatusHistoryTable,
} from '../tables';
import {
  buildFamilySearchText,
  memberColumns,
  type FamilyWrite,
  type MemberWrite,
} from './columns';

/** A family of the register: its row and its researcher's name. */
export type FamilyListRow = FamilyRow & { researcher_name: string | null };

/**
 * A family's current members: its active memberships, or — for an archived family, whose
 * memberships ended when it was archived (releasing the national IDs) — the members it had then.
 */
export const CURRENT_MEMBERSHIP = sql<boolean>`(family_members.active or family_members.end_reason = 'family_archived')`;

// ---------------------------------------------------------------------------------------------
// File numbers and summaries
// ---------------------------------------------------------------------------------------------

/** Sets each Hijri year's counter to at least `last` (demo data numbers its files itself). */
export async function raiseFileCounters(
  trx: Transaction<Database>,
  counters: ReadonlyMap<number, number>,
): Promise<void> {
  for (const [year, last] of counters) {
    await trx
      .insertInto('family_file_counters')
      .values({ hijri_year: year, last_value: last })
      .onConflict((conflict) => conflict.column('hijri_year').doUpdateSet({ last_value: last }))
      .execute();
  }
}

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
    .select(['full_name', 'national_id', 'phone', 'relationship', 'monthly_income'])
    .where('family_id', '=', familyId)
    .where(CURRENT_MEMBERSHIP)
    .orderBy('id')
    .execute();
  const sources = await trx
    .selectFrom('family_income_sources')
    .select('amount')
    .where('family_id', '=', familyId)
    .execute();
  await trx
    .updateTable('families')
    .set(familySummary(family, members, sources))
    .where('id', '=', familyId)
    .execute();
}

/**
 * The family's summary columns from its row, its current members (in id order) and its income
 * sources: what `refreshFamilySummary` reads back and writes, computed directly by a registration
 * that has just written all three (one statement instead of five).
 */
export function familySummary(
  family: { file_number: string; primary_phone: string | null; alt_phone: string | null },
  members: ReadonlyArray<{
    full_name: string;
    national_id: string | null;
    phone: string | null;
    relationship: string | null;
    monthly_income: string | number | null;
  }>,
  sources: ReadonlyArray<{ amount?: string | number | null }>,
) {
  const head = members.find((member) => member.relationship === 'head') ?? members[0];
  // The sources and every current member's own monthly income (FAMILY_INCOME_NOTE).
  const total = familyTotalIncome(sources, members);
  return {
    head_name: head?.full_name ?? '',
    head_national_id: head?.relationship === 'head' ? head.national_id : null,
    members_count: members.length,
    total_income: total,
    per_capita_income: perCapitaIncome(total, members.length),
    search_text: buildFamilySearchText({ ...family, members }),
  };
}

// ---------------------------------------------------------------------------------------------
// Reading one family
// ---------------------------------------------------------------------------------------------

export function findFamilyRow(db: Executor, id: number): Promise<FamilyRow | undefined> {
  return db.selectFrom('families').selectAll().where('id', '=', id).executeTakeFirst();
}

export function lockFamilyRow(
  trx: Transaction<Database>,
  id: number,
): Promise<FamilyRow | undefined> {
  return trx.selectFrom('families').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

/** The families with these ids, locked in id order (so two crossing moves cannot deadlock). */
export function lockFamilyRows(
  trx: Transaction<Database>,
  ids: readonly number[],
): Promise<FamilyRow[]> {
  return trx
    .selectFrom('families')
    .selectAll()
    .where('id', 'in', [...ids])
    .orderBy('id')
    .forUpdate()
    .execute();
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

/** Active memberships in the order they were added. */
export function currentActiveMembers(db: Executor, familyId: number): Promise<FamilyMemberRow[]> {
  return db
    .selectFrom('family_members')
    .selectAll()
    .where('family_id', '=', familyId)
    .where('active', '=', true)
    .orderBy('id')
    .execute();
}

/** The categories of each family, in the lookup order. */
export async function categoriesOf(
  db: Executor,
  familyIds: readonly number[],
  lookups: LookupSet,
): Promise<Map<number, string[]>> {
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
  for (const list of result.values())
    list.sort((a, b) => (order.get(a) ?? 999) - (order.get(b) ?? 999));
  return result;
}

export async function employeeNames(
  db: Executor,
  ids: ReadonlyArray<number | null>,
): Promise<Map<number, string>> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .selectFrom('employees')
    .select(['id', 'name'])
    .where('id', 'in', wanted)
    .execute();
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** The family's child rows a detail shows: income sources, needs (in their order) and status history (oldest first). */
export async function familyChildRows(db: Executor, familyId: number) {
  const [sources, needs, history] = await Promise.all([
    db
      .selectFrom('family_income_sources')
      .selectAll()
      .where('family_id', '=', familyId)
      .orderBy('position')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('family_needs')
      .selectAll()
      .where('family_id', '=', familyId)
      .orderBy('position')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('family_status_history')
      .selectAll()
      .where('family_id', '=', familyId)
      .orderBy('at')
      .orderBy('id')
      .execute(),
  ]);
  return { sources, needs, history };
}

/**
 * What reached the family: its season enrolments (newest season first) and its handovers (newest
 * first, with their items). Read-only joins of the seasons module's tables.
 */
export async function familyBenefitRows(db: Executor, familyId: number) {
  const [seasons, distributions] = await Promise.all([
    db
      .selectFrom('season_beneficiaries as b')
      .innerJoin('seasons as s', 's.id', 'b.season_id')
      .select([
        's.id',
        's.name',
        's.hijri_year',
        's.status as season_status',
        'b.id as beneficiary_id',
        'b.status',
        'b.voucher_code',
      ])
      .where('b.family_id', '=', familyId)
      .orderBy('s.start_date', 'desc')
      .orderBy('s.id', 'desc')
      .execute(),
    db
      .selectFrom('distributions as d')
      .innerJoin('seasons as s', 's.id', 'd.season_id')
      .select([
        'd.id',
        's.id as season_id',
        's.name as season_name',
        'd.kind',
        'd.cash_amount',
        'd.distributed_at',
        'd.voucher_code',
      ])
      .where('d.family_id', '=', familyId)
      .orderBy('d.distributed_at', 'desc')
      .orderBy('d.id', 'desc')
      .execute(),
  ]);
  const items = distributions.length
    ? await db
        .selectFrom('distribution_items')
        .select(['distribution_id', 'item', 'quantity'])
        .where(
          'distribution_id',
          'in',
          distributions.map((row) => row.id),
        )
        .orderBy('id')
        .execute()
    : [];
  return { seasons, distributions, items };
}

// ---------------------------------------------------------------------------------------------
// Reading the list
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
export function filteredFamilies(
  db: Kysely<Database>,
  query: Pick<FamilyListQuery, 'search' | 'filter'>,
  today: string,
  reader: FamilyListReader = NO_MEDICAL_READER,
) {
  let builder = whereSearch(db.selectFrom('families as f'), 'f.search_text', query.search);
  const filter = query.filter;
  if (filter.status?.length) builder = builder.where('f.status', 'in', filter.status);
  if (filter.city?.length) builder = builder.where('f.city', 'in', filter.city);
  if (filter.district?.length) builder = builder.where('f.district', 'in', filter.district);
  if (filter.researcher_id !== undefined)
    builder = builder.where('f.assigned_researcher_id', '=', filter.researcher_id);
  if (filter.ids?.length) builder = builder.where('f.id', 'in', filter.ids);
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
  if (filter.not_in_season !== undefined) {
    // Read straight from the seasons module's table: a filter of the families list, not a use of
    // the seasons module's behaviour.
    const seasonId = filter.not_in_season;
    builder = builder.where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('season_beneficiaries as sb')
            .select(sql.lit(1).as('one'))
            .whereRef('sb.family_id', '=', 'f.id')
            .where('sb.season_id', '=', seasonId),
        ),
      ),
    );
  }
  if (filter.missing_national_id === true) {
    // Read straight from the documents module's table, as `not_in_season` reads the seasons'.
    builder = builder.where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('documents as d')
            .select(sql.lit(1).as('one'))
            .whereRef('d.family_id', '=', 'f.id')
            .where('d.kind', '=', 'national_id')
            .where('d.deleted_at', 'is', null),
        ),
      ),
    );
  }
  if (filter.documents_expiring === true) {
    const until = addDaysIso(today, DOCUMENTS_EXPIRING_DAYS);
    builder = builder.where((eb) => {
      let expiring = eb
        .selectFrom('documents as d')
        .select(sql.lit(1).as('one'))
        .whereRef('d.family_id', '=', 'f.id')
        .where('d.deleted_at', 'is', null)
        .where('d.expires_on', '>=', today)
        .where('d.expires_on', '<=', until);
      // A medical document's existence is a medical fact (docs/medical-fields.md).
      if (!reader.medical)
        expiring = expiring.where('d.kind', 'not in', [...MEDICAL_DOCUMENT_KINDS]);
      return eb.exists(expiring);
    });
  }
  if (filter.reassessment_overdue === true)
    builder = builder.where('f.next_reassessment_date', '<', today);
  if (filter.reassessment_overdue === false) {
    builder = builder.where((eb) =>
      eb.or([
        eb('f.next_reassessment_date', 'is', null),
        eb('f.next_reassessment_date', '>=', today),
      ]),
    );
  }
  return builder;
}

const NULLABLE_SORTS = new Set<string>(['per_capita_income', 'next_reassessment_date']);

/** What the reader may see that changes which families a filter finds (medical documents). */
export interface FamilyListReader {
  medical: boolean;
}
const NO_MEDICAL_READER: FamilyListReader = { medical: false };

/** `iso` plus `days` days (ISO dates, UTC arithmetic: no time zone shifts a date). */
function addDaysIso(iso: string, days: number): string {
  const date = new Date(`${iso}T00:00:00.000Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

export interface FamilyPageOptions {
  /** Who reads the list (a filter on medical documents counts them only for who may see them). */
  reader?: FamilyListReader;
  sort?: keyof typeof SORT_COLUMNS | undefined;
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
  // Nulls last only where a column can be null: on NOT NULL columns the plain order is what the
  // btree indexes (created_at, id), (file_number)… answer without sorting the whole table.
  return filteredFamilies(db, query, today, options.reader)
    .leftJoin('employees as r', 'r.id', 'f.assigned_researcher_id')
    .selectAll('f')
    .select('r.name as researcher_name')
    .orderBy(orderTerm(SORT_COLUMNS[sort], order, { nullsLast: NULLABLE_SORTS.has(sort) }))
    .orderBy('f.id', order)
    .limit(options.limit)
    .offset(options.offset)
    .execute();
}

export function countFamilies(
  db: Kysely<Database>,
  query: Pick<FamilyListQuery, 'search' | 'filter'>,
  today: string,
  reader?: FamilyListReader,
): Promise<number> {
  return countRows(filteredFamilies(db, query, today, reader));
}

/**
 * The ids of the families a list state matches, by id, at most `limit` of them (a bulk action on
 * "every matching family" asks one more than it accepts, to refuse a selection too large).
 */
export async function familyIdsMatching(
  db: Kysely<Database>,
  query: Pick<FamilyListQuery, 'search' | 'filter'>,
  today: string,
  limit: number,
): Promise<number[]> {
  const rows = await filteredFamilies(db, query, today)
    .select('f.id')
    .orderBy('f.id')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

// ---------------------------------------------------------------------------------------------
// Duplicate checks
// ---------------------------------------------------------------------------------------------

/** The family (other than `excludeFamilyId`) where the national ID is active, if any. */
export function nationalIdHolder(
  db: Executor,
  nationalId: string,
  excludeFamilyId?: number | null,
): Promise<FamilyRef | undefined> {
  return db
    .selectFrom('family_members as m')
    .innerJoin('families as f', 'f.id', 'm.family_id')
    .select(['f.id', 'f.file_number', 'f.head_name'])
    .where('m.active', '=', true)
    .where('m.national_id', '=', nationalId)
    .$if(Boolean(excludeFamilyId), (builder) => builder.where('f.id', '<>', excludeFamilyId ?? 0))
    .executeTakeFirst();
}

export interface IdHolder {
  national_id: string;
  member_id: number;
  family_id: number;
  file_number: string;
  head_name: string;
}

/** Active members holding any of these IDs, outside `excludeFamilyId`. */
export async function findNationalIdHolders(
  db: Executor,
  nationalIds: readonly string[],
  excludeFamilyId?: number | null,
): Promise<IdHolder[]> {
  if (nationalIds.length === 0) return [];
  let query = db
    .selectFrom('family_members as m')
    .innerJoin('families as f', 'f.id', 'm.family_id')
    .select([
      'm.national_id',
      'm.id as member_id',
      'f.id as family_id',
      'f.file_number',
      'f.head_name',
    ])
    .where('m.active', '=', true)
    .where('m.national_id', 'in', [...nationalIds]);
  if (excludeFamilyId) query = query.where('m.family_id', '<>', excludeFamilyId);
  const rows = await query.execute();
  return rows.map((row) => ({ ...row, national_id: row.national_id ?? '' }));
}

/**
 * Families (other than `excludeFamilyId`, archived ones left out) using one of these phones as
 * their primary or alternative number, or as an active member's phone. Phones are compared in
 * their stored E.164 form.
 */
export async function familiesUsingPhones(
  db: Executor,
  phones: readonly string[],
  excludeFamilyId?: number | null,
): Promise<(FamilyRef & { phones: string[] })[]> {
  const wanted = [...new Set(phones)];
  if (wanted.length === 0) return [];
  let query = db
    .selectFrom('families as f')
    .select(['f.id', 'f.file_number', 'f.head_name', 'f.primary_phone', 'f.alt_phone'])
    .select((eb) =>
      eb
        .selectFrom('family_members as m')
        .select(sql<string[]>`coalesce(array_agg(distinct m.phone), '{}')`.as('phones'))
        .whereRef('m.family_id', '=', 'f.id')
        .where('m.active', '=', true)
        .where('m.phone', 'in', wanted)
        .as('member_phones'),
    )
    .where('f.status', '<>', 'archived')
    // A union of three index lookups: an OR over the three places made PostgreSQL read every
    // family (about a second at 100,000 families, on each registration and edit).
    .where('f.id', 'in', (eb) =>
      eb
        .selectFrom('families as p')
        .select('p.id')
        .where('p.primary_phone', 'in', wanted)
        .union(eb.selectFrom('families as a').select('a.id').where('a.alt_phone', 'in', wanted))
        .union(
          eb
            .selectFrom('family_members as m2')
            .select('m2.family_id as id')
            .where('m2.active', '=', true)
            .where('m2.phone', 'in', wanted),
        ),
    )
    .orderBy('f.id');
  if (excludeFamilyId) query = query.where('f.id', '<>', excludeFamilyId);
  const rows = await query.execute();
  return rows.map((row) => ({
    id: row.id,
    file_number: row.file_number,
    head_name: row.head_name,
    phones: [
      ...new Set(
        [row.primary_phone, row.alt_phone, ...(row.member_phones ?? [])].filter(
          (phone): phone is string => phone !== null && wanted.includes(phone),
        ),
      ),
    ],
  }));
}

export type SimilarMember = SimilarMembersResponse['matches'][number];

/** Active members born on `birthDate` whose names look alike (`namesLookAlike`), outside `excludeFamilyId`. */
export async function similarMembers(
  db: Executor,
  fullName: string,
  birthDate: string,
  excludeFamilyId?: number | null,
): Promise<SimilarMember[]> {
  let query = db
    .selectFrom('family_members as m')
    .innerJoin('families as f', 'f.id', 'm.family_id')
    .select([
      'm.id',
      'm.full_name',
      'm.birth_date',
      'f.id as family_id',
      'f.file_number',
      'f.head_name',
    ])
    .where('m.active', '=', true)
    .where('m.birth_date', '=', birthDate)
    .orderBy('m.id');
  if (excludeFamilyId) query = query.where('m.family_id', '<>', excludeFamilyId);
  const rows = await query.execute();
  const looksAlike = lookAlikeTo(fullName);
  return rows
    .filter((row) => looksAlike(row.full_name))
    .map((row) => ({
      member_id: row.id,
      full_name: row.full_name,
      birth_date: row.birth_date ?? birthDate,
      family: { id: row.family_id, file_number: row.file_number, head_name: row.head_name },
    }));
}

// ---------------------------------------------------------------------------------------------
// Writing rows
// ---------------------------------------------------------------------------------------------

/** The family's stored lists (categories, income sources, needs) as a write compares them. */
export async function storedFamilyLists(trx: Executor, familyId: number) {
  const [categories, sources, needs] = await Promise.all([
    trx
      .selectFrom('family_categories')
      .select('category')
      .where('family_id', '=', familyId)
      .execute(),
    trx
      .selectFrom('family_income_sources')
      .select(['source', 'amount'])
      .where('family_id', '=', familyId)
      .orderBy('position')
      .orderBy('id')
      .execute(),
    trx
      .selectFrom('family_needs')
      .select(['need_type', 'priority'])
      .where('family_id', '=', familyId)
      .orderBy('position')
      .orderBy('id')
      .execute(),
  ]);
  return { categories: categories.map((row) => row.category), sources, needs };
}

export function insertFamily(
  trx: Transaction<Database>,
  values: Insertable<FamiliesTable>,
): Promise<{ id: number; file_number: string }> {
  return trx
    .insertInto('families')
    .values(values)
    .returning(['id', 'file_number'])
    .executeTakeFirstOrThrow();
}

/** `insertFamily` not yet sent, its id given (`reserveFamily`). */
export function familyInsert(trx: Transaction<Database>, values: Insertable<FamiliesTable>) {
  return trx.insertInto('families').values(values);
}

/**
 * A new family's id and its next `F-<Hijri year>-<sequence>`, in one statement: the id from the
 * table's own sequence (so `familyInsert` can write the family and its rows in one statement),
 * the number from the Hijri year's counter row, incremented in the caller's transaction, so two
 * concurrent creations never get the same number and a rolled-back creation gives its number
 * back. The row stays locked until the transaction ends (see insertNewFamily).
 */
export async function reserveFamily(
  trx: Transaction<Database>,
  now: Date,
): Promise<{ id: number; fileNumber: string }> {
  const year = hijriYearOf(now);
  const { rows } = await sql<{ id: string | number; last_value: number }>`
    with counter as (
      insert into family_file_counters (hijri_year, last_value) values (${year}, 1)
      on conflict (hijri_year) do update set last_value = family_file_counters.last_value + 1
      returning last_value)
    select nextval(pg_get_serial_sequence('families', 'id')) as id, counter.last_value
    from counter`.execute(trx);
  const row = rows[0];
  if (!row) throw new Error('the file-number counter returned no row');
  return { id: Number(row.id), fileNumber: formatFileNumber(year, row.last_value) };
}

/**
 * Takes `count` file numbers of the current Hijri year at once, in order, and commits them with
 * the caller's (short) transaction: a large import reserves a batch's numbers before registering
 * its families, so the families' own transactions never queue on the counter's row (each would
 * hold it until its commit had reached the disk).
 */
export async function reserveFileNumbers(
  trx: Transaction<Database>,
  count: number,
  now: Date,
): Promise<string[]> {
  if (count <= 0) return [];
  const year = hijriYearOf(now);
  const { rows } = await sql<{ last_value: number }>`
    insert into family_file_counters (hijri_year, last_value) values (${year}, ${count})
    on conflict (hijri_year) do update set last_value = family_file_counters.last_value + ${count}
    returning last_value`.execute(trx);
  const last = rows[0]?.last_value;
  if (last === undefined) throw new Error('the file-number counter returned no row');
  return Array.from({ length: count }, (_, index) =>
    formatFileNumber(year, Number(last) - count + 1 + index),
  );
}

/** A new family's id, its file number already reserved (`reserveFileNumbers`). */
export async function nextFamilyId(trx: Transaction<Database>): Promise<number> {
  const { rows } = await sql<{ id: string | number }>`
    select nextval(pg_get_serial_sequence('families', 'id')) as id`.execute(trx);
  const row = rows[0];
  if (!row) throw new Error('the families sequence returned no value');
  return Number(row.id);
}

/** Demo data's child rows of one family, as given (members one by one, so their ids follow the list). */
export async function insertDemoRows(
  trx: Transaction<Database>,
  rows: {
    members?: Insertable<FamilyMembersTable>[];
    incomeSources?: Insertable<FamilyIncomeSourcesTable>[];
    needs?: Insertable<FamilyNeedsTable>[];
    categories?: Insertable<FamilyCategoriesTable>[];
    history?: Insertable<FamilyStatusHistoryTable>[];
  },
): Promise<void> {
  for (const member of rows.members ?? [])
    await trx.insertInto('family_members').values(member).execute();
  if (rows.incomeSources?.length)
    await trx.insertInto('family_income_sources').values(rows.incomeSources).execute();
  if (rows.needs?.length) await trx.insertInto('family_needs').values(rows.needs).execute();
  if (rows.categories?.length)
    await trx.insertInto('family_categories').values(rows.categories).execute();
  if (rows.history?.length)
    await trx.insertInto('family_status_history').values(rows.history).execute();
}

export async function updateFamilyRow(
  trx: Transaction<Database>,
  familyId: number,
  values: Updateable<FamiliesTable>,
): Promise<void> {
  await trx.updateTable('families').set(values).where('id', '=', familyId).execute();
}

export async function insertStatusHistory(
  trx: Transaction<Database>,
  entry: Insertable<FamilyStatusHistoryTable>,
): Promise<void> {
  await statusHistoryInsert(trx, entry).execute();
}

/** `insertStatusHistory` not yet sent. */
export function statusHistoryInsert(
  trx: Transaction<Database>,
  entry: Insertable<FamilyStatusHistoryTable>,
) {
  return trx.insertInto('family_status_history').values(entry);
}

/**
 * A new family's members as one insert not yet sent (none when there are none), their rows in the
 * order given: the identity column numbers the `VALUES` rows in order, so sorting by id restores it.
 */
export function membersInsert(
  trx: Transaction<Database>,
  familyId: number,
  members: readonly ReturnType<typeof memberColumns>[],
  actorId: number,
  startDate: string,
) {
  if (members.length === 0) return [];
  return [
    trx.insertInto('family_members').values(
      members.map((member) => ({
        ...member,
        family_id: familyId,
        start_date: startDate,
        created_by: actorId,
        updated_by: actorId,
      })),
    ),
  ];
}

export async function insertMember(
  trx: Transaction<Database>,
  familyId: number,
  member: MemberWrite,
  actorId: number,
  startDate: string,
): Promise<FamilyMemberRow> {
  return trx
    .insertInto('family_members')
    .values({
      ...memberColumns(member),
      family_id: familyId,
      start_date: startDate,
      created_by: actorId,
      updated_by: actorId,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateMemberRow(
  trx: Transaction<Database>,
  memberId: number,
  values: Updateable<FamilyMembersTable>,
): Promise<void> {
  await trx.updateTable('family_members').set(values).where('id', '=', memberId).execute();
}

/** Ends memberships (moved, removed from a draft, or the whole family archived): their IDs are released. */
export async function endMemberships(
  trx: Transaction<Database>,
  which: { memberIds: readonly number[] } | { familyId: number },
  end: {
    date: string;
    reason: 'moved' | 'removed_from_draft' | 'family_archived';
    at: Date;
    by: number;
  },
): Promise<void> {
  let query = trx
    .updateTable('family_members')
    .set({
      active: false,
      end_date: end.date,
      end_reason: end.reason,
      updated_at: end.at,
      updated_by: end.by,
    })
    .where('active', '=', true);
  query =
    'familyId' in which
      ? query.where('family_id', '=', which.familyId)
      : query.where('id', 'in', [...which.memberIds]);
  await query.execute();
}

/** Clears the national IDs of these members first, so IDs can move between members of one family (the unique index is checked row by row). */
export async function releaseNationalIds(
  trx: Transaction<Database>,
  memberIds: readonly number[],
): Promise<void> {
  if (memberIds.length === 0) return;
  await trx
    .updateTable('family_members')
    .set({ national_id: null })
    .where('id', 'in', [...memberIds])
    .execute();
}

export async function replaceIncomeSources(
  trx: Transaction<Database>,
  familyId: number,
  write: FamilyWrite,
): Promise<void> {
  await trx.deleteFrom('family_income_sources').where('family_id', '=', familyId).execute();
  await insertIncomeSources(trx, familyId, write.income_sources);
}

async function insertIncomeSources(
  trx: Transaction<Database>,
  familyId: number,
  sources: FamilyWrite['income_sources'],
): Promise<void> {
  await incomeSourcesInsert(trx, familyId, sources)?.execute();
}

function incomeSourcesInsert(
  trx: Transaction<Database>,
  familyId: number,
  sources: FamilyWrite['income_sources'],
) {
  if (sources.length === 0) return null;
  return trx
    .insertInto('family_income_sources')
    .values(sources.map((source, position) => ({ family_id: familyId, ...source, position })));
}

/** Needs are matched by type, so a need's `fulfilled_at` survives an edit of its description. */
export async function syncNeeds(
  trx: Transaction<Database>,
  familyId: number,
  write: FamilyWrite,
): Promise<void> {
  const existing = await trx
    .selectFrom('family_needs')
    .selectAll()
    .where('family_id', '=', familyId)
    .execute();
  const kept = new Set<number>();
  for (const [position, need] of write.needs.entries()) {
    const match = existing.find((row) => row.need_type === need.need_type && !kept.has(row.id));
    if (match) {
      kept.add(match.id);
      await trx
        .updateTable('family_needs')
        .set({ priority: need.priority, description: need.description, position })
        .where('id', '=', match.id)
        .execute();
    } else {
      await trx
        .insertInto('family_needs')
        .values({ family_id: familyId, ...need, position })
        .execute();
    }
  }
  const removed = existing.filter((row) => !kept.has(row.id)).map((row) => row.id);
  if (removed.length > 0) await trx.deleteFrom('family_needs').where('id', 'in', removed).execute();
}

/**
 * A new family's lists (income sources, needs, categories), each in one statement: nothing to
 * replace or match yet, unlike an update's `replaceIncomeSources`, `syncNeeds` and
 * `replaceCategories`, which give the same rows.
 */
export async function insertFamilyLists(
  trx: Transaction<Database>,
  familyId: number,
  write: Pick<FamilyWrite, 'income_sources' | 'needs' | 'categories'>,
): Promise<void> {
  await executeTogether(trx, familyListInserts(trx, familyId, write));
}

/** `insertFamilyLists` not yet sent: an insert per list that has entries. */
export function familyListInserts(
  trx: Transaction<Database>,
  familyId: number,
  write: Pick<FamilyWrite, 'income_sources' | 'needs' | 'categories'>,
) {
  return [
    incomeSourcesInsert(trx, familyId, write.income_sources),
    write.needs.length > 0
      ? trx
          .insertInto('family_needs')
          .values(write.needs.map((need, position) => ({ family_id: familyId, ...need, position })))
      : null,
    categoriesInsert(trx, familyId, write.categories),
  ].filter((insert) => insert !== null);
}

export async function replaceCategories(
  trx: Transaction<Database>,
  familyId: number,
  categories: readonly string[],
): Promise<void> {
  await trx.deleteFrom('family_categories').where('family_id', '=', familyId).execute();
  await insertCategories(trx, familyId, categories);
}

async function insertCategories(
  trx: Transaction<Database>,
  familyId: number,
  categories: readonly string[],
): Promise<void> {
  await categoriesInsert(trx, familyId, categories)?.execute();
}

function categoriesInsert(
  trx: Transaction<Database>,
  familyId: number,
  categories: readonly string[],
) {
  if (categories.length === 0) return null;
  return trx
    .insertInto('family_categories')
    .values(categories.map((category) => ({ family_id: familyId, category })));
}
