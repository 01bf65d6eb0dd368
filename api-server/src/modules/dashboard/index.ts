import type { FastifyPluginAsync } from 'fastify';
import {
  DASHBOARD_SECTION_KEYS,
  dashboardEndpoints,
  type DashboardSection,
} from 'shared-contracts/reports';
import type { ApiModule } from '../../http/api-module';
import { registerEndpoint } from '../../http/endpoint';
import { dashboardIndexesMigration } from './migrations/2026_11_25_dashboard_indexes';
import { loadDashboard } from './repository';

/** The sections whose list the caller may open: the server leaves the others out (null). */
function sectionsOf(permissions: readonly string[]): Set<DashboardSection> {
  const held = new Set(permissions);
  return new Set(
    (Object.entries(DASHBOARD_SECTION_KEYS) as [DashboardSection, string][])
      .filter(([, key]) => held.has(key))
      .map(([section]) => section),
  );
}

const dashboardRoutes: FastifyPluginAsync = async (app) => {
  registerEndpoint(app, dashboardEndpoints.show, async ({ auth }) => ({
    data: await loadDashboard(app.db, sectionsOf(auth().employee.permissions)),
  }));
};

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
