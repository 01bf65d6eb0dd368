import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/** One year, subdomains included; sent only on requests that came over TLS. */
const HSTS_HEADER = 'max-age=31536000; includeSubDomains';

/**
 * Security headers on every answer (@fastify/helmet): `Content-Security-Policy: default-src
 * 'none';frame-ancestors 'none'`, `X-Content-Type-Options: nosniff`, `Referrer-Policy:
 * no-referrer`, `X-Frame-Options: DENY` and helmet's other defaults.
 * Strict-Transport-Security only when the request came over TLS — directly, or per the
 * X-Forwarded-Proto of a proxy the app trusts (`trustProxy`, e.g. the gateway): over plain HTTP it
 * means nothing, and a trial on http://127.0.0.1 must not pin that name to HTTPS.
 *
 * Registered, not awaited: it loads, in order, with the plugins registered after it, so a failure
 * surfaces where buildApp awaits those.
 */
export function installSecurityHeaders(app: FastifyInstance): void {
  void app.register(helmet, {
    // JSON and files only: a document from the API may load nothing, nor be framed.
    contentSecurityPolicy: {
      useDefaults: false,
      directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
    },
    referrerPolicy: { policy: 'no-referrer' },
    xFrameOptions: { action: 'deny' },
    strictTransportSecurity: false,
  });
  app.addHook('onRequest', async (request, reply) => {
    if (request.protocol === 'https') void reply.header('strict-transport-security', HSTS_HEADER);
  });
}
