import { taskEndpoints } from 'shared-contracts/resources/tasks-contracts';
import type { ApiModule } from '../../http/api-module';
import { tasksDocumentExpiryMigration } from './migrations/2026_12_06_tasks_document_expiry';
import { tasksIndexesMigration } from './migrations/2026_12_06_tasks_indexes';
import { taskRoutes } from './routes';

/** «مهامي»: what waits for the signed-in employee, read live from the other modules' records. */
export const tasksModule: ApiModule = {
  name: 'tasks',
  routes: taskRoutes,
  endpoints: [taskEndpoints],
  migrations: [tasksIndexesMigration, tasksDocumentExpiryMigration],
};
