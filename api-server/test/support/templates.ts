import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { migrateModules, seedModules, syncModules } from '../../src/app';
import type { AppConfig, DatabaseConfig } from '../../src/config';
import { openDatabase, type DatabaseHandle } from '../../src/db/database';

/**
 * Database templates for the API tests. Creating a database is most of an API test file's set-up
 * (PGlite's initdb, the migrations, the seed's password hashes), so each jest run does it once per
 * kind of data, into a template, and every test file starts from a copy of it:
 * - PGlite: the template's data directory, dumped to a file (`dumpDataDir`); a copy is an
 *   in-memory instance loaded from it (`loadDataDir`);
 * - PostgreSQL: a template database; a copy is `CREATE DATABASE … TEMPLATE`.
 * The app's start still runs its migrations, sync and seed on the copy (they find nothing to do).
 * Templates are built lazily, by the first worker that needs one (the others wait for it), so a run
 * builds only the kinds its files use.
 *
 * Outside CI a template is also kept for later runs (`keptTemplatesKey`): running one file while
 * working then costs a copy, not a migration and a seed. It is keyed by everything that decides
 * its content (the API's and the contracts' sources, the lockfile, the day in Riyadh, since the
 * demo data is dated from today) and swept when it is no longer current.
 */

/** Set by global-setup.ts: this run's id (templates and copies are named after it). */
export const RUN_ID_ENV = 'ATAA_TEST_RUN_ID';
/** Set by global-setup.ts: where this run keeps its PGlite templates. */
export const TEMPLATE_DIR_ENV = 'ATAA_TEST_TEMPLATE_DIR';

/** Set by global-setup.ts outside CI: the key of the templates kept across runs (see above). */
export const KEPT_TEMPLATES_ENV = 'ATAA_TEST_KEPT_TEMPLATES';

/** The schema the tables live in, in every template database and its copies. */
export const TEMPLATE_SCHEMA = 'ataa_test';
/** Older runs' leftovers (a run killed before its teardown) are removed after this long. */
export const STALE_AFTER_MS = 6 * 60 * 60 * 1000;

/** Every PostgreSQL database of the test runs, named `ataa_tpl_<run>_<key>` and `ataa_t_<run>_<n>`. */
const TEST_DATABASE_NAME = /^ataa_(?:tpl|t)_([0-9a-z]+_[0-9a-f]{6})_[0-9a-f]+$/;
const TEMPLATES_ROOT = path.join(os.tmpdir(), 'ataa-test-templates');
/** Kept PGlite templates (`pglite-<kept key>-<template key>.tar`) and kept PostgreSQL ones. */
const KEPT_DIRECTORY = path.join(TEMPLATES_ROOT, 'kept');
const KEPT_DATABASE_NAME = /^ataa_tplk_([0-9a-f]{12})_[0-9a-f]+$/;
/** A kept template of another key (older sources) goes once no run can still be copying it. */
const SUPERSEDED_AFTER_MS = 30 * 60 * 1000;
/** Even a current one is rebuilt after this: its rows' times drift away from the tests' now. */
const KEPT_AT_MOST_MS = 6 * 60 * 60 * 1000;

/** The folders and files whose content decides a template's content. */
const TEMPLATE_SOURCES = [
  'api-server/src',
  'shared-contracts/src',
  'api-server/test/support',
  'pnpm-lock.yaml',
];

function sourceFiles(entry: string): string[] {
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return [entry];
  return fs
    .readdirSync(entry)
    .sort()
    .flatMap((name) => sourceFiles(path.join(entry, name)));
}

/**
 * The key of the templates kept across runs: a hash of the sources that migrate and seed a
 * database, and of the day in Riyadh (demo rows are dated from it). Undefined in CI, which starts
 * from a clean machine and builds each template once per run anyway.
 */
