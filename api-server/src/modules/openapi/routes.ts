import type { FastifyPluginAsync } from 'fastify';
import packageJson from '../../../package.json';
import { buildOpenApiDocument } from './document';
import { referenceRoutes } from './reference';

/**
 * GET /openapi.json: public, built once from the route declarations when first asked for; and the
 * reference page that renders it (GET /docs, reference.ts).
 */
export const openApiRoutes: FastifyPluginAsync = async (app) => {
  await app.register(referenceRoutes);
  let document: Record<string, unknown> | undefined;
  app.get(
    '/openapi.json',
    { config: { public: true, docs: { summary: 'وصف الواجهة البرمجية (OpenAPI 3.1)', tags: ['system'] } } },
    async () => {
      document ??= buildOpenApiDocument(app.routeDeclarations, {
        prefix: app.settings.prefix,
        title: 'Ataa API',
        version: packageJson.version,
      });
      return document;
    },
  );
};
