import fs from 'node:fs/promises';
import { PGlite, types as pgliteTypes } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, PostgresDialect, sql } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import type { DatabaseConfig } from '../config';
import type { Database } from './tables';

export interface DatabaseHandle {
  db: Kysely<Database>;
  kind: DatabaseConfig['kind'];
  /** The schema the tables live in: the migrator keeps its bookkeeping tables there too. */
  schema: string;
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

/**
 * Opens the one PostgreSQL dialect we use everywhere (DESIGN §3): PGlite in-process, or a
 * server through a `pg` pool. PGlite's data directory is created on first start.
 */
export async function openDatabase(config: DatabaseConfig): Promise<DatabaseHandle> {
  if (config.kind === 'pglite') {
    if (config.dataDir) await fs.mkdir(config.dataDir, { recursive: true });
    const pglite = await PGlite.create({
      ...(config.dataDir ? { dataDir: config.dataDir } : {}),
      extensions: PGLITE_EXTENSIONS,
      parsers: { [pgliteTypes.DATE]: parseDate, [pgliteTypes.NUMERIC]: parseNumeric },
    });
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
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
        if (oid === DATE_OID && format !== 'binary') return parseDate;
        if (oid === NUMERIC_OID && format !== 'binary') return parseNumeric;
        return format ? pg.types.getTypeParser(oid, format) : pg.types.getTypeParser(oid);
      }) as typeof pg.types.getTypeParser,
    },
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
