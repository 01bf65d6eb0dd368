import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { configFromEnv } from '../src/config';
import { sql } from 'kysely';
import { openDatabase } from '../src/db/database';
import { acquireDataDirLock, LOCK_FILE_NAME, lockRefusal } from '../src/db/data-dir-lock';
import { childEnv, runRefusedApi, spawnApi, type ApiChild } from './support/api-child';

/** One process per PGlite data directory, and a bounded graceful shutdown. */
describe('durability: the PGlite data directory lock and graceful shutdown', () => {
  let work: string;
  let dataDir: string;
  const children: ApiChild[] = [];

  beforeAll(() => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'ataa-lock-'));
    dataDir = path.join(work, 'pglite');
  });

  afterAll(async () => {
    for (const child of children)
      if (child.process.exitCode === null && child.process.signalCode === null)
        child.process.kill('SIGKILL');
    await Promise.all(children.map((child) => child.exited));
    fs.rmSync(work, { recursive: true, force: true });
  });

  test('a second process on the same DATA_DIR refuses in one line naming the first; SIGTERM releases the lock', async () => {
    const first = await spawnApi(childEnv({ DATA_DIR: dataDir }));
    children.push(first);
    const pid = first.process.pid ?? -1;
    expect(JSON.parse(fs.readFileSync(path.join(dataDir, LOCK_FILE_NAME), 'utf8'))).toMatchObject({
      pid,
    });

    const second = await runRefusedApi(childEnv({ DATA_DIR: dataDir }));
    expect(second.code).toBe(1);
    expect(second.stderr.trim()).toBe(lockRefusal(dataDir, pid));
    expect(second.stderr.trim()).toContain(`pid ${pid}`);
    // The refused process did not disturb the first.
    expect((await fetch(`${first.url}/health`)).status).toBeLessThan(500);

    first.process.kill('SIGTERM');
    expect(await first.exited).toEqual({ code: 0, signal: null });
    expect(fs.existsSync(path.join(dataDir, LOCK_FILE_NAME))).toBe(false);
  }, 120_000);

  test('a lock left by a killed process is stale and taken over; in one process a second open is refused', async () => {
    const killed = await spawnApi(childEnv({ DATA_DIR: dataDir }));
    children.push(killed);
    killed.process.kill('SIGKILL');
    await killed.exited;
    expect(fs.existsSync(path.join(dataDir, LOCK_FILE_NAME))).toBe(true);

    const lock = acquireDataDirLock(dataDir);
    try {
      expect(() => acquireDataDirLock(dataDir)).toThrow(lockRefusal(dataDir, process.pid));
    } finally {
      lock.release();
    }
    expect(fs.existsSync(path.join(dataDir, LOCK_FILE_NAME))).toBe(false);
  }, 120_000);

  test('PGlite on a data directory fsyncs every commit (PGlite alone runs with fsync off)', async () => {
    expect(configFromEnv({}).config.database).toMatchObject({ kind: 'pglite', fsync: true });
    const database = await openDatabase({ kind: 'pglite', dataDir: path.join(work, 'fsync') });
    try {
      const settings = await sql<{
        name: string;
        setting: string;
      }>`select name, setting from pg_settings where name in ('fsync', 'wal_sync_method') order by name`.execute(
        database.db,
      );
      expect(settings.rows).toEqual([
        { name: 'fsync', setting: 'on' },
        { name: 'wal_sync_method', setting: 'fsync' },
      ]);
    } finally {
      await database.close();
    }
  }, 60_000);

  test('SHUTDOWN_TIMEOUT_MS bounds the shutdown even with a request that never finishes', async () => {
    expect(configFromEnv({}).shutdownTimeoutMs).toBe(10_000);
    const child = await spawnApi(childEnv({ DATA_DIR: dataDir, SHUTDOWN_TIMEOUT_MS: '1000' }));
    children.push(child);
    // A request whose body never ends stays in flight: only the bound can end it.
    const stuck = fetch(`${child.url}/auth/create/sanctum/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': '1000' },
      body: new ReadableStream({
        start: (controller) => controller.enqueue(new TextEncoder().encode('{"email":')),
      }),
      duplex: 'half',
    } as RequestInit).catch((error: unknown) => error);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const started = Date.now();
    child.process.kill('SIGTERM');
    expect(await child.exited).toEqual({ code: 0, signal: null });
    const elapsed = Date.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(900);
    expect(elapsed).toBeLessThan(5000);
    await stuck;
    expect(fs.existsSync(path.join(dataDir, LOCK_FILE_NAME))).toBe(false);
  }, 120_000);
});
