import type { FastifyPluginAsync } from 'fastify';
import { activityLogEndpoints } from 'shared-contracts/admin';
import { registerEndpoint } from '../../http/endpoint';
import { pageEnvelope } from '../../http/pagination';
import { listActivity } from './repository';
import { dateRange } from './schemas';

/** GET /activity-log: the activity-tracking page's data, for super admins only (spec §6). */
export const activityLogRoutes: FastifyPluginAsync = async (app) => {
  registerEndpoint(app, activityLogEndpoints.list, async ({ query, auth }) => {
    const { rows, total } = await listActivity(app.db, {
      page: query.page,
      perPage: query.per_page,
      order: query.order,
      employeeId: query['filter[employee_id]'],
      familyId: query['filter[family_id]'],
      action: query['filter[action]'],
      entityType: query['filter[entity_type]'],
      ...dateRange(query['filter[from]'], query['filter[to]']),
      // Super admins only today, so nothing is hidden; the rule still holds if that widens.
      reader: auth().employee,
    });
    return pageEnvelope(rows, query, total);
  });
};
