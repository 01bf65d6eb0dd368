import type { Kysely, Transaction } from 'kysely';
import { normaliseArabic, riyalsText, todayIso } from 'shared-contracts';
import { familyStatusSchema } from 'shared-contracts/beneficiaries';
import {
  FINANCIAL_CATEGORY_MESSAGES as CM,
  FINANCIAL_RECORD_MESSAGES as M,
  HIDDEN_MEDICAL_SERVICE_NAME,
  financeDirectionLabel,
  financialRecordEditError,
  financialRecordStatusLabel,
  negateMoney,
  zakatFamilyRefusal,
  type FinanceDirection,
  type FinancialCategoryInput,
  type FinancialRecordCancel,
  type FinancialRecordInput,
  type FinancialRecordReverse,
  type FinancialRecordStatus,
  type PaymentMethod,
} from 'shared-contracts/finance';
import { rowExists } from '../../db/query';
import type { Database, Executor } from '../../db/tables';
import { conflict, FieldErrors, unprocessable, withUniqueRecheck } from '../../http/errors';
import type { ChangeAuthor } from '../../http/request-meta';
import { diffChanges, recordActivity, recordChange, recordUpdate } from '../activity-log';
import { familyLabel } from '../families';
import {
  categoryFacts,
  categoryNameTaken,
  categoryUsed,
  familyNames,
  insertCategory,
  insertRecord,
  linkedService,
  lockCategory,
  lockRecord,
  nameOf,
  serviceFamily,
  shareLockFamily,
  updateCategoryRow,
  updateRecordRow,
  type StoredRecord,
} from './repository';

/**
 * The finance writes, each in one transaction with its activity-log row(s) (a record linked to a
 * family shows on that family's timeline). 422 on the field with the Arabic reason for what the
 * body cannot say alone (the zakat rule, an inactive or wrong-direction category, a missing
 * link); 409 for what the record's state refuses (a completed record edited in place, a
 * reversal of a record that is not completed, a cancel of one that is not pending).
 */

interface RecordColumns {
  direction: FinanceDirection;
  amount: string;
  occurred_on: string;
  category_id: number;
  status: FinancialRecordStatus;
  payment_method: PaymentMethod;
  restricted_purpose: string | null;
  reference_number: string | null;
  receipt_number: string | null;
  family_id: number | null;
  organisation_id: number | null;
  season_id: number | null;
  service_id: number | null;
  notes: string | null;
}

function recordColumns(input: FinancialRecordInput, today: string): RecordColumns {
  return {
    direction: input.direction,
    amount: input.amount,
    occurred_on: input.occurred_on ?? today,
    category_id: input.category_id,
    status: input.status,
    payment_method: input.payment_method,
    restricted_purpose: input.restricted_purpose ?? null,
    reference_number: input.reference_number ?? null,
    receipt_number: input.receipt_number ?? null,
    family_id: input.family_id ?? null,
    organisation_id: input.organisation_id ?? null,
    season_id: input.season_id ?? null,
    service_id: input.service_id ?? null,
    notes: input.notes ?? null,
  };
}

/** What the list's search looks in, beside the joined names. */
function searchText(
  columns: Pick<
    RecordColumns,
    'restricted_purpose' | 'reference_number' | 'receipt_number' | 'notes'
  >,
): string {
  return [
    columns.reference_number,
    columns.receipt_number,
    columns.restricted_purpose,
    columns.notes,
  ]
    .filter((part): part is string => part !== null && part !== '')
    .map((part) => normaliseArabic(part))
    .join(' ');
}

function storedColumns(row: StoredRecord): RecordColumns {
  return {
    direction: row.direction,
    amount: row.amount,
    occurred_on: row.occurred_on,
    category_id: row.category_id,
    status: row.status,
    payment_method: row.payment_method,
    restricted_purpose: row.restricted_purpose,
    reference_number: row.reference_number,
    receipt_number: row.receipt_number,
    family_id: row.family_id,
    organisation_id: row.organisation_id,
    season_id: row.season_id,
    service_id: row.service_id,
    notes: row.notes,
  };
}

