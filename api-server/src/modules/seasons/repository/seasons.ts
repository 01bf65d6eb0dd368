import { sql, type Insertable, type SqlBool, type Transaction, type Updateable } from 'kysely';
import {
  generateVoucherCode,
  FAMILY_STATUS_CODES,
  type FamilyStatus,
  type SeasonKind,
  type SeasonListQuery,
} from 'shared-contracts/beneficiaries';
import { storedCode } from '../../../http/validation';
import { countRows, orderTerm } from '../../../db/query';
import { whereSearch } from '../../../db/search';
import { familyLabel } from '../../families';
import type { Database, Executor } from '../../../db/tables';
import { pageWindow } from '../../../http/pagination';
import type {
  DistributionItemsTable,
  DistributionsTable,
  SeasonBeneficiariesTable,
  SeasonRow,
  SeasonsTable,
} from '../tables';

/**
 * Every query of the seasons module. Enrolments and handovers join the families module's tables
 * read-only (a beneficiary is a family); the families themselves change only through that module.
 */

// ---------------------------------------------------------------------------------------------
// Seasons
// ---------------------------------------------------------------------------------------------

export type SeasonListRow = SeasonRow & {
  funding_org_name: string | null;
  beneficiaries_count: number;
  received_count: number;
  cash_distributed_total: number;
};

/** Seasons with their funding organisation and counters (computed, never stored). */
export function seasonsQuery(db: Executor) {
  return db
    .selectFrom('seasons as s')
    .leftJoin('organisations as o', 'o.id', 's.funding_org_id')
    .selectAll('s')
    .select('o.name as funding_org_name')
    .select((eb) => [
      eb
        .selectFrom('season_beneficiaries as b')
        .select(sql<number>`count(*)::int`.as('n'))
        .whereRef('b.season_id', '=', 's.id')
        .where('b.status', '<>', 'excluded')
        .as('beneficiaries_count'),
      eb
        .selectFrom('season_beneficiaries as b')
        .select(sql<number>`count(*)::int`.as('n'))
        .whereRef('b.season_id', '=', 's.id')
        .where('b.status', '=', 'received')
        .as('received_count'),
      eb
        .selectFrom('distributions as d')
        .select(sql<number>`coalesce(sum(d.cash_amount), 0)`.as('n'))
        .whereRef('d.season_id', '=', 's.id')
        .as('cash_distributed_total'),
    ]);
}

export async function loadSeason(db: Executor, id: number): Promise<SeasonListRow | undefined> {
  const row = await seasonsQuery(db).where('s.id', '=', id).executeTakeFirst();
  return row ? normaliseCounters(row) : undefined;
}

export function normaliseCounters<
  T extends {
    beneficiaries_count: number | null;
    received_count: number | null;
    cash_distributed_total: number | string | null;
  },
>(
  row: T,
): T & { beneficiaries_count: number; received_count: number; cash_distributed_total: number } {
  return {
    ...row,
    beneficiaries_count: Number(row.beneficiaries_count ?? 0),
    received_count: Number(row.received_count ?? 0),
    cash_distributed_total: Number(row.cash_distributed_total ?? 0),
  };
}

// ---------------------------------------------------------------------------------------------
// Eligibility
// ---------------------------------------------------------------------------------------------

export interface EligibilityCandidate {
  id: number;
  file_number: string;
  head_name: string;
  head_national_id: string | null;
  status: FamilyStatus;
  per_capita_income: number | null;
  categories: string[];
  members: { birth_date: string | null }[];
}

