import { sql, type Insertable, type Kysely, type Transaction, type Updateable } from 'kysely';
import {
  ageOn,
  audienceMismatches,
  type AttendedSeminar,
  type Audience,
  type AudienceCandidate,
  type AudienceCandidatesQuery,
  type AudienceEntry,
  type AudienceState,
  type SeminarTarget,
} from 'shared-contracts/engagement';
import { countRows } from '../../../db/query';
import { searchedNationalId, whereSearch } from '../../../db/search';
import type { Database, Executor } from '../../../db/tables';
import { pageWindow } from '../../../http/pagination';
import type { SeminarAudienceTable, SeminarRow } from '../tables';

/**
 * A seminar's audience, its SQL: the rows the queue's commands (`../commands/audience.ts`) lock,
 * count and write, and the reads (the audience with its counts, the registration search, the
 * family page's attended seminars).
 */

const iso = (value: Date | null) => (value ? value.toISOString() : null);

/** The seminar's target, as the audience rules read it. */
export function targetOf(
  seminar: Pick<
    SeminarRow,
    'target_gender' | 'target_age_min' | 'target_age_max' | 'target_categories'
  >,
): SeminarTarget {
  return {
    target_gender:
      seminar.target_gender === 'male' || seminar.target_gender === 'female'
        ? seminar.target_gender
        : null,
    target_age_min: seminar.target_age_min,
    target_age_max: seminar.target_age_max,
    target_categories: seminar.target_categories,
  };
}

/** The first `places` waiting people of a seminar, in queue order. */
export function firstWaiting(trx: Transaction<Database>, seminarId: number, places: number) {
  return trx
    .selectFrom('seminar_audience')
    .select(['id', 'person_name', 'family_id'])
    .where('seminar_id', '=', seminarId)
    .where('state', '=', 'waiting')
    .orderBy('position')
    .limit(places)
    .execute();
}

export async function updateAudienceRow(
  trx: Transaction<Database>,
  id: number,
  values: Updateable<SeminarAudienceTable>,
): Promise<void> {
  await trx.updateTable('seminar_audience').set(values).where('id', '=', id).execute();
}

