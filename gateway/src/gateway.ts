import fs from 'node:fs';
import path from 'node:path';
import type { IncomingHttpHeaders } from 'node:http';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import httpProxy from '@fastify/http-proxy';
import { BalancedPool } from 'undici';
import { FORWARDED_AT_HEADER, REMOTE_NAMES, type RemoteName } from 'shared-contracts';
import { DOCUMENT_MAX_MB_DEFAULT } from 'shared-contracts/resources/documents-contracts';
import {
  API_BODY_LIMIT,
  answerStreamedTooLarge,
  bufferedBody,
  readOrStreamApiBody,
  streamedOverLimit,
} from './api-body';
import { answerProxyError, isConnectFailure } from './api-errors';
import { NO_CACHE } from './cache-control';
import { registerResponseCompression } from './compression';
import { registerSecurityHeaders, rememberApiPolicy, type HstsMode } from './security-headers';
import {
  allowAnyOrigin,
  fileInside,
  looksLikeFile,
  registerFileSender,
  sendChecked,
} from './static-files';
import { REMOTES_CONFIG_FILE, isVersion } from './release/store-layout';
import { ReleaseStore } from './release/release-store';
import { apiFigures, readMonitorToken, startRolloutGuard } from './release/rollout-monitor';

export interface GatewayOptions {
  /** The host-shell build (index.html, main.js, chunks). */
  hostDist: string;
  /** The release store: remotes.json and `<remote>/<version>/` directories. */
  storeDir: string;
  /**
   * The API server's origin; `/api/*` is forwarded to it unchanged. Several origins (API servers
   * on one PostgreSQL) share the requests: an undici BalancedPool sends each to the
   * least-loaded upstream and lowers the weight of one that fails to connect.
   */
  apiUrl: string | readonly string[];
  /** false by default; `true` or a pino options object for request logs. */
  logger?: boolean | { level: string };
  /**
   * Compress API answers on the way out (default true). `false` leaves it to a proxy in front
   * (and lets the bench measure an uncompressed baseline); static files are precompressed by
   * the build either way.
   */
  compressApi?: boolean;
  /**
   * Proxies in front of the gateway whose X-Forwarded-For / X-Forwarded-Proto it believes (Fastify's
   * `trustProxy`: addresses, CIDRs, `loopback`, a hop count). Default false: the gateway is the
   * edge, and the API hears the address of the peer that connected to it, whatever a client sent.
   */
  trustProxy?: FastifyServerOptions['trustProxy'];
  /** Strict-Transport-Security: over TLS only (default), or always (TLS ends at an untrusted proxy). */
  hsts?: HstsMode;
  /** The largest `/api` request body in bytes (default: the API's own limit, 1 MiB); larger is a 413 here. */
  apiBodyLimit?: number;
  /**
   * DOCUMENT_MAX_MB, as the API reads it (default 10): document uploads are streamed to the API,
   * not read whole, and refused with 413 past this many megabytes (plus the multipart overhead).
   */
  documentMaxMb?: number;
  /**
   * The automatic stop of staged rollouts (release/rollout-monitor.ts), run by a listening
   * gateway: on by default when a monitor token is known (RELEASE_MONITOR_TOKEN or the store's
   * `.monitor-token`); `false` turns it off, `intervalMs` changes the 20 s period.
   */
  rolloutGuard?: false | { intervalMs?: number; monitorToken?: string };
}

export interface ListeningServer {
  app: FastifyInstance;
  /** `http://<host>:<port>` actually bound (port 0 picks a free one). */
  url: string;
  close(): Promise<void>;
}

const NOT_FOUND = { message: 'الملف أو الصفحة غير موجودة / Not found' };
const HOST_NOT_BUILT =
  '<!doctype html><html dir="rtl" lang="ar"><meta charset="utf-8"><title>عطاء</title>' +
  '<body><p>الواجهة الرئيسية غير مبنية بعد: شغّل <bdi dir="ltr">pnpm --filter host-shell build</bdi>.</p>' +
  '<p dir="ltr" lang="en">The host shell is not built yet: run pnpm --filter host-shell build.</p></body></html>';

/**
 * The integrated site, not yet listening (tests use `app.inject`): the host build with an SPA
 * fallback, `/remotes.json` and every published remote release from the store, and `/api/*`
 * proxied to the API server.
 */
