import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql, type Kysely } from 'kysely';
import { openDatabase } from '../src/db/database';
import { backupSocketPath } from '../src/db/backup';
import { LOCK_FILE_NAME } from '../src/db/data-dir-lock';
import type { Database } from '../src/db/tables';
import { TEST_ADMIN } from './support/harness';
import { childEnv, loginToken, spawnApi, type ApiChild } from './support/api-child';

const run = promisify(execFile);
const API_ROOT = path.resolve(__dirname, '..');

/** `pnpm backup` / `pnpm restore` as the api-server scripts run them. */
function script(name: 'backup' | 'restore', args: string[], env: NodeJS.ProcessEnv) {
  return run(process.execPath, ['--import', 'tsx', `scripts/${name}.ts`, ...args], {
    cwd: API_ROOT,
    env: { ...env, INIT_CWD: API_ROOT },
    timeout: 120_000,
  });
}

/** Every table's rows, as text, in a stable order: equal fingerprints, equal data. */
async function fingerprint(db: Kysely<Database>): Promise<Record<string, string>> {
  const tables = await sql<{
    name: string;
  }>`select tablename as name from pg_tables where schemaname = 'public' order by tablename`.execute(
    db,
  );
  const result: Record<string, string> = {};
  for (const { name } of tables.rows) {
    const rows = await sql<{
      digest: string | null;
      n: string;
    }>`select md5(string_agg(t::text, '|' order by t::text)) as digest, count(*)::text as n from ${sql.table(name)} t`.execute(
      db,
    );
    result[name] = `${rows.rows[0]?.n}:${rows.rows[0]?.digest ?? ''}`;
  }
  return result;
}

/** A backup of the embedded database taken while the API runs restores to the same data. */
describe('durability: pnpm backup → pnpm restore (PGlite)', () => {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'ataa-backup-'));
  const dataDir = path.join(work, 'pglite');
  const restoredDir = path.join(work, 'restored');
  const children: ApiChild[] = [];

  afterAll(async () => {
    for (const child of children)
      if (child.process.exitCode === null && child.process.signalCode === null)
        child.process.kill('SIGKILL');
    await Promise.all(children.map((child) => child.exited));
    fs.rmSync(work, { recursive: true, force: true });
  });

  test('a backup taken through the running API, restored onto a fresh directory, holds the same data', async () => {
    const env = childEnv({ DATA_DIR: dataDir, SEED_DEMO: 'true' });
    const api = await spawnApi(env);
    children.push(api);
    const token = await loginToken(api.url, TEST_ADMIN.email, TEST_ADMIN.password);
    const created = await fetch(`${api.url}/families`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({
        save_as_draft: true,
        head: { full_name: 'نسخة احتياطية رب' },
        members: [{ full_name: 'نسخة احتياطية ابن' }],
        primary_phone: '',
      }),
    });
    expect(created.status).toBe(201);

    const file = path.join(work, 'out', 'ataa.tar.gz');
    const backup = await script('backup', [file], env);
    expect(backup.stdout).toContain('taken by the running API');
    expect(fs.statSync(file).size).toBeGreaterThan(1000);
    expect(fs.existsSync(`${file}.partial`)).toBe(false);
    // The API kept serving while the backup was taken.
    expect(
      (await fetch(`${api.url}/user`, { headers: { authorization: `Bearer ${token}` } })).status,
    ).toBe(200);

    api.process.kill('SIGTERM');
    expect((await api.exited).code).toBe(0);
    expect(fs.existsSync(backupSocketPath(dataDir))).toBe(false);

    const restore = await script('restore', [file], { ...env, DATA_DIR: restoredDir });
    expect(restore.stdout).toContain(`restored ${file} into ${restoredDir}`);
    expect(fs.existsSync(path.join(restoredDir, LOCK_FILE_NAME))).toBe(false);

    const original = await openDatabase({ kind: 'pglite', dataDir });
    const restored = await openDatabase({ kind: 'pglite', dataDir: restoredDir });
    try {
      const expected = await fingerprint(original.db);
      expect(Object.keys(expected)).toEqual(
        expect.arrayContaining(['families', 'family_members', 'employees', 'activity_log']),
      );
      expect(expected.families?.startsWith('0:')).toBe(false);
      expect(await fingerprint(restored.db)).toEqual(expected);
      const family = await restored.db
        .selectFrom('families')
        .select('head_name')
        .where('head_name', '=', 'نسخة احتياطية رب')
        .execute();
      expect(family).toHaveLength(1);
    } finally {
      await original.close();
      await restored.close();
    }
  }, 240_000);

  test('with the API stopped the script dumps directly; restoring over a database keeps the old one aside', async () => {
    const env = childEnv({ DATA_DIR: dataDir });
    const file = path.join(work, 'direct.tar.gz');
    const backup = await script('backup', [file], env);
    expect(backup.stdout).toContain('API not running');

    const restore = await script('restore', [file], { ...env, DATA_DIR: restoredDir });
    const moved = /the previous database is in (\S+)/.exec(restore.stdout)?.[1];
    expect(moved && fs.existsSync(path.join(moved, 'PG_VERSION'))).toBe(true);
    const database = await openDatabase({ kind: 'pglite', dataDir: restoredDir });
    try {
      expect(
        await database.db
          .selectFrom('families')
          .select('id')
          .where('head_name', '=', 'نسخة احتياطية رب')
          .execute(),
      ).toHaveLength(1);
    } finally {
      await database.close();
    }
  }, 240_000);
});
