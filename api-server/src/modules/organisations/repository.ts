import { sql, type Insertable, type Kysely, type Transaction, type Updateable } from 'kysely';
import { dateText, normaliseArabic, riyalsText } from 'shared-contracts';
import type { Organisation, OrganisationDetail, OrganisationInput, OrganisationListQuery } from 'shared-contracts/beneficiaries';
import { countRows, orderTerm, rowExists } from '../../db/query';
import { phoneSearchForms, whereSearch } from '../../db/search';
import type { Database, Executor } from '../../db/tables';
import { conflict, FieldErrors, withUniqueRecheck } from '../../http/errors';
import { pageWindow } from '../../http/pagination';
import type { ChangeAuthor } from '../../http/request-meta';
import { diffChanges, recordChange } from '../activity-log';
import { checkLookupCode, heldKey, type LookupSet } from '../lookups';
import type { OrganisationAgreementRow, OrganisationRow, OrganisationsTable } from './tables';

// ---------------------------------------------------------------------------------------------
// Reading
// ---------------------------------------------------------------------------------------------

const SORT_COLUMNS = {
  name: 'o.name',
  type: 'o.type',
  status: 'o.status',
  city: 'o.city',
  created_at: 'o.created_at',
  updated_at: 'o.updated_at',
} as const;

