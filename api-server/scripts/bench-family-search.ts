/**
 * `pnpm --filter api-server bench:search`: the family list search (GET /api/families) on a
 * large register.
 *
 * 1. Opens PostgreSQL (BENCH_DATABASE_URL, else DATABASE_URL, else the local
 *    postgres://postgres@127.0.0.1:5432/test) in a schema of its own, dropped at the end. When no
 *    server answers, says so and runs on an in-memory PGlite with 10,000 families instead.
 * 2. Builds the app there (migrations: trigram and btree indexes) and inserts BENCH_FAMILIES
 *    (default 100,000) synthetic families with a head each (and a spouse for about half), with
 *    multi-row inserts in batches, then ANALYZE.
 * 3. For a mix of searches (partial names in different alef / ya / ta marbuta spellings, file
 *    numbers, national IDs, phones in several forms, with and without filters) runs
 *    BENCH_RUNS (default 40) requests each through `app.inject` after a warm-up and prints
 *    p50 / p95 / max and the number of matches. Target: p95 < 50 ms on PostgreSQL.
 * BENCH_EXPLAIN=1 also prints the query plans. BENCH_SCHEMA=<name> uses (and keeps) that
 * schema: the data is generated only when it has no families yet, so later runs start at once.
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { insertSyntheticFamilies, type Sample } from './busy-morning/synthetic-families';
import { benchToken, countFamilies, runBench } from './shared/bench-database';

const RUNS = Number(process.env.BENCH_RUNS ?? 40);
const WARMUP = 5;

runBench('bench_search', async (app, { usePostgres, families, schema }) => {
  const db = app.db;
  const token = await benchToken(db, { name: 'مستخدم القياس', emailTag: 'search', role: null }, 1);

  // ------------------------------------------------------------------ data
  const started = performance.now();
  const samples: Sample[] = [];
  const existing = await countFamilies(db);
  const generate = existing === 0;
  if (generate) samples.push(...(await insertSyntheticFamilies(db, { families })));
  if (generate) {
    // VACUUM as well: autovacuum would have set the visibility map of a table this old, which
    // lets counts skip heap pages.
    await sql`vacuum analyze`.execute(db);
    console.log(
      `Inserted ${families} families (+ members, categories) and vacuum-analysed in ${((performance.now() - started) / 1000).toFixed(1)} s\n`,
    );
  } else {
    // A kept schema: take samples from what is there.
    const rows = await db
      .selectFrom('families')
      .select(['file_number', 'head_national_id', 'primary_phone'])
      .where('id', 'in', [1, Math.floor(existing / 2), existing - 3])
      .execute();
    for (const row of rows)
      samples.push({
        fileNumber: row.file_number,
        nationalId: row.head_national_id ?? '',
        phone: row.primary_phone ?? '',
      });
    console.log(`Using the ${existing} families already in ${schema}\n`);
  }

  // ------------------------------------------------------------------ queries
  const sample = samples[Math.floor(samples.length / 2)] as Sample;
  const local = `0${sample.phone.slice(4)}`;
  const queries: [string, Record<string, string>][] = [
    ['list, no search (default sort)', {}],
    ['one common name: احمد', { search: 'احمد' }],
    ['name + surname: محمد الشهرى', { search: 'محمد الشهرى' }],
    ['alef maqsura: مصطفي', { search: 'مصطفي' }],
    ['ta marbuta: فاطمه العتيبي', { search: 'فاطمه العتيبي' }],
    ['partial surname: الزهر', { search: 'الزهر' }],
    ['three words: عبدالله سعد القحطانى', { search: 'عبدالله سعد القحطانى' }],
    ['file number', { search: sample.fileNumber }],
    ['file number, lower case', { search: sample.fileNumber.toLowerCase() }],
    ['national ID (full)', { search: sample.nationalId }],
    ['national ID (first 6 digits)', { search: sample.nationalId.slice(0, 6) }],
    ['phone 05…', { search: local }],
    [
      'phone +966 5x xxx xxxx',
      { search: `+966 ${local.slice(1, 3)} ${local.slice(3, 6)} ${local.slice(6)}` },
    ],
    [
      'phone in Arabic-Indic digits',
      { search: local.replace(/\d/g, (d) => String.fromCharCode(0x0660 + Number(d))) },
    ],
    [
      'name + status + city',
      { search: 'محمد', 'filter[status]': 'approved', 'filter[city]': 'riyadh' },
    ],
    ['name + category', { search: 'العتيبي', 'filter[category]': 'orphans,widows' }],
    [
      'filters only: status + city',
      { 'filter[status]': 'pending_review', 'filter[city]': 'jeddah' },
    ],
    ['overdue reassessment', { 'filter[reassessment_overdue]': 'true' }],
    ['name, sorted by head name', { search: 'ناصر', sort: 'head_name' }],
    ['name, page 5', { search: 'سعد', page: '5' }],
  ];

  if (process.env.BENCH_EXPLAIN === '1') {
    const { searchAlternatives } = await import('../src/db/search');
    for (const term of ['احمد', 'محمد الشهرى', sample.nationalId]) {
      const alternatives = searchAlternatives(term);
      const condition = alternatives
        .map(
          (tokens) =>
            `(${tokens.map((token) => `f.search_text like '%${token.replace(/'/g, "''")}%'`).join(' and ')})`,
        )
        .join(' or ');
      const plan = await sql<{
        'QUERY PLAN': string;
      }>`explain analyze select count(*) from families f where ${sql.raw(condition)}`.execute(db);
      console.log(
        `EXPLAIN ${term}\n${plan.rows.map((row) => `  ${row['QUERY PLAN']}`).join('\n')}\n`,
      );
    }
  }

  const results: { label: string; p50: number; p95: number; max: number; total: number }[] = [];
  for (const [label, query] of queries) {
    const call = () =>
      app.inject({
        method: 'GET',
        url: '/api/families',
        query,
        headers: { authorization: `Bearer ${token}` },
      });
    let total = 0;
    for (let i = 0; i < WARMUP; i += 1) {
      const response = await call();
      if (response.statusCode !== 200)
        throw new Error(`${label}: ${response.statusCode} ${response.payload}`);
      total = response.json<{ meta: { total: number } }>().meta.total;
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
    results.push({
      label,
      p50: at(0.5),
      p95: at(0.95),
      max: timings[timings.length - 1] as number,
      total,
    });
  }

  const width = Math.max(...results.map((result) => result.label.length));
  console.log(
    `${'query'.padEnd(width)}  ${'matches'.padStart(8)}  ${'p50 ms'.padStart(7)}  ${'p95 ms'.padStart(7)}  ${'max ms'.padStart(7)}`,
  );
  for (const result of results) {
    console.log(
      `${result.label.padEnd(width)}  ${String(result.total).padStart(8)}  ${result.p50.toFixed(1).padStart(7)}  ${result.p95.toFixed(1).padStart(7)}  ${result.max.toFixed(1).padStart(7)}`,
    );
  }
  const worst = Math.max(...results.map((result) => result.p95));
  console.log(
    `\n${families} families on ${usePostgres ? 'PostgreSQL' : 'PGlite'}, ${RUNS} runs per query through app.inject (auth included). Worst p95: ${worst.toFixed(1)} ms (target < 50 ms on PostgreSQL).`,
  );
});
