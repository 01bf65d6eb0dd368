import type { Kysely } from 'kysely';
import {
  VISIT_MESSAGES,
  visitChecklistLabel,
  visitOutcomeLabel,
  visitPurposeLabel,
  type VisitPlanInput,
  type VisitUpdateInput,
} from 'shared-contracts/resources/visits-contracts';
import type { Database, Executor } from '../../db/tables';
import { FieldErrors, notFound } from '../../http/errors';
import type { ChangeAuthor } from '../../http/request-meta';
import { diffChanges, recordChange } from '../activity-log';
import { familyLabel } from '../families';
import {
  activeEmployeeName,
  employeeName,
  insertVisit,
  lockVisit,
  lockVisitFamily,
  setNextReassessmentDate,
  updateVisitRow,
} from './repository';
import type { VisitRow } from './tables';

/**
 * The visits' writes, each in one transaction with its activity-log row on the family's timeline
 * (entity type `visit`, fields labelled by the declaration's `fields`). A recorded assessment
 * visit may set the family's next reassessment date: the family's own row is then logged too.
 * 422 on the field for an unknown or inactive researcher; 404 for a family or visit that is not there.
 */

type Audited = Pick<
  VisitRow,
  | 'purpose'
  | 'planned_date'
  | 'visited_on'
  | 'outcome'
  | 'notes'
  | 'housing_condition'
  | 'furniture'
  | 'appliances'
  | 'health_needs_seen'
  | 'children_schooling'
> & { researcher_id: number };

const asDateText = (value: string | Date | null): string | null =>
  value === null
    ? null
    : typeof value === 'string'
      ? value.slice(0, 10)
      : value.toISOString().slice(0, 10);

/** What the activity log records of a visit: Arabic labels instead of codes and names instead of ids. */
async function audited(db: Executor, row: Audited) {
  return {
    researcher: await employeeName(db, row.researcher_id),
    purpose: visitPurposeLabel(row.purpose),
    planned_date: asDateText(row.planned_date),
    visited_on: asDateText(row.visited_on),
    outcome: visitOutcomeLabel(row.outcome),
    notes: row.notes,
    housing_condition: visitChecklistLabel('housing_condition', row.housing_condition),
    furniture: visitChecklistLabel('furniture', row.furniture),
    appliances: visitChecklistLabel('appliances', row.appliances),
    health_needs_seen: visitChecklistLabel('health_needs_seen', row.health_needs_seen),
    children_schooling: visitChecklistLabel('children_schooling', row.children_schooling),
  };
}

/** A new record's log shows only what it holds. */
const withoutNulls = (values: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(values).filter(([, value]) => value !== null));

async function checkResearcher(db: Executor, id: number, before?: number) {
  if (id === before) return;
  if ((await activeEmployeeName(db, id)) === undefined) {
    const errors = new FieldErrors();
    errors.add('researcher_id', VISIT_MESSAGES.researcherNotFound);
    errors.throwIfAny();
  }
}

const visitLabel = (purpose: string, family: { file_number: string; head_name: string }) =>
  `زيارة ${visitPurposeLabel(purpose)} — ${familyLabel(family)}`;

/** Plans a visit for a family (`POST /families/{id}/visits`); answers its id. */
export async function planVisit(
  db: Kysely<Database>,
  familyId: number,
  input: VisitPlanInput,
  author: ChangeAuthor,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const family = await lockVisitFamily(trx, familyId);
    if (!family) throw notFound(VISIT_MESSAGES.familyNotFound);
    await checkResearcher(trx, input.researcher_id);
    const values = {
      family_id: familyId,
      researcher_id: input.researcher_id,
      purpose: input.purpose,
      planned_date: input.planned_date,
      notes: input.notes ?? null,
      created_by: author.id,
      updated_by: author.id,
    };
    const id = await insertVisit(trx, values);
    const after = await audited(trx, {
      ...values,
      visited_on: null,
      outcome: null,
      housing_condition: null,
      furniture: null,
      appliances: null,
      health_needs_seen: null,
      children_schooling: null,
    });
    await recordChange(trx, author, {
      action: 'create',
      entityType: 'visit',
      entityId: id,
      entityLabel: visitLabel(input.purpose, family),
      changes: {
        family: [null, familyLabel(family)],
        ...diffChanges(null, withoutNulls(after)),
      },
      familyId,
    });
    return id;
  });
}

/**
 * Reschedules or records a visit (`PUT /visits/{id}`); false when it does not exist. Saving it
 * unchanged logs nothing. `next_reassessment_date` (allowed by the schema only on a recorded
 * assessment visit) becomes the family's, logged on the family's own row.
 */
export async function updateVisit(
  db: Kysely<Database>,
  id: number,
  input: VisitUpdateInput,
  author: ChangeAuthor,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const before = await lockVisit(trx, id);
    if (!before) return false;
    const family = await lockVisitFamily(trx, before.family_id);
    if (!family) return false;
    await checkResearcher(trx, input.researcher_id, before.researcher_id);
    const values = {
      researcher_id: input.researcher_id,
      purpose: input.purpose,
      planned_date: input.planned_date,
      notes: input.notes ?? null,
      outcome: input.outcome ?? null,
      visited_on: input.outcome ? (input.visited_on ?? null) : null,
      housing_condition: input.housing_condition ?? null,
      furniture: input.furniture ?? null,
      appliances: input.appliances ?? null,
      health_needs_seen: input.health_needs_seen ?? null,
      children_schooling: input.children_schooling ?? null,
    };
    const changes = diffChanges(await audited(trx, before), await audited(trx, values));
    if (Object.keys(changes).length > 0) {
      await updateVisitRow(trx, id, { ...values, updated_at: new Date(), updated_by: author.id });
      await recordChange(trx, author, {
        action: 'update',
        entityType: 'visit',
        entityId: id,
        entityLabel: visitLabel(values.purpose, family),
        changes,
        familyId: before.family_id,
      });
    }
    const next = input.next_reassessment_date;
    const current = asDateText(family.next_reassessment_date);
    if (next && next !== current) {
      await setNextReassessmentDate(trx, family.id, next, author.id);
      await recordChange(trx, author, {
        action: 'update',
        entityType: 'family',
        entityId: family.id,
        entityLabel: familyLabel(family),
        changes: { next_reassessment_date: [current, next] },
        familyId: family.id,
      });
    }
    return true;
  });
}
