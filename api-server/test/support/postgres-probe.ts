import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { DatabaseConfig } from '../../src/config';

export const DEFAULT_TEST_POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/test';
/** Set by global-setup.ts for the test workers: a reachable URL, or empty for "PGlite only". */
export const POSTGRES_URL_ENV = 'ATAA_TEST_POSTGRES_URL';

export function candidatePostgresUrl(env: NodeJS.ProcessEnv = process.env): string {
  return env.TEST_DATABASE_URL || env.DATABASE_URL || DEFAULT_TEST_POSTGRES_URL;
}

/** Connects once with a short timeout; a server that is down must not slow the suite. */
export async function isPostgresReachable(url: string, timeoutMs = 1500): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: timeoutMs });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * Removes a schema a test or a bench created for itself, with everything in it. A connection of
 * its own: the app's pool is usually closed by then. `connectionTimeoutMillis` bounds the wait
 * where a slow server must not hold up a test file's teardown.
 */
export async function dropPostgresSchema(
  url: string,
  schema: string,
  connectionTimeoutMillis?: number,
): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis });
  await client.connect();
  try {
    await client.query(`drop schema if exists "${schema}" cascade`);
  } finally {
    await client.end();
  }
}

/** A fresh schema of its own for one test file (the app creates it), and how to drop it again. */
export function newPostgresSchema(url: string): {
  database: DatabaseConfig;
  drop(): Promise<void>;
} {
  const schema = `ataa_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  return {
    database: { kind: 'postgres', connectionString: url, schema, maxConnections: 4 },
    drop: () => dropPostgresSchema(url, schema, 3000),
  };
}
