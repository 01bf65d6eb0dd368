import { serviceEndpoints } from 'shared-contracts/services';
import type { ApiModule } from '../../http/api-module';
import { servicesMigration } from './migrations/2026_11_23_services_tables';
import { serviceRoutes } from './routes';
import { seedServices } from './seed';
import './tables';

/** Services delivered to families: the request, its workflow and history, the list, its export and per-family counts. */
export const servicesModule: ApiModule = {
  name: 'services',
  routes: serviceRoutes,
  endpoints: [serviceEndpoints],
  migrations: [servicesMigration],
  seed: seedServices,
};

// What bulk actions run on each service (docs/bulk-actions.md).
export { changeServiceStatus } from './commands';
export { serviceExportRows, serviceIdsMatching, serviceLabels } from './repository';
