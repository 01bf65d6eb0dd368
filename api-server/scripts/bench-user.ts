/**
 * GET /api/user under load, beside a bare route that does nothing, in one run:
 *
 *   pnpm --filter api-server bench        (or: cd api-server && npx tsx scripts/bench-user.ts)
 *
 * The API runs in a child process (same script with --serve) on a temporary in-memory PGlite,
 * so the load generator does not share the server's event loop. Each route gets a short
 * warm-up (JIT, PGlite caches) that is not counted. Figures, not a pass/fail test.
 * Options (env): BENCH_CONNECTIONS (50), BENCH_SECONDS (5), BENCH_WARMUP_SECONDS (2),
 * BENCH_DATABASE_URL (a PostgreSQL server instead of PGlite; a temporary schema, dropped after).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import readline from 'node:readline';
import autocannon from 'autocannon';
import type { DatabaseConfig } from '../src/config';
import { startApiServer } from '../src/server';
import { dropPostgresSchema } from '../test/support/postgres-probe';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);
const POSTGRES_URL = process.env.BENCH_DATABASE_URL;
/** Chosen by the parent, passed to the child. */
const SCHEMA_ENV = 'BENCH_SCHEMA';
const ADMIN = { email: 'bench@ataa.local', password: 'Bench@12345' };

async function serve(): Promise<void> {
  const schema = process.env[SCHEMA_ENV];
  const database: DatabaseConfig =
    POSTGRES_URL && schema
      ? { kind: 'postgres', connectionString: POSTGRES_URL, schema }
      : { kind: 'pglite' };
  const server = await startApiServer({
    config: {
      prefix: '/api',
      database,
      admin: ADMIN,
      seedDemo: false,
      tokenTtlHours: 1,
      benchRoute: true,
      logger: false,
    },
    port: 0,
  });
  // The parent reads this line to know where to send load.
  process.stdout.write(`${JSON.stringify({ url: server.url })}\n`);
  process.once('SIGTERM', () => void server.close().then(() => process.exit(0)));
}

function startChild(schema: string): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, [require.resolve('tsx/cli'), __filename, '--serve'], {
    cwd: path.resolve(__dirname, '..'),
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, [SCHEMA_ENV]: schema },
  });
  return new Promise((resolve, reject) => {
    const lines = readline.createInterface({ input: child.stdout! });
    lines.once('line', (line) => {
      lines.close();
      resolve({ child, url: (JSON.parse(line) as { url: string }).url });
    });
    child.once('exit', (code) =>
      reject(new Error(`API process exited with ${code} before listening`)),
    );
  });
}

interface Figures {
  route: string;
  requestsPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
  non2xx: number;
  errors: number;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return (
    sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN
  );
}

async function measure(
  label: string,
  url: string,
  headers: Record<string, string>,
): Promise<Figures> {
  if (WARMUP_SECONDS > 0)
    await autocannon({ url, connections: CONNECTIONS, duration: WARMUP_SECONDS, headers });
  const latencies: number[] = [];
  // The callback form returns the running instance (its events typed); the promise form does not.
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      { url, connections: CONNECTIONS, duration: SECONDS, headers },
      (error, done) => (error ? reject(error) : resolve(done)),
    );
    instance.on('response', (_client, _status, _bytes, responseTime) =>
      latencies.push(responseTime),
    );
  });
  latencies.sort((a, b) => a - b);
  return {
    route: label,
    requestsPerSecond: result.requests.total / SECONDS,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

function printTable(rows: Figures[]): void {
  const header = ['route', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'non-2xx', 'errors'];
  const body = rows.map((row) => [
    row.route,
    row.requestsPerSecond.toFixed(0),
    row.p50.toFixed(2),
    row.p95.toFixed(2),
    row.p99.toFixed(2),
    String(row.non2xx),
    String(row.errors),
  ]);
  const widths = header.map((title, column) =>
    Math.max(title.length, ...body.map((cells) => cells[column]?.length ?? 0)),
  );
  const line = (cells: string[]) =>
    `| ${cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(' | ')} |`;
  console.log(line(header));
  console.log(`|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`);
  for (const cells of body) console.log(line(cells));
}

function waitForExit(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

async function main(): Promise<void> {
  const schema = `ataa_bench_${randomBytes(4).toString('hex')}`;
  const { child, url } = await startChild(schema);
  try {
    const login = await fetch(`${url}/auth/create/sanctum/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    if (!login.ok) throw new Error(`login failed: ${login.status} ${await login.text()}`);
    const { data } = (await login.json()) as { data: { token: string } };

    const where = POSTGRES_URL ? 'PostgreSQL (BENCH_DATABASE_URL)' : 'in-memory PGlite';
    console.log(
      `${CONNECTIONS} connections, ${SECONDS} s per route after ${WARMUP_SECONDS} s warm-up, API in a child process on ${where}\n`,
    );
    const rows = [
      await measure('GET /api/bench/noop', `${url}/bench/noop`, {}),
      await measure('GET /api/user', `${url}/user`, { authorization: `Bearer ${data.token}` }),
    ];
    printTable(rows);
  } finally {
    child.kill('SIGTERM');
    await waitForExit(child);
    if (POSTGRES_URL) await dropPostgresSchema(POSTGRES_URL, schema);
  }
}

if (process.argv.includes('--serve')) {
  serve().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
} else {
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
