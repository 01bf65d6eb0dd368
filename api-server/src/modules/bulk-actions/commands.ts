import type { Kysely } from 'kysely';
import { z } from 'zod';
import { hasAllPermissions, todayIso, type FieldReader } from 'shared-contracts';
import {
  MEDICAL_RULE_MESSAGES,
  familyListQuerySchema,
  isMedicalCategory,
} from 'shared-contracts/beneficiaries';
import { seasonBeneficiaryListQuerySchema } from 'shared-contracts/beneficiaries';
import { serviceListQuerySchema } from 'shared-contracts/services';
import {
  BULK_ACTION_LABELS,
  BULK_MAX_ITEMS,
  BULK_MESSAGES,
  BULK_SYNC_LIMIT,
  SERVICE_BULK_TARGET,
  familyBulkSchema,
  seasonBeneficiaryBulkSchema,
  serviceBulkSchema,
  type BulkJob,
  type BulkResult,
  type FamilyAnonymiseBulk,
  type FamilyBulk,
  type SeasonBeneficiaryBulk,
  type ServiceBulk,
} from 'shared-contracts/resources/bulk-actions-contracts';
import { dueFamilyListQuerySchema } from 'shared-contracts/resources/privacy-contracts';
import type { Database } from '../../db/tables';
import type { FileStore } from '../../files/store';
import {
  forbidden,
  HttpError,
  MESSAGES,
  conflict,
  notFound,
  unprocessable,
} from '../../http/errors';
import type { ChangeAuthor } from '../../http/request-meta';
import { parseInput } from '../../http/validation';
import {
  assignFamilyResearcher,
  changeFamilyStatus,
  familyIdsMatching,
  familyLabels,
  visibilityFor,
} from '../families';
import { eraseFamily } from '../family-erasure';
import { enqueueJob, registerJobHandler, wakeJobRunners } from '../jobs';
import { loadLookups, type LookupSet } from '../lookups';
import {
  SEASON_API_MESSAGES,
  beneficiaryIdsMatching,
  beneficiaryLabels,
  distribute,
  enrolFamilies,
  excludeBeneficiary,
  findSeasonName,
} from '../seasons';
import { assertStillDue, dueFamilyIdsMatching } from '../privacy';
import { changeServiceStatus, serviceIdsMatching, serviceLabels } from '../services';
import { findBulkAction, insertBulkAction, recordBulkOutcomes, setBulkJob } from './repository';
import type { BulkResource } from './tables';

/**
 * Bulk actions (docs/bulk-actions.md) on families, services and a season's beneficiaries: the selection resolved to ids (at most `BULK_MAX_ITEMS`),
 * then each item through its module's own command — the same rules and transaction as its
 * single-item endpoint, its own activity-log row naming the bulk action. Up to `BULK_SYNC_LIMIT`
 * items run in the request; more run as a job whose outcomes are kept item by item.
 */

export const BULK_JOB = 'bulk_action.run';

/** What one item's run does; it throws an `HttpError` with the Arabic reason when refused. */
type ItemRun = (db: Kysely<Database>, id: number, author: ChangeAuthor) => Promise<void>;

interface BulkPlan {
  readonly resource: BulkResource;
  readonly action: string;
  readonly run: ItemRun;
  readonly labels: (db: Kysely<Database>, ids: readonly number[]) => Promise<Map<number, string>>;
}

/** The caller of a bulk request: who they are (permissions, medical visibility) and the author of its changes. */
export interface BulkCaller {
  readonly employee: FieldReader & { permissions: readonly string[]; active: boolean };
  readonly author: ChangeAuthor;
}

/**
 * The lookup lists, read once for a whole bulk action rather than once an item (they are the
 * same for every item; a code retired meanwhile is still refused by the command's own checks).
 */
function lookupsOnce(): (db: Kysely<Database>) => Promise<LookupSet> {
  let loaded: Promise<LookupSet> | undefined;
  return (db) => {
    loaded ??= loadLookups(db);
    return loaded;
  };
}

