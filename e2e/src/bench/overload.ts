/**
 * `BENCH_ONLY=overload pnpm bench`: the site under more than it can serve. BENCH_OVERLOAD_CONNECTIONS
 * (50) connections in a closed loop (each sends its next request as soon as the answer is in, no
 * think time) search the family register through the gateway, as the browser does (`GET
 * /api/families?search=…`), for BENCH_OVERLOAD_SECONDS (30) s, on PGlite and on PostgreSQL
 * (BENCH_DATABASE_URL, else the local test server; left out when it does not answer), each with
 * BENCH_OVERLOAD_FAMILIES (20,000) synthetic families. Each database runs twice: with the API's
 * admission control as configured (src/http/admission.ts; API_MAX_IN_FLIGHT and friends pass
 * through) and with it off (API_MAX_IN_FLIGHT=0), the "before". BENCH_OVERLOAD_MODES=on or off
 * runs one of them. After each database's run with admission control on, BENCH_OVERLOAD_USER_SECONDS
 * (10; 0 leaves it out) of `GET /api/user` from the same connections: the two databases' rates
 * side by side (the target: PostgreSQL's at least PGlite's).
 *
 * Prints per run: requests/s answered, p50/p99 latency (of every answer, 503s included), requests
 * with no answer within 10 s (the browser's patience here, counted as timeouts), 503s (in brackets
 * those refused on arrival for having waited their bound since the gateway forwarded them), other
 * errors, and the API's event-loop delay p99/max over the run (perf_hooks monitorEventLoopDelay
 * inside the API, read through its bench route `GET /api/bench/load`). Figures, not a test.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { buildApp } from 'api-server/src/app';
import {
  DEFAULT_ADMIN_EMAIL,
  DEFAULT_ADMIN_PASSWORD,
  type DatabaseConfig,
} from 'api-server/src/config';
import type { AdmissionCounters } from 'api-server/src/http/admission';
import {
  FEMALE,
  MALE,
  SURNAMES,
  insertSyntheticFamilies,
} from 'api-server/scripts/busy-morning/synthetic-families';
import { dropPostgresSchema, isPostgresReachable } from 'api-server/test/support/postgres-probe';
import { distDir, isHostBuilt } from './dist';
import { ms, section, table } from './format';
import { portInUse } from './site';
import { startBenchApi, stopBenchProcess } from './api-process';

const CONNECTIONS = Math.max(1, Number(process.env.BENCH_OVERLOAD_CONNECTIONS ?? 50));
const SECONDS = Math.max(1, Number(process.env.BENCH_OVERLOAD_SECONDS ?? 30));
const FAMILIES = Math.max(1, Number(process.env.BENCH_OVERLOAD_FAMILIES ?? 20_000));
const TIMEOUT_MS = 10_000;
const PG_URL = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const BASE = Number(process.env.BENCH_PORT_BASE ?? 3940) + 40;
const PORTS = { api: BASE, gateway: BASE + 1 };
const MODES = (process.env.BENCH_OVERLOAD_MODES ?? 'on,off').split(',').map((mode) => mode.trim());
/** After each database's run with admission control on: GET /api/user as fast as it answers. */
const USER_SECONDS = Math.max(0, Number(process.env.BENCH_OVERLOAD_USER_SECONDS ?? 10));
const E2E_DIR = path.resolve(__dirname, '../..');
const GATEWAY_MAIN = path.resolve(E2E_DIR, '../gateway/src/main.ts');

interface RunFigures {
  database: string;
  admission: 'on' | 'off';
  /** what the connections asked for: the family search, or GET /api/user */
  route: 'search' | 'user';
  answered: number;
  seconds: number;
  p50: number;
  p99: number;
  timeouts: number;
  refused: number;
  /** of the 503s, those the API refused on arrival for their age (the gateway's stamp) */
  stale: number | null;
  otherErrors: number;
  loopP99: number | null;
  loopMax: number | null;
}

/** Fills an empty database with the admin and the synthetic register (the API's own start code). */
async function prepare(database: DatabaseConfig): Promise<void> {
  const app = await buildApp({
    database,
    admin: { email: DEFAULT_ADMIN_EMAIL, password: DEFAULT_ADMIN_PASSWORD },
    seedDemo: false,
    tokenTtlHours: 12,
  });
  try {
    await insertSyntheticFamilies(app.db, { families: FAMILIES, progress: false });
  } finally {
    await app.close();
  }
}

interface Answer {
  status: number | 'timeout' | 'error';
  ms: number;
}

function request(
  agent: http.Agent,
  method: string,
  pathAndQuery: string,
  headers: Record<string, string>,
  body?: string,
): Promise<Answer & { body: string }> {
  const started = performance.now();
  return new Promise((resolve) => {
    let settled = false;
    const settle = (status: Answer['status'], text = '') => {
      if (settled) return;
      settled = true;
      resolve({ status, ms: performance.now() - started, body: text });
    };
    const req = http.request(
      { host: '127.0.0.1', port: PORTS.gateway, method, path: pathAndQuery, agent, headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => settle(res.statusCode ?? 0, Buffer.concat(chunks).toString('utf8')));
        res.on('error', () => settle('error'));
      },
    );
    req.setTimeout(TIMEOUT_MS, () => {
      settle('timeout');
      req.destroy();
    });
    req.on('error', () => settle('error'));
    req.end(body);
  });
}

