import { POSTGRES_URL_ENV } from './postgres-probe';
import { dropTestDatabases, removeTemplateDirectories, RUN_ID_ENV } from './templates';

/** Removes this run's database templates and its files' copies (global-setup.ts). */
export default async function globalTeardown(): Promise<void> {
  const runId = process.env[RUN_ID_ENV];
  if (!runId) return;
  removeTemplateDirectories(runId);
  const url = process.env[POSTGRES_URL_ENV];
  if (!url) return;
  // The tests have passed or failed by now: a database left behind is swept by a later run.
  await dropTestDatabases(url, runId).catch((error: unknown) => {
    console.warn(`[api-server] could not drop this run's test databases: ${String(error)}`);
  });
}
