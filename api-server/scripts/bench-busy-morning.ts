/**
 * `pnpm --filter api-server bench:busy`: a busy morning in the back office.
 *
 * BENCH_USERS (50) simulated staff for BENCH_SECONDS (60) s against the API in a child process
 * (`node --import tsx src/main.ts`, API_LOG=false), over real HTTP with keep-alive from this one
 * Node process. Each user logs in once through `POST /auth/create/sanctum/token` (its own
 * employee, created with the beneficiary keys straight in the database beforehand; the login
 * throttle is per email + address, so 50 logins from 127.0.0.1 pass), then loops over a weighted
 * mix, mostly reads — the families list (paged, sometimes filtered or sorted), family search (names
 * in varied spellings, file numbers, national IDs, phones), opening a family, the members list and
 * search, the seasons list and a season's families, GET /user — and some writes: registering a
 * family, editing one (open, then PUT), editing a member (through the family's PUT) and enrolling a
 * family in a season, pausing after each operation for a think time drawn evenly from
 * BENCH_THINK_MS (1000-4000 ms: a person reads the page, types and clicks; about 20 operations/s
 * from 50 people, a morning far busier than a charity's office sees). The targets are read off
 * that window. Then BENCH_SATURATION_SECONDS (half of BENCH_SECONDS; 0 to leave it out) of the
 * same mix in a closed loop (think time 0: each next request leaves as soon as the answer is in)
 * measure the most the API serves, and the 2-process / 1-process throughput. BENCH_THINK_MS=0
 * makes the measured window itself a closed loop. The weights are in busy-morning/scenario.ts (an
 * edit's opening GET counts as "open family"). BENCH_WARMUP_SECONDS (5) of the same mix at the
 * staff pace run first, untimed (its writes are checked too), and lead into the window without a
 * break; each user's first operation waits a think time, so they do not all start at once.
 *
 * Configurations (BENCH_CONFIGS, comma-separated, default all):
 *   pglite — PGlite with BENCH_FAMILIES_PGLITE (20,000) families in a temporary DATA_DIR (fsync on,
 *            as the API runs by default), removed afterwards;
 *   pg1    — PostgreSQL (BENCH_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test) with
 *            BENCH_FAMILIES_PG (100,000) families in a schema of its own (DATABASE_SCHEMA),
 *            API_WORKERS=1;
 *   pg2    — the same schema with API_WORKERS=2 (node:cluster).
 * The schema is generated once for pg1 and pg2 and dropped at the end.
 *
 * Prints per configuration: requests/s (all, and the read mix), per operation count, p50/p95/p99,
 * errors (non-2xx, network, or no answer within the 5 s the product's client waits,
 * API_TIMEOUT_MS) beside the targets (p99 ≤ 300 ms, 0 errors), the API's and the load
 * generator's CPU; then checks in the database, with the API stopped, that every acknowledged
 * write is there exactly once ("lost: 0, duplicated: 0"); last, the 2-process / 1-process read
 * throughput in the closed loop (target ≥ 1.3×; this machine has 2 cores shared by the API processes, PostgreSQL and
 * this load generator). Figures, not a pass/fail test: the exit code is 1 only when a
 * configuration could not run. `pnpm bench` runs it after its own figures (e2e/scripts/bench.mjs:
 * 15 s per configuration by default, BENCH_BUSY=full for 60 s, BENCH_BUSY=0 to leave it out).
 * API_SLOW_QUERY_MS=50 BENCH_API_STDERR=/tmp/slow.log shows which statements a slow operation waits for.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql, type Kysely } from 'kysely';
import type { PermissionKey } from 'shared-contracts';
import { buildApp } from '../src/app';
import type { DatabaseConfig } from '../src/config';
import { openDatabase } from '../src/db/database';
import type { Database } from '../src/db/tables';
import { insertEmployee } from '../src/modules/employees';
import { raiseFileCounters } from '../src/modules/families/repository';
import { hashPassword } from '../src/modules/sessions';
import { dropPostgresSchema, isPostgresReachable } from '../test/support/postgres-probe';
import { startApi, type ApiProcess } from './busy-morning/api-process';
import { HttpClient } from './busy-morning/http-client';
import { connectionsPerWorker, processTreeCpu } from './busy-morning/procfs';
import {
  emptyLedger,
  OPS,
  StaffMember,
  type SampleFamily,
  type World,
} from './busy-morning/scenario';
import { fixed, percentile, Recorder, summarise, table, type Summary } from './busy-morning/stats';
import { insertSyntheticFamilies, SYNTHETIC_FILE_YEAR } from './busy-morning/synthetic-families';
import { verifyWrites, type Verdict } from './busy-morning/verify';

function positive(name: string, fallback: number): number {
  const raw = process.env[name];
  const value = raw === undefined || raw === '' ? fallback : Number(raw);
  if (!Number.isFinite(value) || value < 0)
    throw new Error(`${name}: expected a number ≥ 0, got ${raw}`);
  return value;
}

const USERS = Math.max(1, Math.floor(positive('BENCH_USERS', 50)));
const SECONDS = positive('BENCH_SECONDS', 60);
/** The closed-loop window after the staff-pace one: the API's capacity (and 2 processes / 1). */
const SATURATION_SECONDS = positive('BENCH_SATURATION_SECONDS', Math.round(SECONDS / 2));