/** What `isFamilyEligible` needs about the given families (or every family in `statuses`). */
export async function loadEligibilityCandidates(
  db: Executor,
  select: { familyIds: readonly number[] } | { statuses: readonly string[] },
): Promise<EligibilityCandidate[]> {
  let query = db
    .selectFrom('families')
    .select(['id', 'file_number', 'head_name', 'head_national_id', 'status', 'per_capita_income'])
    .orderBy('id');
  if ('familyIds' in select) {
    if (select.familyIds.length === 0) return [];
    query = query.where('id', 'in', [...select.familyIds]);
  } else {
    if (select.statuses.length === 0) return [];
    query = query.where('status', 'in', [...select.statuses]);
  }
  const families = await query.execute();
  if (families.length === 0) return [];
  const ids = families.map((family) => family.id);
  const [categories, members] = await Promise.all([
    db
      .selectFrom('family_categories')
      .select(['family_id', 'category'])
      .where('family_id', 'in', ids)
      .execute(),
    db
      .selectFrom('family_members')
      .select(['family_id', 'birth_date'])
      .where('family_id', 'in', ids)
      .where(sql<SqlBool>`(active or end_reason = 'family_archived')`)
      .execute(),
  ]);
  const categoriesBy = new Map<number, string[]>();
  for (const row of categories)
    categoriesBy.set(row.family_id, [...(categoriesBy.get(row.family_id) ?? []), row.category]);
  const membersBy = new Map<number, { birth_date: string | null }[]>();
  for (const row of members)
    membersBy.set(row.family_id, [
      ...(membersBy.get(row.family_id) ?? []),
      { birth_date: row.birth_date },
    ]);
  return families.map((family) => ({
    ...family,
    status: storedCode(FAMILY_STATUS_CODES, family.status, 'families.status'),
    categories: categoriesBy.get(family.id) ?? [],
    members: membersBy.get(family.id) ?? [],
  }));
}

/**
 * Enrols the families (all eligible, none enrolled yet) with fresh voucher codes. A code that
 * collides with another of the season (unique (season_id, voucher_code)) is drawn again: the
 * insert skips conflicting rows (`on conflict do nothing`) and the skipped ones retry.
 */
export async function insertEnrolments(
  trx: Transaction<Database>,
  season: { id: number; kind: SeasonKind; hijri_year: number },
  familyIds: readonly number[],
  actorId: number,
  now: Date,
  random?: () => number,
): Promise<{ id: number; family_id: number; voucher_code: string }[]> {
  const inserted: { id: number; family_id: number; voucher_code: string }[] = [];
  let pending = [...familyIds];
  for (let attempt = 0; attempt < 8 && pending.length > 0; attempt += 1) {
    for (let start = 0; start < pending.length; start += 500) {
      const batch = pending.slice(start, start + 500);
      const rows = await trx
        .insertInto('season_beneficiaries')
        .values(
          batch.map((familyId) => ({
            season_id: season.id,
            family_id: familyId,
            status: 'enrolled',
            voucher_code: generateVoucherCode(season, familyId, random),
            enrolled_at: now,
            enrolled_by: actorId,
          })),
        )
        .onConflict((conflict) => conflict.doNothing())
        .returning(['id', 'family_id', 'voucher_code'])
        .execute();
      inserted.push(...rows);
    }
    const done = new Set(inserted.map((row) => row.family_id));
    pending = pending.filter((familyId) => !done.has(familyId));
  }
  if (pending.length > 0)
    throw new Error(`Could not draw unique voucher codes for ${pending.length} families`);
  return inserted;
}

// ---------------------------------------------------------------------------------------------
// Beneficiaries
// ---------------------------------------------------------------------------------------------

const BENEFICIARY_SORT = {
  file_number: 'f.file_number',
  head_name: 'f.head_name',
  voucher_code: 'b.voucher_code',
  status: 'b.status',
  enrolled_at: 'b.enrolled_at',
} as const;

export interface BeneficiaryFilter {
  search?: string | undefined;
  filter: {
    status?: string[] | undefined;
    city?: string[] | undefined;
    district?: string[] | undefined;
  };
  /** One enrolment only. */
  beneficiaryId?: number;
}

