import { sql, type Insertable, type Kysely, type Transaction, type Updateable } from 'kysely';
import { normaliseArabic } from 'shared-contracts';
import { ORGANISATION_STATUS_CODES, ORGANISATION_TYPE_CODES } from 'shared-contracts/beneficiaries';
import type {
  Organisation,
  OrganisationDetail,
  OrganisationInput,
  OrganisationListQuery,
} from 'shared-contracts/beneficiaries';
import { countRows, orderTerm, rowExists } from '../../db/query';
import { phoneSearchForms, whereSearch } from '../../db/search';
import type { Database, Executor } from '../../db/tables';
import { pageWindow } from '../../http/pagination';
import { storedCode } from '../../http/validation';
import { type LookupSet } from '../lookups';
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

function toOrganisation(
  row: OrganisationRow & { agreements_count: number | null },
  lookups: LookupSet,
): Organisation {
  return {
    id: row.id,
    name: row.name,
    name_en: row.name_en,
    type: storedCode(ORGANISATION_TYPE_CODES, row.type, 'organisations.type'),
    registration_number: row.registration_number,
    contact_person: row.contact_person,
    phone: row.phone,
    email: row.email,
    city: lookups.ref('cities', row.city),
    website: row.website,
    status: storedCode(ORGANISATION_STATUS_CODES, row.status, 'organisations.status'),
    agreements_count: row.agreements_count ?? 0,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/** One page of organisations (search: name normalised, English name, registration number, phones, email). */
export async function listOrganisations(
  db: Kysely<Database>,
  query: OrganisationListQuery,
  lookups: LookupSet,
): Promise<{ rows: Organisation[]; total: number }> {
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

export function agreementsOf(
  db: Executor,
  organisationId: number,
): Promise<OrganisationAgreementRow[]> {
  return db
    .selectFrom('organisation_agreements')
    .selectAll()
    .where('organisation_id', '=', organisationId)
    .orderBy('start_date')
    .orderBy('id')
    .execute();
}

/** One organisation with its agreements (oldest first); undefined when there is none. */
export async function loadOrganisation(
  db: Executor,
  id: number,
  lookups: LookupSet,
): Promise<OrganisationDetail | undefined> {
  const row = await db
    .selectFrom('organisations')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
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
  return [
    input.name,
    input.name_en,
    input.registration_number,
    ...phoneSearchForms(input.phone),
    input.email,
  ]
    .filter((part): part is string => typeof part === 'string' && part !== '')
    .map((part) => normaliseArabic(part))
    .join(' ');
}

/** Another organisation with this normalised name or registration number, if any. */
export function findClash(
  db: Executor,
  clash: { name_normalized: string; registration_number: string | null },
  excludeId?: number,
) {
  return db
    .selectFrom('organisations')
    .select(['id', 'name_normalized', 'registration_number'])
    .where((eb) =>
      eb.or([
        eb('name_normalized', '=', clash.name_normalized),
        ...(clash.registration_number
          ? [eb('registration_number', '=', clash.registration_number)]
          : []),
      ]),
    )
    .$if(excludeId !== undefined, (builder) => builder.where('id', '<>', excludeId ?? 0))
    .executeTakeFirst();
}

export function insertOrganisation(
  trx: Transaction<Database>,
  values: Insertable<OrganisationsTable>,
): Promise<{ id: number; name: string }> {
  return trx
    .insertInto('organisations')
    .values(values)
    .returning(['id', 'name'])
    .executeTakeFirstOrThrow();
}

export function lockOrganisation(
  trx: Transaction<Database>,
  id: number,
): Promise<OrganisationRow | undefined> {
  return trx
    .selectFrom('organisations')
    .selectAll()
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export async function updateOrganisationRow(
  trx: Transaction<Database>,
  id: number,
  values: Updateable<OrganisationsTable>,
): Promise<void> {
  await trx.updateTable('organisations').set(values).where('id', '=', id).execute();
}

/** Agreements are upserted by `id`; the ones the input leaves out are deleted. */
export async function syncAgreements(
  trx: Transaction<Database>,
  organisationId: number,
  input: OrganisationInput,
): Promise<void> {
  const existing = await trx
    .selectFrom('organisation_agreements')
    .select('id')
    .where('organisation_id', '=', organisationId)
    .execute();
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
      await trx
        .updateTable('organisation_agreements')
        .set(values)
        .where('id', '=', agreement.id)
        .execute();
    } else {
      await trx
        .insertInto('organisation_agreements')
        .values({ ...values, organisation_id: organisationId })
        .execute();
    }
  }
  const removed = [...existingIds].filter((id) => !kept.has(id));
  if (removed.length > 0)
    await trx.deleteFrom('organisation_agreements').where('id', 'in', removed).execute();
}

/** The id of the organisation with this exact name (demo data refers to its donor by name). */
export async function organisationIdByName(db: Executor, name: string): Promise<number | null> {
  const row = await db
    .selectFrom('organisations')
    .select('id')
    .where('name', '=', name)
    .executeTakeFirst();
  return row?.id ?? null;
}

export async function organisationExists(db: Executor, id: number): Promise<boolean> {
  return rowExists(db, 'organisations', id);
}
