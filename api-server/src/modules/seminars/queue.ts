import { sql, type Kysely, type Transaction } from 'kysely';
import {
  ATTENDANCE_VALUES,
  AUDIENCE_MESSAGES,
  AUDIENCE_STATES,
  SEMINAR_MESSAGES,
  SEMINAR_STATUS_CAPABILITIES,
  ageOn,
  audienceMismatches,
  seminarHasStarted,
  seminarStatusLabel,
  type Attendance,
  type AttendedSeminar,
  type Audience,
  type AudienceCandidate,
  type AudienceCandidatesQuery,
  type AudienceEntry,
  type AudienceRegistration,
  type SeminarStatus,
  type SeminarTarget,
} from 'shared-contracts/engagement';
import { REASON_REQUIRED_MESSAGE, hasReason } from 'shared-contracts';
import { labelOf } from 'shared-contracts/beneficiaries';
import { countRows } from '../../db/query';
import { searchedNationalId, whereSearch } from '../../db/search';
import type { Database, Executor } from '../../db/tables';
import { conflict, notFound, unprocessable } from '../../http/errors';
import { pageWindow } from '../../http/pagination';
import type { ChangeAuthor } from '../../http/request-meta';
import { recordChange } from '../activity-log';
import { familyLabel } from '../families';
import type { SeminarRow } from './tables';

/**
 * A seminar's audience: registration with capacity and an ordered waiting list, removal (the
 * freed place goes to the first waiting person), attendance, and the reads (the audience with its
 * counts, the registration search, the family page's attended seminars).
 *
 * Every write locks the seminar row first (`SELECT … FOR UPDATE`) and holds it to the commit, so
 * concurrent registrations of one seminar run one after another: each sees the places the one
 * before took, and the queue positions (`seminars.last_position`) are handed out without gaps or
 * clashes. Twenty parallel registrations for five places give five registered and fifteen waiting,
 * in arrival order.
 */

const iso = (value: Date | null) => (value ? value.toISOString() : null);
const stateLabel = (state: string) => labelOf(AUDIENCE_STATES, state);
const attendanceLabel = (value: string | null) =>
  value ? labelOf(ATTENDANCE_VALUES, value) : null;