/**
 * Every rule of a create or an edit beyond the body's schema, collected into one 422. The family
 * is share-locked so its status cannot change between the zakat check and the commit. `before`:
 * the stored record on an edit (the category it already holds stays accepted when inactive).
 */
async function checkRecord(
  trx: Transaction<Database>,
  columns: RecordColumns,
  before?: RecordColumns,
) {
  const errors = new FieldErrors();
  const category = await categoryFacts(trx, columns.category_id);
  if (!category || (!category.active && before?.category_id !== category.id))
    errors.add('category_id', M.categoryInactive);
  else if (category.direction !== columns.direction)
    errors.add('category_id', M.categoryDirection(columns.direction));

  const family =
    columns.family_id === null ? undefined : await shareLockFamily(trx, columns.family_id);
  if (columns.family_id !== null && !family) errors.add('family_id', M.familyNotFound);

  // The zakat rule: zakat paid out reaches an approved family, and only one.
  if (category?.is_zakat && columns.direction === 'expense') {
    if (columns.family_id === null) errors.add('family_id', M.zakatNeedsFamily);
    else if (family) {
      const refusal = zakatFamilyRefusal(familyStatusSchema.parse(family.status));
      if (refusal) errors.add('family_id', refusal);
    }
  }

  if (
    columns.organisation_id !== null &&
    !(await rowExists(trx, 'organisations', columns.organisation_id))
  )
    errors.add('organisation_id', M.organisationNotFound);
  if (columns.season_id !== null && !(await rowExists(trx, 'seasons', columns.season_id)))
    errors.add('season_id', M.seasonNotFound);
  if (columns.service_id !== null) {
    const service = await serviceFamily(trx, columns.service_id);
    if (!service) errors.add('service_id', M.serviceNotFound);
    else if (columns.family_id !== null && service.family_id !== columns.family_id)
      errors.add('service_id', M.serviceOtherFamily);
  }

  // The zakat refusal is the answer's message too: it is the reason people need to read.
  errors.throwIfAny(errors.errors.family_id?.[0]);
  // The category exists once the checks passed (`throwIfAny` threw otherwise).
  if (!category) throw new Error('record checks passed without a category');
  return { category };
}

/** The names the activity log records instead of ids. */
async function audited(db: Executor, columns: RecordColumns) {
  const name = (table: 'financial_categories' | 'organisations' | 'seasons', id: number | null) =>
    nameOf(db, table, id);
  const family = columns.family_id === null ? undefined : await familyNames(db, columns.family_id);
  const service =
    columns.service_id === null ? undefined : await linkedService(db, columns.service_id);
  return {
    direction: columns.direction,
    amount: columns.amount,
    occurred_on: columns.occurred_on,
    category: await name('financial_categories', columns.category_id),
    status: columns.status,
    payment_method: columns.payment_method,
    restricted_purpose: columns.restricted_purpose,
    reference_number: columns.reference_number,
    receipt_number: columns.receipt_number,
    family: family ? familyLabel(family) : null,
    organisation: await name('organisations', columns.organisation_id),
    season: await name('seasons', columns.season_id),
    // The log is read on the family's timeline by finance staff too: a medical service is named
    // neutrally there (the medical rule), its number says which one to whoever may open it.
    service: service
      ? `${service.is_medical ? HIDDEN_MEDICAL_SERVICE_NAME : service.name} (${service.id})`
      : null,
    notes: columns.notes,
  };
}

const recordLabel = (
  columns: { direction: FinanceDirection; amount: string },
  categoryName: string,
) => `${financeDirectionLabel(columns.direction)} ${riyalsText(columns.amount)} — ${categoryName}`;

/** Records a new income or expense and logs it; answers its id. */
export async function createRecord(
  db: Kysely<Database>,
  input: FinancialRecordInput,
  author: ChangeAuthor,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const columns = recordColumns(input, todayIso());
    const { category } = await checkRecord(trx, columns);
    const id = await insertRecord(trx, {
      ...columns,
      search_text: searchText(columns),
      created_by: author.id,
      updated_by: author.id,
    });
    await recordChange(trx, author, {
      action: 'create',
      entityType: 'financial_record',
      entityId: id,
      entityLabel: recordLabel(columns, category.name),
      changes: diffChanges(null, await audited(trx, columns)),
      familyId: columns.family_id,
    });
    return id;
  });
}