export async function insertAudienceRow(
  trx: Transaction<Database>,
  values: Insertable<SeminarAudienceTable>,
): Promise<number> {
  const { id } = await trx
    .insertInto('seminar_audience')
    .values(values)
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function deleteAudienceRow(trx: Transaction<Database>, id: number): Promise<void> {
  await trx.deleteFrom('seminar_audience').where('id', '=', id).execute();
}

/** How many people of the seminar's audience are in `state`. */
export async function countInState(
  db: Executor,
  seminarId: number,
  state: AudienceState,
): Promise<number> {
  const row = await db
    .selectFrom('seminar_audience')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('seminar_id', '=', seminarId)
    .where('state', '=', state)
    .executeTakeFirstOrThrow();
  return row.n;
}

/** Whether the member, or the guest with this phone, is already in the seminar's audience. */
export async function alreadyInAudience(
  db: Executor,
  seminarId: number,
  person: { member_id: number } | { guest_phone: string },
): Promise<boolean> {
  let query = db.selectFrom('seminar_audience').select('id').where('seminar_id', '=', seminarId);
  query =
    'member_id' in person
      ? query.where('member_id', '=', person.member_id)
      : query.where('guest_phone', '=', person.guest_phone);
  return (await query.executeTakeFirst()) !== undefined;
}

/** The audience entry, locked for the write; undefined when the seminar has no such entry. */
export function lockEntry(trx: Transaction<Database>, seminarId: number, entryId: number) {
  return trx
    .selectFrom('seminar_audience')
    .selectAll()
    .where('id', '=', entryId)
    .where('seminar_id', '=', seminarId)
    .forUpdate()
    .executeTakeFirst();
}

export /** The member with their family's facts, when they are a current member of a family that is not archived. */
async function memberFacts(db: Executor, memberId: number) {
  const member = await db
    .selectFrom('family_members as m')
    .innerJoin('families as f', 'f.id', 'm.family_id')
    .select([
      'm.id',
      'm.full_name',
      'm.gender',
      'm.birth_date',
      'm.family_id',
      'f.file_number',
      'f.head_name',
    ])
    .where('m.id', '=', memberId)
    .where('m.active', '=', true)
    .where('f.status', '<>', 'archived')
    .executeTakeFirst();
  if (!member) return undefined;
  const categories = await db
    .selectFrom('family_categories')
    .select('category')
    .where('family_id', '=', member.family_id)
    .execute();
  return { ...member, categories: categories.map((row) => row.category) };
}

// ---------------------------------------------------------------------------------------------
// Reads
// ---------------------------------------------------------------------------------------------

/** The audience of a seminar: registered people in arrival order, then the waiting list in its order; undefined when there is no such seminar. */
export async function loadAudience(db: Executor, seminarId: number): Promise<Audience | undefined> {
  const seminar = await db
    .selectFrom('seminars')
    .select([
      'id',
      'title',
      'starts_at',
      'ends_at',
      'venue',
      'online_url',
      'presenter',
      'capacity',
      'status',
    ])
    .where('id', '=', seminarId)
    .executeTakeFirst();
  if (!seminar) return undefined;
  const rows = await db
    .selectFrom('seminar_audience as a')
    .leftJoin('family_members as m', 'm.id', 'a.member_id')
    .leftJoin('families as f', 'f.id', 'a.family_id')
    .leftJoin('employees as e', 'e.id', 'a.created_by')
    .selectAll('a')
    .select([
      'm.full_name',
      'm.national_id',
      'm.phone as member_phone',
      'f.file_number',
      'f.head_name',
      'e.name as registered_by',
    ])
    .where('a.seminar_id', '=', seminarId)
    .orderBy(sql`case when a.state = 'registered' then 0 else 1 end`)
    .orderBy('a.position')
    .execute();
  let waiting = 0;
  const entries: AudienceEntry[] = rows.map((row) => {
    const isWaiting = row.state === 'waiting';
    if (isWaiting) waiting += 1;
    return {
      id: row.id,
      kind: row.member_id !== null || row.family_id !== null ? 'member' : 'guest',
      name: row.full_name ?? row.person_name,
      member_id: row.member_id,
      national_id: row.national_id ?? null,
      family:
        row.family_id !== null && row.file_number !== null && row.head_name !== null
          ? { id: row.family_id, file_number: row.file_number, head_name: row.head_name }
          : null,
      phone: row.guest_phone ?? row.member_phone ?? null,
      state: isWaiting ? 'waiting' : 'registered',
      waiting_position: isWaiting ? waiting : null,
      attendance:
        row.attendance === 'attended' || row.attendance === 'no_show' ? row.attendance : null,
      attendance_at: iso(row.attendance_at),
      registered_at: row.created_at.toISOString(),
      promoted_at: iso(row.promoted_at),
      override_note: row.override_note,
      registered_by: row.registered_by ?? null,
    };
  });
  const registered = entries.filter((entry) => entry.state === 'registered');
  const attended = registered.filter((entry) => entry.attendance === 'attended').length;
  const noShow = registered.filter((entry) => entry.attendance === 'no_show').length;
  return {
    seminar,
    entries,
    counts: {
      registered: registered.length,
      waiting,
      attended,
      no_show: noShow,
      unmarked: registered.length - attended - noShow,
      free_places: Math.max(seminar.capacity - registered.length, 0),
    },
  };
}

/**
 * The registration search: current members of families that are not archived, by name or file
 * number, or by one whole national ID. The search is open to `show_seminars`, which does not show
 * families' identity documents: a national ID only finds its one holder (never a prefix or a part
 * of it, which would let anyone enumerate IDs digit by digit), and no candidate carries one.
 */
export async function audienceCandidates(
  db: Kysely<Database>,
  seminarId: number,
  query: AudienceCandidatesQuery,
): Promise<{ rows: AudienceCandidate[]; total: number } | undefined> {
  const seminar = await db
    .selectFrom('seminars')
    .selectAll()
    .where('id', '=', seminarId)
    .executeTakeFirst();
  if (!seminar) return undefined;
  const members = db
    .selectFrom('family_members as m')
    .innerJoin('families as f', 'f.id', 'm.family_id')
    .where('m.active', '=', true)
    .where('f.status', '<>', 'archived');
  const nationalId = searchedNationalId(query.search);
  const builder = nationalId
    ? members.where('m.national_id', '=', nationalId)
    : whereSearch(
        members,
        sql`concat_ws(' ', m.name_normalized, lower(f.file_number))`,
        query.search,
      );
  const { limit, offset } = pageWindow(query);
  const [rows, total] = await Promise.all([
    builder
      .select([
        'm.id',
        'm.full_name',
        'm.gender',
        'm.birth_date',
        'm.family_id',
        'f.file_number',
        'f.head_name',
      ])
      .select((eb) =>
        eb
          .exists(
            eb
              .selectFrom('seminar_audience as a')
              .select('a.id')
              .where('a.seminar_id', '=', seminarId)
              .whereRef('a.member_id', '=', 'm.id'),
          )
          .as('already'),
      )
      .orderBy('m.full_name')
      .orderBy('m.id')
      .limit(limit)
      .offset(offset)
      .execute(),
    countRows(builder),
  ]);
  const familyIds = [...new Set(rows.map((row) => row.family_id))];
  const categories =
    familyIds.length === 0
      ? []
      : await db
          .selectFrom('family_categories')
          .select(['family_id', 'category'])
          .where('family_id', 'in', familyIds)
          .execute();
  const day = seminar.starts_at.slice(0, 10);
  const target = targetOf(seminar);
  return {
    total,
    rows: rows.map((row) => ({
      member_id: row.id,
      name: row.full_name,
      gender: row.gender,
      age: row.birth_date ? ageOn(row.birth_date, day) : null,
      family: { id: row.family_id, file_number: row.file_number, head_name: row.head_name },
      outside_reasons: audienceMismatches(
        target,
        {
          gender: row.gender,
          birth_date: row.birth_date,
          family_categories: categories
            .filter((item) => item.family_id === row.family_id)
            .map((item) => item.category),
        },
        day,
      ),
      already_registered: Boolean(row.already),
    })),
  };
}

/** The seminars a family's members attended, newest first. */
export async function attendedSeminars(db: Executor, familyId: number): Promise<AttendedSeminar[]> {
  const rows = await db
    .selectFrom('seminar_audience as a')
    .innerJoin('seminars as s', 's.id', 'a.seminar_id')
    .innerJoin('seminar_types as t', 't.id', 's.seminar_type_id')
    .leftJoin('family_members as m', 'm.id', 'a.member_id')
    .select([
      'a.id',
      'a.member_id',
      'a.person_name',
      'm.full_name',
      's.id as seminar_id',
      's.title',
      's.starts_at',
      't.name as type_name',
    ])
    .where('a.family_id', '=', familyId)
    .where('a.attendance', '=', 'attended')
    .orderBy('s.starts_at', 'desc')
    .orderBy('a.id')
    .execute();
  return rows.map((row) => ({
    entry_id: row.id,
    seminar: {
      id: row.seminar_id,
      title: row.title,
      starts_at: row.starts_at,
      type: row.type_name,
    },
    member: { id: row.member_id ?? 0, name: row.full_name ?? row.person_name },
  }));
}