function toOrganisation(row: OrganisationRow & { agreements_count: number | null }, lookups: LookupSet): Organisation {
  return {
    id: row.id,
    name: row.name,
    name_en: row.name_en,
    type: row.type as Organisation['type'],
    registration_number: row.registration_number,
    contact_person: row.contact_person,
    phone: row.phone,
    email: row.email,
    city: lookups.ref('cities', row.city),
    website: row.website,
    status: row.status as Organisation['status'],
    agreements_count: row.agreements_count ?? 0,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/** One page of organisations (search: name normalised, English name, registration number, phones, email). */
export async function listOrganisations(db: Kysely<Database>, query: OrganisationListQuery, lookups: LookupSet): Promise<{ rows: Organisation[]; total: number }> {
  let builder = whereSearch(db.selectFrom('organisations as o'), 'o.search_text', query.search);
  if (query.filter.type?.length) builder = builder.where('o.type', 'in', query.filter.type);
  if (query.filter.status?.length) builder = builder.where('o.status', 'in', query.filter.status);
  if (query.filter.city?.length) builder = builder.where('o.city', 'in', query.filter.city);
  const { limit, offset } = pageWindow(query);
  const [rows, total] = await Promise.all([
    builder
      .selectAll('o')
      .select((eb) =>
        eb
          .selectFrom('organisation_agreements as a')
          .select(sql<number>`count(*)::int`.as('n'))
          .whereRef('a.organisation_id', '=', 'o.id')
          .as('agreements_count'),
      )
      .orderBy(orderTerm(SORT_COLUMNS[query.sort ?? 'name'], query.order, { nullsLast: true }))
      .orderBy('o.id', query.order)
      .limit(limit)
      .offset(offset)
      .execute(),
    countRows(builder),
  ]);
  return { rows: rows.map((row) => toOrganisation(row, lookups)), total };
}

export function agreementsOf(db: Executor, organisationId: number): Promise<OrganisationAgreementRow[]> {
  return db
    .selectFrom('organisation_agreements')
    .selectAll()
    .where('organisation_id', '=', organisationId)
    .orderBy('start_date')
    .orderBy('id')
    .execute();
}

/** One organisation with its agreements (oldest first); undefined when there is none. */
export async function loadOrganisation(db: Executor, id: number, lookups: LookupSet): Promise<OrganisationDetail | undefined> {
  const row = await db.selectFrom('organisations').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  const agreements = await agreementsOf(db, id);
  return {
    ...toOrganisation({ ...row, agreements_count: agreements.length }, lookups),
    notes: row.notes,
    agreements: agreements.map((agreement) => ({
      id: agreement.id,
      title: agreement.title,
      start_date: agreement.start_date,
      end_date: agreement.end_date,
      value: agreement.value,
      notes: agreement.notes,
    })),
  };
}

// ---------------------------------------------------------------------------------------------
// Writing
// ---------------------------------------------------------------------------------------------

/**
 * What an organisation search looks in (`search_text`, trigram-indexed): name (normalised),
 * English name, registration number, phone (stored form and, for a mobile, the local 05… form),
 * email.
 */
export function organisationSearchText(
  input: Pick<OrganisationInput, 'name' | 'name_en' | 'registration_number' | 'phone' | 'email'>,
): string {
  return [input.name, input.name_en, input.registration_number, ...phoneSearchForms(input.phone), input.email]
    .filter((part): part is string => typeof part === 'string' && part !== '')
    .map((part) => normaliseArabic(part))
    .join(' ');
}

/** Another organisation with this normalised name or registration number, if any. */
function findClash(db: Executor, clash: { name_normalized: string; registration_number: string | null }, excludeId?: number) {
  return db
    .selectFrom('organisations')
    .select(['id', 'name_normalized', 'registration_number'])
    .where((eb) =>
      eb.or([
        eb('name_normalized', '=', clash.name_normalized),
        ...(clash.registration_number ? [eb('registration_number', '=', clash.registration_number)] : []),
      ]),
    )
    .$if(excludeId !== undefined, (builder) => builder.where('id', '<>', excludeId as number))
    .executeTakeFirst();
}

function insertOrganisation(trx: Transaction<Database>, values: Insertable<OrganisationsTable>): Promise<{ id: number; name: string }> {
  return trx.insertInto('organisations').values(values).returning(['id', 'name']).executeTakeFirstOrThrow();
}

function lockOrganisation(trx: Transaction<Database>, id: number): Promise<OrganisationRow | undefined> {
  return trx.selectFrom('organisations').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

async function updateOrganisationRow(trx: Transaction<Database>, id: number, values: Updateable<OrganisationsTable>): Promise<void> {
  await trx.updateTable('organisations').set(values).where('id', '=', id).execute();
}

/** Agreements are upserted by `id`; the ones the input leaves out are deleted. */
async function syncAgreements(trx: Transaction<Database>, organisationId: number, input: OrganisationInput): Promise<void> {
  const existing = await trx.selectFrom('organisation_agreements').select('id').where('organisation_id', '=', organisationId).execute();
  const existingIds = new Set(existing.map((row) => row.id));
  const kept = new Set<number>();
  for (const agreement of input.agreements) {
    const values = {
      title: agreement.title,
      start_date: agreement.start_date,
      end_date: agreement.end_date,
      value: agreement.value ?? null,
      notes: agreement.notes ?? null,
    };
    if (agreement.id && existingIds.has(agreement.id)) {
      kept.add(agreement.id);
      await trx.updateTable('organisation_agreements').set(values).where('id', '=', agreement.id).execute();
    } else {
      await trx.insertInto('organisation_agreements').values({ ...values, organisation_id: organisationId }).execute();
    }
  }
  const removed = [...existingIds].filter((id) => !kept.has(id));
  if (removed.length > 0) await trx.deleteFrom('organisation_agreements').where('id', 'in', removed).execute();
}

/** The id of the organisation with this exact name (demo data refers to its donor by name). */
export async function organisationIdByName(db: Executor, name: string): Promise<number | null> {
  const row = await db.selectFrom('organisations').select('id').where('name', '=', name).executeTakeFirst();
  return row?.id ?? null;
}

export async function organisationExists(db: Executor, id: number): Promise<boolean> {
  return rowExists(db, 'organisations', id);
}

// ---------------------------------------------------------------------------------------------
// Commands: each write in one transaction with its activity row
// ---------------------------------------------------------------------------------------------

/**
 * The organisation writes: each in one transaction with its agreements and its activity row; the
 * same normalised name or registration number is a 409 (re-checked after a concurrent unique
 * violation).
 */

export const ORGANISATION_API_MESSAGES = {
  notFound: 'الجهة غير موجودة',
  created: 'تمت إضافة الجهة بنجاح',
  updated: 'تم تحديث بيانات الجهة بنجاح',
  duplicateName: 'توجد جهة مسجلة بالاسم نفسه',
  duplicateRegistration: 'رقم السجل أو الترخيص مسجل لجهة أخرى',
  agreementNotFound: 'الاتفاقية غير موجودة ضمن اتفاقيات هذه الجهة',
} as const;

function organisationColumns(input: OrganisationInput) {
  return {
    name: input.name,
    name_normalized: normaliseArabic(input.name),
    name_en: input.name_en ?? null,
    type: input.type,
    registration_number: input.registration_number ?? null,
    contact_person: input.contact_person ?? null,
    phone: input.phone ?? null,
    email: input.email ?? null,
    city: input.city ?? null,
    website: input.website ?? null,
    status: input.status,
    notes: input.notes ?? null,
    search_text: organisationSearchText(input),
  };
}

type OrganisationColumns = ReturnType<typeof organisationColumns>;

const AUDITED_FIELDS = [
  'name',
  'name_en',
  'type',
  'registration_number',
  'contact_person',
  'phone',
  'email',
  'city',
  'website',
  'status',
  'notes',
] as const;

type AuditedAgreement = { title: string; start_date: string; end_date: string; value: number | null };

/** What the activity log compares: the audited fields and each agreement as one readable line. */
function audited(columns: Record<(typeof AUDITED_FIELDS)[number], unknown>, agreements: readonly AuditedAgreement[]) {
  return {
    ...Object.fromEntries(AUDITED_FIELDS.map((field) => [field, columns[field]])),
    agreements: agreements.map(
      (agreement) =>
        `${agreement.title} (من ${dateText(agreement.start_date)} إلى ${dateText(agreement.end_date)}${agreement.value !== null ? `، ${riyalsText(agreement.value)}` : ''})`,
    ),
  };
}

const inputAgreements = (input: OrganisationInput): AuditedAgreement[] => input.agreements.map((agreement) => ({ ...agreement, value: agreement.value ?? null }));

/** 409 when another organisation has the same (normalised) name or registration number. */
async function assertUnique(db: Executor, columns: OrganisationColumns, excludeId?: number): Promise<void> {
  const clash = await findClash(db, columns, excludeId);
  if (!clash) return;
  if (clash.name_normalized === columns.name_normalized) {
    throw conflict(ORGANISATION_API_MESSAGES.duplicateName, { name: [ORGANISATION_API_MESSAGES.duplicateName] });
  }
  throw conflict(ORGANISATION_API_MESSAGES.duplicateRegistration, {
    registration_number: [ORGANISATION_API_MESSAGES.duplicateRegistration],
  });
}

/** The city code exists (an inactive one the organisation already holds stays accepted); agreement ids are its own. */
function checkInput(input: OrganisationInput, lookups: LookupSet, current?: { city: string | null; agreementIds: Set<number> }): void {
  const errors = new FieldErrors();
  checkLookupCode(lookups, errors, 'city', 'cities', input.city, new Set(current?.city ? [heldKey('cities', current.city)] : []));
  input.agreements.forEach((agreement, index) => {
    if (agreement.id && !current?.agreementIds.has(agreement.id)) {
      errors.add(`agreements.${index}.id`, ORGANISATION_API_MESSAGES.agreementNotFound);
    }
  });
  errors.throwIfAny();
}

/** Creates an organisation with its agreements and logs it; answers its id. */
export async function createOrganisation(db: Kysely<Database>, input: OrganisationInput, lookups: LookupSet, author: ChangeAuthor): Promise<number> {
  checkInput(input, lookups);
  const columns = organisationColumns(input);
  await assertUnique(db, columns);
  return withUniqueRecheck(
    () =>
      db.transaction().execute(async (trx) => {
        const row = await insertOrganisation(trx, { ...columns, created_by: author.id, updated_by: author.id });
        await syncAgreements(trx, row.id, input);
        await recordChange(trx, author, {
          action: 'create',
          entityType: 'organisation',
          entityId: row.id,
          entityLabel: row.name,
          changes: diffChanges(null, audited(columns, inputAgreements(input))),
        });
        return row.id;
      }),
    () => assertUnique(db, columns),
  );
}

/** Updates an organisation and its agreements; logs the fields that changed. Answers false when there is no such organisation. */
export async function updateOrganisation(db: Kysely<Database>, id: number, input: OrganisationInput, lookups: LookupSet, author: ChangeAuthor): Promise<boolean> {
  const columns = organisationColumns(input);
  return withUniqueRecheck(
    () =>
      db.transaction().execute(async (trx) => {
        const before = await lockOrganisation(trx, id);
        if (!before) return false;
        const agreements = await agreementsOf(trx, id);
        checkInput(input, lookups, { city: before.city, agreementIds: new Set(agreements.map((agreement) => agreement.id)) });
        await assertUnique(trx, columns, id);
        const diff = diffChanges(
          audited(before, agreements),
          audited(columns, inputAgreements(input).sort((a, b) => a.start_date.localeCompare(b.start_date))),
        );
        await updateOrganisationRow(trx, id, { ...columns, updated_at: new Date(), updated_by: author.id });
        await syncAgreements(trx, id, input);
        if (Object.keys(diff).length > 0) {
          await recordChange(trx, author, {
            action: 'update',
            entityType: 'organisation',
            entityId: id,
            entityLabel: columns.name,
            changes: diff,
          });
        }
        return true;
      }),
    () => assertUnique(db, columns, id),
  );
}
