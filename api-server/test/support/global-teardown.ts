import { POSTGRES_URL_ENV } from './postgres-probe';
import { dropTestDatabases, removeTemplateDirectories, RUN_ID_ENV } from './templates';

/** Removes this run's database templates and any copy a test file left (global-setup.ts). */
export default async function globalTeardown(): Promise<void> {
  const runId = process.env[RUN_ID_ENV];
  if (!runId) return;
  removeTemplateDirectories(runId);
  const url = process.env[POSTGRES_URL_ENV];
  if (url) await dropTestDatabases(url, runId);
}
