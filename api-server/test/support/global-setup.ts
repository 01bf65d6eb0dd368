import fs from 'node:fs';
import path from 'node:path';
import { candidatePostgresUrl, isPostgresReachable, POSTGRES_URL_ENV } from './postgres-probe';
import {
  dropTestDatabases,
  KEPT_TEMPLATES_ENV,
  keptTemplatesKey,
  newRunId,
  removeTemplateDirectories,
  RUN_ID_ENV,
  runDirectory,
  sweepKeptTemplates,
  TEMPLATE_DIR_ENV,
} from './templates';

/**
 * Runs once per jest run, before the workers start (they inherit the environment): decides
 * whether the API suites also run against PostgreSQL, and names this run's database templates
 * (templates.ts; global-teardown.ts removes them).
 */
export default async function globalSetup(): Promise<void> {
  // A handler answering a field its endpoint declaration does not declare fails the suite (a 500
  // naming the field) instead of the field being dropped silently: the contracts stay exact.
  process.env.API_STRICT_CONTRACTS ??= '1';
  const runId = newRunId();
  process.env[RUN_ID_ENV] = runId;
  process.env[TEMPLATE_DIR_ENV] = runDirectory(runId);
  fs.mkdirSync(runDirectory(runId), { recursive: true });
  removeTemplateDirectories();
  const kept = keptTemplatesKey(path.join(__dirname, '../../..'));
  if (kept) process.env[KEPT_TEMPLATES_ENV] = kept;
  else delete process.env[KEPT_TEMPLATES_ENV];
  if (process.env[POSTGRES_URL_ENV] === undefined) {
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
  const url = process.env[POSTGRES_URL_ENV];
  // A killed run leaves its databases behind; without the right to drop them, they stay.
  if (url) await dropTestDatabases(url).catch(() => undefined);
  await sweepKeptTemplates(url || undefined, kept).catch(() => undefined);
}