function familyPlan(input: FamilyBulk): BulkPlan {
  const labels = familyLabels;
  switch (input.action) {
    case 'change_status': {
      const lookups = lookupsOnce();
      return {
        resource: 'families',
        action: input.action,
        labels,
        run: async (db, id, author) =>
          changeFamilyStatus(
            db,
            id,
            { status: input.status, reason: input.reason },
            await lookups(db),
            author,
          ),
      };
    }
    case 'assign_researcher':
      return {
        resource: 'families',
        action: input.action,
        labels,
        run: (db, id, author) => assignFamilyResearcher(db, id, input.researcher_id, author),
      };
    case 'enrol_in_season':
      return {
        resource: 'families',
        action: input.action,
        labels,
        run: async (db, id, author) => {
          const result = await enrolFamilies(
            db,
            input.season_id,
            { mode: 'families', family_ids: [id] },
            author,
          );
          if (result.enrolled === 1) return;
          const ineligible = result.ineligible[0];
          throw conflict(ineligible ? ineligible.reasons.join('، ') : BULK_MESSAGES.failed);
        },
      };
  }
}

function servicePlan(input: ServiceBulk): BulkPlan {
  const status = SERVICE_BULK_TARGET[input.action];
  return {
    resource: 'services',
    action: input.action,
    labels: serviceLabels,
    run: async (db, id, author) => {
      const found = await changeServiceStatus(db, id, { status, reason: input.reason }, author);
      if (!found) throw notFound(BULK_MESSAGES.serviceNotFound);
    },
  };
}

/**
 * A season's beneficiaries: a handover is `distribute` (the recipient left to the family's head),
 * an exclusion `excludeBeneficiary` — each in its own transaction that locks the season and the
 * beneficiary, as the single-item endpoints.
 */
function seasonPlan(seasonId: number, input: SeasonBeneficiaryBulk): BulkPlan {
  const labels = (db: Kysely<Database>, ids: readonly number[]) =>
    beneficiaryLabels(db, seasonId, ids);
  if (input.action === 'exclude') {
    const reason = input.reason;
    return {
      resource: 'season_beneficiaries',
      action: input.action,
      labels,
      run: (db, id, author) => excludeBeneficiary(db, seasonId, id, reason, author),
    };
  }
  const lookups = lookupsOnce();
  const handover = {
    kind: input.kind,
    items: input.items,
    cash_amount: input.cash_amount,
    distributed_at: input.distributed_at,
    notes: input.notes,
    received_by_name: null,
  };
  return {
    resource: 'season_beneficiaries',
    action: input.action,
    labels,
    run: async (db, id, author) => {
      await distribute(
        db,
        seasonId,
        { ...handover, beneficiary_id: id },
        await lookups(db),
        author,
      );
    },
  };
}

/**
 * The privacy page's erasure in bulk (docs/personal-data.md#the-privacy-page): each family through
 * the family-erasure module's own command, in its own transaction with its own log row, refused
 * when it is no longer due under the retention setting (checked once it is locked) or already
 * anonymised (so a run taken up again never erases twice).
 */
function anonymisePlan(input: Pick<FamilyAnonymiseBulk, 'reason'>, store: FileStore): BulkPlan {
  return {
    resource: 'families',
    action: 'anonymise',
    labels: familyLabels,
    run: (db, id, author) =>
      eraseFamily(db, store, author, id, input.reason, (trx, family) =>
        assertStillDue(trx, family.id),
      ),
  };
}

/** The Arabic reason of a refused item: the error's own message, or its first field's. */
function reasonOf(error: unknown): string {
  if (!(error instanceof HttpError)) return BULK_MESSAGES.failed;
  if (error.statusCode === 404 && error.message === MESSAGES.notFound) return BULK_MESSAGES.failed;
  const first = Object.values(error.fieldErrors ?? {})[0]?.[0];
  return error.message === MESSAGES.validation && first ? first : error.message;
}

