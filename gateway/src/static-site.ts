import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  allowAnyOrigin,
  fileInside,
  looksLikeFile,
  registerFileSender,
  sendChecked,
} from './static-files';
import { listen, type ListeningServer } from './gateway';
import { registerSecurityHeaders } from './security-headers';

export interface StaticSiteOptions {
  /** The directory served at `/` (a remote's dist, the host's dist, a release directory). */
  root: string;
  port: number;
  host?: string;
  /** Send `Access-Control-Allow-Origin: *` (a remote served to a host on another origin). */
  cors?: boolean;
  /** Answer unknown non-file paths with index.html (serving a host build). */
  spaFallback?: boolean;
}

/** One directory with the gateway's cache rules, not yet listening. */
export async function buildStaticSite(
  options: Omit<StaticSiteOptions, 'port' | 'host'>,
): Promise<FastifyInstance> {
  const root = path.resolve(options.root);
  const app = Fastify({ logger: false });
  // A remote's files are scripts, JSON and fonts: nosniff, and a CSP under which nothing loads.
  // A host build (spaFallback) is a page: the site's policy, remotes from its own remotes.json.
  await registerSecurityHeaders(app, {
    policy: options.spaFallback
      ? {
          kind: 'site',
          remotesConfigFile: path.join(root, 'remotes.json'),
          hostIndexFile: path.join(root, 'index.html'),
        }
      : { kind: 'files' },
  });
  await registerFileSender(app, root);
  if (options.cors) app.addHook('onRequest', async (_request, reply) => allowAnyOrigin(reply));
  app.get('/*', (request, reply) => {
    const urlPath = (request.params as { '*': string })['*'] ?? '';
    const found = fileInside(root, urlPath === '' ? 'index.html' : urlPath);
    if (found) return sendChecked(reply, root, found);
    const index =
      options.spaFallback && !looksLikeFile(urlPath) ? fileInside(root, 'index.html') : null;
    if (index) return sendChecked(reply, root, index);
    return reply.code(404).send({ message: 'الملف غير موجود / Not found' });
  });
  return app;
}

/**
 * Serves one directory on its own port (the e2e harness serves each remote like this, so the host
 * loads them cross-origin exactly as from separate deployments).
 */
export async function createStaticSite(options: StaticSiteOptions): Promise<ListeningServer> {
  const app = await buildStaticSite(options);
  return listen(app, options.port, options.host);
}