function lockSeminar(trx: Transaction<Database>, id: number) {
  return trx.selectFrom('seminars').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

async function lockedSeminar(trx: Transaction<Database>, id: number): Promise<SeminarRow> {
  const seminar = await lockSeminar(trx, id);
  if (!seminar) throw notFound(SEMINAR_MESSAGES.notFound);
  return seminar;
}

function targetOf(
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

function logAudience(
  trx: Executor,
  author: ChangeAuthor,
  action: 'create' | 'update' | 'delete',
  entry: { id: number; person_name: string; family_id: number | null },
  seminarTitle: string,
  changes: Record<string, [unknown, unknown]>,
) {
  return recordChange(trx, author, {
    action,
    entityType: 'seminar_audience',
    entityId: entry.id,
    entityLabel: `${entry.person_name} — ${seminarTitle}`,
    changes,
    familyId: entry.family_id,
  });
}

/** Moves the first `places` waiting people up (in queue order), marking and logging each. */
export async function promoteWaiting(
  trx: Transaction<Database>,
  seminar: { id: number; title: string },
  places: number,
  author: ChangeAuthor,
): Promise<number[]> {
  if (places <= 0) return [];
  const waiting = await trx
    .selectFrom('seminar_audience')
    .select(['id', 'person_name', 'family_id'])
    .where('seminar_id', '=', seminar.id)
    .where('state', '=', 'waiting')
    .orderBy('position')
    .limit(places)
    .execute();
  const now = new Date();
  for (const entry of waiting) {
    await trx
      .updateTable('seminar_audience')
      .set({ state: 'registered', promoted_at: now })
      .where('id', '=', entry.id)
      .execute();
    await logAudience(trx, author, 'update', entry, seminar.title, {
      state: [stateLabel('waiting'), stateLabel('registered')],
      promoted: [null, true],
    });
  }
  return waiting.map((entry) => entry.id);
}

/** The member with their family's facts, when they are a current member of a family that is not archived. */
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

/**
 * Registers a member or a guest: a place while the seminar has one, else the end of the waiting
 * list. 409 when registration is not open or the person is already in the audience; 422 on
 * `override_confirmed` (with the reasons) for a member outside the target without the override.
 */
export async function registerAudience(
  db: Kysely<Database>,
  seminarId: number,
  body: AudienceRegistration,
  author: ChangeAuthor,
): Promise<{ id: number; state: 'registered' | 'waiting' }> {
  return db.transaction().execute(async (trx) => {
    const seminar = await lockedSeminar(trx, seminarId);
    const status = seminar.status as SeminarStatus;
    if (!SEMINAR_STATUS_CAPABILITIES[status].register)
      throw conflict(AUDIENCE_MESSAGES.registrationClosed(seminarStatusLabel(status)));

    let person: {
      member_id: number | null;
      family_id: number | null;
      person_name: string;
      guest_phone: string | null;
      override_note: string | null;
      familyText: string | null;
    };
    if (body.kind === 'member' && body.member_id) {
      const member = await memberFacts(trx, body.member_id);
      if (!member) throw unprocessable({ member_id: [AUDIENCE_MESSAGES.memberNotFound] });
      const already = await trx
        .selectFrom('seminar_audience')
        .select('id')
        .where('seminar_id', '=', seminarId)
        .where('member_id', '=', member.id)
        .executeTakeFirst();
      if (already)
        throw conflict(AUDIENCE_MESSAGES.alreadyRegistered, {
          member_id: [AUDIENCE_MESSAGES.alreadyRegistered],
        });
      const reasons = audienceMismatches(
        targetOf(seminar),
        {
          gender: member.gender,
          birth_date: member.birth_date,
          family_categories: member.categories,
        },
        seminar.starts_at.slice(0, 10),
      );
      if (reasons.length > 0 && !body.override_confirmed)
        throw unprocessable({
          override_confirmed: [AUDIENCE_MESSAGES.overrideRequired, ...reasons],
        });
      // An exception is registered with its reason, kept with the entry (and so in the log).
      const overrideReason = body.override_reason ?? null;
      if (reasons.length > 0 && !hasReason(overrideReason))
        throw unprocessable({ override_reason: [REASON_REQUIRED_MESSAGE] });
      person = {
        member_id: member.id,
        family_id: member.family_id,
        person_name: member.full_name,
        guest_phone: null,
        override_note:
          reasons.length > 0 ? `${reasons.join('؛ ')} — السبب: ${overrideReason ?? ''}` : null,
        familyText: familyLabel(member),
      };
    } else {
      const phone = body.guest_phone ?? null;
      const already =
        phone === null
          ? undefined
          : await trx
              .selectFrom('seminar_audience')
              .select('id')
              .where('seminar_id', '=', seminarId)
              .where('guest_phone', '=', phone)
              .executeTakeFirst();
      if (already)
        throw conflict(AUDIENCE_MESSAGES.alreadyRegistered, {
          guest_phone: [AUDIENCE_MESSAGES.alreadyRegistered],
        });
      person = {
        member_id: null,
        family_id: null,
        person_name: body.guest_name ?? '',
        guest_phone: phone,
        override_note: null,
        familyText: null,
      };
    }

    const registered = await trx
      .selectFrom('seminar_audience')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('seminar_id', '=', seminarId)
      .where('state', '=', 'registered')
      .executeTakeFirstOrThrow();
    const state = registered.n < seminar.capacity ? 'registered' : 'waiting';
    const position = seminar.last_position + 1;
    // `position` orders arrivals across both lists; a person reads their place among the waiting
    // (the audience's `waiting_position`), so the history logs that place, not the arrival order.
    const waitingPlace =
      state === 'waiting'
        ? (
            await trx
              .selectFrom('seminar_audience')
              .select(sql<number>`count(*)::int`.as('n'))
              .where('seminar_id', '=', seminarId)
              .where('state', '=', 'waiting')
              .executeTakeFirstOrThrow()
          ).n + 1
        : null;
    await trx
      .updateTable('seminars')
      .set({ last_position: position })
      .where('id', '=', seminarId)
      .execute();
    const { id } = await trx
      .insertInto('seminar_audience')
      .values({
        seminar_id: seminarId,
        member_id: person.member_id,
        family_id: person.family_id,
        person_name: person.person_name,
        guest_phone: person.guest_phone,
        state,
        position,
        override_note: person.override_note,
        created_by: author.id,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await logAudience(trx, author, 'create', { id, ...person }, seminar.title, {
      seminar: [null, seminar.title],
      person: [null, person.person_name],
      ...(person.familyText ? { family: [null, person.familyText] } : {}),
      ...(person.guest_phone ? { phone: [null, person.guest_phone] } : {}),
      state: [null, stateLabel(state)],
      ...(waitingPlace !== null ? { waiting_position: [null, waitingPlace] } : {}),
      ...(person.override_note ? { override_note: [null, person.override_note] } : {}),
    });
    return { id, state };
  });
}

async function lockedEntry(trx: Transaction<Database>, seminarId: number, entryId: number) {
  const entry = await trx
    .selectFrom('seminar_audience')
    .selectAll()
    .where('id', '=', entryId)
    .where('seminar_id', '=', seminarId)
    .forUpdate()
    .executeTakeFirst();
  if (!entry) throw notFound(AUDIENCE_MESSAGES.notFound);
  return entry;
}

/** Marks (or clears) a registered person's attendance. 409 for a waiting person or a seminar that takes no attendance. */
export async function markAttendance(
  db: Kysely<Database>,
  seminarId: number,
  entryId: number,
  attendance: Attendance | null,
  author: ChangeAuthor,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const seminar = await lockedSeminar(trx, seminarId);
    const entry = await lockedEntry(trx, seminarId, entryId);
    const status = seminar.status as SeminarStatus;
    if (!SEMINAR_STATUS_CAPABILITIES[status].attendance)
      throw conflict(AUDIENCE_MESSAGES.attendanceClosed(seminarStatusLabel(status)));
    if (entry.state !== 'registered') throw conflict(AUDIENCE_MESSAGES.attendanceWaiting);
    // Nobody attends (or misses) a seminar that has not begun; clearing a mark stays possible.
    if (attendance !== null && !seminarHasStarted(seminar)) {
      const reason = AUDIENCE_MESSAGES.attendanceNotStarted;
      throw unprocessable({ attendance: [reason] }, reason);
    }
    if (entry.attendance === attendance) return;
    await trx
      .updateTable('seminar_audience')
      .set({
        attendance,
        attendance_at: attendance ? new Date() : null,
        attendance_by: attendance ? author.id : null,
      })
      .where('id', '=', entryId)
      .execute();
    await logAudience(trx, author, 'update', entry, seminar.title, {
      attendance: [attendanceLabel(entry.attendance), attendanceLabel(attendance)],
    });
  });
}

/** Removes a person; a freed place goes to the first waiting one. Answers the promoted entry's id, if any. */
export async function removeAudience(
  db: Kysely<Database>,
  seminarId: number,
  entryId: number,
  author: ChangeAuthor,
): Promise<number | null> {
  return db.transaction().execute(async (trx) => {
    const seminar = await lockedSeminar(trx, seminarId);
    const entry = await lockedEntry(trx, seminarId, entryId);
    const status = seminar.status as SeminarStatus;
    if (!SEMINAR_STATUS_CAPABILITIES[status].unregister)
      throw conflict(AUDIENCE_MESSAGES.unregisterClosed(seminarStatusLabel(status)));
    await trx.deleteFrom('seminar_audience').where('id', '=', entryId).execute();
    await logAudience(trx, author, 'delete', entry, seminar.title, {
      person: [entry.person_name, null],
      state: [stateLabel(entry.state), null],
      ...(entry.attendance ? { attendance: [attendanceLabel(entry.attendance), null] } : {}),
    });
    if (entry.state !== 'registered') return null;
    const [promoted] = await promoteWaiting(trx, seminar, 1, author);
    return promoted ?? null;
  });
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
    seminar: { ...seminar, status: seminar.status as SeminarStatus },
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
