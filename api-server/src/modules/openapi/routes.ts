import { readFileSync } from 'node:fs';
import type { FastifyPluginAsync } from 'fastify';
import packageJson from '../../../package.json';
import { buildOpenApiDocument } from './commands';

/**
 * GET /openapi.json: public, built once from the route declarations when first asked for; and the
 * reference page that renders it (GET /docs, `referenceRoutes`).
 */
export const openApiRoutes: FastifyPluginAsync = async (app) => {
  await app.register(referenceRoutes);
  let document: Record<string, unknown> | undefined;
  app.get(
    '/openapi.json',
    {
      config: {
        public: true,
        docs: { summary: 'وصف الواجهة البرمجية (OpenAPI 3.1)', tags: ['system'] },
      },
    },
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

/**
 * The API reference page (`GET /docs`): Redoc's standalone bundle, served by the API itself from
 * the `redoc` package (no CDN, nothing fetched from another origin), rendering `openapi.json`.
 * For super admins; outside production (NODE_ENV !== 'production') for everyone, so a developer
 * opens it through the gateway without a token.
 *
 * The page loads only what this policy allows: its script from here, the document from here,
 * the styles Redoc injects, and the search index worker Redoc starts from a blob. The API's own
 * policy (`default-src 'none'`) stays on every other answer.
 */
export const REFERENCE_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  'worker-src blob:',
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join(';');

const SCRIPT_NAME = 'redoc.standalone.js';

/**
 * The page: the `<redoc>` element names the document; the bundle, loaded after it, renders it.
 * Left to right: Redoc lays out its three panes for that direction only (the Arabic texts inside
 * still read right to left).
 */
const page = (prefix: string) => `<!doctype html>
<html lang="ar" dir="ltr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>مرجع واجهة عطاء البرمجية</title>
</head>
<body>
<redoc spec-url="${prefix}/openapi.json" hide-download-button="true"></redoc>
<script src="${prefix}/docs/${SCRIPT_NAME}"></script>
</body>
</html>
`;

let script: Buffer | undefined;
/** The bundle, read once on first request (1 MB; most API processes never serve it). */
function redocScript(): Buffer {
  script ??= readFileSync(require.resolve(`redoc/bundles/${SCRIPT_NAME}`));
  return script;
}

export const referenceRoutes: FastifyPluginAsync = async (app) => {
  const open = process.env.NODE_ENV !== 'production';
  const access = open ? ({ public: true } as const) : ({ superAdminOnly: true } as const);
  app.get(
    '/docs',
    {
      config: {
        ...access,
        docs: { summary: 'مرجع الواجهة البرمجية (صفحة HTML)', tags: ['system'] },
      },
    },
    async (_request, reply) =>
      reply
        .header('content-type', 'text/html; charset=utf-8')
        .header('content-security-policy', REFERENCE_POLICY)
        .header('cache-control', 'no-store')
        .send(page(app.settings.prefix)),
  );
  // The bundle is the npm package's public file, nothing of this API's: public, so the page's
  // <script> (which carries no token) loads it wherever the page itself was allowed.
  app.get(
    `/docs/${SCRIPT_NAME}`,
    {
      config: {
        public: true,
        docs: { summary: 'سكربت صفحة مرجع الواجهة البرمجية', tags: ['system'] },
      },
    },
    async (_request, reply) =>
      reply
        .header('content-type', 'application/javascript; charset=utf-8')
        .header('cache-control', 'public, max-age=86400')
        .send(redocScript()),
  );
};
