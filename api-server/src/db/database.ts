import fs from 'node:fs/promises';
import { PGlite, types as pgliteTypes } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { NodeFS } from '@electric-sql/pglite/nodefs';
import nodeFs from 'node:fs';
import { Kysely, PostgresDialect, sql, type LogEvent } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import type { DatabaseConfig } from '../config';
import { acquireDataDirLock } from './data-dir-lock';
import type { Database } from './tables';
import { TurnTakingDialect } from './turn-taking';

export interface DatabaseHandle {
  db: Kysely<Database>;
  kind: DatabaseConfig['kind'];
  /** The schema the tables live in: the migrator keeps its bookkeeping tables there too. */
  schema: string;
  /** The embedded instance (PGlite only): `dumpDataDir` for backups. */
  pglite?: PGlite;
  close(): Promise<void>;
}

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/**
 * Column types both drivers return the same way: a `date` as its `YYYY-MM-DD` text (a JS Date
 * would be shifted by the server's time zone, and the response schemas want the plain date),
 * a `numeric` (money, numeric(12,2)) as a JS number.
 */
const DATE_OID = 1082;
const NUMERIC_OID = 1700;
const parseDate = (value: string) => value;
const parseNumeric = (value: string) => Number(value);

/** Extensions the migrations use, loaded into PGlite (a PostgreSQL server ships them). */
const PGLITE_EXTENSIONS = { pg_trgm };

/** The part of Emscripten's NODEFS we patch (its typings are not exported). */
interface NodeFsStreamOps {
  fsync?: (stream: { nfd?: unknown }) => number;
}

/**
 * PGlite starts PostgreSQL with `-F` (fsync off) and its Node file system has no fsync at all:
 * committed data reaches the OS page cache (it survives kill -9) but not the disk (a power cut
 * can lose it). This file system gives Emscripten an fsync that calls the real one, and the
 * server runs with fsync on and `wal_sync_method=fsync`, so a commit is on disk before it is
 * acknowledged, as on a PostgreSQL server. Measured here: ~6 ms per commit.
 */
class DurableNodeFS extends NodeFS {
  override async init(...args: Parameters<NodeFS['init']>): ReturnType<NodeFS['init']> {
    const result = await super.init(...args);
    const preRun = [
      ...(result.emscriptenOpts.preRun ?? []),
      (mod: unknown) => {
        // Emscripten's module object carries NODEFS at run time; PostgresMod does not declare it.
        const ops = (mod as { NODEFS?: { stream_ops?: NodeFsStreamOps } }).NODEFS?.stream_ops;
        if (!ops) throw new Error('PGlite: no NODEFS to make durable');
        ops.fsync = (stream) => {
          if (typeof stream.nfd === 'number') nodeFs.fsyncSync(stream.nfd);
          return 0;
        };
      },
    ];
    return { ...result, emscriptenOpts: { ...result.emscriptenOpts, preRun } };
  }
}

const DURABLE_START_PARAMS = [
  ...PGlite.defaultStartParams.filter((param) => param !== '-F'),
  '-c',
  'wal_sync_method=fsync',
];

const embedded = new WeakMap<Kysely<Database>, { pglite: PGlite; dataDir: string }>();

/** The PGlite instance and data directory behind an app's `db` (none for PostgreSQL or in memory). */
export function embeddedDatabaseOf(
  db: Kysely<Database>,
): { pglite: PGlite; dataDir: string } | undefined {
  return embedded.get(db);
}

const servers = new WeakSet<Kysely<Database>>();

/**
 * Whether `db` talks to a PostgreSQL server, whose WAL writer flushes a commit made without
 * waiting for the disk (`synchronous_commit = off`) within a fraction of a second. PGlite has no
 * such process: there a commit that does not wait may never be flushed before the process ends.
 */
export function isDatabaseServer(db: Kysely<Database>): boolean {
  return servers.has(db);
}