export function beneficiariesQuery(db: Executor, seasonId: number, query: BeneficiaryFilter) {
  let builder = db
    .selectFrom('season_beneficiaries as b')
    .innerJoin('families as f', 'f.id', 'b.family_id')
    .where('b.season_id', '=', seasonId);
  builder = whereSearch(
    builder,
    sql`(f.search_text || ' ' || lower(b.voucher_code))`,
    query.search,
  );
  if (query.filter.status?.length) builder = builder.where('b.status', 'in', query.filter.status);
  if (query.filter.city?.length) builder = builder.where('f.city', 'in', query.filter.city);
  if (query.filter.district?.length)
    builder = builder.where('f.district', 'in', query.filter.district);
  if (query.beneficiaryId !== undefined) builder = builder.where('b.id', '=', query.beneficiaryId);
  return builder;
}

export async function beneficiaryRows(
  db: Executor,
  seasonId: number,
  query: BeneficiaryFilter,
  options: {
    sort?: keyof typeof BENEFICIARY_SORT | 'location';
    order: 'asc' | 'desc';
    limit?: number;
    offset?: number;
  },
) {
  let builder = beneficiariesQuery(db, seasonId, query)
    .leftJoin('employees as e', 'e.id', 'b.enrolled_by')
    .select([
      'b.id',
      'b.season_id',
      'b.status',
      'b.status_reason',
      'b.voucher_code',
      'b.enrolled_at',
      'b.enrolled_by',
      'e.name as enrolled_by_name',
      'f.id as family_id',
      'f.file_number',
      'f.head_name',
      'f.head_national_id',
      'f.primary_phone',
      'f.members_count',
      'f.per_capita_income',
      'f.city',
      'f.district',
    ])
    .select((eb) => [
      eb
        .selectFrom('distributions as d')
        .select(sql<number>`count(*)::int`.as('n'))
        .whereRef('d.beneficiary_id', '=', 'b.id')
        .as('distributions_count'),
      eb
        .selectFrom('distributions as d')
        .select(sql<string | null>`max(d.distributed_at)::text`.as('n'))
        .whereRef('d.beneficiary_id', '=', 'b.id')
        .as('last_distributed_at'),
    ]);
  if (options.sort === 'location') {
    builder = builder
      .orderBy('f.city')
      .orderBy('f.district')
      .orderBy('f.head_name')
      .orderBy('b.id');
  } else {
    builder = builder
      .orderBy(orderTerm(BENEFICIARY_SORT[options.sort ?? 'file_number'], options.order))
      .orderBy('b.id', options.order);
  }
  if (options.limit !== undefined)
    builder = builder.limit(options.limit).offset(options.offset ?? 0);
  return builder.execute();
}

export type BeneficiaryRow = Awaited<ReturnType<typeof beneficiaryRows>>[number];

export function countBeneficiaries(
  db: Executor,
  seasonId: number,
  query: BeneficiaryFilter,
): Promise<number> {
  return countRows(beneficiariesQuery(db, seasonId, query));
}

// ---------------------------------------------------------------------------------------------
// Distributions
// ---------------------------------------------------------------------------------------------

export const DISTRIBUTION_SORT = {
  distributed_at: 'd.distributed_at',
  created_at: 'd.created_at',
  voucher_code: 'd.voucher_code',
} as const;

export interface DistributionFilter {
  search?: string | undefined;
  filter: {
    kind?: string[] | undefined;
    family_id?: number | undefined;
    beneficiary_id?: number | undefined;
  };
}

export function distributionsQuery(db: Executor, seasonId: number, query: DistributionFilter) {
  let builder = db
    .selectFrom('distributions as d')
    .innerJoin('families as f', 'f.id', 'd.family_id')
    .where('d.season_id', '=', seasonId);
  builder = whereSearch(
    builder,
    sql`(f.search_text || ' ' || lower(d.voucher_code) || ' ' || d.received_by_name || ' ' || coalesce(d.received_by_national_id, ''))`,
    query.search,
  );
  if (query.filter.kind?.length) builder = builder.where('d.kind', 'in', query.filter.kind);
  if (query.filter.family_id !== undefined)
    builder = builder.where('d.family_id', '=', query.filter.family_id);
  if (query.filter.beneficiary_id !== undefined)
    builder = builder.where('d.beneficiary_id', '=', query.filter.beneficiary_id);
  return builder;
}

