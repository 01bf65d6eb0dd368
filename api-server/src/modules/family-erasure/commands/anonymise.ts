import type { Kysely, Transaction } from 'kysely';
import { normaliseArabic } from 'shared-contracts';
import {
  FAMILY_ERASURE_MESSAGES as M,
  type FamilyAnonymise,
  isSameFileNumber,
} from 'shared-contracts/resources/family-erasure-contracts';
import type { Database } from '../../../db/tables';
import type { FileStore } from '../../../files/store';
import { conflict, notFound, unprocessable } from '../../../http/errors';
import type { ChangeAuthor } from '../../../http/request-meta';
import { recordChange } from '../../activity-log';
import { removeUnreferencedContent } from '../../documents';
import { buildFamilySearchText } from '../../families';
import { eraseFamilyFromArchives } from '../../reports';
import {
  eraseActivity,
  eraseClientReports,
  eraseFamilyAndMembers,
  eraseJobTraces,
  eraseRelatedText,
  financeSearchSources,
  lockFamily,
  markAnonymised,
  namesOfFamily,
  setFinanceSearchText,
  tombstoneDocuments,
} from '../repository';

/**
 * What must hold before a family is erased, checked in the erasure's transaction once the family
 * is locked (and known not to be anonymised yet); it throws the `HttpError` that refuses it.
 */
export type ErasureCheck = (
  trx: Transaction<Database>,
  family: { id: number; file_number: string },
) => Promise<void>;

/**
 * The family's page: the file number typed again must be the family's
 * (docs/personal-data.md#erasure).
 */
export async function anonymiseFamily(
  db: Kysely<Database>,
  store: FileStore,
  author: ChangeAuthor,
  id: number,
  input: FamilyAnonymise,
): Promise<void> {
  await eraseFamily(db, store, author, id, input.reason, async (_trx, family) => {
    if (!isSameFileNumber(input.file_number, family.file_number))
      throw unprocessable({ file_number: [M.fileNumberMismatch] }, M.fileNumberMismatch);
  });
}

/**
 * Erases the family's personal data for good (docs/personal-data.md#erasure), in one
 * transaction with its activity-log row, once `check` passes; then drops the files no other
 * document holds. The single erasure and the privacy page's erasure in bulk both come here, so
 * they destroy and keep the same things; an anonymised family is refused (409), so it is never
 * erased twice.
 */
export async function eraseFamily(
  db: Kysely<Database>,
  store: FileStore,
  author: ChangeAuthor,
  id: number,
  reason: string,
  check: ErasureCheck,
): Promise<void> {
  const contentKeys = await db.transaction().execute(async (trx) => {
    const family = await lockFamily(trx, id);
    if (!family) throw notFound(M.notFound);
    if (family.anonymised_at !== null) throw conflict(M.alreadyAnonymised);
    await check(trx, family);
    await markAnonymised(trx, id, author.id);
    // Read before they are destroyed: what the browsers' reports are searched for.
    const names = await namesOfFamily(trx, id);
    // The log first, while the members' names are there: another family's lists of its members
    // lose the names of the people erased here (2026_12_06_activity_log_family_erasure_moves).
    // Its own row, written last, keeps the reason.
    await eraseActivity(trx, id);
    // The search text holds the file number only: the old name, IDs and phones find nothing.
    await eraseFamilyAndMembers(
      trx,
      id,
      family.file_number,
      buildFamilySearchText({ file_number: family.file_number, members: [] }),
    );
    await eraseRelatedText(trx, id);
    for (const record of await financeSearchSources(trx, id)) {
      const parts = [record.reference_number, record.receipt_number, record.restricted_purpose];
      const text = parts
        .filter((part): part is string => part !== null && part !== '')
        .map((part) => normaliseArabic(part))
        .join(' ');
      await setFinanceSearchText(trx, record.id, text);
    }
    const keys = await tombstoneDocuments(trx, id, author.id);
    // Archived reports keep their figures; only the family's names and medical values go.
    await eraseFamilyFromArchives(trx, id);
    await eraseJobTraces(trx, id);
    await eraseClientReports(trx, names);
    await recordChange(trx, author, {
      action: 'anonymise',
      entityType: 'family',
      entityId: id,
      entityLabel: `أسرة مجهّلة (${family.file_number})`,
      // The reason is the officer's, about the request, not the family's data.
      changes: { anonymise_reason: [null, reason] },
      familyId: id,
    });
    return keys;
  });
  await removeUnreferencedContent(db, store, contentKeys);
}
