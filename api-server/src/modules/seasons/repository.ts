import { sql, type Kysely, type SqlBool, type Transaction } from 'kysely';
import {
  generateVoucherCode,
  isFamilyEligible,
  type Distribution,
  type FamilyStatus,
  type Season,
  type SeasonBeneficiary,
  type SeasonEligibilityRule,
  type SeasonKind,
} from 'shared-contracts';
import type { Database, SeasonRow, StoredEligibility } from '../../db/schema';
import { likeContains } from '../../http/validation';
import { searchAlternatives } from '../families/search';
import type { LookupSet } from '../lookups/repository';

type Executor = Kysely<Database> | Transaction<Database>;

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

export function normaliseCounters<T extends { beneficiaries_count: number | null; received_count: number | null; cash_distributed_total: number | string | null }>(
  row: T,
): T & { beneficiaries_count: number; received_count: number; cash_distributed_total: number } {
  return {
    ...row,
    beneficiaries_count: Number(row.beneficiaries_count ?? 0),
    received_count: Number(row.received_count ?? 0),
    cash_distributed_total: Number(row.cash_distributed_total ?? 0),
  };
}

export function toSeasonResource(row: SeasonListRow, lookups: LookupSet): Season {
  const rule = row.eligibility;
  return {
    id: row.id,
    name: row.name,
    kind: row.kind as SeasonKind,
    hijri_year: row.hijri_year,
    start_date: row.start_date,
    end_date: row.end_date,
    budget: row.budget,
    funding_org: row.funding_org_id !== null ? { id: row.funding_org_id, name: row.funding_org_name ?? '' } : null,
    eligibility: {
      categories: lookups.refs('family_categories', rule.categories ?? []),
      max_per_capita_income: rule.max_per_capita_income ?? null,
      member_min_age: rule.member_min_age ?? null,
      member_max_age: rule.member_max_age ?? null,
      statuses: (rule.statuses ?? ['approved']) as FamilyStatus[],
    },
    status: row.status as Season['status'],
    status_reason: row.status_reason,
    notes: row.notes,
    beneficiaries_count: row.beneficiaries_count,
    received_count: row.received_count,
    cash_distributed_total: row.cash_distributed_total,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

export function eligibilityRule(stored: StoredEligibility): SeasonEligibilityRule {
  return {
    categories: stored.categories,
    max_per_capita_income: stored.max_per_capita_income,
    member_min_age: stored.member_min_age,
    member_max_age: stored.member_max_age,
    statuses: stored.statuses as FamilyStatus[],
  };
}

// ---------------------------------------------------------------------------------------------
// Eligibility
// ---------------------------------------------------------------------------------------------

export interface EligibilityCandidate {
  id: number;
  file_number: string;
  head_name: string;
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
  let query = db.selectFrom('families').select(['id', 'file_number', 'head_name', 'status', 'per_capita_income']).orderBy('id');
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
    db.selectFrom('family_categories').select(['family_id', 'category']).where('family_id', 'in', ids).execute(),
    db
      .selectFrom('family_members')
      .select(['family_id', 'birth_date'])
      .where('family_id', 'in', ids)
      .where(sql<SqlBool>`(active or end_reason = 'family_archived')`)
      .execute(),
  ]);
  const categoriesBy = new Map<number, string[]>();
  for (const row of categories) categoriesBy.set(row.family_id, [...(categoriesBy.get(row.family_id) ?? []), row.category]);
  const membersBy = new Map<number, { birth_date: string | null }[]>();
  for (const row of members) membersBy.set(row.family_id, [...(membersBy.get(row.family_id) ?? []), { birth_date: row.birth_date }]);
  return families.map((family) => ({
    ...family,
    status: family.status as FamilyStatus,
    categories: categoriesBy.get(family.id) ?? [],
    members: membersBy.get(family.id) ?? [],
  }));
}

/** Splits candidates by the season's rule, evaluated on its start date. */
export function evaluateEligibility(candidates: readonly EligibilityCandidate[], season: SeasonRow) {
  const rule = eligibilityRule(season.eligibility);
  const eligible: EligibilityCandidate[] = [];
  const ineligible: { family: EligibilityCandidate; reasons: string[] }[] = [];
  for (const family of candidates) {
    const result = isFamilyEligible(family, rule, season.start_date);
    if (result.eligible) eligible.push(family);
    else ineligible.push({ family, reasons: result.reasons });
  }
  return { eligible, ineligible };
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
  if (pending.length > 0) throw new Error(`Could not draw unique voucher codes for ${pending.length} families`);
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
  filter: { status?: string[] | undefined; city?: string[] | undefined; district?: string[] | undefined };
  /** One enrolment only. */
  beneficiaryId?: number;
}

export function beneficiariesQuery(db: Executor, seasonId: number, query: BeneficiaryFilter) {
  let builder = db
    .selectFrom('season_beneficiaries as b')
    .innerJoin('families as f', 'f.id', 'b.family_id')
    .where('b.season_id', '=', seasonId);
  const alternatives = searchAlternatives(query.search);
  if (alternatives.length > 0) {
    builder = builder.where((eb) =>
      eb.or(
        alternatives.map((tokens) =>
          eb.and(tokens.map((token) => sql<SqlBool>`(f.search_text || ' ' || lower(b.voucher_code)) like ${likeContains(token)}`)),
        ),
      ),
    );
  }
  if (query.filter.status?.length) builder = builder.where('b.status', 'in', query.filter.status);
  if (query.filter.city?.length) builder = builder.where('f.city', 'in', query.filter.city);
  if (query.filter.district?.length) builder = builder.where('f.district', 'in', query.filter.district);
  if (query.beneficiaryId !== undefined) builder = builder.where('b.id', '=', query.beneficiaryId);
  return builder;
}

