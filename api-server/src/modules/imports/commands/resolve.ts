import {
  FAMILY_IMPORT_MESSAGES,
  importMatchSchema,
  type FamilyImportRow,
  type ImportResolutionAction,
} from 'shared-contracts/beneficiaries';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../../db/tables';
import { HttpError } from '../../../http/errors';
import type { ChangeAuthor } from '../../../http/request-meta';
import { recordChange } from '../../activity-log';
import { findImport, findImportRow, setRowResolution } from '../repository';
import { toRow } from './read';

const matchesSchema = z.array(importMatchSchema).catch([]);

/**
 * A person's decision on a duplicate row (docs/family-import.md): `skip` marks it skipped; `update`
 * (a family of the register matched) and `create` (no national ID matched) are kept for the commit,
 * which applies them. A certain duplicate (same national ID) can only be skipped or update its family.
 */
export async function resolveRow(
  db: Kysely<Database>,
  author: ChangeAuthor,
  importId: number,
  rowNumber: number,
  action: ImportResolutionAction,
  medical: boolean,
): Promise<FamilyImportRow> {
  const found = await findImport(db, importId);
  if (!found) throw new HttpError(404, FAMILY_IMPORT_MESSAGES.notFound);
  if (found.status !== 'ready') throw new HttpError(409, FAMILY_IMPORT_MESSAGES.notReady);
  return db.transaction().execute(async (trx) => {
    const row = await findImportRow(trx, importId, rowNumber);
    if (!row) throw new HttpError(404, FAMILY_IMPORT_MESSAGES.rowNotFound);
    const resolvable =
      row.state === 'duplicate' || (row.state === 'skipped' && row.resolution !== null);
    if (!resolvable) throw new HttpError(409, FAMILY_IMPORT_MESSAGES.notDuplicate);
    const matches = matchesSchema.parse(row.matches);
    const certain = matches.some((match) => match.certainty === 'certain');
    if (action === 'create' && certain) {
      throw new HttpError(422, FAMILY_IMPORT_MESSAGES.certainOnlySkipOrUpdate, {
        action: [FAMILY_IMPORT_MESSAGES.certainOnlySkipOrUpdate],
      });
    }
    if (action === 'update' && !matches.some((match) => match.family !== null)) {
      throw new HttpError(422, FAMILY_IMPORT_MESSAGES.noMatchToUpdate, {
        action: [FAMILY_IMPORT_MESSAGES.noMatchToUpdate],
      });
    }
    const state = action === 'skip' ? 'skipped' : 'duplicate';
    await setRowResolution(trx, row.id, action, state);
    await recordChange(trx, author, {
      action: 'update',
      entityType: 'family_import',
      entityId: importId,
      entityLabel: found.file_name,
      changes: { [`row_${rowNumber}`]: [row.resolution, action] },
    });
    return toRow({ ...row, resolution: action, state }, medical);
  });
}