export function distributionRowsQuery(db: Executor, seasonId: number, query: DistributionFilter) {
  return distributionsQuery(db, seasonId, query)
    .leftJoin('employees as e', 'e.id', 'd.handed_over_by')
    .select([
      'd.id',
      'd.season_id',
      'd.beneficiary_id',
      'd.family_id',
      'f.file_number',
      'f.head_name',
      'd.kind',
      'd.cash_amount',
      'd.distributed_at',
      'd.received_by_name',
      'd.received_by_national_id',
      'd.handed_over_by',
      'e.name as handed_over_by_name',
      'd.voucher_code',
      'd.notes',
      'd.created_at',
    ]);
}

// ---------------------------------------------------------------------------------------------
// Lists
// ---------------------------------------------------------------------------------------------

const SEASON_SORT = {
  name: 's.name',
  kind: 's.kind',
  hijri_year: 's.hijri_year',
  start_date: 's.start_date',
  end_date: 's.end_date',
  status: 's.status',
  created_at: 's.created_at',
} as const;

/** One page of seasons (search: the name, normalised), newest start date first unless sorted. */
export async function listSeasons(
  db: Executor,
  query: SeasonListQuery,
): Promise<{ rows: SeasonListRow[]; total: number }> {
  let builder = whereSearch(seasonsQuery(db), 's.name_normalized', query.search);
  if (query.filter.status?.length) builder = builder.where('s.status', 'in', query.filter.status);
  if (query.filter.kind?.length) builder = builder.where('s.kind', 'in', query.filter.kind);
  if (query.filter.hijri_year !== undefined)
    builder = builder.where('s.hijri_year', '=', query.filter.hijri_year);
  if (query.filter.funding_org_id !== undefined)
    builder = builder.where('s.funding_org_id', '=', query.filter.funding_org_id);
  const sort = query.sort ?? 'start_date';
  const order = query.sort ? query.order : 'desc';
  const { limit, offset } = pageWindow(query);
  const [rows, total] = await Promise.all([
    builder
      .orderBy(orderTerm(SEASON_SORT[sort], order))
      .orderBy('s.id', order)
      .limit(limit)
      .offset(offset)
      .execute(),
    countRows(builder),
  ]);
  return { rows: rows.map(normaliseCounters), total };
}

/** One page of a season's handovers, newest first unless sorted. */
export async function listDistributions(
  db: Executor,
  seasonId: number,
  query: DistributionFilter & {
    sort?: keyof typeof DISTRIBUTION_SORT | undefined;
    order: 'asc' | 'desc';
    page: number;
    per_page: number;
  },
) {
  const sort = query.sort ?? 'distributed_at';
  const order = query.sort ? query.order : 'desc';
  const { limit, offset } = pageWindow(query);
  const [rows, total] = await Promise.all([
    distributionRowsQuery(db, seasonId, query)
      .orderBy(orderTerm(DISTRIBUTION_SORT[sort], order))
      .orderBy('d.id', order)
      .limit(limit)
      .offset(offset)
      .execute(),
    countRows(distributionsQuery(db, seasonId, query)),
  ]);
  return { rows, total };
}

export type DistributionRow = Awaited<ReturnType<typeof listDistributions>>['rows'][number];

/** One handover as the log shows it. */
export function findDistribution(
  db: Executor,
  seasonId: number,
  distributionId: number,
): Promise<DistributionRow | undefined> {
  return distributionRowsQuery(db, seasonId, { filter: {} })
    .where('d.id', '=', distributionId)
    .executeTakeFirst();
}

