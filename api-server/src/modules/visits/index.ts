import { visitEndpoints } from 'shared-contracts/resources/visits-contracts';
import type { ApiModule } from '../../http/api-module';
import { visitsMigration } from './migrations/2026_11_28_visits_tables';
import { visitRoutes } from './routes';
import './tables';

/** Field visits to families: planning, recording, the list, its export and the family's visits. */
export const visitsModule: ApiModule = {
  name: 'visits',
  routes: visitRoutes,
  endpoints: [visitEndpoints],
  migrations: [visitsMigration],
};

// What the dashboard reads.
export { visitMonthFigures } from './repository';

// The family's visits, for its data export (docs/personal-data.md#the-data-export).
export { visitExportRows } from './repository';