function searchTerm(random: () => number): string {
  const pick = (list: readonly string[]) => list[Math.floor(random() * list.length)]!;
  const roll = random();
  if (roll < 0.4) return `${pick(MALE)} ${pick(SURNAMES)}`;
  if (roll < 0.7) return pick(random() < 0.5 ? MALE : FEMALE);
  return pick(SURNAMES);
}

const percentileOf = (sorted: readonly number[], p: number) =>
  sorted.length === 0
    ? Number.NaN
    : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function waitForPort(port: number): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (!(await portInUse(port))) {
    if (Date.now() > deadline) throw new Error(`Nothing listens on ${port} after 60 s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function readLoad(agent: http.Agent): Promise<AdmissionCounters | null> {
  const answer = await request(agent, 'GET', '/api/bench/load', {});
  return answer.status === 200 ? (JSON.parse(answer.body) as AdmissionCounters) : null;
}

async function runLoad(
  database: string,
  admission: 'on' | 'off',
  route: RunFigures['route'] = 'search',
  seconds = SECONDS,
): Promise<RunFigures> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS + 2 });
  try {
    const login = await request(
      agent,
      'POST',
      '/api/auth/create/sanctum/token',
      { 'content-type': 'application/json' },
      JSON.stringify({ email: DEFAULT_ADMIN_EMAIL, password: DEFAULT_ADMIN_PASSWORD }),
    );
    const token = (JSON.parse(login.body) as { data?: { token?: string } }).data?.token;
    if (!token) throw new Error(`login failed (${login.status}): ${login.body.slice(0, 200)}`);
    const headers = { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip, br' };
    // Resets the API's event-loop histogram: the run is measured from here.
    const loadBefore = await readLoad(agent);
    const answers: Answer[] = [];
    const started = performance.now();
    const deadline = started + seconds * 1000;
    let seed = 7;
    const random = () => {
      seed = (seed * 48271) % 2147483647;
      return seed / 2147483647;
    };
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async () => {
        while (performance.now() < deadline) {
          const query = new URLSearchParams({
            search: searchTerm(random),
            page: '1',
            per_page: '20',
          });
          const { status, ms: took } = await request(
            agent,
            'GET',
            route === 'user' ? '/api/user' : `/api/families?${query}`,
            headers,
          );
          answers.push({ status, ms: took });
        }
      }),
    );
    const finished = performance.now();
    const load = await readLoad(agent);
    const answered = answers.filter((answer) => typeof answer.status === 'number');
    const latencies = answered.map((answer) => answer.ms).sort((a, b) => a - b);
    return {
      database,
      admission,
      route,
      answered: answered.length,
      seconds: (finished - started) / 1000,
      p50: percentileOf(latencies, 50),
      p99: percentileOf(latencies, 99),
      timeouts: answers.filter((answer) => answer.status === 'timeout').length,
      refused: answers.filter((answer) => answer.status === 503).length,
      stale: load && loadBefore ? load.stale - loadBefore.stale : null,
      otherErrors: answers.filter(
        (answer) =>
          answer.status === 'error' ||
          (typeof answer.status === 'number' && answer.status !== 200 && answer.status !== 503),
      ).length,
      loopP99: load?.eventLoopDelayMs.p99 ?? null,
      loopMax: load?.eventLoopDelayMs.max ?? null,
    };
  } finally {
    agent.destroy();
  }
}

async function measureDatabase(label: string, env: Record<string, string>): Promise<RunFigures[]> {
  const figures: RunFigures[] = [];
  for (const mode of MODES) {
    if (mode !== 'on' && mode !== 'off') continue;
    const api = await startBenchApi(
      PORTS.api,
      mode === 'off' ? { ...env, API_MAX_IN_FLIGHT: '0' } : env,
    );
    try {
      console.log(
        `  ${label}, admission control ${mode}: ${CONNECTIONS} connections × ${SECONDS} s…`,
      );
      const run = await runLoad(label, mode);
      figures.push(run);
      console.log(
        `    ${(run.answered / run.seconds).toFixed(0)} req/s, p50 ${ms(run.p50)}, p99 ${ms(run.p99)}, ${run.timeouts} timeouts, ${run.refused} × 503`,
      );
      if (mode === 'on' && USER_SECONDS > 0) {
        console.log(`  ${label}: GET /api/user, ${CONNECTIONS} connections × ${USER_SECONDS} s…`);
        const user = await runLoad(label, mode, 'user', USER_SECONDS);
        figures.push(user);
        console.log(
          `    ${(user.answered / user.seconds).toFixed(0)} req/s, p50 ${ms(user.p50)}, p99 ${ms(user.p99)}`,
        );
      }
    } finally {
      await stopBenchProcess(api);
    }
  }
  return figures;
}

async function main(): Promise<void> {
  if (!isHostBuilt()) {
    console.error('host-shell/dist is missing: run pnpm build (or pnpm bench once) first.');
    process.exitCode = 1;
    return;
  }
  for (const port of Object.values(PORTS)) {
    if (await portInUse(port)) {
      console.error(`Port ${port} is taken: move the bench with BENCH_PORT_BASE=<port>.`);
      process.exitCode = 1;
      return;
    }
  }
  section(
    `Overload: ${CONNECTIONS} connections, closed loop, family search through the gateway, ${SECONDS} s a run`,
  );
  console.log(
    `  ${FAMILIES.toLocaleString('en')} families a database; ${os.cpus().length} CPUs, load ${os.loadavg()[0]?.toFixed(1)} (a shared machine: noisy figures)`,
  );
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'ataa-overload-'));
  const storeDir = path.join(work, 'store');
  fs.mkdirSync(storeDir);
  fs.writeFileSync(path.join(storeDir, 'remotes.json'), JSON.stringify({ remotes: {} }));
  // The gateway in a process of its own, as in production: in this one it would share the load
  // generator's event loop and measure that instead.
  const gateway = spawn(process.execPath, [require.resolve('tsx/cli'), GATEWAY_MAIN], {
    cwd: path.dirname(path.dirname(GATEWAY_MAIN)),
    env: {
      ...process.env,
      PORT: String(PORTS.gateway),
      HOST: '127.0.0.1',
      API_URL: `http://127.0.0.1:${PORTS.api}`,
      RELEASE_STORE: storeDir,
      HOST_DIST: distDir('host-shell'),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitForPort(PORTS.gateway);
  const results: RunFigures[] = [];
  const errors: string[] = [];
  try {
    const dataDir = path.join(work, 'pglite');
    try {
      console.log(`  PGlite: generating the register in ${dataDir}…`);
      await prepare({ kind: 'pglite', dataDir, fsync: false });
      results.push(...(await measureDatabase('PGlite', { DATA_DIR: dataDir })));
    } catch (error) {
      errors.push(`PGlite: ${(error as Error).message}`);
    }
    if (await isPostgresReachable(PG_URL)) {
      const schema = `bench_overload_${process.pid}_${randomBytes(3).toString('hex')}`;
      try {
        console.log(
          `  PostgreSQL: generating the register in schema ${schema} (dropped at the end)…`,
        );
        await prepare({ kind: 'postgres', connectionString: PG_URL, schema, maxConnections: 4 });
        results.push(
          ...(await measureDatabase('PostgreSQL', {
            DATABASE_URL: PG_URL,
            DATABASE_SCHEMA: schema,
          })),
        );
      } catch (error) {
        errors.push(`PostgreSQL: ${(error as Error).message}`);
      } finally {
        await dropPostgresSchema(PG_URL, schema).catch(() => undefined);
      }
    } else {
      errors.push(
        `PostgreSQL is not reachable at ${PG_URL.replace(/\/\/[^@]*@/, '//***@')}: left out`,
      );
    }
  } finally {
    await stopBenchProcess(gateway);
    fs.rmSync(work, { recursive: true, force: true });
  }

  section('Overload figures');
  console.log(
    table(
      [
        'database',
        'requests',
        'admission',
        'req/s',
        'p50',
        'p99',
        'timeouts (10 s)',
        '503 (stale)',
        'other errors',
        'event loop p99 / max',
      ],
      results.map((run) => [
        run.database,
        run.route === 'user' ? 'GET /api/user' : 'family search',
        run.admission,
        (run.answered / run.seconds).toFixed(0),
        ms(run.p50),
        ms(run.p99),
        String(run.timeouts),
        `${run.refused}${run.stale === null ? '' : ` (${run.stale})`}`,
        String(run.otherErrors),
        run.loopP99 === null ? 'n/a' : `${run.loopP99.toFixed(1)} / ${run.loopMax?.toFixed(1)} ms`,
      ]),
      ['left', 'left', 'left', 'right', 'right', 'right', 'right', 'right', 'right', 'right'],
    ),
  );
  const userRate = (database: string) => {
    const run = results.find((each) => each.database === database && each.route === 'user');
    return run ? run.answered / run.seconds : undefined;
  };
  const [pgUser, pgliteUser] = [userRate('PostgreSQL'), userRate('PGlite')];
  if (pgUser !== undefined && pgliteUser !== undefined) {
    console.log(
      `\nGET /api/user: PostgreSQL ${pgUser.toFixed(0)} req/s, PGlite ${pgliteUser.toFixed(0)} req/s (target: PostgreSQL ≥ PGlite: ${pgUser >= pgliteUser ? 'OK' : 'UNDER'})`,
    );
  }
  if (errors.length > 0) {
    console.log('\nNot measured:');
    for (const error of errors) console.log(`  ${error}`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
