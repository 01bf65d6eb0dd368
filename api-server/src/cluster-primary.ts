import cluster, { type Worker } from 'node:cluster';
import { buildApp } from './app';
import type { AppConfig } from './config';

/** A worker that dies sooner than this after its start is not restarted again and again. */
const CRASH_LOOP_MS = 5000;

/**
 * API_WORKERS=N (PostgreSQL only): this process prepares the database once (migrations,
 * reference data, a new database's seed — so N processes never race to seed it), then forks N
 * workers that each run the API on the same port (node:cluster hands connections round-robin).
 * Everything the workers must agree on lives in PostgreSQL (throttle counters, revocations over
 * LISTEN/NOTIFY, numbering). A worker that dies is replaced; SIGTERM/SIGINT are passed on and
 * the primary ends when every worker has finished its own graceful shutdown.
 */
export async function runClusterPrimary(
  config: AppConfig,
  workers: number,
  shutdownTimeoutMs: number,
): Promise<void> {
  const setup = await buildApp({ ...config, logger: false });
  await setup.close();

  let stopping = false;
  const startedAt = new Map<number, number>();
  const fork = (): Worker => {
    const worker = cluster.fork();
    startedAt.set(worker.id, Date.now());
    return worker;
  };
  for (let i = 0; i < workers; i += 1) fork();
  console.log(`Ataa API: ${workers} worker processes on one port (primary ${process.pid})`);

  cluster.on('exit', (worker, code, signal) => {
    const lived = Date.now() - (startedAt.get(worker.id) ?? 0);
    startedAt.delete(worker.id);
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    console.error(`API worker ${worker.process.pid} ended (${signal ?? code}) after ${lived} ms`);
    if (lived < CRASH_LOOP_MS) {
      // Crashing at start (a bad setting, the database gone): say so once and stop, rather than loop.
      console.error('API worker failed at start: stopping');
      stopping = true;
      for (const other of Object.values(cluster.workers ?? {})) other?.process.kill('SIGTERM');
      process.exitCode = 1;
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(1);
      return;
    }
    fork();
  });

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: stopping ${workers} API workers`);
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
    setTimeout(() => {
      console.error('API workers did not stop in time');
      process.exit(1);
    }, shutdownTimeoutMs + 10_000).unref();
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
}
