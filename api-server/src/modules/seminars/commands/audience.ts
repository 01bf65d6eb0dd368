import type { Kysely, Transaction } from 'kysely';
import { REASON_REQUIRED_MESSAGE, hasReason } from 'shared-contracts';
import { labelOf } from 'shared-contracts/beneficiaries';
import {
  ATTENDANCE_VALUES,
  AUDIENCE_MESSAGES,
  AUDIENCE_STATES,
  SEMINAR_MESSAGES,
  SEMINAR_STATUS_CAPABILITIES,
  audienceMismatches,
  seminarHasStarted,
  seminarStatusLabel,
  type Attendance,
  type AudienceRegistration,
} from 'shared-contracts/engagement';
import type { Database, Executor } from '../../../db/tables';
import { conflict, notFound, unprocessable } from '../../../http/errors';
import type { ChangeAuthor } from '../../../http/request-meta';
import { recordChange } from '../../activity-log';
import { familyLabel } from '../../families';
import {
  alreadyInAudience,
  countInState,
  deleteAudienceRow,
  firstWaiting,
  insertAudienceRow,
  lockEntry,
  lockSeminar,
  memberFacts,
  targetOf,
  updateAudienceRow,
  updateSeminarRow,
} from '../repository';
import type { SeminarRow } from '../tables';

/**
 * A seminar's audience, its writes: registration with capacity and an ordered waiting list,
 * removal (the freed place goes to the first waiting person) and attendance, each in one
 * transaction with its activity-log row (the reads are in `../repository/audience.ts`).
 *
 * Every write locks the seminar row first (`SELECT … FOR UPDATE`) and holds it to the commit, so
 * concurrent registrations of one seminar run one after another: each sees the places the one
 * before took, and the queue positions (`seminars.last_position`) are handed out without gaps or
 * clashes. Twenty parallel registrations for five places give five registered and fifteen waiting,
 * in arrival order.
 */

const stateLabel = (state: string) => labelOf(AUDIENCE_STATES, state);
const attendanceLabel = (value: string | null) =>
  value ? labelOf(ATTENDANCE_VALUES, value) : null;

async function lockedSeminar(trx: Transaction<Database>, id: number): Promise<SeminarRow> {
  const seminar = await lockSeminar(trx, id);
  if (!seminar) throw notFound(SEMINAR_MESSAGES.notFound);
  return seminar;
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
  const waiting = await firstWaiting(trx, seminar.id, places);
  const now = new Date();
  for (const entry of waiting) {
    await updateAudienceRow(trx, entry.id, { state: 'registered', promoted_at: now });
    await logAudience(trx, author, 'update', entry, seminar.title, {
      state: [stateLabel('waiting'), stateLabel('registered')],
      promoted: [null, true],
    });
  }
  return waiting.map((entry) => entry.id);
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
    const status = seminar.status;
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
      if (await alreadyInAudience(trx, seminarId, { member_id: member.id }))
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
      if (phone !== null && (await alreadyInAudience(trx, seminarId, { guest_phone: phone })))
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

    const registered = await countInState(trx, seminarId, 'registered');
    const state = registered < seminar.capacity ? 'registered' : 'waiting';
    const position = seminar.last_position + 1;
    // `position` orders arrivals across both lists; a person reads their place among the waiting
    // (the audience's `waiting_position`), so the history logs that place, not the arrival order.
    const waitingPlace =
      state === 'waiting' ? (await countInState(trx, seminarId, 'waiting')) + 1 : null;
    await updateSeminarRow(trx, seminarId, { last_position: position });
    const id = await insertAudienceRow(trx, {
      seminar_id: seminarId,
      member_id: person.member_id,
      family_id: person.family_id,
      person_name: person.person_name,
      guest_phone: person.guest_phone,
      state,
      position,
      override_note: person.override_note,
      created_by: author.id,
    });
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
  const entry = await lockEntry(trx, seminarId, entryId);
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
    const status = seminar.status;
    if (!SEMINAR_STATUS_CAPABILITIES[status].attendance)
      throw conflict(AUDIENCE_MESSAGES.attendanceClosed(seminarStatusLabel(status)));
    if (entry.state !== 'registered') throw conflict(AUDIENCE_MESSAGES.attendanceWaiting);
    // Nobody attends (or misses) a seminar that has not begun; clearing a mark stays possible.
    if (attendance !== null && !seminarHasStarted(seminar)) {
      const reason = AUDIENCE_MESSAGES.attendanceNotStarted;
      throw unprocessable({ attendance: [reason] }, reason);
    }
    if (entry.attendance === attendance) return;
    await updateAudienceRow(trx, entryId, {
      attendance,
      attendance_at: attendance ? new Date() : null,
      attendance_by: attendance ? author.id : null,
    });
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
    const status = seminar.status;
    if (!SEMINAR_STATUS_CAPABILITIES[status].unregister)
      throw conflict(AUDIENCE_MESSAGES.unregisterClosed(seminarStatusLabel(status)));
    await deleteAudienceRow(trx, entryId);
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