/** Edits a pending record (409 otherwise) and logs what changed. False when there is no such record. */
export async function updateRecord(
  db: Kysely<Database>,
  id: number,
  input: FinancialRecordInput,
  author: ChangeAuthor,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const stored = await lockRecord(trx, id);
    if (!stored) return false;
    const refused = financialRecordEditError({
      status: stored.status,
      reverses_id: stored.reverses_id,
    });
    if (refused) throw conflict(refused);
    const before = storedColumns(stored);
    const columns = recordColumns(input, before.occurred_on);
    const { category } = await checkRecord(trx, columns, before);
    const changes = diffChanges(await audited(trx, before), await audited(trx, columns));
    await updateRecordRow(trx, id, {
      ...columns,
      search_text: searchText(columns),
      updated_at: new Date(),
      updated_by: author.id,
    });
    if (Object.keys(changes).length > 0) {
      const entry = {
        employeeId: author.id,
        action: 'update',
        entityType: 'financial_record',
        entityId: id,
        entityLabel: recordLabel(columns, category.name),
        changes,
        meta: author.meta,
      };
      await recordActivity(trx, { ...entry, familyId: columns.family_id });
      // A record moved off a family stays explained on that family's timeline.
      if (before.family_id !== null && before.family_id !== columns.family_id)
        await recordActivity(trx, { ...entry, familyId: before.family_id });
    }
    return true;
  });
}

async function categoryName(db: Executor, id: number): Promise<string> {
  return (await nameOf(db, 'financial_categories', id)) ?? '';
}

/** Cancels a pending record with its reason (409 otherwise). False when there is no such record. */
export async function cancelRecord(
  db: Kysely<Database>,
  id: number,
  input: FinancialRecordCancel,
  author: ChangeAuthor,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const stored = await lockRecord(trx, id);
    if (!stored) return false;
    if (stored.status !== 'pending' || stored.reverses_id !== null)
      throw conflict(M.cancelOnlyPending, { status: [M.cancelOnlyPending] });
    const reason = input.reason.trim();
    const now = new Date();
    await updateRecordRow(trx, id, {
      status: 'cancelled',
      cancel_reason: reason,
      cancelled_at: now,
      cancelled_by: author.id,
      updated_at: now,
      updated_by: author.id,
    });
    const columns = storedColumns(stored);
    await recordChange(trx, author, {
      action: 'status_change',
      entityType: 'financial_record',
      entityId: id,
      entityLabel: `${recordLabel(columns, await categoryName(trx, columns.category_id))}: ${financialRecordStatusLabel('pending')} ← ${financialRecordStatusLabel('cancelled')}`,
      changes: { status: ['pending', 'cancelled'], cancel_reason: [null, reason] },
      familyId: columns.family_id,
    });
    return true;
  });
}

/**
 * Reverses a completed record: inserts the reversing entry (same direction, category, links and
 * purpose, the opposite amount, completed, `reverses_id` = the original, the reason as its notes,
 * dated the body's date or today in Riyadh) and marks the original refunded, both logged, in one
 * transaction. Answers the reversing entry's id; undefined when there is no such record.
 */
