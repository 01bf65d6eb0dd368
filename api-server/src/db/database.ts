import fs from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect, sql } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import type { DatabaseConfig } from '../config';
import type { Database } from './schema';

export interface DatabaseHandle {
  db: Kysely<Database>;
  kind: DatabaseConfig['kind'];
  /** The schema the tables live in: the migrator keeps its bookkeeping tables there too. */
  schema: string;
  close(): Promise<void>;
}

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/**
 * Opens the one PostgreSQL dialect we use everywhere (DESIGN §3): PGlite in-process, or a
 * server through a `pg` pool. PGlite's data directory is created on first start.
 */
export async function openDatabase(config: DatabaseConfig): Promise<DatabaseHandle> {
  if (config.kind === 'pglite') {
    if (config.dataDir) await fs.mkdir(config.dataDir, { recursive: true });
    const pglite = config.dataDir ? await PGlite.create(config.dataDir) : await PGlite.create();
    // The dialect closes the PGlite instance when Kysely is destroyed.
    const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
    return { db, kind: 'pglite', schema: 'public', close: () => db.destroy() };
  }

  const schema = config.schema ?? 'public';
  if (!SCHEMA_NAME.test(schema)) throw new Error(`Invalid database schema name: ${schema}`);
  const pool = new pg.Pool({
    connectionString: config.connectionString,
    max: config.maxConnections ?? 10,
    connectionTimeoutMillis: 5000,
    // Every pooled connection starts with the schema first on its search_path.
    options: schema === 'public' ? undefined : `-c search_path=${schema},public`,
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  if (schema !== 'public') await sql`create schema if not exists ${sql.id(schema)}`.execute(db);
  return { db, kind: 'postgres', schema, close: () => db.destroy() };
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
