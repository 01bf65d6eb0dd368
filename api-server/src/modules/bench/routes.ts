import type { FastifyPluginAsync } from 'fastify';

/**
 * GET /bench/noop: public and empty, registered only with `benchRoute: true`, so
 * scripts/bench-user.ts can show what Fastify itself costs beside GET /user.
 */
export const benchRoutes: FastifyPluginAsync = async (app) => {
  app.get('/bench/noop', { config: { public: true } }, async () => ({ ok: true }));
};