export async function buildGateway(options: GatewayOptions): Promise<FastifyInstance> {
  const hostDist = path.resolve(options.hostDist);
  const storeDir = path.resolve(options.storeDir);
  const app = Fastify({ logger: options.logger ?? false, trustProxy: options.trustProxy ?? false });

  // First, so every answer carries the headers: pages, files, 404s and proxy errors.
  await registerSecurityHeaders(app, {
    policy: {
      kind: 'site',
      remotesConfigFile: path.join(storeDir, REMOTES_CONFIG_FILE),
      hostIndexFile: path.join(hostDist, 'index.html'),
    },
    hsts: options.hsts,
  });
  await registerFileSender(app, hostDist);

  // Before the proxy is registered, so its routes inherit the hook.
  if (options.compressApi !== false) registerResponseCompression(app, { prefix: '/api' });

  const upstreams = apiUpstreams(options.apiUrl);
  const balanced = upstreams.length > 1 ? new BalancedPool(upstreams) : undefined;
  if (balanced) app.addHook('onClose', async () => balanced.close());
  await app.register(httpProxy, {
    upstream: upstreams[0] ?? '',
    // The same undici module as @fastify/reply-from's (one version in the lockfile), so the
    // proxy recognises the pool and lets it pick the origin of each request.
    ...(balanced ? { undici: balanced } : {}),
    prefix: '/api',
    rewritePrefix: '/api',
    // The body is read whole (or refused with 413) before the API is contacted, but for document
    // uploads, which are streamed with a limit of their own: see api-body.ts.
    preHandler: readOrStreamApiBody(
      options.apiBodyLimit ?? API_BODY_LIMIT,
      options.documentMaxMb ?? DOCUMENT_MAX_MB_DEFAULT,
    ),
    handler: (request, reply, dest, replyOptions) => {
      const body = bufferedBody(request);
      return reply.from(
        dest,
        body === undefined
          ? replyOptions
          : {
              ...replyOptions,
              body,
              // Sent as it came (no JSON re-encoding), with its length.
              contentType: request.headers['content-type'] ?? 'application/octet-stream',
            },
      );
    },
    replyOptions: {
      // The API rate-limits logins and logs activity per address: tell it who the client is.
      rewriteRequestHeaders: (request, headers) => withForwardedHeaders(request, headers),
      // Never send a request again. reply-from's default resends a GET answered 503 with
      // Retry-After up to 10 times, after that many milliseconds (it reads the header's seconds
      // as ms): the API's overload refusal, meant for the browser (whose client waits and retries
      // with a backoff), came back to it at once ten times over, with the first forwarding time,
      // so each was refused again as stale. The browser sees the 503 and its Retry-After.
      retryDelay: () => null,
      // Its answer keeps the policy it came with (a document's `sandbox`): security-headers.ts.
      rewriteHeaders: (headers, request) => {
        if (request) rememberApiPolicy(request.raw, headers['content-security-policy']);
        return headers;
      },
      onError: (reply, { error }) => {
        const overLimit = streamedOverLimit(reply.request);
        if (overLimit) {
          answerStreamedTooLarge(reply.request, reply, overLimit);
          return;
        }
        // reply-from has logged the error itself; an API that is down (restarting) needs no more.
        if (!isConnectFailure(error)) reply.log.warn({ err: error }, 'API proxy error');
        answerProxyError(reply, error);
      },
    },
  });

  registerReleaseRoutes(app, storeDir);

  app.get('/*', (request, reply) => sendHostFile(request, reply, hostDist));
  app.setNotFoundHandler((_request, reply) => reply.code(404).send(NOT_FOUND));
  return app;
}

/** The distinct API origins of `apiUrl` (a list, or one string of comma-separated URLs). */
export function apiUpstreams(apiUrl: string | readonly string[]): string[] {
  const list = typeof apiUrl === 'string' ? apiUrl.split(',') : apiUrl;
  const origins = list
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '')
    .map((entry) => new URL(entry).origin);
  if (origins.length === 0) throw new Error('API_URL: at least one API server URL is needed');
  return [...new Set(origins)];
}

