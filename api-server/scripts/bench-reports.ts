/**
 * `pnpm --filter api-server bench:reports`: the dashboard and every report on a large register
 * ("Scale"; targets: dashboard ≤ 300 ms, each report ≤ 2 s).
 *
 * 1. Opens PostgreSQL (BENCH_DATABASE_URL, else DATABASE_URL, else the local
 *    postgres://postgres@127.0.0.1:5432/test) in a schema of its own, dropped at the end. When no
 *    server answers, says so and runs on an in-memory PGlite with 10,000 families instead.
 * 2. Builds the app there and fills it (bench-reports/seed.ts): BENCH_FAMILIES (default 100,000)
 *    families, five members each on average, and in proportion services, financial records,
 *    seasons, seminars with their audience and surveys with their responses; then VACUUM ANALYZE.
 * 3. Times, through `app.inject` as a super admin holding every permission, GET /dashboard and
 *    the live page of every report kind the reports module registers (found through its endpoint
 *    tables, so a kind added later is measured too) over the last 12 months: BENCH_RUNS
 *    (default 10) requests each after BENCH_WARMUP (default 2), p50 / p95 / max beside the target.
 * BENCH_EXPLAIN=1 also prints the plans of the dashboard's and the family-needs report's queries.
 * BENCH_SCHEMA=<name> uses (and keeps) that schema: the data is generated only when it has no
 * families yet, so later runs start at once. BENCH_KINDS=family-needs,services measures only
 * those kinds (and the dashboard). Figures, not a test: the exit code is 0 unless the run broke.
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { todayIso } from 'shared-contracts';
import { SUPER_ADMIN_ROLE } from '../src/modules/employees';
import { reportsModule } from '../src/modules/reports';
import { explainDashboardAndFamilyNeeds } from './bench-reports/explain';
import { measure, printTable, targetsOf, yearBefore, type Figures } from './bench-reports/measure';
import { insertReportsData } from './bench-reports/seed';
import { benchToken, countFamilies, runBench } from './shared/bench-database';

const RUNS = Number(process.env.BENCH_RUNS ?? 10);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2);

runBench('bench_reports', async (app, bench) => {
  const { usePostgres, schema } = bench;
  let { families } = bench;
  const db = app.db;
  const token = await benchToken(
    db,
    { name: 'مدير القياس', emailTag: 'reports', role: SUPER_ADMIN_ROLE },
    12,
  );

  // ------------------------------------------------------------------ data
  const existing = await countFamilies(db);
  if (existing === 0) {
    const started = performance.now();
    console.log(`Generating ${families} families and their records…`);
    const counts = await insertReportsData(db, { families });
    // VACUUM as well: autovacuum would have set the visibility map of tables this old, which
    // lets counts use index-only scans.
    await sql`vacuum analyze`.execute(db);
    console.log(
      `Generated and vacuum-analysed in ${((performance.now() - started) / 1000).toFixed(1)} s:`,
    );
    console.log(
      `  ${Object.entries(counts)
        .map(([table, n]) => `${table} ${n}`)
        .join(', ')}\n`,
    );
  } else {
    console.log(`Using the ${existing} families (and their records) already in ${schema}\n`);
    families = existing;
  }

  // ------------------------------------------------------------------ requests
  const to = todayIso();
  const period = { from: yearBefore(to), to };
  const only = process.env.BENCH_KINDS?.split(',')
    .map((kind) => kind.trim())
    .filter(Boolean);
  const tables = (reportsModule.endpoints ?? []).filter(
    (table) => !only || only.some((kind) => table.show?.path === `/reports/${kind}`),
  );
  const targets = await targetsOf(db, tables, period);
  if (process.env.BENCH_EXPLAIN === '1') await explainDashboardAndFamilyNeeds(db, period);

  const results: Figures[] = [];
  for (const target of targets) {
    process.stdout.write(`  ${target.label}…`);
    const figures = await measure(app, token, target, RUNS, WARMUP);
    process.stdout.write(
      figures.error ? ` ${figures.error.slice(0, 80)}\n` : ` p50 ${figures.p50.toFixed(0)} ms\n`,
    );
    results.push(figures);
  }
  console.log('');
  printTable(results);
  const misses = results.filter((result) => result.error || result.p95 > result.target);
  console.log(
    `\n${families} families on ${usePostgres ? 'PostgreSQL' : 'PGlite'}, period ${period.from} — ${period.to}, ` +
      `${RUNS} runs per request after ${WARMUP} warm-up through app.inject (auth, validation and JSON included). ` +
      (misses.length === 0
        ? 'Every figure within its target (p95).'
        : `${misses.length} of ${results.length} outside their target or failed.`),
  );
});