/** BENCH_THINK_MS: `min-max` (ms, drawn evenly) or one number; 0 makes the measured window a closed loop. */
function thinkTime(): [number, number] {
  const raw = (process.env.BENCH_THINK_MS ?? '').trim() || '1000-4000';
  const match = /^(\d+)(?:-(\d+))?$/.exec(raw);
  if (!match)
    throw new Error(`BENCH_THINK_MS: expected min-max in ms (1000-4000) or one number, got ${raw}`);
  const min = Number(match[1]);
  const max = match[2] === undefined ? min : Number(match[2]);
  if (max < min) throw new Error(`BENCH_THINK_MS: ${max} is below ${min}`);
  return [min, max];
}
const THINK_MS = thinkTime();
const paceLabel = (think: readonly [number, number]) =>
  think[1] <= 0
    ? 'closed loop (think time 0)'
    : `staff pace (think time ${think[0] / 1000}–${think[1] / 1000} s between operations)`;
const WARMUP_SECONDS = positive('BENCH_WARMUP_SECONDS', 5);
const FAMILIES_PGLITE = Math.floor(positive('BENCH_FAMILIES_PGLITE', 20_000));
const FAMILIES_PG = Math.floor(positive('BENCH_FAMILIES_PG', 100_000));
const PG_URL = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const PASSWORD = 'Bench@12345';
const ADMIN = { email: 'bench.admin@ataa.local', password: PASSWORD };
/** What a researcher-supervisor holds: the register and the seasonal programmes. */
const STAFF_KEYS: PermissionKey[] = [
  'show_families',
  'create_families',
  'edit_families',
  'show_seasonal',
  'create_seasonal',
  'edit_seasonal',
];
const TARGET_P99_MS = 300;
/** The API's event-loop delay at staff pace: requests are read and answered without waiting on a long task. */
const TARGET_LOOP_P99_MS = 50;
const TARGET_SCALE = 1.3;
const SEASONS_PER_RUN = 3;

type ConfigName = 'pglite' | 'pg1' | 'pg2';
const CONFIG_LABELS: Record<ConfigName, string> = {
  pglite: '(a) PGlite, 1 API process',
  pg1: '(b) PostgreSQL, API_WORKERS=1',
  pg2: '(c) PostgreSQL, API_WORKERS=2',
};

function selectedConfigs(): ConfigName[] {
  const raw = (process.env.BENCH_CONFIGS ?? '').trim();
  if (raw === '' || raw === 'all') return ['pglite', 'pg1', 'pg2'];
  const aliases: Record<string, ConfigName> = {
    a: 'pglite',
    pglite: 'pglite',
    b: 'pg1',
    pg1: 'pg1',
    c: 'pg2',
    pg2: 'pg2',
  };
  return raw.split(',').map((entry) => {
    const name = aliases[entry.trim().toLowerCase()];
    if (!name)
      throw new Error(
        `BENCH_CONFIGS: unknown configuration ${entry} (pglite, pg1, pg2 or a, b, c)`,
      );
    return name;
  });
}

