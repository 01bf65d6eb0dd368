import { sql, type Kysely, type SqlBool } from 'kysely';
import { type FamilyMemberListQuery } from 'shared-contracts';
import type { Database, FamilyMemberRow } from '../../db/schema';
import { likeContains } from '../../http/validation';
import { searchAlternatives } from '../families/search';

/** `age >= years` ⇔ born on or before this date (the same calendar day `years` earlier; Feb 29 → Feb 28). */
export function bornOnOrBefore(today: string, years: number): string {
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  const year = y - years;
  const lastDay = new Date(Date.UTC(year, m, 0)).getUTCDate();
  return `${String(year).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(Math.min(d, lastDay)).padStart(2, '0')}`;
}

/** The birth-date bounds of an age range in whole years on `today`. */
export function birthDateBounds(today: string, ageMin?: number, ageMax?: number): { onOrBefore?: string; after?: string } {
  return {
    onOrBefore: ageMin !== undefined ? bornOnOrBefore(today, ageMin) : undefined,
    after: ageMax !== undefined ? bornOnOrBefore(today, ageMax + 1) : undefined,
  };
}

const SORT_COLUMNS = {
  full_name: 'm.full_name',
  birth_date: 'm.birth_date',
  family_file_number: 'f.file_number',
  created_at: 'm.created_at',
} as const;

/** What a member search looks in: normalised name, national ID, phone (both spellings), file number. */
const MEMBER_HAYSTACK = sql`concat_ws(' ', m.name_normalized, m.national_id, m.phone,
  case when m.phone like '+9665%' then '0' || substr(m.phone, 5) end, lower(f.file_number))`;

export type MemberListRow = FamilyMemberRow & { file_number: string; family_status: string; family_city: string | null };

export function filteredMembers(db: Kysely<Database>, query: Pick<FamilyMemberListQuery, 'search' | 'filter'>, today: string) {
  const filter = query.filter;
  let builder = db.selectFrom('family_members as m').innerJoin('families as f', 'f.id', 'm.family_id');
  // Current memberships: active ones, plus an archived family's members when archived families are asked for.
  builder = filter.family_status?.includes('archived')
    ? builder.where(sql<SqlBool>`(m.active or m.end_reason = 'family_archived')`)
    : builder.where('m.active', '=', true);
  const alternatives = searchAlternatives(query.search);
  if (alternatives.length > 0) {
    builder = builder.where((eb) =>
      eb.or(
        alternatives.map((tokens) =>
          eb.and(tokens.map((token) => sql<SqlBool>`${MEMBER_HAYSTACK} like ${likeContains(token)}`)),
        ),
      ),
    );
  }
  if (filter.gender?.length) builder = builder.where('m.gender', 'in', filter.gender);
  if (filter.relationship?.length) builder = builder.where('m.relationship', 'in', filter.relationship);
  if (filter.health_status?.length) builder = builder.where('m.health_status', 'in', filter.health_status);
  if (filter.education_level?.length) builder = builder.where('m.education_level', 'in', filter.education_level);
  if (filter.employment_status?.length) builder = builder.where('m.employment_status', 'in', filter.employment_status);
  if (filter.marital_status?.length) builder = builder.where('m.marital_status', 'in', filter.marital_status);
  if (filter.family_status?.length) builder = builder.where('f.status', 'in', filter.family_status);
  if (filter.city?.length) builder = builder.where('f.city', 'in', filter.city);
  if (filter.family_id !== undefined) builder = builder.where('m.family_id', '=', filter.family_id);
  const bounds = birthDateBounds(today, filter.age_min, filter.age_max);
  if (bounds.onOrBefore) builder = builder.where('m.birth_date', '<=', bounds.onOrBefore);
  if (bounds.after) builder = builder.where('m.birth_date', '>', bounds.after);
  return builder;
}

export interface MemberPageOptions {
  sort?: keyof typeof SORT_COLUMNS;
  order: 'asc' | 'desc';
  limit: number;
  offset: number;
}

/** One page; without `sort`: by family file number, the head first, then in the order added. */
export function memberPage(
  db: Kysely<Database>,
  query: Pick<FamilyMemberListQuery, 'search' | 'filter'>,
  today: string,
  options: MemberPageOptions,
): Promise<MemberListRow[]> {
  let builder = filteredMembers(db, query, today)
    .selectAll('m')
    .select(['f.file_number', 'f.status as family_status', 'f.city as family_city']);
  if (options.sort) {
    const direction = options.order === 'desc' ? sql`desc nulls last` : sql`asc nulls last`;
    builder = builder.orderBy(sql`${sql.ref(SORT_COLUMNS[options.sort])} ${direction}`).orderBy('m.id', options.order);
  } else {
    builder = builder
      .orderBy('f.file_number')
      .orderBy(sql`case when m.relationship = 'head' then 0 else 1 end`)
      .orderBy('m.id');
  }
  return builder.limit(options.limit).offset(options.offset).execute();
}

export async function countMembers(db: Kysely<Database>, query: Pick<FamilyMemberListQuery, 'search' | 'filter'>, today: string): Promise<number> {
  const row = await filteredMembers(db, query, today).select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow();
  return row.total;
}
