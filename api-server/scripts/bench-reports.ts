/**
 * `pnpm --filter api-server bench:reports`: the dashboard and every report on a large register
 * (issue 16, "Scale"; targets: dashboard ≤ 300 ms, each report ≤ 2 s).
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
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import pg from 'pg';
import { PERMISSION_KEYS, todayIso } from 'shared-contracts';
import { buildApp } from '../src/app';
import type { DatabaseConfig } from '../src/config';
import { SUPER_ADMIN_ROLE, insertEmployee } from '../src/modules/employees';
import { reportsModule } from '../src/modules/reports';
import { generateToken, hashPassword, insertToken } from '../src/modules/sessions';
import { isPostgresReachable } from '../test/support/postgres-probe';
import { explainDashboardAndFamilyNeeds } from './bench-reports/explain';
import { measure, printTable, targetsOf, yearBefore, type Figures } from './bench-reports/measure';
import { insertReportsData } from './bench-reports/seed';

const DEFAULT_URL = 'postgres://postgres@127.0.0.1:5432/test';
const RUNS = Number(process.env.BENCH_RUNS ?? 10);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2);

async function main(): Promise<void> {
  const url = process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL || DEFAULT_URL;
  const usePostgres = await isPostgresReachable(url);
  let families = Number(process.env.BENCH_FAMILIES ?? (usePostgres ? 100_000 : 10_000));
  const keptSchema = process.env.BENCH_SCHEMA;
  const schema = keptSchema ?? `bench_reports_${process.pid}_${randomBytes(3).toString('hex')}`;
  const shown = url.replace(/\/\/[^@]*@/, '//***@');
  let database: DatabaseConfig;
  if (usePostgres) {
    database = { kind: 'postgres', connectionString: url, schema, maxConnections: 4 };
    console.log(
      `PostgreSQL at ${shown}, schema ${schema} (${keptSchema ? 'kept' : 'dropped at the end'})`,
    );
  } else {
    database = { kind: 'pglite' };
    console.log(
      `PostgreSQL is not reachable at ${shown}: running on an in-memory PGlite with ${families} families instead.`,
    );
  }

  // Dropped at the end, or at once when the app cannot be built there (a failing migration).
  const dropSchema = async () => {
    if (!usePostgres || keptSchema) return;
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(`drop schema if exists "${schema}" cascade`);
    } finally {
      await client.end();
    }
  };
  const app = await buildApp({
    prefix: '/api',
    database,
    admin: { email: 'bench@ataa.local', password: 'Bench@12345' },
    seedDemo: false,
    tokenTtlHours: 12,
  }).catch(async (error: unknown) => {
    await dropSchema();
    throw error;
  });
  try {
    const db = app.db;
    const employee = await insertEmployee(db, {
      name: 'مدير القياس',
      email: `bench.reports.${randomBytes(3).toString('hex')}@ataa.local`,
      passwordHash: await hashPassword('Bench@12345'),
      active: true,
      role: SUPER_ADMIN_ROLE,
      permissions: [...PERMISSION_KEYS],
    });
    const token = generateToken();
    await insertToken(db, employee.id, token, new Date(Date.now() + 12 * 3_600_000), {
      ip: '127.0.0.1',
      userAgent: 'bench',
    });

    // ------------------------------------------------------------------ data
    const existing =
      (await sql<{ n: number }>`select count(*)::int as n from families`.execute(db)).rows[0]?.n ??
      0;
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
  } finally {
    await app.close();
    await dropSchema();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
