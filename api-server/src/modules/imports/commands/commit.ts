import {
  FAMILY_IMPORT_MESSAGES,
  familySubmitSchema,
  importMatchSchema,
  type ImportMatch,
} from 'shared-contracts/beneficiaries';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../../db/tables';
import { isDatabaseServer } from '../../../db/database';
import { yieldToEventLoop } from '../../../db/yield';
import { HttpError, withUniqueRecheck } from '../../../http/errors';
import type { ChangeAuthor } from '../../../http/request-meta';
import {
  assertNationalIdsFree,
  checkFamilyReferences,
  insertNewFamily,
  mergeIntoFamily,
  reserveFileNumbers,
  toFamilyWrite,
} from '../../families';
import { registerJobHandler } from '../../jobs';
import { loadLookups, type LookupSet } from '../../lookups';
import {
  addProcessedRows,
  commitWithoutWaitingForDisk,
  findImport,
  lockImportRow,
  rowSettlement,
  rowsAwaitingFileNumbers,
  setReservedFileNumbers,
  setCommitProgress,
  setImportStatus,
  settleRow,
  uncommittedRows,
  type CommitRowView,
} from '../repository';
import { COMMIT_JOB } from './commit-start';

const COMMIT_BATCH = 50;
/**
 * Rows of a batch committed at the same time, each in its own transaction. On PostgreSQL this is
 * what makes a large import fast: a family's transaction spends most of its time waiting for the
 * database (statements, then the commit's flush to disk), so four overlap their waits; their file
 * numbers are reserved for the batch beforehand, so they do not meet at the counter. On PGlite
 * (one connection) the transactions queue for the connection and run one after the other.
 */
const COMMIT_PARALLEL = 4;

const commitPayload = z.object({
  import_id: z.number().int(),
  author: z.object({
    id: z.number().int(),
    name: z.string(),
    ip: z.string(),
    userAgent: z.string().nullable(),
  }),
});
type CommitPayload = z.infer<typeof commitPayload>;

const matchesSchema = z.array(importMatchSchema).catch([]);

/** The family an `update` decision merges into: the one the national ID matched, else the first. */
function familyToUpdate(matches: readonly ImportMatch[]): number | null {
  const registered = matches.filter((match) => match.family !== null);
  const chosen = registered.find((match) => match.certainty === 'certain') ?? registered[0];
  return chosen?.family?.id ?? null;
}

/** What the commit does with a row: valid rows and `create` decisions are created; an undecided duplicate is skipped. */
function decisionOf(
  row: Pick<CommitRowView, 'state' | 'resolution'>,
): 'create' | 'update' | 'skip' {
  if (row.state === 'valid') return 'create';
  if (row.resolution === 'create' || row.resolution === 'update') return row.resolution;
  return 'skip';
}

/**
 * Commits one row in its own transaction: the family created (as `POST /families` creates it)
 * or merged into (an `update` decision), and the row marked with its outcome, together; a row
 * already settled (a run before this one committed it) is left as it is. True when this call
 * settled the row (the progress counts it).
 */
async function commitRow(
  db: Kysely<Database>,
  rowId: number,
  lookups: LookupSet,
  author: ChangeAuthor,
  source: string,
): Promise<boolean> {
  let settled = false;
  // What to check again after a unique violation: the write, and the family an update merges into
  // (its own members' IDs are not taken).
  let recheck: {
    write: Parameters<typeof assertNationalIdsFree>[1];
    familyId: number | null;
  } | null = null;
  // On PostgreSQL a family's commit does not wait for the disk. What a server crash could lose is
  // the last fraction of a second of families, each with its row's outcome, so a run taken up
  // again creates them again (with the numbers reserved on their rows); the batch's progress and
  // the import's end are ordinary commits, which flush every earlier one. PGlite has no WAL
  // writer to flush them later, so there every commit waits (docs/family-import.md).
  const relaxed = isDatabaseServer(db);
  await withUniqueRecheck(
    () =>
      db.transaction().execute(async (trx) => {
        if (relaxed) await commitWithoutWaitingForDisk(trx);
        const row = await lockImportRow(trx, rowId);
        if (!row || (row.state !== 'valid' && row.state !== 'duplicate')) return;
        const decision = decisionOf(row);
        if (decision === 'skip') {
          await settleRow(trx, row, { state: 'skipped', family_id: null });
          settled = true;
          return;
        }
        // The body passed this schema at validation; parsed again, it is the same write.
        const write = toFamilyWrite(familySubmitSchema.parse(row.body));
        if (decision === 'update') {
          const familyId = familyToUpdate(matchesSchema.parse(row.matches));
          if (familyId === null) throw new HttpError(409, FAMILY_IMPORT_MESSAGES.noMatchToUpdate);
          recheck = { write, familyId };
          await mergeIntoFamily(trx, familyId, write, lookups, author, {
            now: new Date(),
            source,
            messages: { headNotInFamily: FAMILY_IMPORT_MESSAGES.headNotInFamily },
          });
          await settleRow(trx, row, { state: 'updated', family_id: familyId });
          settled = true;
          return;
        }
        recheck = { write, familyId: null };
        // The register may have changed since validation: the same checks as POST /families, now.
        // A national ID registered since is not looked up first: the active-ID unique index
        // refuses the member's insert, and the recheck below names the family holding it (one
        // query fewer for every family of a file, where a taken ID is the rare case).
        const errors = await checkFamilyReferences(trx, write, lookups, new Set(), null);
        errors.throwIfAny();
        await insertNewFamily(
          trx,
          write,
          'pending_review',
          author,
          new Date(),
          source,
          (id) => rowSettlement(trx, row, { state: 'created', family_id: id }),
          row.file_number ?? undefined,
        );
        settled = true;
      }),
    // A family registered at the same moment took one of the IDs: say which.
    async () => {
      if (recheck) await assertNationalIdsFree(db, recheck.write, recheck.familyId);
    },
  ).catch(async (error: unknown) => {
    // A row the register now refuses (an ID taken since, a lookup retired): invalid, with the
    // reason, so the rest of the file goes on. Anything else fails the attempt (retried).
    if (!(error instanceof HttpError) || error.statusCode >= 500) throw error;
    await db.transaction().execute(async (trx) => {
      const row = await lockImportRow(trx, rowId);
      if (!row || (row.state !== 'valid' && row.state !== 'duplicate')) return;
      const errors =
        error.fieldErrors && Object.keys(error.fieldErrors).length > 0
          ? error.fieldErrors
          : { '': [error.message] };
      await settleRow(trx, row, { state: 'invalid', family_id: null, errors });
      settled = true;
    });
  });
  return settled;
}

