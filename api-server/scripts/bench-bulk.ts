/**
 * `pnpm --filter api-server bench:bulk` (or `BENCH_ONLY=bulk pnpm bench`): a bulk action over
 * 1,000 families (docs/bulk-actions.md). Target: ≤ 10 s of wall time for each action.
 *
 * 1. Opens PostgreSQL in a schema of its own (as bench:tasks: BENCH_DATABASE_URL, else
 *    DATABASE_URL, else the local test server; PGlite when none answers).
 * 2. Inserts BENCH_FAMILIES (10,000) synthetic families and makes the first BENCH_BULK_ITEMS
 *    (1,000) of them approved, with no researcher.
 * 3. Through `app.inject` (auth included), as the screen does: `POST /families/bulk` with their
 *    ids — assign a researcher, then suspend them with a reason — each a job (above 200 items)
 *    followed with `GET /bulk-actions/{id}` every 200 ms until it is done. Prints the wall time
 *    from the request to the result, per action and per item, and checks that every item was
 *    done with its own activity-log row. Figures, not a test.
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import {
  bulkJobResponseSchema,
  bulkStartResponseSchema,
  isBulkJob,
  type BulkResult,
} from 'shared-contracts/resources/bulk-actions-contracts';
import { insertSyntheticFamilies } from './busy-morning/synthetic-families';
import { benchToken, countFamilies, runBench } from './shared/bench-database';

const FAMILIES = Number(process.env.BENCH_FAMILIES ?? 10_000);
const ITEMS = Number(process.env.BENCH_BULK_ITEMS ?? 1000);
const POLL_MS = 200;
const TARGET_SECONDS = 10;

/** Sends the bulk request and follows its job to the end: the result and the wall time. */
async function timedBulk(
  app: FastifyInstance,
  token: string,
  body: Record<string, unknown>,
): Promise<{ seconds: number; result: BulkResult }> {
  const headers = { authorization: `Bearer ${token}` };
  const started = performance.now();
  const response = await app.inject({ method: 'POST', url: '/api/families/bulk', headers, body });
  if (response.statusCode !== 200 && response.statusCode !== 202)
    throw new Error(`POST /families/bulk: ${response.statusCode} ${response.payload}`);
  let data = bulkStartResponseSchema.parse(response.json()).data;
  while (isBulkJob(data) && !data.result) {
    if (data.status === 'failed') throw new Error(`the bulk job failed: ${data.error ?? ''}`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    const polled = await app.inject({
      method: 'GET',
      url: `/api/bulk-actions/${data.job_id}`,
      headers,
    });
    data = bulkJobResponseSchema.parse(polled.json()).data;
  }
  const result = isBulkJob(data) ? data.result : data;
  if (!result) throw new Error('no result');
  return { seconds: (performance.now() - started) / 1000, result };
}

runBench('bench_bulk', async (app, { usePostgres }) => {
  const db = app.db;
  const token = await benchToken(db, { name: 'مشرف القياس', emailTag: 'bulk', role: null }, 1);
  // The researcher assigned: an active employee who works on families.
  await benchToken(db, { name: 'باحثة القياس', emailTag: 'bulk-researcher', role: null }, 1);
  const researcher = await sql<{ id: number }>`
    select id from employees where email like 'bench.bulk-researcher%'`.execute(db);
  const researcherId = researcher.rows[0]?.id;
  if (researcherId === undefined) throw new Error('bench researcher missing');

  const prepared = performance.now();
  if ((await countFamilies(db)) === 0)
    await insertSyntheticFamilies(db, { families: FAMILIES, progress: false });
  const chosen = await sql<{ id: number }>`
    select id from families order by id limit ${ITEMS}`.execute(db);
  const ids = chosen.rows.map((row) => row.id);
  await sql`update families set status = 'approved', status_reason = null, assigned_researcher_id = null
    where id = any(${ids}::int[])`.execute(db);
  await sql`analyze`.execute(db);
  console.log(
    `${FAMILIES} families ready in ${((performance.now() - prepared) / 1000).toFixed(1)} s; acting on ${ids.length} of them.\n`,
  );

  const actions: [string, Record<string, unknown>][] = [
    ['assign a researcher', { action: 'assign_researcher', researcher_id: researcherId, ids }],
    [
      'change status (suspend)',
      { action: 'change_status', status: 'suspended', reason: 'مراجعة دورية', ids },
    ],
  ];
  console.log(
    `${'action'.padEnd(26)}  ${'items'.padStart(5)}  ${'done'.padStart(5)}  ${'failed'.padStart(6)}  ${'wall s'.padStart(7)}  ${'ms/item'.padStart(7)}`,
  );
  let slowest = 0;
  for (const [label, body] of actions) {
    const logBefore = await countLogRows(app);
    const { seconds, result } = await timedBulk(app, token, body);
    const logged = (await countLogRows(app)) - logBefore;
    if (result.done.length !== ids.length)
      throw new Error(
        `${label}: ${result.failed.length} refused, first: ${result.failed[0]?.message}`,
      );
    if (logged < ids.length)
      throw new Error(`${label}: ${logged} log rows for ${ids.length} items`);
    slowest = Math.max(slowest, seconds);
    console.log(
      `${label.padEnd(26)}  ${String(result.total).padStart(5)}  ${String(result.done.length).padStart(5)}  ${String(result.failed.length).padStart(6)}  ${seconds.toFixed(2).padStart(7)}  ${((seconds * 1000) / ids.length).toFixed(1).padStart(7)}`,
    );
  }
  console.log(
    `\n${ids.length} families of ${FAMILIES} on ${usePostgres ? 'PostgreSQL' : 'PGlite'}, each action a job (one transaction and one log row an item), timed from the request to its result (polled every ${POLL_MS} ms). Target: ≤ ${TARGET_SECONDS} s each — slowest ${slowest.toFixed(2)} s (${slowest <= TARGET_SECONDS ? 'within' : 'over'} the target).`,
  );
});

async function countLogRows(app: FastifyInstance): Promise<number> {
  const rows = await sql<{ n: number }>`select count(*)::int as n from activity_log`.execute(
    app.db,
  );
  return rows.rows[0]?.n ?? 0;
}
