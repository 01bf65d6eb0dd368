/**
 * `pnpm --filter api-server bench:tasks` (or `BENCH_ONLY=tasks pnpm bench`): «مهامي» on a large
 * register (docs/tasks.md). Target: GET /my/tasks/count ≤ 50 ms with 100,000 families.
 *
 * 1. Opens PostgreSQL in a schema of its own (as bench:search: BENCH_DATABASE_URL, else
 *    DATABASE_URL, else the local test server; PGlite with 10,000 families when none answers).
 * 2. Inserts BENCH_FAMILIES (100,000) synthetic families; one in 50 is assigned to the measured
 *    researcher, every family gets one unrecorded visit planned within ±30 days (the researcher's
 *    for their families, another employee's for the rest) and a third of them a recorded one;
 *    every family has two documents expiring within ±90 days (one of a medical kind), a tenth of
 *    them deleted.
 * 3. Times BENCH_RUNS (40) requests of each call through `app.inject` (auth included) after a
 *    warm-up and prints p50 / p95 / max. Figures, not a test.
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { insertSyntheticFamilies } from './busy-morning/synthetic-families';
import { benchToken, countFamilies, runBench } from './shared/bench-database';

const RUNS = Number(process.env.BENCH_RUNS ?? 40);
const WARMUP = 5;
const SHARE = 50;

runBench('bench_tasks', async (app, { usePostgres, families }) => {
  const db = app.db;
  const token = await benchToken(db, { name: 'باحث القياس', emailTag: 'tasks', role: null }, 1);
  // A colleague: the researcher of the other families and their visits.
  await benchToken(db, { name: 'باحث آخر', emailTag: 'tasks-other', role: null }, 1);
  const ids = await sql<{ id: number; email: string }>`
    select id, email from employees where email like 'bench.tasks%' order by id`.execute(db);
  const [me, colleague] = ids.rows.map((row) => row.id);
  if (me === undefined || colleague === undefined) throw new Error('bench employees missing');

  const started = performance.now();
  if ((await countFamilies(db)) === 0) await insertSyntheticFamilies(db, { families });
  await sql`update families set assigned_researcher_id = case when id % ${SHARE} = 0 then ${me}::int else ${colleague}::int end`.execute(
    db,
  );
  await sql`insert into visits (family_id, researcher_id, purpose, planned_date, created_by, updated_by)
    select id, case when id % ${SHARE} = 0 then ${me}::int else ${colleague}::int end, 'follow_up',
      current_date + (id % 61 - 30), ${me}::int, ${me}::int from families`.execute(db);
  await sql`insert into visits (family_id, researcher_id, purpose, planned_date, visited_on, outcome, created_by, updated_by)
    select id, case when id % ${SHARE} = 0 then ${me}::int else ${colleague}::int end, 'follow_up',
      current_date - 40, current_date - 40, 'visited', ${me}::int, ${me}::int
    from families where id % 3 = 0`.execute(db);
  // Documents (no content in the store: only the rows are read).
  await sql`insert into documents (family_id, kind, file_name, mime_type, size, sha256, expires_on, created_by, deleted_at, deleted_by, delete_reason)
    select f.id, d.kind, 'وثيقة.pdf', 'application/pdf', 1000, repeat('a', 64),
      current_date + ((f.id * 7 + d.n) % 181 - 90), ${me}::int,
      case when (f.id + d.n) % 10 = 0 then now() end,
      case when (f.id + d.n) % 10 = 0 then ${me}::int end,
      case when (f.id + d.n) % 10 = 0 then 'قياس' end
    from families f cross join (values (1, 'national_id'), (2, 'medical_report')) as d(n, kind)`.execute(
    db,
  );
  await sql`vacuum analyze`.execute(db);
  console.log(
    `${families} families, their visits and assignments ready in ${((performance.now() - started) / 1000).toFixed(1)} s\n`,
  );

  const calls: [string, string, Record<string, string>][] = [
    ['GET /my/tasks/count', '/api/my/tasks/count', {}],
    ['GET /my/tasks', '/api/my/tasks', {}],
    ['GET /my/tasks?filter[kind]=visit', '/api/my/tasks', { 'filter[kind]': 'visit' }],
    [
      'GET /my/tasks?filter[kind]=document_expiry',
      '/api/my/tasks',
      { 'filter[kind]': 'document_expiry' },
    ],
  ];
  console.log(
    `${'call'.padEnd(44)}  ${'p50 ms'.padStart(7)}  ${'p95 ms'.padStart(7)}  ${'max ms'.padStart(7)}`,
  );
  for (const [label, url, query] of calls) {
    const call = () =>
      app.inject({ method: 'GET', url, query, headers: { authorization: `Bearer ${token}` } });
    for (let i = 0; i < WARMUP; i += 1) {
      const response = await call();
      if (response.statusCode !== 200)
        throw new Error(`${label}: ${response.statusCode} ${response.payload}`);
    }
    const timings: number[] = [];
    for (let i = 0; i < RUNS; i += 1) {
      const start = performance.now();
      await call();
      timings.push(performance.now() - start);
    }
    timings.sort((a, b) => a - b);
    const at = (q: number) =>
      timings[Math.min(timings.length - 1, Math.ceil(q * timings.length) - 1)] as number;
    console.log(
      `${label.padEnd(44)}  ${at(0.5).toFixed(1).padStart(7)}  ${at(0.95).toFixed(1).padStart(7)}  ${(timings[timings.length - 1] as number).toFixed(1).padStart(7)}`,
    );
  }
  const count = await app.inject({
    method: 'GET',
    url: '/api/my/tasks/count',
    headers: { authorization: `Bearer ${token}` },
  });
  console.log(
    `\n${families} families on ${usePostgres ? 'PostgreSQL' : 'PGlite'}; the researcher has ${count.json<{ data: { total: number } }>().data.total} open tasks. ${RUNS} runs per call through app.inject (auth included); target for the count: ≤ 50 ms.`,
  );
});