/** Runs one item; answers its outcome. An unexpected error is a refusal too (and logged by the caller). */
async function runItem(
  db: Kysely<Database>,
  plan: BulkPlan,
  id: number,
  author: ChangeAuthor,
  onUnexpected: (error: unknown) => void,
): Promise<{ ok: true } | { ok: false; message: string }> {
  try {
    await plan.run(db, id, author);
    return { ok: true };
  } catch (error) {
    if (!(error instanceof HttpError)) onUnexpected(error);
    return { ok: false, message: reasonOf(error) };
  }
}

/**
 * How many items run at once. Each is still its own transaction with its own log row; a few
 * side by side overlap their round trips and their commits' waits for the disk, which is most of
 * an item's time (docs/bulk-actions.md, the bench). Few, so a bulk action leaves the pool's other
 * connections to the people working meanwhile.
 */
export const BULK_CONCURRENCY = 4;

/** Runs a slice of items side by side; answers their outcomes in the slice's order. */
async function runSlice(
  db: Kysely<Database>,
  plan: BulkPlan,
  ids: readonly number[],
  author: ChangeAuthor,
  onUnexpected: (error: unknown) => void,
): Promise<{ done: number[]; refused: { id: number; message: string }[] }> {
  const outcomes = await Promise.all(ids.map((id) => runItem(db, plan, id, author, onUnexpected)));
  const done: number[] = [];
  const refused: { id: number; message: string }[] = [];
  outcomes.forEach((outcome, index) => {
    const id = ids[index];
    if (id === undefined) return;
    if (outcome.ok) done.push(id);
    else refused.push({ id, message: outcome.message });
  });
  return { done, refused };
}

/** `ids` in slices of `BULK_CONCURRENCY`. */
function slices(ids: readonly number[]): number[][] {
  const out: number[][] = [];
  for (let at = 0; at < ids.length; at += BULK_CONCURRENCY)
    out.push(ids.slice(at, at + BULK_CONCURRENCY));
  return out;
}

/** The author of each item's change, named with the bulk action it is part of. */
function bulkAuthor(author: ChangeAuthor, action: string): ChangeAuthor {
  const label = Object.entries(BULK_ACTION_LABELS).find(([key]) => key === action)?.[1] ?? action;
  return { ...author, meta: { ...author.meta, via: `إجراء جماعي: ${label}` } };
}

/** The ids of a selection: the given ones (each once), or every item the list's filter matches. */
async function selectedIds(
  selection: { ids?: number[] | undefined; filter?: Record<string, string> | undefined },
  matching: (raw: Record<string, string>, limit: number) => Promise<number[]>,
): Promise<number[]> {
  if (selection.ids) return [...new Set(selection.ids)];
  const ids = await matching(selection.filter ?? {}, BULK_MAX_ITEMS + 1);
  if (ids.length > BULK_MAX_ITEMS)
    throw unprocessable({ filter: [BULK_MESSAGES.tooMany] }, BULK_MESSAGES.tooMany);
  if (ids.length === 0)
    throw unprocessable({ filter: [BULK_MESSAGES.nothingMatches] }, BULK_MESSAGES.nothingMatches);
  return ids;
}

/** The action's own fields: what the job keeps to run it again (its selection is the ids). */
function fieldsOf<T extends { ids?: unknown; filter?: unknown }>(input: T) {
  const { ids: _ids, filter: _filter, ...fields } = input;
  return fields;
}

export type BulkAnswer = { queued: false; result: BulkResult } | { queued: true; job: BulkJob };

