import type { ApiModule } from '../../http/api-module';
import { jobsTableMigration } from './migrations/2026_11_27_jobs_table';
import { jobRunnerRoutes } from './routes';
import './tables';

/**
 * Long work in the database (docs/family-import.md#jobs): a queue table, claimed with `for update
 * skip locked` under a renewed lease, run by a runner in every API process. Features register a
 * handler per kind and queue jobs; a crashed process's job is taken up again by another.
 */
export const jobsModule: ApiModule = {
  name: 'jobs',
  routes: jobRunnerRoutes,
  migrations: [jobsTableMigration],
};

export { enqueueJob, wakeJobRunners, createJobRunner, type JobRunner } from './commands/runner';
export { registerJobHandler, type JobContext, type JobHandler } from './commands/handlers';
export { findJob, type JobRow } from './repository';
