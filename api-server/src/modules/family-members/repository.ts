import {
  sql,
  type Insertable,
  type Kysely,
  type SelectQueryBuilder,
  type SqlBool,
  type Transaction,
} from 'kysely';
import { type FamilyMemberListQuery } from 'shared-contracts/beneficiaries';
import { countRows, orderTerm } from '../../db/query';
import { likeContains, searchAlternatives } from '../../db/search';
import type { Database, Executor } from '../../db/tables';
import type { FamilyMemberRow } from '../families';
import type { MemberMovesTable } from './tables';

/**
 * The members register across families. Members are the families module's `family_members`
 * rows (memberships); this module reads them and moves them between families.
 */

/** `age >= years` ⇔ born on or before this date (the same calendar day `years` earlier; Feb 29 → Feb 28). */
export function bornOnOrBefore(today: string, years: number): string {
  const [y = 0, m = 1, d = 1] = today.split('-').map(Number);
  const year = y - years;
  const lastDay = new Date(Date.UTC(year, m, 0)).getUTCDate();
  return `${String(year).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(Math.min(d, lastDay)).padStart(2, '0')}`;
}

/** The birth-date bounds of an age range in whole years on `today`. */
export function birthDateBounds(
  today: string,
  ageMin?: number,
  ageMax?: number,
): { onOrBefore?: string; after?: string } {
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

/**
 * What a member search looks in: the member's `search_text` (normalised name, national ID, phone
 * in both spellings; trigram-indexed) or its family's file number (through that column's own
 * trigram index, as a list of family ids), each token in either.
 */
function whereMemberSearch<DB, TB extends keyof DB, O>(
  builder: SelectQueryBuilder<DB, TB, O>,
  search: string | undefined,
) {
  const alternatives = searchAlternatives(search);
  if (alternatives.length === 0) return builder;
  return builder.where((eb) =>
    eb.or(
      alternatives.map((tokens) =>
        eb.and(
          tokens.map(
            (
              token,
            ) => sql<SqlBool>`(m.search_text like ${likeContains(token)} or m.family_id = any(array(
              select fn.id from families fn where lower(fn.file_number) like ${likeContains(token)})))`,
          ),
        ),
      ),
    ),
  );
}

export type MemberListRow = FamilyMemberRow & {
  file_number: string;
  family_status: string;
  family_city: string | null;
};

/**
 * The members the query selects, without their families: a family filter narrows by family id,
 * so counting the register does not join half a million members to their families (the page
 * joins them for its columns and its order).
 */
export function filteredMembers(
  db: Kysely<Database>,
  query: Pick<FamilyMemberListQuery, 'search' | 'filter'>,
  today: string,
) {
  const filter = query.filter;
  let builder = db.selectFrom('family_members as m');
  // Current memberships: active ones, plus an archived family's members when archived families are asked for.
  builder = filter.family_status?.includes('archived')
    ? builder.where(sql<SqlBool>`(m.active or m.end_reason = 'family_archived')`)
    : builder.where('m.active', '=', true);
  builder = whereMemberSearch(builder, query.search);
  if (filter.gender?.length) builder = builder.where('m.gender', 'in', filter.gender);
  if (filter.relationship?.length)
    builder = builder.where('m.relationship', 'in', filter.relationship);
  if (filter.health_status?.length)
    builder = builder.where('m.health_status', 'in', filter.health_status);
  if (filter.education_level?.length)
    builder = builder.where('m.education_level', 'in', filter.education_level);
  if (filter.employment_status?.length)
    builder = builder.where('m.employment_status', 'in', filter.employment_status);
  if (filter.marital_status?.length)
    builder = builder.where('m.marital_status', 'in', filter.marital_status);
  if (filter.family_status?.length || filter.city?.length) {
    let families = db.selectFrom('families as ff').select('ff.id');
    if (filter.family_status?.length)
      families = families.where('ff.status', 'in', filter.family_status);
    if (filter.city?.length) families = families.where('ff.city', 'in', filter.city);
    builder = builder.where('m.family_id', 'in', families);
  }
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
    .innerJoin('families as f', 'f.id', 'm.family_id')
    .selectAll('m')
    .select(['f.file_number', 'f.status as family_status', 'f.city as family_city']);
  if (options.sort) {
    builder = builder
      .orderBy(orderTerm(SORT_COLUMNS[options.sort], options.order, { nullsLast: true }))
      .orderBy('m.id', options.order);
  } else {
    builder = builder
      .orderBy('f.file_number')
      .orderBy(sql`case when m.relationship = 'head' then 0 else 1 end`)
      .orderBy('m.id');
  }
  return builder.limit(options.limit).offset(options.offset).execute();
}

export function countMembers(
  db: Kysely<Database>,
  query: Pick<FamilyMemberListQuery, 'search' | 'filter'>,
  today: string,
): Promise<number> {
  return countRows(filteredMembers(db, query, today));
}

// ---------------------------------------------------------------------------------------------
// Moves
// ---------------------------------------------------------------------------------------------

export function lockMember(
  trx: Transaction<Database>,
  memberId: number,
): Promise<FamilyMemberRow | undefined> {
  return trx
    .selectFrom('family_members')
    .selectAll()
    .where('id', '=', memberId)
    .forUpdate()
    .executeTakeFirst();
}

/** Ends a membership because its person moved to another family (the national ID is released). */
export async function endMovedMembership(
  trx: Transaction<Database>,
  memberId: number,
  end: { date: string; at: Date; by: number },
): Promise<void> {
  await trx
    .updateTable('family_members')
    .set({
      active: false,
      end_date: end.date,
      end_reason: 'moved',
      updated_at: end.at,
      updated_by: end.by,
    })
    .where('id', '=', memberId)
    .execute();
}

/** Starts the person's membership of another family: the same person's data, a new row. */
export function insertMovedMember(
  trx: Transaction<Database>,
  member: FamilyMemberRow,
  to: { familyId: number; relationship: string; startDate: string; by: number },
): Promise<FamilyMemberRow> {
  const {
    id: _oldId,
    family_id: _oldFamily,
    relationship: _oldRelationship,
    active: _active,
    start_date: _start,
    end_date: _end,
    end_reason: _endReason,
    moved_from_member_id: _movedFrom,
    created_at: _createdAt,
    created_by: _createdBy,
    updated_at: _updatedAt,
    updated_by: _updatedBy,
    // Generated from the person's own columns: PostgreSQL refuses a value for it.
    search_text: _searchText,
    ...person
  } = member;
  return trx
    .insertInto('family_members')
    .values({
      ...person,
      family_id: to.familyId,
      relationship: to.relationship,
      start_date: to.startDate,
      moved_from_member_id: member.id,
      created_by: to.by,
      updated_by: to.by,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function insertMove(trx: Transaction<Database>, move: Insertable<MemberMovesTable>) {
  return trx.insertInto('member_moves').values(move).returningAll().executeTakeFirstOrThrow();
}

/** A family's head name as it is now (after a summary refresh). */
export async function headNameOf(db: Executor, familyId: number): Promise<string> {
  return (
    await db
      .selectFrom('families')
      .select('head_name')
      .where('id', '=', familyId)
      .executeTakeFirstOrThrow()
  ).head_name;
}