/** Runs the plan in the request, or queues it as a job above `BULK_SYNC_LIMIT` items. */
async function start(
  db: Kysely<Database>,
  plan: BulkPlan,
  fields: unknown,
  ids: number[],
  caller: BulkCaller,
  log: (error: unknown) => void,
): Promise<BulkAnswer> {
  const author = bulkAuthor(caller.author, plan.action);
  if (ids.length <= BULK_SYNC_LIMIT) {
    const done: number[] = [];
    const refused: { id: number; message: string }[] = [];
    for (const slice of slices(ids)) {
      const outcomes = await runSlice(db, plan, slice, author, log);
      done.push(...outcomes.done);
      refused.push(...outcomes.refused);
    }
    const labels = await plan.labels(
      db,
      refused.map((item) => item.id),
    );
    return {
      queued: false,
      result: {
        total: ids.length,
        done,
        failed: refused.map((item) => ({ ...item, label: labels.get(item.id) ?? null })),
      },
    };
  }
  const id = await db.transaction().execute(async (trx) => {
    const bulkId = await insertBulkAction(trx, {
      resource: plan.resource,
      action: plan.action,
      input: fields,
      ids,
      author: { id: caller.author.id, name: caller.author.name, ...caller.author.meta },
      createdBy: caller.author.id,
    });
    const jobId = await enqueueJob(trx, BULK_JOB, { bulk_action_id: bulkId });
    await setBulkJob(trx, bulkId, jobId);
    return bulkId;
  });
  wakeJobRunners();
  return { queued: true, job: await showBulkAction(db, id, caller.author.id) };
}

/** `POST /families/bulk`. */
export async function startFamilyBulk(
  db: Kysely<Database>,
  input: FamilyBulk,
  caller: BulkCaller,
  log: (error: unknown) => void,
): Promise<BulkAnswer> {
  if (input.action === 'enrol_in_season' && !hasAllPermissions(caller.employee, ['edit_seasonal']))
    throw forbidden(BULK_MESSAGES.seasonPermission);
  const ids = await selectedIds(input, async (raw, limit) => {
    const query = parseInput(familyListQuerySchema, raw);
    // A filter on a medical category by a reader without medical fields: 403, as on the list.
    if (!visibilityFor(caller.employee).medical && query.filter.category?.some(isMedicalCategory))
      throw forbidden(MEDICAL_RULE_MESSAGES.filterForbidden);
    return familyIdsMatching(db, query, todayIso(), limit);
  });
  return start(db, familyPlan(input), fieldsOf(input), ids, caller, log);
}

/** `POST /services/bulk`. */
export async function startServiceBulk(
  db: Kysely<Database>,
  input: ServiceBulk,
  caller: BulkCaller,
  log: (error: unknown) => void,
): Promise<BulkAnswer> {
  const ids = await selectedIds(input, async (raw, limit) =>
    serviceIdsMatching(db, parseInput(serviceListQuerySchema, raw), todayIso(), limit),
  );
  return start(db, servicePlan(input), fieldsOf(input), ids, caller, log);
}

/** `POST /seasons/{id}/beneficiaries/bulk`: 404 for an unknown season, as its list. */
export async function startSeasonBeneficiaryBulk(
  db: Kysely<Database>,
  seasonId: number,
  input: SeasonBeneficiaryBulk,
  caller: BulkCaller,
  log: (error: unknown) => void,
): Promise<BulkAnswer> {
  if (!(await findSeasonName(db, seasonId))) throw notFound(SEASON_API_MESSAGES.notFound);
  const ids = await selectedIds(input, async (raw, limit) =>
    beneficiaryIdsMatching(db, seasonId, parseInput(seasonBeneficiaryListQuerySchema, raw), limit),
  );
  // The job keeps the season with the action's fields: its items are that season's beneficiaries.
  const fields = { season_id: seasonId, ...fieldsOf(input) };
  return start(db, seasonPlan(seasonId, input), fields, ids, caller, log);
}

/**
 * `POST /privacy/anonymise`: the due families selected, then the typed count compared with them
 * (a 422 on `confirm_count` when it differs; nothing is erased).
 */
export async function startAnonymiseBulk(
  db: Kysely<Database>,
  store: FileStore,
  input: FamilyAnonymiseBulk,
  caller: BulkCaller,
  log: (error: unknown) => void,
): Promise<BulkAnswer> {
  const ids = await selectedIds(input, async (raw, limit) =>
    dueFamilyIdsMatching(db, parseInput(dueFamilyListQuerySchema, raw), limit),
  );
  if (input.confirm_count !== ids.length)
    throw unprocessable(
      { confirm_count: [BULK_MESSAGES.confirmCountMismatch] },
      BULK_MESSAGES.confirmCountMismatch,
    );
  // The job keeps the reason only: the confirmation was for this request.
  return start(db, anonymisePlan(input, store), { reason: input.reason }, ids, caller, log);
}

