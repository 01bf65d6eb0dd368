import {
  serviceAxisEndpoints,
  serviceDepartmentEndpoints,
  serviceTypeEndpoints,
} from 'shared-contracts/services';
import type { ApiModule } from '../../http/api-module';
import { serviceCatalogueMigration } from './migrations/2026_11_23_service_catalogue_tables';
import { serviceCatalogueRoutes } from './routes';
import { seedServiceCatalogue } from './seed';
import './tables';

/** The services catalogue: departments (sectors), axes (strategic pillars) and service types. */
export const serviceCatalogueModule: ApiModule = {
  name: 'service-catalogue',
  routes: serviceCatalogueRoutes,
  endpoints: [serviceDepartmentEndpoints, serviceAxisEndpoints, serviceTypeEndpoints],
  migrations: [serviceCatalogueMigration],
  seed: seedServiceCatalogue,
};

// What the services module builds on.
export { activeEmployees, serviceTypeFacts, type ServiceTypeFacts } from './repository';
export { SERVICE_CATALOGUE_FIXTURES } from './seed';
