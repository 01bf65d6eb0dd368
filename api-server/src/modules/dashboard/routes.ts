import type { FastifyPluginAsync } from 'fastify';
import { dashboardEndpoints } from 'shared-contracts/reports';
import { registerEndpoint } from '../../http/endpoint';
import { sectionsOf } from './commands';
import { loadDashboard } from './repository';

/** Thin: GET /dashboard, the sections the caller may open. */
export const dashboardRoutes: FastifyPluginAsync = async (app) => {
  registerEndpoint(app, dashboardEndpoints.show, async ({ auth }) => ({
    data: await loadDashboard(app.db, sectionsOf(auth().employee.permissions)),
  }));
};