/**
 * A PGlite instance as the API opens it (extensions, parsers). `loadDataDir`: a backup
 * (`dumpDataDir`) to unpack into an empty data directory. The caller holds the directory's lock.
 */
export function createPGlite(
  dataDir: string | undefined,
  loadDataDir?: Blob,
  fsync = true,
): Promise<PGlite> {
  const durable = dataDir !== undefined && fsync;
  return PGlite.create({
    ...(durable
      ? { fs: new DurableNodeFS(dataDir), startParams: DURABLE_START_PARAMS }
      : dataDir
        ? { dataDir }
        : {}),
    ...(loadDataDir ? { loadDataDir } : {}),
    extensions: PGLITE_EXTENSIONS,
    parsers: { [pgliteTypes.DATE]: parseDate, [pgliteTypes.NUMERIC]: parseNumeric },
  });
}

/**
 * API_SLOW_QUERY_MS: each statement that takes at least `thresholdMs` is written to stderr as one
 * JSON line (its time, the first 300 characters of its SQL; never its parameters, which hold
 * people's data), to find what a slow page waits for without a server-side extension.
 */
function slowQueryLog(thresholdMs: number | undefined): { log?: (event: LogEvent) => void } {
  if (thresholdMs === undefined) return {};
  return {
    log: (event) => {
      if (event.queryDurationMillis < thresholdMs) return;
      const statement = event.query.sql.replace(/\s+/g, ' ').slice(0, 300);
      process.stderr.write(
        `${JSON.stringify({ slow_query_ms: Math.round(event.queryDurationMillis), failed: event.level === 'error', sql: statement })}\n`,
      );
    },
  };
}

/**
 * Opens the one PostgreSQL dialect we use everywhere (docs/architecture.md#the-api): PGlite
 * in-process, or a server through a `pg` pool. PGlite's data directory is created on first start.
 */
export async function openDatabase(config: DatabaseConfig): Promise<DatabaseHandle> {
  if (config.kind === 'pglite') {
    // One process per data directory (see data-dir-lock.ts): refused before PGlite touches it.
    let lock: ReturnType<typeof acquireDataDirLock> | undefined;
    if (config.dataDir) {
      await fs.mkdir(config.dataDir, { recursive: true });
      lock = acquireDataDirLock(config.dataDir);
    }
    let pglite: PGlite;
    try {
      pglite = await createPGlite(config.dataDir, config.loadDataDir, config.fsync ?? true);
    } catch (error) {
      lock?.release();
      throw error;
    }
    // The dialect closes the PGlite instance when Kysely is destroyed. Each statement waits for
    // a turn of the event loop first, so a queue of them cannot hold it (turn-taking.ts).
    const db = new Kysely<Database>({
      dialect: new TurnTakingDialect(new PGliteDialect(pglite)),
      ...slowQueryLog(config.slowQueryMs),
    });
    const close = async () => {
      try {
        await db.destroy();
      } finally {
        lock?.release();
      }
    };
    if (config.dataDir) embedded.set(db, { pglite, dataDir: config.dataDir });
    return { db, kind: 'pglite', schema: 'public', pglite, close };
  }

  const schema = config.schema ?? 'public';
  if (!SCHEMA_NAME.test(schema)) throw new Error(`Invalid database schema name: ${schema}`);
  const pool = new pg.Pool({
    connectionString: config.connectionString,
    max: config.maxConnections ?? 10,
    connectionTimeoutMillis: 5000,
    // Every pooled connection starts with the schema first on its search_path, and without
    // parallel workers: the API's queries are many small ones at once, where forking workers per
    // query only competes for the cores (the busy-morning bench: 18 → 33 requests/s on 2
    // cores). The reports, one long query at a time, turn them back on (reports/report-kind.ts).
    options: [
      '-c max_parallel_workers_per_gather=0',
      ...(schema === 'public' ? [] : [`-c search_path=${schema},public`]),
    ].join(' '),
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
        if (oid === DATE_OID && format !== 'binary') return parseDate;
        if (oid === NUMERIC_OID && format !== 'binary') return parseNumeric;
        return format ? pg.types.getTypeParser(oid, format) : pg.types.getTypeParser(oid);
      }) as typeof pg.types.getTypeParser,
    },
  });
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool }),
    ...slowQueryLog(config.slowQueryMs),
  });
  // With an owner role of its own (MIGRATION_DATABASE_URL), that role creates the schema; the
  // application role may not.
  if (schema !== 'public' && !config.migrationConnectionString)
    await sql`create schema if not exists ${sql.id(schema)}`.execute(db);
  servers.add(db);
  return { db, kind: 'postgres', schema, close: () => db.destroy() };
}