export async function reverseRecord(
  db: Kysely<Database>,
  id: number,
  input: FinancialRecordReverse,
  author: ChangeAuthor,
): Promise<number | undefined> {
  return db.transaction().execute(async (trx) => {
    const stored = await lockRecord(trx, id);
    if (!stored) return undefined;
    if (stored.reverses_id !== null) throw conflict(M.reversalNotReversible);
    if (stored.status === 'refunded') throw conflict(M.alreadyReversed);
    if (stored.status !== 'completed') throw conflict(M.reverseOnlyCompleted);
    const original = storedColumns(stored);
    const date = input.occurred_on ?? todayIso();
    if (date < original.occurred_on)
      throw unprocessable({ occurred_on: [M.reversalBeforeOriginal] });
    const reason = input.reason.trim();
    const reversal: RecordColumns = {
      ...original,
      amount: negateMoney(original.amount),
      occurred_on: date,
      status: 'completed',
      notes: reason,
    };
    const reversalId = await insertRecord(trx, {
      ...reversal,
      reverses_id: id,
      search_text: searchText(reversal),
      created_by: author.id,
      updated_by: author.id,
    });
    await updateRecordRow(trx, id, {
      status: 'refunded',
      updated_at: new Date(),
      updated_by: author.id,
    });

    const name = await categoryName(trx, original.category_id);
    await recordChange(trx, author, {
      action: 'create',
      entityType: 'financial_record',
      entityId: reversalId,
      entityLabel: `قيد عكسي للقيد ${id}: ${recordLabel(reversal, name)}`,
      changes: diffChanges(null, { ...(await audited(trx, reversal)), reverses: `قيد ${id}` }),
      familyId: original.family_id,
    });
    await recordChange(trx, author, {
      action: 'status_change',
      entityType: 'financial_record',
      entityId: id,
      entityLabel: `${recordLabel(original, name)}: ${financialRecordStatusLabel('completed')} ← ${financialRecordStatusLabel('refunded')}`,
      changes: {
        status: ['completed', 'refunded'],
        reversed_by: [null, `قيد ${reversalId}`],
        reversal_reason: [null, reason],
      },
      familyId: original.family_id,
    });
    return reversalId;
  });
}

// ---------------------------------------------------------------------------------------------
// Categories
// ---------------------------------------------------------------------------------------------

async function checkCategoryName(
  db: Executor,
  nameNormalized: string,
  excludeId?: number,
): Promise<void> {
  if (await categoryNameTaken(db, nameNormalized, excludeId))
    throw conflict(CM.duplicateName, { name: [CM.duplicateName] });
}

function auditedCategory(input: {
  name: string;
  direction: FinanceDirection;
  is_zakat: boolean;
  active: boolean;
  description: string | null;
}) {
  return {
    name: input.name,
    direction: input.direction,
    is_zakat: input.is_zakat,
    active: input.active,
    description: input.description,
  };
}

export async function createCategory(
  db: Kysely<Database>,
  input: FinancialCategoryInput,
  author: ChangeAuthor,
): Promise<number> {
  const nameNormalized = normaliseArabic(input.name);
  const values = { ...auditedCategory({ ...input, description: input.description ?? null }) };
  return withUniqueRecheck(
    () =>
      db.transaction().execute(async (trx) => {
        await checkCategoryName(trx, nameNormalized);
        const id = await insertCategory(trx, {
          ...values,
          name_normalized: nameNormalized,
          created_by: author.id,
          updated_by: author.id,
        });
        await recordChange(trx, author, {
          action: 'create',
          entityType: 'financial_category',
          entityId: id,
          entityLabel: values.name,
          changes: diffChanges(null, values),
        });
        return id;
      }),
    () => checkCategoryName(db, nameNormalized),
  );
}

/** Edits a category (409 on a used one's direction or zakat flag). False when there is no such category. */
export async function updateCategory(
  db: Kysely<Database>,
  id: number,
  input: FinancialCategoryInput,
  author: ChangeAuthor,
): Promise<boolean> {
  const nameNormalized = normaliseArabic(input.name);
  const values = auditedCategory({ ...input, description: input.description ?? null });
  return withUniqueRecheck(
    () =>
      db.transaction().execute(async (trx) => {
        const before = await lockCategory(trx, id);
        if (!before) return false;
        await checkCategoryName(trx, nameNormalized, id);
        if (before.direction !== values.direction || before.is_zakat !== values.is_zakat) {
          const used = await categoryUsed(trx, id);
          if (used && before.direction !== values.direction)
            throw conflict(CM.usedDirection, { direction: [CM.usedDirection] });
          if (used) throw conflict(CM.usedZakat, { is_zakat: [CM.usedZakat] });
        }
        const changes = diffChanges(auditedCategory(before), values);
        await updateCategoryRow(trx, id, {
          ...values,
          name_normalized: nameNormalized,
          updated_at: new Date(),
          updated_by: author.id,
        });
        await recordUpdate(trx, author, {
          entityType: 'financial_category',
          entityId: id,
          entityLabel: values.name,
          changes,
        });
        return true;
      }),
    () => checkCategoryName(db, nameNormalized, id),
  );
}