export async function beneficiaryRows(
  db: Executor,
  seasonId: number,
  query: BeneficiaryFilter,
  options: { sort?: keyof typeof BENEFICIARY_SORT | 'location'; order: 'asc' | 'desc'; limit?: number; offset?: number },
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
    builder = builder.orderBy('f.city').orderBy('f.district').orderBy('f.head_name').orderBy('b.id');
  } else {
    const column = sql.ref(BENEFICIARY_SORT[options.sort ?? 'file_number']);
    builder = builder.orderBy(sql`${column} ${options.order === 'desc' ? sql`desc` : sql`asc`}`).orderBy('b.id', options.order);
  }
  if (options.limit !== undefined) builder = builder.limit(options.limit).offset(options.offset ?? 0);
  return builder.execute();
}

export type BeneficiaryRow = Awaited<ReturnType<typeof beneficiaryRows>>[number];

export function toBeneficiaryResource(row: BeneficiaryRow, lookups: LookupSet): SeasonBeneficiary {
  return {
    id: row.id,
    season_id: row.season_id,
    family: {
      id: row.family_id,
      file_number: row.file_number,
      head_name: row.head_name,
      head_national_id: row.head_national_id,
      primary_phone: row.primary_phone,
      members_count: row.members_count,
      per_capita_income: row.per_capita_income,
      city: lookups.ref('cities', row.city),
      district: lookups.ref('districts', row.district),
    },
    status: row.status as SeasonBeneficiary['status'],
    status_reason: row.status_reason,
    voucher_code: row.voucher_code,
    enrolled_at: row.enrolled_at.toISOString(),
    enrolled_by: row.enrolled_by !== null ? { id: row.enrolled_by, name: row.enrolled_by_name ?? '' } : null,
    distributions_count: Number(row.distributions_count ?? 0),
    last_distributed_at: row.last_distributed_at ? row.last_distributed_at.slice(0, 10) : null,
  };
}

export async function countBeneficiaries(db: Executor, seasonId: number, query: BeneficiaryFilter): Promise<number> {
  const row = await beneficiariesQuery(db, seasonId, query).select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow();
  return row.total;
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
  filter: { kind?: string[] | undefined; family_id?: number | undefined; beneficiary_id?: number | undefined };
}

export function distributionsQuery(db: Executor, seasonId: number, query: DistributionFilter) {
  let builder = db
    .selectFrom('distributions as d')
    .innerJoin('families as f', 'f.id', 'd.family_id')
    .where('d.season_id', '=', seasonId);
  const alternatives = searchAlternatives(query.search);
  if (alternatives.length > 0) {
    builder = builder.where((eb) =>
      eb.or(
        alternatives.map((tokens) =>
          eb.and(
            tokens.map(
              (token) =>
                sql<SqlBool>`(f.search_text || ' ' || lower(d.voucher_code) || ' ' || d.received_by_name || ' ' || coalesce(d.received_by_national_id, '')) like ${likeContains(token)}`,
            ),
          ),
        ),
      ),
    );
  }
  if (query.filter.kind?.length) builder = builder.where('d.kind', 'in', query.filter.kind);
  if (query.filter.family_id !== undefined) builder = builder.where('d.family_id', '=', query.filter.family_id);
  if (query.filter.beneficiary_id !== undefined) builder = builder.where('d.beneficiary_id', '=', query.filter.beneficiary_id);
  return builder;
}

export async function distributionResources(
  db: Executor,
  rows: ReadonlyArray<{
    id: number;
    season_id: number;
    beneficiary_id: number;
    family_id: number;
    file_number: string;
    head_name: string;
    kind: string;
    cash_amount: number | null;
    distributed_at: string;
    received_by_name: string;
    received_by_national_id: string | null;
    handed_over_by: number;
    handed_over_by_name: string | null;
    voucher_code: string;
    notes: string | null;
    created_at: Date;
  }>,
  lookups: LookupSet,
): Promise<Distribution[]> {
  const ids = rows.map((row) => row.id);
  const items = ids.length
    ? await db.selectFrom('distribution_items').selectAll().where('distribution_id', 'in', ids).orderBy('id').execute()
    : [];
  return rows.map((row) => ({
    id: row.id,
    season_id: row.season_id,
    beneficiary_id: row.beneficiary_id,
    family: { id: row.family_id, file_number: row.file_number, head_name: row.head_name },
    kind: row.kind as Distribution['kind'],
    items: items
      .filter((item) => item.distribution_id === row.id)
      .map((item) => ({ item: { code: item.item, label: lookups.label('distribution_item_kinds', item.item) }, quantity: item.quantity })),
    cash_amount: row.cash_amount,
    distributed_at: row.distributed_at,
    received_by_name: row.received_by_name,
    received_by_national_id: row.received_by_national_id,
    handed_over_by: { id: row.handed_over_by, name: row.handed_over_by_name ?? '' },
    voucher_code: row.voucher_code,
    notes: row.notes,
    created_at: row.created_at.toISOString(),
  }));
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