/**
 * Runs `work` (migrations, reference data, the seed) as the role that owns the schema. One role
 * (the default): on the app's own handle. With `migrationConnectionString` (MIGRATION_DATABASE_URL):
 * on a short-lived connection as that owner role, after which the application role is granted
 * exactly what the API does with the tables (`grantAppRole`), so it owns nothing and can change
 * no structure.
 */
export async function withMigrationDatabase<T>(
  config: DatabaseConfig,
  app: DatabaseHandle,
  work: (owner: DatabaseHandle) => Promise<T>,
): Promise<T> {
  if (config.kind !== 'postgres' || !config.migrationConnectionString) return work(app);
  const owner = await openDatabase({
    ...config,
    connectionString: config.migrationConnectionString,
    migrationConnectionString: undefined,
    maxConnections: 2,
  });
  try {
    const result = await work(owner);
    const { rows } = await sql<{ role: string }>`select current_user as role`.execute(app.db);
    const appRole = rows[0]?.role;
    if (!appRole) throw new Error('DATABASE_URL: no current_user');
    await grantAppRole(owner.db, owner.schema, appRole);
    return result;
  } finally {
    await owner.close();
  }
}

/** The migrator's bookkeeping tables: the application role only reads them (nothing reads them at run time). */
const MIGRATION_TABLES = ['kysely_migration', 'kysely_migration_lock'];

/**
 * What the application role may do, granted by the owner after every migration run (so a table a
 * new migration creates is covered), and idempotent: use of the schema; SELECT, INSERT, UPDATE,
 * DELETE on every table; SELECT and INSERT only on `activity_log` (append-only: the API never
 * updates or deletes a row of it, and a trigger refuses it anyway); no TRUNCATE, REFERENCES or
 * TRIGGER anywhere; the sequences (for identity and serial columns). Not being the owner, the
 * role can neither DROP nor ALTER any table, nor disable the log's triggers. A transaction-level
 * advisory lock keeps several API processes starting together from granting at once (PostgreSQL
 * answers concurrent GRANTs on one object with "tuple concurrently updated").
 */
export async function grantAppRole(
  owner: Kysely<Database>,
  schema: string,
  appRole: string,
): Promise<void> {
  const { rows } = await sql<{ role: string }>`select current_user as role`.execute(owner);
  if (rows[0]?.role === appRole) return;
  const role = sql.id(appRole);
  const inSchema = sql.id(schema);
  await owner.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext(${`ataa-grants:${schema}`}))`.execute(trx);
    await sql`grant usage on schema ${inSchema} to ${role}`.execute(trx);
    await sql`revoke all on all tables in schema ${inSchema} from ${role}`.execute(trx);
    await sql`grant select, insert, update, delete on all tables in schema ${inSchema} to ${role}`.execute(
      trx,
    );
    await sql`revoke update, delete on table ${sql.id(schema, 'activity_log')} from ${role}`.execute(
      trx,
    );
    for (const table of MIGRATION_TABLES) {
      await sql`revoke insert, update, delete on table ${sql.id(schema, table)} from ${role}`.execute(
        trx,
      );
    }
    await sql`grant usage, select on all sequences in schema ${inSchema} to ${role}`.execute(trx);
  });
}

/** `select 1`, for /health. */
export async function pingDatabase(db: Kysely<Database>): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}