/**
 * Reserves the file numbers of a batch's families at once, in file order, in a transaction of its
 * own (docs/family-import.md): the families' transactions then never queue on the counter's row.
 * A row that has one already (reserved by a run that stopped) keeps it.
 */
async function reserveBatchFileNumbers(db: Kysely<Database>, ids: readonly number[]) {
  await db.transaction().execute(async (trx) => {
    const rows = await rowsAwaitingFileNumbers(trx, ids);
    await setReservedFileNumbers(trx, rows, await reserveFileNumbers(trx, rows.length, new Date()));
  });
}

/**
 * Runs `work` on every item, at most `parallel` at a time; none is started once `signal` is
 * aborted. Resolves when all started have finished (the first failure rejects, after the rest).
 */
async function forEachAtMost<T>(
  items: readonly T[],
  parallel: number,
  signal: AbortSignal,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const lane = async () => {
    for (let item = items[next]; item !== undefined && !signal.aborted; item = items[next]) {
      next += 1;
      await work(item);
      // Other requests of this process get their turn between rows (see yieldToEventLoop).
      await yieldToEventLoop();
    }
  };
  const lanes = Array.from({ length: Math.min(parallel, items.length) }, lane);
  const outcomes = await Promise.allSettled(lanes);
  const failed = outcomes.find((outcome) => outcome.status === 'rejected');
  if (failed) throw failed.reason;
}

/**
 * The commit job's work (docs/family-import.md): the rows still to commit, in file order, a
 * batch at a time, each row in its own transaction. A run taken up again (after a crash or a
 * lost lease) starts over and finds only the rows not yet committed, so nothing is created
 * twice and nothing is missed. Exported for the tests that stop a run half-way.
 */
export async function commitImport(
  db: Kysely<Database>,
  payload: CommitPayload,
  options: {
    signal: AbortSignal;
    progress?: (done: number) => Promise<void>;
    batchSize?: number;
  },
): Promise<void> {
  const found = await findImport(db, payload.import_id);
  if (!found || found.status !== 'committing') return;
  const { id, name, ip, userAgent } = payload.author;
  const author: ChangeAuthor = { id, name, meta: { ip, userAgent } };
  const source = FAMILY_IMPORT_MESSAGES.fromImport(found.file_name);
  const lookups = await loadLookups(db);
  await setCommitProgress(db, found.id);
  let after = 0;
  let done = 0;
  for (;;) {
    if (options.signal.aborted) return;
    const batch = await uncommittedRows(db, found.id, after, options.batchSize ?? COMMIT_BATCH);
    if (batch.length === 0) break;
    let settled = 0;
    await reserveBatchFileNumbers(
      db,
      batch.map((row) => row.id),
    );
    await forEachAtMost(batch, COMMIT_PARALLEL, options.signal, async (row) => {
      if (await commitRow(db, row.id, lookups, author, source)) settled += 1;
    });
    await addProcessedRows(db, found.id, settled);
    if (options.signal.aborted) return;
    after = batch.at(-1)?.row_number ?? after;
    done += batch.length;
    await options.progress?.(done);
  }
  await setCommitProgress(db, found.id);
  await setImportStatus(db, found.id, 'done');
}

registerJobHandler(COMMIT_JOB, {
  parse: (payload) => commitPayload.parse(payload),
  run: async ({ db, payload, signal, progress }) => {
    await commitImport(db, payload, { signal, progress: (done) => progress(done) });
  },
  onFailed: async (db, payload) => {
    await setImportStatus(db, payload.import_id, 'failed', FAMILY_IMPORT_MESSAGES.commitFailed);
  },
});
