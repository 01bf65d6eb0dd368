/**
 * The API process a bench measures, as `pnpm start` runs it (overload-api.ts: the API's own start
 * code, READY on stdout once it listens), started with `node --import tsx` so the child's pid is
 * the API's own (its RSS can be read from /proc). Shared by the overload and import benches.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';
import { DEFAULT_ADMIN_EMAIL, DEFAULT_ADMIN_PASSWORD } from 'api-server/src/config';
import { apiHeapArgs } from '../../../build-config/server/api-heap.cjs';

const E2E_DIR = path.resolve(__dirname, '../..');

/** Starts the API on `port` (embedded database unless `env` says otherwise); resolves once ready. */
export function startBenchApi(port: number, env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    [
      // The heap ceiling `pnpm start` gives the API (API_HEAP_MB overrides both).
      ...apiHeapArgs(process.env),
      // BENCH_API_PROFILE_DIR: a CPU profile of the measured API, written when it stops.
      ...(process.env.BENCH_API_PROFILE_DIR
        ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_API_PROFILE_DIR}`]
        : []),
      '--import',
      'tsx',
      path.join(__dirname, 'overload-api.ts'),
    ],
    {
      cwd: E2E_DIR,
      env: {
        ...process.env,
        NODE_ENV: 'development',
        API_PORT: String(port),
        API_HOST: '127.0.0.1',
        API_LOG: 'false',
        SEED_DEMO: 'false',
        DATABASE_URL: '',
        DATABASE_SCHEMA: '',
        API_WORKERS: '1',
        ADMIN_EMAIL: DEFAULT_ADMIN_EMAIL,
        ADMIN_PASSWORD: DEFAULT_ADMIN_PASSWORD,
        ...env,
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error('The API did not start within 120 s')),
      120_000,
    );
    readline.createInterface({ input: child.stdout! }).on('line', (line) => {
      if (line !== 'READY') return;
      clearTimeout(timer);
      resolve(child);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`The API exited with ${code} before it was ready`));
    });
  });
}

/** Stops a process with SIGTERM, and SIGKILL after `graceMs` (a job finishing its batch first). */
export function stopBenchProcess(child: ChildProcess, graceMs = 15_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      resolve();
    }, graceMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}
