import type { FastifyPluginAsync } from 'fastify';
import packageJson from '../../../package.json';
import { buildOpenApiDocument } from './document';

/** GET /openapi.json: public, built once from the route declarations when first asked for. */
export const openApiRoutes: FastifyPluginAsync = async (app) => {
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