interface DataSet {
  families: number;
  samples: SampleFamily[];
  /** Approved families (enrolment candidates), by id. */
  approved: number[];
}

/** Fills an empty database: synthetic families, the staff accounts; then samples to work with. */
async function prepare(db: Kysely<Database>, families: number): Promise<DataSet> {
  const started = performance.now();
  await insertSyntheticFamilies(db, { families });
  // The API numbers new files after the synthetic ones (it would anyway: they are of an older year).
  await db
    .transaction()
    .execute((trx) => raiseFileCounters(trx, new Map([[SYNTHETIC_FILE_YEAR, families]])));
  const passwordHash = await hashPassword(PASSWORD);
  for (let i = 0; i < USERS; i += 1) {
    await insertEmployee(db, {
      name: `موظف القياس ${i + 1}`,
      email: staffEmail(i),
      passwordHash,
      active: true,
      role: null,
      permissions: STAFF_KEYS,
    });
  }
  await sql`vacuum analyze`.execute(db);
  const samples = await sql<{
    id: number;
    file_number: string;
    head_national_id: string | null;
    primary_phone: string | null;
    head_name: string;
  }>`
    select id, file_number, head_national_id, primary_phone, head_name from families where status <> 'archived' order by random() limit 500`.execute(
    db,
  );
  const approved = await sql<{
    id: number;
  }>`select id from families where status = 'approved' order by id`.execute(db);
  console.log(
    `  ${families.toLocaleString('en')} families and ${USERS} staff accounts ready in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  return {
    families,
    samples: samples.rows.map((row) => ({
      id: row.id,
      fileNumber: row.file_number,
      nationalId: row.head_national_id ?? '',
      phone: row.primary_phone ?? '',
      headName: row.head_name,
    })),
    approved: approved.rows.map((row) => row.id),
  };
}

function staffEmail(index: number): string {
  return `busy.${index + 1}@ataa.local`;
}

function appConfig(database: DatabaseConfig) {
  return {
    prefix: '/api',
    database,
    admin: ADMIN,
    seedDemo: false,
    tokenTtlHours: 12,
    logger: false,
  };
}

function shuffle<T>(values: T[], seed: number): T[] {
  let state = seed >>> 0;
  const random = () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state / 4_294_967_296;
  };
  for (let i = values.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [values[i], values[j]] = [values[j] as T, values[i] as T];
  }
  return values;
}

interface RunResult {
  config: ConfigName;
  families: number;
  /** The measured window at BENCH_THINK_MS (the targets). */
  summary?: Summary;
  /** The closed-loop window after it (capacity; 2 processes / 1), when BENCH_SATURATION_SECONDS > 0 and the pace had a think time. */
  saturation?: Summary;
  verdict?: Verdict;
  failed?: string;
}

/**
 * Ctrl-C (or SIGTERM): the users stop at their next request and the run unwinds through its own
 * `finally` blocks (API stopped, data directory and schema removed). Should that hang — say in the
 * middle of generating data — the same clean-up runs anyway after 20 s and the process ends.
 */
let interrupted = false;
const runningApis = new Set<ApiProcess>();
const leftovers = new Map<string, () => Promise<void>>();
/** The run in progress: its users stop at their next request. */
let currentWorld: World | undefined;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    interrupted = true;
    console.log(`\n${signal}: stopping (the API and the bench data are removed on the way out)…`);
    if (currentWorld) currentWorld.stopAt = 0;
    setTimeout(() => {
      void Promise.allSettled([...runningApis].map((api) => api.stop(5000)))
        .then(() => Promise.allSettled([...leftovers.values()].map((remove) => remove())))
        .then(() => process.exit(130));
    }, 20_000).unref();
  });
}

class Interrupted extends Error {
  constructor() {
    super('interrupted');
  }
}

const cpuOf = (pid: number | undefined) => (pid === undefined ? [] : processTreeCpu(pid));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * With several API workers: opens the users' keep-alive connections and checks (in /proc) that
 * every worker holds its share. node:cluster deals connections out among the workers already
 * listening, and a connection stays with its worker: opened while one worker is still starting,
 * they would all land on the other and the run would measure one process. Retries until the
 * share is fair (each worker at least half of an even split), for up to a minute.
 */
async function spreadConnections(
  client: HttpClient,
  api: ApiProcess,
  workers: number,
): Promise<void> {
  const pid = api.child.pid;
  const fair = Math.floor(USERS / workers / 2);
  for (let attempt = 0; attempt < 60; attempt += 1) {
    await Promise.all(Array.from({ length: USERS }, () => client.request('GET', '/health')));
    const shares = pid === undefined ? [] : connectionsPerWorker(pid, api.port);
    if (shares.length === 0) {
      // No /proc to ask: give the workers time to start instead.
      console.log(
        '  (cannot see which worker holds which connection here: waited 5 s for the workers to start)',
      );
      client.recycle();
      await sleep(5000);
      return;
    }
    if (shares.length >= workers && shares.every((share) => share.connections >= fair)) {
      console.log(
        `  keep-alive connections per API worker: ${shares.map((share) => `pid ${share.pid}: ${share.connections}`).join(', ')}`,
      );
      return;
    }
    client.recycle();
    await sleep(1000);
  }
  throw new Error(`the ${workers} API workers did not all take connections within a minute`);
}

/** Logs everyone in, creates this run's seasons, warms up, runs the measured window, stops the API. */
async function runMorning(
  config: ConfigName,
  api: ApiProcess,
  data: DataSet,
  runTag: number,
  workers: number,
): Promise<{ summary: Summary; saturation?: Summary; world: World; markerPrefix: string }> {
  const client = new HttpClient(api.url, USERS + 4);
  const recorder = new Recorder(OPS);
  const world: World = {
    client,
    recorder,
    recordFrom: Number.POSITIVE_INFINITY,
    stopAt: 0,
    thinkMs: THINK_MS,
    samples: data.samples,
    seasons: [],
    ledger: emptyLedger(),
    runTag,
    serialBase: 30_000_000 + runTag * 3_000_000,
    users: USERS,
  };
  currentWorld = world;
  try {
    const staff = Array.from({ length: USERS }, (_, index) => {
      const share = shuffle(
        data.approved.filter((_, i) => i % USERS === index),
        runTag * 1000 + index,
      );
      return new StaffMember(world, index, staffEmail(index), share);
    });

    if (workers > 1) await spreadConnections(client, api, workers);

    // Everyone arrives at once and signs in (timed apart from the mix: argon2 on purpose).
    const loginStarted = performance.now();
    const logins = (await Promise.all(staff.map((member) => member.login(PASSWORD)))).sort(
      (a, b) => a - b,
    );
    console.log(
      `  ${USERS} logins (once per user, all at once, before the clock starts): ${((performance.now() - loginStarted) / 1000).toFixed(1)} s, p50 ${fixed(percentile(logins, 50), 0)} ms, p99 ${fixed(percentile(logins, 99), 0)} ms`,
    );

    // This run's seasonal programmes (draft: open for enrolment), so runs on one database never
    // enrol a family twice in the same season.
    const kinds = ['ramadan_basket', 'winter_kit', 'back_to_school'];
    const organiser = staff[0];
    if (!organiser) throw new Error('no users');
    for (let k = 0; k < SEASONS_PER_RUN; k += 1) {
      const response = await client.request('POST', '/seasons', {
        token: organiser.bearer,
        body: {
          name: `برنامج القياس ${runTag}-${k + 1}`,
          kind: kinds[k % kinds.length],
          hijri_year: 1448,
          start_date: '2026-11-01',
          end_date: '2027-02-28',
          eligibility: { categories: [], statuses: ['approved'] },
        },
      });
      if (response.status !== 201)
        throw new Error(`create season: ${response.status} ${response.text.slice(0, 300)}`);
      world.seasons.push((JSON.parse(response.text) as { data: { id: number } }).data.id);
    }

    if (interrupted) throw new Interrupted();
    const summary = await measuredWindow(config, api, data, world, staff, SECONDS, WARMUP_SECONDS);
    let saturation: Summary | undefined;
    if (SATURATION_SECONDS > 0 && THINK_MS[1] > 0 && !interrupted) {
      world.recorder = new Recorder(OPS);
      world.thinkMs = [0, 0];
      saturation = await measuredWindow(config, api, data, world, staff, SATURATION_SECONDS, 0);
    }
    if (interrupted) throw new Interrupted();
    return {
      summary,
      ...(saturation ? { saturation } : {}),
      world,
      markerPrefix: `عنوان قياس ${runTag}-`,
    };
  } finally {
    currentWorld = undefined;
    client.close();
  }
}

/**
 * One timed window of the mix at the world's think time, after `warmupSeconds` of the same mix
 * untimed: its table, errors and CPU printed. Warm-up and window are one run without a break, the
 * users' first operations staggered by a think time: were the window started afresh, all the
 * users would send their first request in the same millisecond, a burst no office produces (it
 * made the slowest 5 % of the figures, the window's first second).
 */
async function measuredWindow(
  config: ConfigName,
  api: ApiProcess,
  data: DataSet,
  world: World,
  staff: readonly StaffMember[],
  windowSeconds: number,
  warmupSeconds: number,
): Promise<Summary> {
  console.log(`\n  ${paceLabel(world.thinkMs)}, ${windowSeconds} s:`);
  let apiCpuBefore = cpuOf(api.child.pid);
  let ownCpuBefore = process.cpuUsage();
  let loadBefore = os.loadavg()[0] ?? 0;
  const begun = performance.now();
  world.recordFrom = begun + warmupSeconds * 1000;
  world.stopAt = world.recordFrom + windowSeconds * 1000;
  // The CPU figures are of the window alone.
  // Reading the API's event-loop histogram resets it: the window is measured from here.
  let loopReset: Promise<unknown> = readEventLoop(api);
  const windowStarts = setTimeout(() => {
    apiCpuBefore = cpuOf(api.child.pid);
    ownCpuBefore = process.cpuUsage();
    loadBefore = os.loadavg()[0] ?? 0;
    loopReset = readEventLoop(api);
  }, warmupSeconds * 1000);
  await Promise.all(staff.map((member) => member.run({ staggered: warmupSeconds > 0 })));
  clearTimeout(windowStarts);
  const seconds = (performance.now() - world.recordFrom) / 1000;
  world.recordFrom = Number.POSITIVE_INFINITY;
  if (interrupted) throw new Interrupted();
  const ownCpu = process.cpuUsage(ownCpuBefore);
  const apiCpuAfter = cpuOf(api.child.pid);
  await loopReset;
  const eventLoopMs = await readEventLoop(api);
  const summary = {
    ...summarise(world.recorder, seconds),
    ...(eventLoopMs ? { eventLoopMs } : {}),
  };

  printSummary(config, data, summary);
  printErrorKinds(world.recorder);
  const before = new Map(apiCpuBefore.map((entry) => [entry.pid, entry.cpuSeconds]));
  const apiCpu = apiCpuAfter
    .map((entry) => ({ pid: entry.pid, seconds: entry.cpuSeconds - (before.get(entry.pid) ?? 0) }))
    .filter((entry) => entry.seconds > 0.05);
  if (apiCpu.length > 0) {
    console.log(
      `  CPU during the ${seconds.toFixed(0)} s: API ${apiCpu.map((entry) => `pid ${entry.pid} ${entry.seconds.toFixed(1)} s`).join(', ')}; load generator ${((ownCpu.user + ownCpu.system) / 1e6).toFixed(1)} s; load average (1 min) at the start ${loadBefore.toFixed(1)}, at the end ${(os.loadavg()[0] ?? 0).toFixed(1)} on ${os.cpus().length} cores`,
    );
  }
  return summary;
}

/**
 * The API's event-loop delay since the previous read (GET /api/bench/load, which the bench's
 * API_BENCH_ROUTES turns on); null when it does not answer. With several workers, the one that
 * answers.
 */
async function readEventLoop(api: ApiProcess): Promise<{ p99: number; max: number } | null> {
  try {
    const response = await fetch(`${api.url}/bench/load`);
    if (response.status !== 200) return null;
    const load = (await response.json()) as { eventLoopDelayMs?: { p99: number; max: number } };
    return load.eventLoopDelayMs ?? null;
  } catch {
    return null;
  }
}

function printSummary(config: ConfigName, data: DataSet, summary: Summary): void {
  console.log('');
  const body = summary.rows.map((row) => [
    `${row.name}${row.read ? '' : ' (write)'}`,
    String(row.count),
    fixed(row.perSecond),
    fixed(row.p50),
    fixed(row.p95),
    fixed(row.p99),
    fixed(row.max, 0),
    String(row.errors),
    row.count === 0 ? '–' : row.p99 <= TARGET_P99_MS && row.errors === 0 ? 'OK' : 'OVER',
  ]);
  body.push([
    'all requests',
    String(summary.requests),
    fixed(summary.requests / summary.seconds),
    fixed(summary.p50),
    fixed(summary.p95),
    fixed(summary.p99),
    '',
    String(summary.errors),
    summary.p99 <= TARGET_P99_MS && summary.errors === 0 ? 'OK' : 'OVER',
  ]);
  console.log(
    table(
      [
        'operation',
        'count',
        'req/s',
        'p50 ms',
        'p95 ms',
        'p99 ms',
        'max ms',
        'errors',
        `p99 ≤ ${TARGET_P99_MS}, 0 errors`,
      ],
      body,
    ),
  );
  console.log(
    `\n  ${CONFIG_LABELS[config]}, ${data.families.toLocaleString('en')} families: ${fixed(summary.requests / summary.seconds)} requests/s in all, ` +
      `read mix ${fixed(summary.readRequests / summary.seconds)} requests/s; p99 ${fixed(summary.p99)} ms (target ≤ ${TARGET_P99_MS} ms); ` +
      `errors ${summary.errors} (target 0)` +
      (summary.eventLoopMs
        ? `; API event-loop delay p99 ${fixed(summary.eventLoopMs.p99)} ms, max ${fixed(summary.eventLoopMs.max)} ms (target p99 ≤ ${TARGET_LOOP_P99_MS} ms)`
        : ''),
  );
}

/** The distinct failures (status and the start of the answer), so a non-zero count can be acted on. */
function printErrorKinds(recorder: Recorder): void {
  const lines = [...recorder.ops.values()].flatMap((stats) =>
    [...stats.errorKinds].map(([kind, n]) => `${n}× ${kind}`),
  );
  if (lines.length > 0)
    console.log(`  errors seen:\n${lines.map((line) => `    ${line}`).join('\n')}`);
}

function printVerdict(verdict: Verdict): void {
  console.log(
    `  writes checked in the database: ${verdict.checked} acknowledged — lost: ${verdict.lost}, duplicated: ${verdict.duplicated} (target 0, 0)` +
      (verdict.storedUnacknowledged > 0
        ? `; ${verdict.storedUnacknowledged} unacknowledged writes are stored (allowed)`
        : ''),
  );
  for (const problem of verdict.problems) console.log(`    ${problem}`);
}

async function measureConfig(
  config: ConfigName,
  env: Record<string, string>,
  data: DataSet,
  runTag: number,
  database: DatabaseConfig,
): Promise<RunResult> {
  const closedLoop =
    SATURATION_SECONDS > 0 && THINK_MS[1] > 0
      ? `, then ${SATURATION_SECONDS} s in a closed loop`
      : '';
  console.log(
    `\n── ${CONFIG_LABELS[config]}, ${data.families.toLocaleString('en')} families — ${USERS} users, ${paceLabel(THINK_MS)}, ${SECONDS} s measured after ${WARMUP_SECONDS} s warm-up${closedLoop}`,
  );
  const api = await startApi(env);
  runningApis.add(api);
  let run: Awaited<ReturnType<typeof runMorning>> | undefined;
  try {
    run = await runMorning(config, api, data, runTag, Number(env.API_WORKERS ?? '1'));
  } finally {
    const exit = await api.stop();
    runningApis.delete(api);
    if (exit.code !== 0)
      console.log(
        `  the API ended with ${exit.code ?? exit.signal} on SIGTERM:\n${api.output().slice(-2000)}`,
      );
  }
  // Checked with the API gone: what a restart would find.
  const handle = await openDatabase(database);
  try {
    const verdict = await verifyWrites(
      handle.db,
      run.world.ledger,
      run.markerPrefix,
      run.world.seasons,
    );
    printVerdict(verdict);
    return {
      config,
      families: data.families,
      summary: run.summary,
      ...(run.saturation ? { saturation: run.saturation } : {}),
      verdict,
    };
  } finally {
    await handle.close();
  }
}

/** A configuration that could not run: the error in full, unless the run was interrupted. */
function failure(config: ConfigName, families: number, error: unknown): RunResult {
  if (!(error instanceof Interrupted) && !interrupted) console.error(error);
  return {
    config,
    families,
    failed: interrupted ? 'interrupted' : ((error as Error).message.split('\n')[0] ?? 'failed'),
  };
}

async function main(): Promise<void> {
  const configs = selectedConfigs();
  const results: RunResult[] = [];
  console.log(
    `Busy morning: ${USERS} users × ${SECONDS} s per configuration (${configs.join(', ')}) at ${paceLabel(THINK_MS)}` +
      (SATURATION_SECONDS > 0 && THINK_MS[1] > 0
        ? `, then ${SATURATION_SECONDS} s in a closed loop`
        : '') +
      '; one load-generator process, HTTP keep-alive. ' +
      `Machine: ${os.cpus().length} cores shared by the API, the database and this load generator (and whatever else runs: load average ${fixed(os.loadavg()[0] ?? 0)}).`,
  );

  if (configs.includes('pglite')) {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'ataa-busy-'));
    const removeDataDir = () => fs.rm(dataDir, { recursive: true, force: true });
    leftovers.set(dataDir, removeDataDir);
    try {
      console.log(
        `\nPGlite: generating ${FAMILIES_PGLITE.toLocaleString('en')} families in ${dataDir}…`,
      );
      // fsync off while generating throwaway data; the API then opens it with fsync on (its default).
      const app = await buildApp(appConfig({ kind: 'pglite', dataDir, fsync: false }));
      let data: DataSet;
      try {
        data = await prepare(app.db, FAMILIES_PGLITE);
      } finally {
        await app.close();
      }
      results.push(
        await measureConfig(
          'pglite',
          { DATA_DIR: dataDir, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password },
          data,
          1,
          { kind: 'pglite', dataDir, fsync: false },
        ),
      );
    } catch (error) {
      results.push(failure('pglite', FAMILIES_PGLITE, error));
    } finally {
      await removeDataDir();
      leftovers.delete(dataDir);
    }
  }

  const pgConfigs = configs.filter((config): config is 'pg1' | 'pg2' => config !== 'pglite');
  if (pgConfigs.length > 0 && !interrupted) {
    if (!(await isPostgresReachable(PG_URL))) {
      console.log(
        `\nPostgreSQL is not reachable at ${PG_URL.replace(/\/\/[^@]*@/, '//***@')}: ${pgConfigs.join(', ')} skipped.`,
      );
      for (const config of pgConfigs)
        results.push({ config, families: FAMILIES_PG, failed: 'PostgreSQL not reachable' });
    } else {
      const schema = `bench_busy_${process.pid}_${randomBytes(3).toString('hex')}`;
      const database: DatabaseConfig = {
        kind: 'postgres',
        connectionString: PG_URL,
        schema,
        maxConnections: 4,
      };
      leftovers.set(schema, () => dropPostgresSchema(PG_URL, schema));
      try {
        console.log(
          `\nPostgreSQL: generating ${FAMILIES_PG.toLocaleString('en')} families in schema ${schema} (dropped at the end)…`,
        );
        const app = await buildApp(appConfig(database));
        let data: DataSet;
        try {
          data = await prepare(app.db, FAMILIES_PG);
        } finally {
          await app.close();
        }
        for (const [index, config] of pgConfigs.entries()) {
          const env = {
            DATABASE_URL: PG_URL,
            DATABASE_SCHEMA: schema,
            API_WORKERS: config === 'pg2' ? '2' : '1',
            ADMIN_EMAIL: ADMIN.email,
            ADMIN_PASSWORD: ADMIN.password,
          };
          if (interrupted) break;
          try {
            results.push(await measureConfig(config, env, data, 2 + index, database));
          } catch (error) {
            results.push(failure(config, FAMILIES_PG, error));
          }
        }
      } catch (error) {
        for (const config of pgConfigs)
          if (!results.some((result) => result.config === config))
            results.push(failure(config, FAMILIES_PG, error));
      } finally {
        await dropPostgresSchema(PG_URL, schema).catch((error: unknown) =>
          console.error(`could not drop schema ${schema}:`, error),
        );
        leftovers.delete(schema);
      }
    }
  }

  printClosing(results);
  if (interrupted) process.exit(130);
  if (results.some((result) => result.failed)) process.exitCode = 1;
}

function printClosing(results: RunResult[]): void {
  console.log(
    `\n── Busy morning: ${USERS} users, ${SECONDS} s each at ${paceLabel(THINK_MS)}${SATURATION_SECONDS > 0 && THINK_MS[1] > 0 ? `; closed loop ${SATURATION_SECONDS} s` : ''}`,
  );
  const body = results.map((result) => {
    const s = result.summary;
    const c = result.saturation;
    const v = result.verdict;
    if (!s)
      return [
        CONFIG_LABELS[result.config],
        result.families.toLocaleString('en'),
        `not measured: ${result.failed ?? ''}`,
        '',
        '',
        '',
        '',
        '',
        '',
        '',
        '',
        '',
      ];
    return [
      CONFIG_LABELS[result.config],
      result.families.toLocaleString('en'),
      fixed(s.requests / s.seconds),
      fixed(s.p50),
      fixed(s.p99),
      String(s.errors),
      s.eventLoopMs ? `${fixed(s.eventLoopMs.p99)} / ${fixed(s.eventLoopMs.max)}` : '–',
      c ? fixed(c.requests / c.seconds) : '–',
      c ? fixed(c.readRequests / c.seconds) : '–',
      c ? fixed(c.p99) : '–',
      v ? `${v.lost} / ${v.duplicated}` : '–',
      s.p99 <= TARGET_P99_MS && s.errors === 0 && v?.lost === 0 && v.duplicated === 0
        ? 'OK'
        : 'OVER',
    ];
  });
  console.log(
    table(
      [
        'configuration',
        'families',
        'req/s',
        'p50 ms',
        'p99 ms',
        'errors',
        'API event loop p99 / max ms',
        'closed loop req/s',
        'closed loop read req/s',
        'closed loop p99 ms',
        'lost / duplicated',
        `p99 ≤ ${TARGET_P99_MS}, 0 errors, 0 / 0`,
      ],
      body,
    ),
  );
  // Throughput is compared where the API is the limit: the closed loop (or the one window, when it is one).
  const capacity = (result: RunResult | undefined) =>
    result?.saturation ?? (THINK_MS[1] <= 0 ? result?.summary : undefined);
  const one = capacity(results.find((result) => result.config === 'pg1'));
  const two = capacity(results.find((result) => result.config === 'pg2'));
  if (one && two) {
    const ratio = two.readRequests / two.seconds / (one.readRequests / one.seconds);
    console.log(
      `\n  PostgreSQL read-mix throughput in a closed loop, 2 API processes / 1: ${ratio.toFixed(2)}× (target ≥ ${TARGET_SCALE}×: ${ratio >= TARGET_SCALE ? 'OK' : 'UNDER'}) — ` +
        `on ${os.cpus().length} cores shared by the API processes, PostgreSQL and this load generator`,
    );
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
