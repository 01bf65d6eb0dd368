import { candidatePostgresUrl, isPostgresReachable, POSTGRES_URL_ENV } from './postgres-probe';

/**
 * Runs once per jest run, before the workers start (they inherit the environment): decides
 * whether the API suites also run against PostgreSQL.
 */
export default async function globalSetup(): Promise<void> {
  // A handler answering a field its endpoint declaration does not declare fails the suite (a 500
  // naming the field) instead of the field being dropped silently: the contracts stay exact.
  process.env.API_STRICT_CONTRACTS ??= '1';
  if (process.env[POSTGRES_URL_ENV] !== undefined) return;
  const url = candidatePostgresUrl();
  if (await isPostgresReachable(url)) {
    process.env[POSTGRES_URL_ENV] = url;
  } else {
    process.env[POSTGRES_URL_ENV] = '';
    console.log(
      `\n[api-server] PostgreSQL is not reachable at ${url.replace(/\/\/[^@]*@/, '//***@')}: ` +
        'the API suites run on PGlite only (set TEST_DATABASE_URL to add PostgreSQL).\n',
    );
  }
}
