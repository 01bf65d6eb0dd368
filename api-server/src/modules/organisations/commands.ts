import { type Kysely } from 'kysely';
import { dateText, normaliseArabic, riyalsText } from 'shared-contracts';
import type { OrganisationInput } from 'shared-contracts/beneficiaries';
import type { Database, Executor } from '../../db/tables';
import { conflict, FieldErrors, withUniqueRecheck } from '../../http/errors';
import type { ChangeAuthor } from '../../http/request-meta';
import { diffChanges, recordChange } from '../activity-log';
import { checkLookupCode, heldKey, type LookupSet } from '../lookups';
import {
  agreementsOf,
  findClash,
  insertOrganisation,
  lockOrganisation,
  organisationSearchText,
  syncAgreements,
  updateOrganisationRow,
} from './repository';

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

type AuditedAgreement = {
  title: string;
  start_date: string;
  end_date: string;
  value: number | null;
};

/** What the activity log compares: the audited fields and each agreement as one readable line. */
function audited(
  columns: Record<(typeof AUDITED_FIELDS)[number], unknown>,
  agreements: readonly AuditedAgreement[],
) {
  return {
    ...Object.fromEntries(AUDITED_FIELDS.map((field) => [field, columns[field]])),
    agreements: agreements.map(
      (agreement) =>
        `${agreement.title} (من ${dateText(agreement.start_date)} إلى ${dateText(agreement.end_date)}${agreement.value !== null ? `، ${riyalsText(agreement.value)}` : ''})`,
    ),
  };
}

const inputAgreements = (input: OrganisationInput): AuditedAgreement[] =>
  input.agreements.map((agreement) => ({ ...agreement, value: agreement.value ?? null }));

/** 409 when another organisation has the same (normalised) name or registration number. */
async function assertUnique(
  db: Executor,
  columns: OrganisationColumns,
  excludeId?: number,
): Promise<void> {
  const clash = await findClash(db, columns, excludeId);
  if (!clash) return;
  if (clash.name_normalized === columns.name_normalized) {
    throw conflict(ORGANISATION_API_MESSAGES.duplicateName, {
      name: [ORGANISATION_API_MESSAGES.duplicateName],
    });
  }
  throw conflict(ORGANISATION_API_MESSAGES.duplicateRegistration, {
    registration_number: [ORGANISATION_API_MESSAGES.duplicateRegistration],
  });
}

/** The city code exists (an inactive one the organisation already holds stays accepted); agreement ids are its own. */
function checkInput(
  input: OrganisationInput,
  lookups: LookupSet,
  current?: { city: string | null; agreementIds: Set<number> },
): void {
  const errors = new FieldErrors();
  checkLookupCode(
    lookups,
    errors,
    'city',
    'cities',
    input.city,
    new Set(current?.city ? [heldKey('cities', current.city)] : []),
  );
  input.agreements.forEach((agreement, index) => {
    if (agreement.id && !current?.agreementIds.has(agreement.id)) {
      errors.add(`agreements.${index}.id`, ORGANISATION_API_MESSAGES.agreementNotFound);
    }
  });
  errors.throwIfAny();
}

/** Creates an organisation with its agreements and logs it; answers its id. */
export async function createOrganisation(
  db: Kysely<Database>,
  input: OrganisationInput,
  lookups: LookupSet,
  author: ChangeAuthor,
): Promise<number> {
  checkInput(input, lookups);
  const columns = organisationColumns(input);
  await assertUnique(db, columns);
  return withUniqueRecheck(
    () =>
      db.transaction().execute(async (trx) => {
        const row = await insertOrganisation(trx, {
          ...columns,
          created_by: author.id,
          updated_by: author.id,
        });
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
export async function updateOrganisation(
  db: Kysely<Database>,
  id: number,
  input: OrganisationInput,
  lookups: LookupSet,
  author: ChangeAuthor,
): Promise<boolean> {
  const columns = organisationColumns(input);
  return withUniqueRecheck(
    () =>
      db.transaction().execute(async (trx) => {
        const before = await lockOrganisation(trx, id);
        if (!before) return false;
        const agreements = await agreementsOf(trx, id);
        checkInput(input, lookups, {
          city: before.city,
          agreementIds: new Set(agreements.map((agreement) => agreement.id)),
        });
        await assertUnique(trx, columns, id);
        const diff = diffChanges(
          audited(before, agreements),
          audited(
            columns,
            inputAgreements(input).sort((a, b) => a.start_date.localeCompare(b.start_date)),
          ),
        );
        await updateOrganisationRow(trx, id, {
          ...columns,
          updated_at: new Date(),
          updated_by: author.id,
        });
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