export function keptTemplatesKey(
  root: string,
  env: NodeJS.ProcessEnv = process.env,
  now = new Date(),
): string | undefined {
  if (env.CI === 'true' || env.CI === '1') return undefined;
  const hash = createHash('sha256');
  for (const source of TEMPLATE_SOURCES) {
    for (const file of sourceFiles(path.join(root, source))) {
      hash
        .update(path.relative(root, file))
        .update('\0')
        .update(fs.readFileSync(file))
        .update('\0');
    }
  }
  hash.update(new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Riyadh' }).format(now));
  return hash.digest('hex').slice(0, 12);
}

function keptKey(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const key = env[KEPT_TEMPLATES_ENV];
  return key && /^[0-9a-f]{12}$/.test(key) ? key : undefined;
}

/**
 * What decides a new database's content, i.e. what buildApp passes to the seed: the migrations and
 * the reference-data sync take no settings. Two suites with the same seed share a template; a suite
 * with another admin, or with the demo data, gets one of its own. (A setting that changes the
 * migrations or the sync must be added here.)
 */
export type TemplateSeed = Pick<AppConfig, 'admin' | 'seedDemo'>;

export function templateKey(seed: TemplateSeed): string {
  return createHash('sha256')
    .update(JSON.stringify([seed.admin.email, seed.admin.password, seed.seedDemo]))
    .digest('hex')
    .slice(0, 10);
}

/** A new run's id: when it started (base 36 seconds, for the stale sweep) and a random part. */
export function newRunId(now = Date.now()): string {
  return `${Math.floor(now / 1000).toString(36)}_${randomBytes(3).toString('hex')}`;
}

function startedAt(runId: string): number {
  return parseInt(runId.split('_')[0] ?? '', 36) * 1000;
}

export interface TemplateRun {
  id: string;
  dir: string;
}

/** This run's template settings, or undefined where global-setup.ts did not run. */
export function currentRun(env: NodeJS.ProcessEnv = process.env): TemplateRun | undefined {
  const id = env[RUN_ID_ENV];
  const dir = env[TEMPLATE_DIR_ENV];
  return id && dir ? { id, dir } : undefined;
}

export function runDirectory(runId: string): string {
  return path.join(TEMPLATES_ROOT, runId);
}

/** The steps buildApp takes on a new database, in its order (see `buildApp` in src/app.ts). */
async function prepare(handle: DatabaseHandle, seed: TemplateSeed): Promise<void> {
  await migrateModules(handle.db, handle.schema);
  await syncModules(handle.db);
  await seedModules(handle.db, { admin: seed.admin, demo: seed.seedDemo });
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Runs `build` unless `file` exists, with a lock file beside it so that one worker builds and the
 * others wait. A lock left by a worker that died is taken over.
 */
async function buildOnce(file: string, build: () => Promise<Uint8Array>): Promise<void> {
  const lock = `${file}.lock`;
  for (;;) {
    if (fs.existsSync(file)) return;
    try {
      fs.writeFileSync(lock, String(process.pid), { flag: 'wx' });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = Number(fs.readFileSync(lock, { encoding: 'utf8', flag: 'a+' }));
    if (holder > 0 && !isRunning(holder)) fs.rmSync(lock, { force: true });
    else await delay(50);
  }
  try {
    if (fs.existsSync(file)) return;
    const partial = `${file}.${process.pid}.partial`;
    fs.writeFileSync(partial, await build());
    fs.renameSync(partial, file);
  } finally {
    fs.rmSync(lock, { force: true });
  }
}

/** A PGlite data directory dump, migrated and seeded for `seed`, built once per run. */
export async function pgliteTemplate(run: TemplateRun, seed: TemplateSeed): Promise<Blob> {
  const kept = keptKey();
  const file = kept
    ? path.join(KEPT_DIRECTORY, `pglite-${kept}-${templateKey(seed)}.tar`)
    : path.join(run.dir, `pglite-${templateKey(seed)}.tar`);
  if (kept) fs.mkdirSync(KEPT_DIRECTORY, { recursive: true });
  await buildOnce(file, async () => {
    const handle = await openDatabase({ kind: 'pglite' });
    try {
      await prepare(handle, seed);
      // The dump is taken from a running instance, and a copy starts with crash recovery: without
      // a checkpoint it would replay the WAL and every sequence would jump ahead by its cache.
      await sql`checkpoint`.execute(handle.db);
      const dump = await handle.pglite!.dumpDataDir('none');
      return new Uint8Array(await dump.arrayBuffer());
    } finally {
      await handle.close();
    }
  });
  return new Blob([await fs.promises.readFile(file)]);
}

/** `url` with its database replaced. */
export function postgresUrlFor(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 15_000 });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

const READY = 'ataa test template: ready';
/** The comment on a complete template: READY and when it was built (epoch ms). */
const readyNote = (builtAt: number) => `${READY} ${builtAt}`;
function builtAtOf(note: string | null | undefined): number | undefined {
  const match = /^ataa test template: ready (\d+)$/.exec(note ?? '');
  return match ? Number(match[1]) : undefined;
}

/**
 * The name of a template database migrated and seeded for `seed`, built once per run. One worker
 * builds it under an advisory lock (released with its connection, however the worker ends); the
 * comment written last marks it complete, so a half-built one is built again.
 */
export function postgresTemplate(
  url: string,
  run: TemplateRun,
  seed: TemplateSeed,
): Promise<string> {
  const kept = keptKey();
  const name = kept
    ? `ataa_tplk_${kept}_${templateKey(seed)}`
    : `ataa_tpl_${run.id}_${templateKey(seed)}`;
  return withClient(url, async (client) => {
    await client.query('select pg_advisory_lock(hashtext($1))', [name]);
    const found = await client.query<{ note: string | null }>(
      `select shobj_description(oid, 'pg_database') as note from pg_database where datname = $1`,
      [name],
    );
    if (builtAtOf(found.rows[0]?.note) !== undefined) return name;
    if (found.rows.length > 0) await client.query(`drop database if exists "${name}" with (force)`);
    await client.query(`create database "${name}"`);
    const handle = await openDatabase({
      kind: 'postgres',
      connectionString: postgresUrlFor(url, name),
      schema: TEMPLATE_SCHEMA,
      maxConnections: 2,
    });
    try {
      await prepare(handle, seed);
    } finally {
      await handle.close();
    }
    // A copy waits (in steps of 100 ms) while anyone is connected to its template: let the
    // backends just closed go first, once, here.
    for (let waited = 0; waited < 5000; waited += 10) {
      const connected = await client.query(`select 1 from pg_stat_activity where datname = $1`, [
        name,
      ]);
      if (connected.rows.length === 0) break;
      await delay(10);
    }
    await client.query(`comment on database "${name}" is '${readyNote(Date.now())}'`);
    return name;
  });
}

/**
 * A database of its own for one test file, copied from `template`, and how to drop it again (the
 * harness leaves that to the run's teardown, see dropTestDatabases).
 */
export async function copyPostgresTemplate(
  url: string,
  run: TemplateRun,
  template: string,
): Promise<{ database: DatabaseConfig; drop(): Promise<void> }> {
  const name = `ataa_t_${run.id}_${randomBytes(4).toString('hex')}`;
  // PostgreSQL waits (up to 5 s) for the template's last connections, just closed, to go.
  await withClient(url, (client) =>
    client.query(`create database "${name}" template "${template}"`),
  );
  return {
    database: {
      kind: 'postgres',
      connectionString: postgresUrlFor(url, name),
      schema: TEMPLATE_SCHEMA,
      maxConnections: 4,
    },
    drop: () =>
      withClient(url, (client) =>
        client.query(`drop database if exists "${name}" with (force)`),
      ).then(() => undefined),
  };
}

/** Databases dropped at once: each DROP DATABASE waits for a checkpoint, which they then share. */
const DROPS_AT_ONCE = 8;

/**
 * Drops the databases of the run `runId`, or (without it) those of runs that started more than
 * STALE_AFTER_MS ago: a run that was killed never ran its teardown. The copies go first, then the
 * templates (one cannot be dropped while a copy is being made from it).
 */
export async function dropTestDatabases(
  url: string,
  runId?: string,
  now = Date.now(),
): Promise<void> {
  const { rows } = await withClient(url, (client) =>
    client.query<{ datname: string }>(
      `select datname from pg_database where datname like 'ataa\\_%'`,
    ),
  );
  const names = rows
    .map((row) => row.datname)
    .filter((name) => {
      const id = TEST_DATABASE_NAME.exec(name)?.[1];
      if (id === undefined) return false;
      return runId ? id === runId : now - startedAt(id) > STALE_AFTER_MS;
    });
  for (const group of [
    names.filter((name) => !name.startsWith('ataa_tpl_')),
    names.filter((name) => name.startsWith('ataa_tpl_')),
  ]) {
    for (let start = 0; start < group.length; start += DROPS_AT_ONCE) {
      await Promise.all(
        group
          .slice(start, start + DROPS_AT_ONCE)
          .map((name) =>
            withClient(url, (client) =>
              client.query(`drop database if exists "${name}" with (force)`),
            ),
          ),
      );
    }
  }
}

/** Removes the PGlite templates of the run `runId`, or (without it) those of stale runs. */
export function removeTemplateDirectories(runId?: string, now = Date.now()): void {
  if (!fs.existsSync(TEMPLATES_ROOT)) return;
  for (const entry of fs.readdirSync(TEMPLATES_ROOT)) {
    if (entry === path.basename(KEPT_DIRECTORY)) continue;
    if (runId ? entry === runId : now - startedAt(entry) > STALE_AFTER_MS) {
      fs.rmSync(path.join(TEMPLATES_ROOT, entry), { recursive: true, force: true });
    }
  }
}

/**
 * Removes kept templates (files and databases) that are no longer current: of another key once
 * SUPERSEDED_AFTER_MS have passed since they were built (a run started before the sources changed
 * may still be copying one), and of any key after KEPT_AT_MOST_MS. A template still being built
 * (no ready note yet) is left to its builder.
 */
export async function sweepKeptTemplates(
  url: string | undefined,
  currentKey: string | undefined,
  now = Date.now(),
): Promise<void> {
  const stale = (key: string | undefined, builtAt: number) =>
    now - builtAt > KEPT_AT_MOST_MS || (key !== currentKey && now - builtAt > SUPERSEDED_AFTER_MS);
  if (fs.existsSync(KEPT_DIRECTORY)) {
    for (const entry of fs.readdirSync(KEPT_DIRECTORY)) {
      const file = path.join(KEPT_DIRECTORY, entry);
      const key = /^pglite-([0-9a-f]{12})-/.exec(entry)?.[1];
      if (stale(key, fs.statSync(file).mtimeMs)) fs.rmSync(file, { force: true });
    }
  }
  if (!url) return;
  const { rows } = await withClient(url, (client) =>
    client.query<{ datname: string; note: string | null }>(
      `select datname, shobj_description(oid, 'pg_database') as note from pg_database
        where datname like 'ataa\\_tplk\\_%'`,
    ),
  );
  for (const { datname, note } of rows) {
    const key = KEPT_DATABASE_NAME.exec(datname)?.[1];
    const builtAt = builtAtOf(note);
    if (key === undefined || builtAt === undefined || !stale(key, builtAt)) continue;
    await withClient(url, (client) =>
      client.query(`drop database if exists "${datname}" with (force)`),
    );
  }
}
