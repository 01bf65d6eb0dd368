import { FAMILY_IMPORT_MESSAGES, type FamilyImport } from 'shared-contracts/beneficiaries';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/tables';
import { HttpError } from '../../../http/errors';
import type { ChangeAuthor } from '../../../http/request-meta';
import { recordChange } from '../../activity-log';
import { enqueueJob, wakeJobRunners } from '../../jobs';
import { countUnjudgedRows, lockImport, setCommitProgress, setImportStatus } from '../repository';
import { showImport } from './read';

export const COMMIT_JOB = 'family_import.commit';

/**
 * `POST /imports/{id}/commit`: the import becomes `committing` and its commit job is queued, in
 * one transaction with the activity-log row (the import's row locked, so two requests at once
 * queue one job). A commit already running answers the import as it is; a done one is refused. A
 * commit that failed may be started again: it resumes at the first row not yet committed.
 */
export async function startCommit(
  db: Kysely<Database>,
  author: ChangeAuthor,
  importId: number,
): Promise<FamilyImport> {
  const queued = await db.transaction().execute(async (trx) => {
    const found = await lockImport(trx, importId);
    if (!found) throw new HttpError(404, FAMILY_IMPORT_MESSAGES.notFound);
    if (found.status === 'committing') return false;
    if (found.status === 'done') throw new HttpError(409, FAMILY_IMPORT_MESSAGES.alreadyCommitted);
    // A failed validation leaves rows without a verdict: only a fully judged file can be committed.
    if (found.status === 'validating' || (await countUnjudgedRows(trx, importId)) > 0)
      throw new HttpError(409, FAMILY_IMPORT_MESSAGES.notReady);
    await setImportStatus(trx, importId, 'committing');
    await setCommitProgress(trx, importId);
    await recordChange(trx, author, {
      action: 'update',
      entityType: 'family_import',
      entityId: importId,
      entityLabel: found.file_name,
      changes: { status: [found.status, 'committing'] },
    });
    await enqueueJob(trx, COMMIT_JOB, {
      import_id: importId,
      // The families' log rows name the person who committed, from where they did.
      author: { id: author.id, name: author.name, ...author.meta },
    });
    return true;
  });
  if (queued) wakeJobRunners();
  return showImport(db, importId);
}