/** The items of these handovers, in the order they were entered. */
export function distributionItemsOf(db: Executor, distributionIds: readonly number[]) {
  if (distributionIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('distribution_items')
    .selectAll()
    .where('distribution_id', 'in', [...distributionIds])
    .orderBy('id')
    .execute();
}

// ---------------------------------------------------------------------------------------------
// One season
// ---------------------------------------------------------------------------------------------

/** The season row locked FOR UPDATE: the lock serialises status changes, enrolments, exclusions and handovers on one season. */
export function lockSeason(trx: Transaction<Database>, id: number): Promise<SeasonRow | undefined> {
  return trx.selectFrom('seasons').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export function findSeasonName(
  db: Executor,
  id: number,
): Promise<{ id: number; name: string } | undefined> {
  return db.selectFrom('seasons').select(['id', 'name']).where('id', '=', id).executeTakeFirst();
}

export function insertSeason(
  trx: Transaction<Database>,
  values: Insertable<SeasonsTable>,
): Promise<SeasonRow> {
  return trx.insertInto('seasons').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function updateSeasonRow(
  trx: Transaction<Database>,
  id: number,
  values: Updateable<SeasonsTable>,
): Promise<void> {
  await trx.updateTable('seasons').set(values).where('id', '=', id).execute();
}

// ---------------------------------------------------------------------------------------------
// Enrolments and handovers
// ---------------------------------------------------------------------------------------------

/** Which of these families the season already enrolled. */
export async function enrolledFamilyIds(
  db: Executor,
  seasonId: number,
  familyIds: readonly number[],
): Promise<Set<number>> {
  if (familyIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('season_beneficiaries')
    .select('family_id')
    .where('season_id', '=', seasonId)
    .where('family_id', 'in', [...familyIds])
    .execute();
  return new Set(rows.map((row) => row.family_id));
}

/** A season's enrolment with its family's label, locked for a change. */
export function lockBeneficiary(
  trx: Transaction<Database>,
  seasonId: number,
  by: { beneficiaryId: number } | { familyId: number },
) {
  let query = trx
    .selectFrom('season_beneficiaries as b')
    .innerJoin('families as f', 'f.id', 'b.family_id')
    .select([
      'b.id',
      'b.family_id',
      'b.status',
      'b.status_reason',
      'b.voucher_code',
      'f.file_number',
      'f.head_name',
    ])
    .where('b.season_id', '=', seasonId);
  query =
    'beneficiaryId' in by
      ? query.where('b.id', '=', by.beneficiaryId)
      : query.where('b.family_id', '=', by.familyId);
  return query.forUpdate().executeTakeFirst();
}

export async function updateBeneficiaryRow(
  trx: Transaction<Database>,
  id: number,
  values: Updateable<SeasonBeneficiariesTable>,
): Promise<void> {
  await trx.updateTable('season_beneficiaries').set(values).where('id', '=', id).execute();
}

/** Records a handover and its items; answers its id. */
export async function insertDistribution(
  trx: Transaction<Database>,
  values: Insertable<DistributionsTable>,
  items: readonly Omit<Insertable<DistributionItemsTable>, 'distribution_id'>[],
): Promise<number> {
  const row = await trx
    .insertInto('distributions')
    .values(values)
    .returning('id')
    .executeTakeFirstOrThrow();
  if (items.length > 0) {
    await trx
      .insertInto('distribution_items')
      .values(items.map((item) => ({ ...item, distribution_id: row.id })))
      .execute();
  }
  return row.id;
}

/**
 * The ids of the season's beneficiaries its list's filter matches, by id, at most `limit` of them
 * (a bulk action asks one more than it accepts, to refuse a selection too large).
 */
export async function beneficiaryIdsMatching(
  db: Executor,
  seasonId: number,
  query: BeneficiaryFilter,
  limit: number,
): Promise<number[]> {
  const rows = await beneficiariesQuery(db, seasonId, query)
    .select('b.id')
    .orderBy('b.id')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/** The season's beneficiaries as a person reads them (their family), for a bulk action's refused items. */
export async function beneficiaryLabels(
  db: Executor,
  seasonId: number,
  ids: readonly number[],
): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('season_beneficiaries as b')
    .innerJoin('families as f', 'f.id', 'b.family_id')
    .select(['b.id', 'f.file_number', 'f.head_name'])
    .where('b.season_id', '=', seasonId)
    .where('b.id', 'in', [...ids])
    .execute();
  return new Map(rows.map((row) => [row.id, familyLabel(row)]));
}