/** `/remotes.json` and `/remotes/<name>/<version>/<file>`, readable from any origin. */
export function registerReleaseRoutes(app: FastifyInstance, storeDir: string): void {
  app.addHook('onRequest', async (request, reply) => {
    if (
      request.url === '/remotes.json' ||
      request.url.startsWith('/remotes.json?') ||
      request.url.startsWith('/remotes/')
    ) {
      allowAnyOrigin(reply);
    }
  });

  app.get('/remotes.json', (_request, reply) => {
    if (fileInside(storeDir, REMOTES_CONFIG_FILE))
      return reply.sendFile(REMOTES_CONFIG_FILE, storeDir);
    // Nothing promoted yet: every remote shows its error panel, the shell still works.
    return reply
      .header('cache-control', NO_CACHE)
      .type('application/json; charset=utf-8')
      .send({ remotes: {} });
  });

  app.get('/remotes/*', (request, reply) => {
    const rest = (request.params as { '*': string })['*'];
    const [name = '', version = '', ...file] = rest.split('/');
    if (!REMOTE_NAMES.includes(name as RemoteName) || !isVersion(version) || file.length === 0) {
      return reply.code(404).send(NOT_FOUND);
    }
    const releaseDir = path.join(storeDir, name, version);
    const found = fileInside(releaseDir, file.join('/'));
    return found ? sendChecked(reply, releaseDir, found) : reply.code(404).send(NOT_FOUND);
  });
}

function sendHostFile(
  request: FastifyRequest,
  reply: FastifyReply,
  hostDist: string,
): FastifyReply {
  const urlPath = (request.params as { '*': string })['*'] ?? '';
  const firstSegment = urlPath.split('/')[0];
  // Never answer an API or release URL with the app's HTML: a missing chunk must fail loudly.
  if (firstSegment === 'api' || firstSegment === 'remotes') return reply.code(404).send(NOT_FOUND);
  const found = urlPath === '' ? null : fileInside(hostDist, urlPath);
  if (found) return sendChecked(reply, hostDist, found);
  if (looksLikeFile(urlPath)) return reply.code(404).send(NOT_FOUND);
  const index = fileInside(hostDist, 'index.html');
  if (!index)
    return reply
      .code(503)
      .header('cache-control', NO_CACHE)
      .type('text/html; charset=utf-8')
      .send(HOST_NOT_BUILT);
  return sendChecked(reply, hostDist, index);
}

/**
 * The request's forwarding headers, replaced rather than appended to: a client's own
 * X-Forwarded-For (or Forwarded, X-Real-IP) would otherwise reach the API, which trusts the
 * gateway's, as an address the client chose. `request.ip` is the connecting peer, or with
 * `trustProxy` the client address as the trusted proxies reported it. FORWARDED_AT_HEADER is
 * the moment of forwarding, always the gateway's own (a client's value is overwritten): the API
 * counts a request's wait from it and refuses at once one that has already waited too long
 * (api-server/src/http/admission.ts).
 */
function withForwardedHeaders(
  request: Pick<FastifyRequest, 'ip' | 'protocol' | 'host'>,
  headers: IncomingHttpHeaders,
): IncomingHttpHeaders {
  const forwarded: IncomingHttpHeaders = {
    ...headers,
    'x-forwarded-for': request.ip,
    'x-forwarded-proto': request.protocol,
    'x-forwarded-host': request.host,
    [FORWARDED_AT_HEADER]: String(Date.now()),
  };
  delete forwarded.forwarded;
  delete forwarded['x-real-ip'];
  return forwarded;
}

/** Builds the gateway and listens. `host` defaults to 127.0.0.1 (HOST=0.0.0.0 to expose it). */
export async function createGateway(
  options: GatewayOptions & { port: number; host?: string },
): Promise<ListeningServer> {
  const app = await buildGateway(options);
  const server = await listen(app, options.port, options.host);
  const token =
    options.rolloutGuard === false
      ? null
      : (options.rolloutGuard?.monitorToken ?? readMonitorToken(path.resolve(options.storeDir)));
  if (!token) return server;
  const guard = startRolloutGuard({
    store: new ReleaseStore({ dir: options.storeDir }),
    figuresSince: apiFigures(options.apiUrl, token),
    intervalMs: options.rolloutGuard ? options.rolloutGuard.intervalMs : undefined,
  });
  return {
    ...server,
    close: () => {
      guard.stop();
      return server.close();
    },
  };
}

export async function listen(
  app: FastifyInstance,
  port: number,
  host = '127.0.0.1',
): Promise<ListeningServer> {
  await app.listen({ port, host });
  const address = app.server.address();
  const boundPort = typeof address === 'object' && address ? address.port : port;
  const shownHost = host.includes(':') ? `[${host}]` : host;
  return { app, url: `http://${shownHost}:${boundPort}`, close: () => app.close() };
}

/** True when a host build is present (the start script builds it otherwise). */
export function hostIsBuilt(hostDist: string): boolean {
  return fs.existsSync(path.join(hostDist, 'index.html'));
}
