import { clientEventEndpoints } from 'shared-contracts';
import type { ApiModule } from '../../http/api-module';
import { clientEventsTablesMigration } from './migrations/2026_11_27_client_events_tables';
import { clientEventRoutes } from './routes';
import './tables';

/**
 * What browsers report about the remotes they run (loads, failed loads, render errors) and the
 * figures per remote version that staged rollouts are judged by (docs/decisions/0014).
 */
export const clientEventsModule: ApiModule = {
  name: 'client-events',
  routes: clientEventRoutes,
  endpoints: [clientEventEndpoints],
  migrations: [clientEventsTablesMigration],
};
