import type { Kysely, Transaction } from 'kysely';
import { todayIso } from 'shared-contracts';
import {
  CONSENT_MESSAGES as M,
  consentMethodLabel,
  consentPurposeLabel,
  type ConsentPurpose,
  type ConsentRecordInput,
  type ConsentWithdrawInput,
} from 'shared-contracts/resources/consents-contracts';
import { familyLabel } from 'shared-contracts/beneficiaries';
import type { Database } from '../../db/tables';
import { conflict, notFound, unprocessable } from '../../http/errors';
import type { ChangeAuthor } from '../../http/request-meta';
import { diffChanges, recordChange } from '../activity-log';
import {
  currentConsent,
  familyDocument,
  hasCurrentConsent,
  insertConsent,
  lockConsent,
  lockConsentFamily,
  syncFamilyConsentColumns,
  updateConsentRow,
} from './repository';

/**
 * The ledger's writes, each in one transaction with its activity-log row on the family's
 * timeline (entity type `consent`, fields labelled by the declaration's `fields`), and the family
 * form's two boxes kept in step (`syncFamilyConsentColumns`).
 */

const consentLabel = (
  purpose: ConsentPurpose,
  family: { file_number: string; head_name: string },
) => `موافقة على ${consentPurposeLabel(purpose)} — ${familyLabel(family)}`;

/** The two purposes the family form's boxes mirror. */
const MIRRORED: ReadonlySet<ConsentPurpose> = new Set(['data_processing', 'partner_sharing']);

async function lockFamily(trx: Transaction<Database>, familyId: number) {
  const family = await lockConsentFamily(trx, familyId);
  if (!family) throw notFound(M.familyNotFound);
  return family;
}

/** Records a consent (`POST /families/{id}/consents`); answers its id. 409 when one is current. */
export async function recordConsent(
  db: Kysely<Database>,
  familyId: number,
  input: ConsentRecordInput,
  author: ChangeAuthor,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const family = await lockFamily(trx, familyId);
    const document = input.document_id
      ? await familyDocument(trx, familyId, input.document_id)
      : null;
    if (input.document_id && !document) throw unprocessable({ document_id: [M.documentNotFound] });
    if (await hasCurrentConsent(trx, familyId, input.purpose)) throw conflict(M.alreadyCurrent);
    const witness = input.method === 'verbal_witnessed' ? (input.witness_name ?? null) : null;
    const id = await insertConsent(trx, {
      family_id: familyId,
      purpose: input.purpose,
      method: input.method,
      given_on: input.given_on,
      witness_name: witness,
      document_id: document?.id ?? null,
      note: input.note ?? null,
      recorded_by: author.id,
    });
    if (MIRRORED.has(input.purpose)) await syncFamilyConsentColumns(trx, familyId);
    const after = Object.fromEntries(
      Object.entries({
        purpose: consentPurposeLabel(input.purpose),
        method: consentMethodLabel(input.method),
        given_on: input.given_on,
        witness_name: witness,
        document: document?.file_name ?? null,
        note: input.note ?? null,
      }).filter(([, value]) => value !== null),
    );
    await recordChange(trx, author, {
      action: 'create',
      entityType: 'consent',
      entityId: id,
      entityLabel: consentLabel(input.purpose, family),
      changes: { family: [null, familyLabel(family)], ...diffChanges(null, after) },
      familyId,
    });
    return id;
  });
}

/**
 * Withdraws a consent (`POST /consents/{id}/withdraw`): the record stays, with the day, who and
 * why. False when there is no such consent; 409 when it is already withdrawn.
 */
export async function withdrawConsent(
  db: Kysely<Database>,
  id: number,
  input: ConsentWithdrawInput,
  author: ChangeAuthor,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const before = await lockConsent(trx, id);
    if (!before) return false;
    const family = await lockFamily(trx, before.family_id);
    if (before.withdrawn_on !== null) throw conflict(M.alreadyWithdrawn);
    if (input.withdrawn_on < before.given_on)
      throw unprocessable({ withdrawn_on: [M.withdrawnBeforeGiven] });
    await updateConsentRow(trx, id, {
      withdrawn_on: input.withdrawn_on,
      withdrawn_by: author.id,
      withdrawal_reason: input.reason,
      withdrawal_recorded_at: new Date(),
    });
    if (MIRRORED.has(before.purpose)) await syncFamilyConsentColumns(trx, before.family_id);
    await recordChange(trx, author, {
      action: 'withdraw',
      entityType: 'consent',
      entityId: id,
      entityLabel: consentLabel(before.purpose, family),
      changes: {
        withdrawn_on: [null, input.withdrawn_on],
        withdrawal_reason: [null, input.reason],
      },
      familyId: before.family_id,
    });
    return true;
  });
}

/** The family form's two boxes, as the ledger's purposes. */
export interface FormConsents {
  data_processing: boolean;
  partner_sharing: boolean;
}

/** Why a consent the family form's box unticked is withdrawn. */
export const FORM_WITHDRAWAL_REASON = 'أُلغيت الموافقة في نموذج بيانات الأسرة';

/**
 * The family form's boxes after an update, into the ledger in the caller's transaction: a box
 * ticked without a current consent records one (method `registration`), a box unticked
 * withdraws the current one. The family's own activity row records the box's change.
 */
export async function syncFormConsents(
  trx: Transaction<Database>,
  familyId: number,
  boxes: FormConsents,
  author: ChangeAuthor,
  now: Date,
): Promise<void> {
  const today = todayIso(now);
  for (const purpose of ['data_processing', 'partner_sharing'] as const) {
    const current = await currentConsent(trx, familyId, purpose);
    if (boxes[purpose] && !current)
      await insertConsent(trx, {
        family_id: familyId,
        purpose,
        method: 'registration',
        given_on: today,
        recorded_by: author.id,
        recorded_at: now,
      });
    if (!boxes[purpose] && current)
      await updateConsentRow(trx, current.id, {
        withdrawn_on: current.given_on > today ? current.given_on : today,
        withdrawn_by: author.id,
        withdrawal_reason: FORM_WITHDRAWAL_REASON,
        withdrawal_recorded_at: now,
      });
  }
}
