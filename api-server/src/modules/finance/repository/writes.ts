import type { Insertable, Transaction, Updateable } from 'kysely';
import type { Database, Executor } from '../../../db/tables';
import type { FinancialCategoriesTable, FinancialRecordsTable } from '../tables';

/*
 * The writes' reads and row writes: the locks, the lookups the rules check and the names the
 * activity log records. The rules and the transactions are in `../commands.ts`.
 */

/** A stored record's columns (amount as its exact text), locked for the write. */
export function lockRecord(trx: Transaction<Database>, id: number) {
  return trx
    .selectFrom('financial_records')
    .select([
      'id',
      'direction',
      (eb) => eb.cast<string>(eb.ref('amount'), 'text').as('amount'),
      'occurred_on',
      'category_id',
      'status',
      'cancel_reason',
      'payment_method',
      'restricted_purpose',
      'reference_number',
      'receipt_number',
      'family_id',
      'organisation_id',
      'season_id',
      'service_id',
      'notes',
      'reverses_id',
    ])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export type StoredRecord = NonNullable<Awaited<ReturnType<typeof lockRecord>>>;

/** What the record rules read of its category. */
export function categoryFacts(db: Executor, id: number) {
  return db
    .selectFrom('financial_categories')
    .select(['id', 'name', 'direction', 'is_zakat', 'active'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The family, share-locked so its status cannot change between the zakat check and the commit. */
export function shareLockFamily(trx: Transaction<Database>, id: number) {
  return trx
    .selectFrom('families')
    .select(['id', 'file_number', 'head_name', 'status'])
    .where('id', '=', id)
    .forShare()
    .executeTakeFirst();
}

export function serviceFamily(db: Executor, id: number) {
  return db
    .selectFrom('services')
    .select(['id', 'family_id'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The name of a category, organisation or season (null for none). */
export async function nameOf(
  db: Executor,
  table: 'financial_categories' | 'organisations' | 'seasons',
  id: number | null,
): Promise<string | null> {
  if (id === null) return null;
  return (
    (await db.selectFrom(table).select('name').where('id', '=', id).executeTakeFirst())?.name ??
    null
  );
}

export function familyNames(db: Executor, id: number) {
  return db
    .selectFrom('families')
    .select(['file_number', 'head_name'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** A linked service: its number, its type's name and whether that type is medical. */
export function linkedService(db: Executor, id: number) {
  return db
    .selectFrom('services as s')
    .innerJoin('service_types as t', 't.id', 's.service_type_id')
    .select(['s.id', 't.name', 't.is_medical'])
    .where('s.id', '=', id)
    .executeTakeFirst();
}

export async function insertRecord(
  trx: Transaction<Database>,
  values: Insertable<FinancialRecordsTable>,
): Promise<number> {
  const { id } = await trx
    .insertInto('financial_records')
    .values(values)
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function updateRecordRow(
  trx: Transaction<Database>,
  id: number,
  values: Updateable<FinancialRecordsTable>,
): Promise<void> {
  await trx.updateTable('financial_records').set(values).where('id', '=', id).execute();
}

/** Whether another category already has this normalised name. */
export async function categoryNameTaken(
  db: Executor,
  nameNormalized: string,
  excludeId?: number,
): Promise<boolean> {
  let query = db
    .selectFrom('financial_categories')
    .select('id')
    .where('name_normalized', '=', nameNormalized);
  if (excludeId !== undefined) query = query.where('id', '<>', excludeId);
  return (await query.executeTakeFirst()) !== undefined;
}

export function lockCategory(trx: Transaction<Database>, id: number) {
  return trx
    .selectFrom('financial_categories')
    .select(['name', 'direction', 'is_zakat', 'active', 'description'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

/** Whether any record uses the category. */
export async function categoryUsed(db: Executor, id: number): Promise<boolean> {
  const used = await db
    .selectFrom('financial_records')
    .select('id')
    .where('category_id', '=', id)
    .limit(1)
    .executeTakeFirst();
  return used !== undefined;
}

export async function insertCategory(
  trx: Transaction<Database>,
  values: Insertable<FinancialCategoriesTable>,
): Promise<number> {
  const { id } = await trx
    .insertInto('financial_categories')
    .values(values)
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function updateCategoryRow(
  trx: Transaction<Database>,
  id: number,
  values: Updateable<FinancialCategoriesTable>,
): Promise<void> {
  await trx.updateTable('financial_categories').set(values).where('id', '=', id).execute();
}
