import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { pingDatabase } from '../../db/database';

const healthSchema = z.object({
  status: z.enum(['ok', 'error']),
  database: z.enum(['ok', 'error']),
});

/** GET /health: public, for the gateway, e2e and whoever runs the process. */
export const healthRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    '/health',
    {
      config: {
        public: true,
        docs: { summary: 'حالة الخادم وقاعدة البيانات', tags: ['system'], response: healthSchema },
      },
    },
    async (_request, reply) => {
      const ok = await pingDatabase(app.db);
      return reply
        .code(ok ? 200 : 503)
        .send(ok ? { status: 'ok', database: 'ok' } : { status: 'error', database: 'error' });
    },
  );
};
