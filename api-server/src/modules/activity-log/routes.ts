import type { FastifyPluginAsync } from 'fastify';
import { listEnvelope } from '../../http/pagination';
import { parseInput } from '../../http/validation';
import { listActivity } from './repository';
import { activityLogListEnvelopeSchema, activityLogQuerySchema, dateRange } from './schemas';

/** GET /activity-log: the activity-tracking page's data, for super admins only (spec §6). */
export const activityLogRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    '/activity-log',
    {
      config: {
        superAdminOnly: true,
        docs: {
          summary: 'سجل نشاط الموظفين',
          tags: ['activity-log'],
          query: activityLogQuerySchema,
          response: activityLogListEnvelopeSchema,
        },
      },
    },
    async (request) => {
      const query = parseInput(activityLogQuerySchema, request.query);
      const { rows, total } = await listActivity(app.db, {
        page: query.page,
        perPage: query.per_page,
        order: query.order,
        employeeId: query['filter[employee_id]'],
        action: query['filter[action]'],
        entityType: query['filter[entity_type]'],
        ...dateRange(query['filter[from]'], query['filter[to]']),
      });
      return listEnvelope(rows, query.page, query.per_page, total);
    },
  );
};
