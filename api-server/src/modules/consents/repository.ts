import { sql, type Insertable, type Transaction, type Updateable } from 'kysely';
import {
  CONSENT_PURPOSE_CODES,
  type Consent,
  type ConsentPurpose,
} from 'shared-contracts/resources/consents-contracts';
import type { Database, Executor } from '../../db/tables';
import type { FamilyConsentRow, FamilyConsentsTable } from './tables';

/** A consent row with the names and the document it refers to, as the API answers it. */
const consentQuery = (db: Executor) =>
  db
    .selectFrom('family_consents as c')
    .leftJoin('employees as r', 'r.id', 'c.recorded_by')
    .leftJoin('employees as w', 'w.id', 'c.withdrawn_by')
    // A deleted document is no longer the family's signed form.
    .leftJoin('documents as d', (join) =>
      join.onRef('d.id', '=', 'c.document_id').on('d.deleted_at', 'is', null),
    )
    .selectAll('c')
    .select(['r.name as recorded_by_name', 'w.name as withdrawn_by_name', 'd.file_name']);

type ConsentQueryRow = FamilyConsentRow & {
  recorded_by_name: string | null;
  withdrawn_by_name: string | null;
  file_name: string | null;
};

const ref = (id: number | null, name: string | null) =>
  id !== null && name !== null ? { id, name } : null;

function toConsent(row: ConsentQueryRow): Consent {
  return {
    id: row.id,
    family_id: row.family_id,
    purpose: row.purpose,
    method: row.method,
    given_on: row.given_on,
    witness_name: row.witness_name,
    document:
      row.document_id !== null && row.file_name !== null
        ? { id: row.document_id, file_name: row.file_name }
        : null,
    note: row.note,
    recorded_by: ref(row.recorded_by, row.recorded_by_name),
    recorded_at: row.recorded_at.toISOString(),
    withdrawal:
      row.withdrawn_on !== null && row.withdrawal_reason !== null
        ? {
            withdrawn_on: row.withdrawn_on,
            reason: row.withdrawal_reason,
            withdrawn_by: ref(row.withdrawn_by, row.withdrawn_by_name),
            recorded_at: (row.withdrawal_recorded_at ?? row.recorded_at).toISOString(),
          }
        : null,
  };
}

const purposeOrder = (purpose: ConsentPurpose) => CONSENT_PURPOSE_CODES.indexOf(purpose);

/** A family's consents: current ones in purpose order, then the withdrawn, newest first. */
export async function listFamilyConsents(db: Executor, familyId: number): Promise<Consent[]> {
  const rows = await consentQuery(db).where('c.family_id', '=', familyId).execute();
  return rows.map(toConsent).sort((a, b) => {
    if ((a.withdrawal === null) !== (b.withdrawal === null)) return a.withdrawal ? 1 : -1;
    if (a.withdrawal && b.withdrawal)
      return b.withdrawal.recorded_at.localeCompare(a.withdrawal.recorded_at) || b.id - a.id;
    return purposeOrder(a.purpose) - purposeOrder(b.purpose);
  });
}

export async function loadConsent(db: Executor, id: number): Promise<Consent | undefined> {
  const row = await consentQuery(db).where('c.id', '=', id).executeTakeFirst();
  return row ? toConsent(row) : undefined;
}

