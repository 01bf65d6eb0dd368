import pg from 'pg';

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
