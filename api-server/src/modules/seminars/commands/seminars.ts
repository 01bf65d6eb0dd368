import type { Kysely } from 'kysely';
import { FAMILY_CATEGORIES, GENDERS, labelOf } from 'shared-contracts/beneficiaries';
import {
  SEMINAR_MESSAGES,
  SEMINAR_STATUS_CAPABILITIES,
  seminarStatusLabel,
  seminarTransitionError,
  type SeminarInput,
  type SeminarStatusChange,
} from 'shared-contracts/engagement';
import type { Database, Executor } from '../../../db/tables';
import { conflict, FieldErrors, unprocessable } from '../../../http/errors';
import type { ChangeAuthor } from '../../../http/request-meta';
import { diffChanges, recordChange, recordUpdate } from '../../activity-log';
import {
  axisActive,
  axisName,
  countInState,
  insertSeminar,
  lockSeminar,
  searchText,
  seminarTypeActive,
  seminarTypeName,
  updateSeminarRow,
} from '../repository';
import { promoteWaiting } from './audience';

/*
 * The seminars' writes, each in one transaction with its activity-log row: create, edit (a raised
 * capacity moves the waiting list up at once) and the workflow.
 */

function seminarColumns(input: SeminarInput) {
  return {
    title: input.title,
    seminar_type_id: input.seminar_type_id,
    axis_id: input.axis_id ?? null,
    presenter: input.presenter ?? null,
    venue: input.venue ?? null,
    online_url: input.online_url ?? null,
    starts_at: input.starts_at,
    ends_at: input.ends_at,
    capacity: input.capacity,
    target_gender: input.target_gender ?? null,
    target_age_min: input.target_age_min ?? null,
    target_age_max: input.target_age_max ?? null,
    target_categories: [...new Set<string>(input.target_categories)],
    description: input.description ?? null,
    search_text: searchText(input.title, input.presenter, input.venue),
  };
}
type SeminarColumns = ReturnType<typeof seminarColumns>;

/** The audited values: names instead of ids, labels instead of codes. */
async function auditedSeminar(
  db: Executor,
  columns: Omit<SeminarColumns, 'search_text' | 'target_gender' | 'target_categories'> & {
    target_gender: string | null;
    target_categories: readonly string[];
  },
) {
  return {
    title: columns.title,
    seminar_type: await seminarTypeName(db, columns.seminar_type_id),
    axis: await axisName(db, columns.axis_id),
    presenter: columns.presenter,
    venue: columns.venue,
    online_url: columns.online_url,
    starts_at: columns.starts_at,
    ends_at: columns.ends_at,
    capacity: columns.capacity,
    target_gender: columns.target_gender ? labelOf(GENDERS, columns.target_gender) : null,
    target_age_min: columns.target_age_min,
    target_age_max: columns.target_age_max,
    target_categories: columns.target_categories.map((code) => labelOf(FAMILY_CATEGORIES, code)),
    description: columns.description,
  };
}

/** 422s beyond the schema: an active type and an active axis (what the seminar holds stays accepted). */
async function checkSeminar(
  db: Executor,
  columns: SeminarColumns,
  before?: { seminar_type_id: number; axis_id: number | null },
): Promise<void> {
  const errors = new FieldErrors();
  if (!before || before.seminar_type_id !== columns.seminar_type_id) {
    if (!(await seminarTypeActive(db, columns.seminar_type_id)))
      errors.add('seminar_type_id', SEMINAR_MESSAGES.typeInactive);
  }
  if (columns.axis_id !== null && (!before || before.axis_id !== columns.axis_id)) {
    if (!(await axisActive(db, columns.axis_id)))
      errors.add('axis_id', SEMINAR_MESSAGES.axisInactive);
  }
  errors.throwIfAny();
}

export async function createSeminar(
  db: Kysely<Database>,
  input: SeminarInput,
  author: ChangeAuthor,
): Promise<number> {
  const columns = seminarColumns(input);
  return db.transaction().execute(async (trx) => {
    await checkSeminar(trx, columns);
    const now = new Date();
    const id = await insertSeminar(trx, {
      ...columns,
      status: 'planned',
      status_changed_at: now,
      status_changed_by: author.id,
      created_by: author.id,
      updated_by: author.id,
    });
    await recordChange(trx, author, {
      action: 'create',
      entityType: 'seminar',
      entityId: id,
      entityLabel: columns.title,
      changes: diffChanges(null, {
        ...(await auditedSeminar(trx, columns)),
        status: seminarStatusLabel('planned'),
      }),
    });
    return id;
  });
}

/**
 * Edits a seminar (not its status): 409 once held or cancelled; 422 when the capacity falls
 * below the people registered. A raised capacity moves the waiting list up at once, in order.
 * False when there is no such seminar.
 */
export async function updateSeminar(
  db: Kysely<Database>,
  id: number,
  input: SeminarInput,
  author: ChangeAuthor,
): Promise<boolean> {
  const columns = seminarColumns(input);
  return db.transaction().execute(async (trx) => {
    const before = await lockSeminar(trx, id);
    if (!before) return false;
    const status = before.status;
    if (!SEMINAR_STATUS_CAPABILITIES[status].edit)
      throw conflict(SEMINAR_MESSAGES.closedForEdit(seminarStatusLabel(status)));
    await checkSeminar(trx, columns, before);
    const registered = await countInState(trx, id, 'registered');
    if (columns.capacity < registered)
      throw unprocessable({ capacity: [SEMINAR_MESSAGES.capacityBelowRegistered(registered)] });
    const changes = diffChanges(
      await auditedSeminar(trx, before),
      await auditedSeminar(trx, columns),
    );
    await updateSeminarRow(trx, id, { ...columns, updated_at: new Date(), updated_by: author.id });
    await recordUpdate(trx, author, {
      entityType: 'seminar',
      entityId: id,
      entityLabel: columns.title,
      changes,
    });
    if (columns.capacity > registered)
      await promoteWaiting(
        trx,
        { id, title: columns.title },
        columns.capacity - registered,
        author,
      );
    return true;
  });
}

/** Moves a seminar along its workflow (409 off it); cancelling keeps its reason. False when there is no such seminar. */
export async function changeSeminarStatus(
  db: Kysely<Database>,
  id: number,
  change: SeminarStatusChange,
  author: ChangeAuthor,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const seminar = await lockSeminar(trx, id);
    if (!seminar) return false;
    const from = seminar.status;
    const to = change.status;
    const refused = seminarTransitionError(from, to);
    if (refused) throw conflict(refused, { status: [refused] });
    const reason = to === 'cancelled' ? (change.reason ?? null) : seminar.status_reason;
    const now = new Date();
    await updateSeminarRow(trx, id, {
      status: to,
      status_reason: reason,
      status_changed_at: now,
      status_changed_by: author.id,
      updated_at: now,
      updated_by: author.id,
    });
    await recordChange(trx, author, {
      action: 'status_change',
      entityType: 'seminar',
      entityId: id,
      entityLabel: `${seminar.title}: ${seminarStatusLabel(from)} ← ${seminarStatusLabel(to)}`,
      changes: {
        status: [seminarStatusLabel(from), seminarStatusLabel(to)],
        ...(reason !== seminar.status_reason
          ? { status_reason: [seminar.status_reason, reason] }
          : {}),
      },
    });
    return true;
  });
}
