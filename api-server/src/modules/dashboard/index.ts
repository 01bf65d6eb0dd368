import { dashboardEndpoints } from 'shared-contracts/reports';
import type { ApiModule } from '../../http/api-module';
import { dashboardIndexesMigration } from './migrations/2026_11_25_dashboard_indexes';
import { dashboardRoutes } from './routes';

/**
 * GET /dashboard: the day's figures, read from the other modules' tables (no tables of its own;
 * one migration of indexes, see migrations/).
 */
export const dashboardModule: ApiModule = {
  name: 'dashboard',
  routes: dashboardRoutes,
  endpoints: [dashboardEndpoints],
  migrations: [dashboardIndexesMigration],
};
