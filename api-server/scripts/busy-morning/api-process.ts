/**
 * The API as `pnpm start` runs it (`node --import tsx src/main.ts`, as test/support/api-child.ts
 * does), in a child process on a free port, with API_LOG=false. Ready when `GET /api/health`
 * answers 200 (with the log off there is no "listening" line to wait for).
 */
import { appendFileSync } from 'node:fs';
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

const API_ROOT = path.resolve(__dirname, '..', '..');

export interface ApiProcess {
  child: ChildProcess;
  /** e.g. `http://127.0.0.1:41234/api` */
  url: string;
  port: number;
  /** SIGTERM (graceful: in-flight requests finish, the database is closed), SIGKILL after `graceMs`. */
  stop(graceMs?: number): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  output(): string;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export async function startApi(
  env: Record<string, string>,
  timeoutMs = 120_000,
): Promise<ApiProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: API_ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      API_HOST: '127.0.0.1',
      API_PORT: String(port),
      API_LOG: 'false',
      SEED_DEMO: 'false',
      DATABASE_URL: '',
      DATABASE_SCHEMA: '',
      API_WORKERS: '1',
      // GET /api/bench/load: the event-loop delay inside the API over a window.
      API_BENCH_ROUTES: 'true',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Only the last few kB: a crash message is all we need, and a long run must not grow memory.
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-8000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  // BENCH_API_STDERR=<file>: the API's whole stderr appended there (say with API_SLOW_QUERY_MS=50,
  // to see which statements a slow operation waits for).
  const stderrFile = process.env.BENCH_API_STDERR;
  if (stderrFile) child.stderr?.on('data', (chunk: Buffer) => appendFileSync(stderrFile, chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  let gone = false;
  let stopping = false;
  void exited.then(() => (gone = true));

  const url = `http://127.0.0.1:${port}/api`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (gone) throw new Error(`API exited before answering:\n${output}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`API did not answer /health within ${timeoutMs} ms:\n${output}`);
    }
    try {
      const response = await fetch(`${url}/health`);
      if (response.status === 200) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  return {
    child,
    url,
    port,
    output: () => output,
    // Once only: a second SIGTERM would end the API at once, cutting its graceful shutdown short.
    stop: (graceMs = 30_000) => {
      if (!stopping && !gone) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
        void exited.then(() => clearTimeout(timer));
      }
      stopping = true;
      return exited;
    },
  };
}