/** Whether the family has a current consent to `purpose`. */
export async function hasCurrentConsent(
  db: Executor,
  familyId: number,
  purpose: ConsentPurpose,
): Promise<boolean> {
  const row = await db
    .selectFrom('family_consents')
    .select('id')
    .where('family_id', '=', familyId)
    .where('purpose', '=', purpose)
    .where('withdrawn_on', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}

/** The family's current consent to `purpose`, locked; undefined when there is none. */
export function currentConsent(
  trx: Transaction<Database>,
  familyId: number,
  purpose: ConsentPurpose,
) {
  return trx
    .selectFrom('family_consents')
    .select(['id', 'given_on'])
    .where('family_id', '=', familyId)
    .where('purpose', '=', purpose)
    .where('withdrawn_on', 'is', null)
    .forUpdate()
    .executeTakeFirst();
}

/**
 * A registration's ticked boxes as its first consents (method `registration`), one statement to
 * send with the family's own rows (`executeTogether`); none when no box is ticked.
 */
export function registrationConsentsInsert(
  trx: Transaction<Database>,
  familyId: number,
  boxes: { data_processing: boolean; partner_sharing: boolean },
  authorId: number,
  now: Date,
  today: string,
) {
  const purposes = (['data_processing', 'partner_sharing'] as const).filter(
    (purpose) => boxes[purpose],
  );
  if (purposes.length === 0) return [];
  return [
    trx.insertInto('family_consents').values(
      purposes.map((purpose) => ({
        family_id: familyId,
        purpose,
        method: 'registration' as const,
        given_on: today,
        recorded_by: authorId,
        recorded_at: now,
      })),
    ),
  ];
}

/** The family, locked: its consents change one at a time. */
export function lockConsentFamily(trx: Transaction<Database>, familyId: number) {
  return trx
    .selectFrom('families')
    .select(['id', 'file_number', 'head_name'])
    .where('id', '=', familyId)
    .forUpdate()
    .executeTakeFirst();
}

export async function familyExists(db: Executor, id: number): Promise<boolean> {
  const row = await db.selectFrom('families').select('id').where('id', '=', id).executeTakeFirst();
  return row !== undefined;
}

/** A live document of the family, with its name; undefined otherwise. */
export async function familyDocument(db: Executor, familyId: number, documentId: number) {
  return db
    .selectFrom('documents')
    .select(['id', 'file_name'])
    .where('id', '=', documentId)
    .where('family_id', '=', familyId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

export function lockConsent(
  trx: Transaction<Database>,
  id: number,
): Promise<FamilyConsentRow | undefined> {
  return trx
    .selectFrom('family_consents')
    .selectAll()
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export async function insertConsent(
  trx: Transaction<Database>,
  values: Insertable<FamilyConsentsTable>,
): Promise<number> {
  const row = await trx
    .insertInto('family_consents')
    .values(values)
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateConsentRow(
  trx: Transaction<Database>,
  id: number,
  values: Updateable<FamilyConsentsTable>,
): Promise<void> {
  await trx.updateTable('family_consents').set(values).where('id', '=', id).execute();
}

/**
 * Keeps the family form's two boxes in step with the ledger (docs/personal-data.md): the
 * family's `consent_data_processing` (with its date and author) and `consent_share_with_partners`
 * say whether a current consent to that purpose exists.
 */
export async function syncFamilyConsentColumns(
  trx: Transaction<Database>,
  familyId: number,
): Promise<void> {
  const current = await trx
    .selectFrom('family_consents')
    .select(['purpose', 'recorded_at', 'recorded_by'])
    .where('family_id', '=', familyId)
    .where('withdrawn_on', 'is', null)
    .execute();
  const processing = current.find((row) => row.purpose === 'data_processing');
  await trx
    .updateTable('families')
    .set({
      consent_data_processing: processing !== undefined,
      consent_date: processing?.recorded_at ?? null,
      consent_by: processing?.recorded_by ?? null,
      consent_share_with_partners: current.some((row) => row.purpose === 'partner_sharing'),
    })
    .where('id', '=', familyId)
    .execute();
}

/**
 * The demo families' form boxes as their first consents (as the ledger's migration does for a
 * database that had families): the seed runs after the migration on a new database.
 */
export async function consentsFromFamilyForms(trx: Transaction<Database>): Promise<void> {
  await sql`
    insert into family_consents (family_id, purpose, method, given_on, recorded_by, recorded_at)
    select f.id, p.purpose, 'registration',
           (coalesce(f.consent_date, f.created_at) at time zone 'Asia/Riyadh')::date,
           f.consent_by, coalesce(f.consent_date, f.created_at)
      from families f
      cross join lateral (values
        ('data_processing', f.consent_data_processing),
        ('partner_sharing', f.consent_share_with_partners)) as p(purpose, given)
     where p.given
       and not exists (select 1 from family_consents c where c.family_id = f.id)
     order by f.id, p.purpose`.execute(trx);
}