type BulkRow = NonNullable<Awaited<ReturnType<typeof findBulkAction>>>;

const storedSeason = z.object({ season_id: z.number().int() });
const storedAnonymise = z.object({ reason: z.string() });

function planOf(row: BulkRow, files: FileStore | null): BulkPlan {
  const stored = { ...z.record(z.string(), z.unknown()).parse(row.input), ids: row.ids };
  switch (row.resource) {
    case 'families':
      if (row.action === 'anonymise') {
        // Without the store the erased documents' files would stay: fail rather than half-do it.
        if (!files) throw new Error('an erasure job needs the file store');
        return anonymisePlan(storedAnonymise.parse(stored), files);
      }
      return familyPlan(familyBulkSchema.parse(stored));
    case 'services':
      return servicePlan(serviceBulkSchema.parse(stored));
    case 'season_beneficiaries':
      return seasonPlan(
        storedSeason.parse(stored).season_id,
        seasonBeneficiaryBulkSchema.parse(stored),
      );
  }
}

/** `GET /bulk-actions/{id}`: its progress, and its result once finished; only its author sees it. */
export async function showBulkAction(
  db: Kysely<Database>,
  id: number,
  employeeId: number,
): Promise<BulkJob> {
  const row = await findBulkAction(db, id);
  if (!row || row.created_by !== employeeId) throw notFound(BULK_MESSAGES.notFound);
  const status = row.job_status ?? 'queued';
  const finished = status === 'done' || status === 'failed';
  return {
    job_id: row.id,
    resource: row.resource,
    action: row.action,
    status,
    processed: row.done.length + row.failed.length,
    total: row.ids.length,
    result: finished ? { total: row.ids.length, done: row.done, failed: row.failed } : null,
    error: status === 'failed' ? BULK_MESSAGES.jobFailed : null,
  };
}

const bulkPayload = z.object({ bulk_action_id: z.number().int() });
const storedAuthor = z.object({
  id: z.number().int(),
  name: z.string(),
  ip: z.string(),
  userAgent: z.string().nullable(),
});

/**
 * The job: the items not yet done or refused, in order, a slice at a time, each through its
 * command, and the slice's outcomes kept at once (so a run taken up again after a crash goes on
 * from the next slice; an item of the slice in flight is tried again, and every command checks
 * the current state, so it is never applied twice).
 */
registerJobHandler(BULK_JOB, {
  parse: (payload) => bulkPayload.parse(payload),
  run: async ({ db, files, payload, signal, progress }) => {
    const row = await findBulkAction(db, payload.bulk_action_id);
    if (!row) return;
    const plan = planOf(row, files);
    const { id, name, ip, userAgent } = storedAuthor.parse(row.author);
    const author = bulkAuthor({ id, name, meta: { ip, userAgent } }, row.action);
    const seen = new Set([...row.done, ...row.failed.map((item) => item.id)]);
    let processed = seen.size;
    let reported = processed;
    for (const slice of slices(row.ids.filter((itemId) => !seen.has(itemId)))) {
      if (signal.aborted) return;
      const outcomes = await runSlice(db, plan, slice, author, () => undefined);
      const labels = await plan.labels(
        db,
        outcomes.refused.map((item) => item.id),
      );
      await recordBulkOutcomes(db, row.id, {
        done: outcomes.done,
        failed: outcomes.refused.map((item) => ({
          ...item,
          label: labels.get(item.id) ?? null,
        })),
      });
      processed += slice.length;
      if (processed - reported >= 20 || processed === row.ids.length) {
        reported = processed;
        await progress(processed, row.ids.length);
      }
    }
  },
});
