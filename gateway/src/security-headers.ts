import { createHash } from 'node:crypto';
import fs from 'node:fs';
import type { IncomingMessage } from 'node:http';
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { remotesConfigSchema } from 'shared-contracts';
import { z } from 'zod';

/**
 * When Strict-Transport-Security is sent. `tls`: only on a request that came over TLS — to the
 * gateway itself, or through a proxy it trusts (`trustProxy`) that says so in X-Forwarded-Proto;
 * over plain HTTP the header means nothing, and a site tried out on http://127.0.0.1 must not pin
 * that name to HTTPS. `always`: the site is only ever reached over HTTPS, terminated by a proxy the
 * gateway does not otherwise trust.
 */
export type HstsMode = 'tls' | 'always';

/** One year, subdomains included; no `preload` (that is a decision for the domain's owner). */
export const HSTS_HEADER = 'max-age=31536000; includeSubDomains';

export interface SecurityHeadersOptions {
  /**
   * `site`: a page of the product is served here (the host's index.html): its scripts may come from
   * the site itself and from the origin of every manifest in `remotesConfigFile`, re-read whenever
   * the file changes (a promotion or rollback can move a remote to another origin at run time).
   * `files`: scripts, JSON and fonts only (a remote on its own port): nothing may run or load.
   */
  policy:
    | {
        kind: 'site';
        remotesConfigFile: string;
        /**
         * The host's index.html: its inline scripts (the login form shown before the app loads,
         * build-config html-shell.js) are allowed by their SHA-256, re-read when the file changes.
         */
        hostIndexFile?: string;
      }
    | { kind: 'files' };
  hsts?: HstsMode;
}

type DirectiveValue = string | ((request: IncomingMessage) => string);

/**
 * The policy of everything that is not a page: scripts, JSON, fonts, 404s. A policy only governs
 * a document (or a worker, which the product has none of), so the site's long policy — about 1 KB
 * with six remote origins and the inline-script hashes — would be sent again with every script
 * and mean nothing there; this one locks down such a response should it ever be opened as a page.
 */
export const NON_DOCUMENT_POLICY = "default-src 'none';frame-ancestors 'none'";

/**
 * The site's directives. Scripts: the site and the remotes only — no inline script, no eval (the
 * production builds of the host and the federation runtime need neither; the host runs zod
 * `jitless`). Styles: styled-components writes its rules into <style> elements at run time, so
 * `'unsafe-inline'` stays for styles — no script runs through it, and a nonce would have to reach
 * the styled-components of every federated bundle through a per-response index.html.
 */
function siteDirectives(
  remoteOrigins: () => readonly string[],
  inlineScripts: () => readonly string[] = () => [],
): Record<string, DirectiveValue[]> {
  // Helmet calls these for each response, so a changed remotes.json applies at once; the file is
  // looked at once per request, not once per directive.
  const perRequest = new WeakMap<IncomingMessage, readonly string[]>();
  const originsFor = (request: IncomingMessage) => {
    let origins = perRequest.get(request);
    if (!origins) {
      origins = remoteOrigins();
      perRequest.set(request, origins);
    }
    return origins;
  };
  const selfAndRemotes =
    (...extra: string[]) =>
    (request: IncomingMessage) =>
      ["'self'", ...extra, ...originsFor(request)].join(' ');
  return {
    defaultSrc: ["'self'"],
    baseUri: ["'none'"],
    objectSrc: ["'none'"],
    frameAncestors: ["'none'"],
    formAction: ["'self'"],
    scriptSrc: [
      (request: IncomingMessage) => [selfAndRemotes()(request), ...inlineScripts()].join(' '),
    ],
    scriptSrcAttr: ["'none'"],
    styleSrc: [selfAndRemotes("'unsafe-inline'")],
    // The favicon and a few CSS backgrounds are data: SVGs; a document's thumbnail and preview are
    // blob: URLs of images read with the session's token (docs/documents.md).
    imgSrc: [selfAndRemotes('data:', 'blob:')],
    fontSrc: [selfAndRemotes()],
    // mf-manifest.json and release.json of each remote are fetched from its origin.
    connectSrc: [selfAndRemotes()],
  };
}

/**
 * Registers @fastify/helmet for every response of `app`: the CSP of `options.policy`,
 * `X-Content-Type-Options: nosniff`, `Referrer-Policy: no-referrer`, `X-Frame-Options: DENY` (for
 * browsers without frame-ancestors), helmet's other defaults, and HSTS as `options.hsts` says.
 * Files that other origins load (remoteEntry.js, chunks, fonts) say so with
 * `Cross-Origin-Resource-Policy: cross-origin` where they allow any origin (static-files.ts).
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  options: SecurityHeadersOptions,
): Promise<void> {
  const { policy } = options;
  const directives =
    policy.kind === 'site'
      ? siteDirectives(
          remoteOriginsReader(policy.remotesConfigFile),
          policy.hostIndexFile ? inlineScriptHashesReader(policy.hostIndexFile) : undefined,
        )
      : { defaultSrc: ["'none'"], frameAncestors: ["'none'"] }; // = NON_DOCUMENT_POLICY
  const helmetOptions: FastifyHelmetOptions = {
    contentSecurityPolicy: { useDefaults: false, directives },
    referrerPolicy: { policy: 'no-referrer' },
    xFrameOptions: { action: 'deny' },
    // Decided per request below: helmet's own would be sent over plain HTTP too.
    strictTransportSecurity: false,
  };
  await app.register(helmet, helmetOptions);
  if (policy.kind === 'site') {
    // The site's policy on its pages only (see NON_DOCUMENT_POLICY); a proxied API answer keeps
    // the policy the API server gave it (`default-src 'none'` on JSON, `sandbox` on a document's
    // bytes: docs/documents.md), else gets the lockdown one. A 304 keeps the site's policy: it
    // carries no Content-Type, and the browser copies its headers onto the cached answer — a
    // cached page given the lockdown policy would run none of its scripts on the next visit.
    app.addHook('onSend', async (request, reply, payload) => {
      if (reply.statusCode !== 304 && !isHtml(reply.getHeader('content-type')))
        void reply.header(
          'content-security-policy',
          apiPolicies.get(request.raw) ?? NON_DOCUMENT_POLICY,
        );
      return payload;
    });
  }
  const hsts = options.hsts ?? 'tls';
  app.addHook('onRequest', async (request, reply) => {
    if (sendsHsts(request, hsts)) void reply.header('strict-transport-security', HSTS_HEADER);
  });
}

/** The Content-Security-Policy each proxied API answer came with (`rememberApiPolicy`). */
const apiPolicies = new WeakMap<object, string>();

/**
 * Called by the API proxy with the raw request and the upstream answer's policy: that answer
 * keeps it instead of the lockdown one (the API's policies are its own, and never looser).
 */
export function rememberApiPolicy(request: object, policy: unknown): void {
  if (typeof policy === 'string' && policy.trim() !== '') apiPolicies.set(request, policy);
}

function isHtml(contentType: unknown): boolean {
  const value = Array.isArray(contentType) ? contentType[0] : contentType;
  return typeof value === 'string' && /^\s*text\/html\b/i.test(value);
}

function sendsHsts(request: FastifyRequest, mode: HstsMode): boolean {
  return mode === 'always' || request.protocol === 'https';
}

/**
 * The origins (`http://127.0.0.1:3911`) of the manifests in remotes.json that are not on the site
 * itself, re-read only when the file changes (the release CLI replaces it by a rename, so its
 * inode, size or times change). No file, or one that does not parse: no remote origins (the host
 * cannot load remotes from it either).
 */
export function remoteOriginsReader(file: string): () => readonly string[] {
  let cached: { key: string; origins: readonly string[] } | null = null;
  return () => {
    const stat = fs.statSync(file, { throwIfNoEntry: false });
    if (!stat) return [];
    const key = `${stat.ino}:${stat.size}:${stat.mtimeMs}:${stat.ctimeMs}`;
    if (cached?.key === key) return cached.origins;
    cached = { key, origins: readRemoteOrigins(file) };
    return cached.origins;
  };
}

/**
 * The CSP sources (`'sha256-…'`) of the inline scripts of an HTML file, re-read only when it
 * changes (a new host build). No file: none. Only the site's own built page is read, so nothing a
 * visitor sends can add a script here.
 */
export function inlineScriptHashesReader(file: string): () => readonly string[] {
  let cached: { key: string; hashes: readonly string[] } | null = null;
  return () => {
    const stat = fs.statSync(file, { throwIfNoEntry: false });
    if (!stat) return [];
    const key = `${stat.ino}:${stat.size}:${stat.mtimeMs}:${stat.ctimeMs}`;
    if (cached?.key === key) return cached.hashes;
    cached = { key, hashes: inlineScriptHashes(fs.readFileSync(file, 'utf8')) };
    return cached.hashes;
  };
}

/** `'sha256-<base64>'` of each `<script>` without `src` in `html`, as CSP hashes them (the text between the tags). */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/gi)) {
    const attributes = match[1] ?? '';
    const body = match[2] ?? '';
    if (/\ssrc\s*=/i.test(attributes) || body === '') continue;
    hashes.add(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return [...hashes].sort();
}

function readRemoteOrigins(file: string): readonly string[] {
  let raw: unknown;
  try {
    raw = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return [];
  }
  const parsed = remotesConfigSchema.safeParse(raw);
  if (!parsed.success) return [];
  const origins = new Set<string>();
  for (const entry of Object.values(parsed.data.remotes)) {
    const origin = entry ? foreignOrigin(entry.manifest) : null;
    if (origin) origins.add(origin);
  }
  return [...origins].sort();
}

// A manifest URL relative to the site resolves against this and keeps its origin: 'self'.
const SITE_BASE = 'http://site.invalid';

/** The origin of an absolute http(s) manifest URL; null for one on the site itself or unusable. */
export function foreignOrigin(manifestUrl: string): string | null {
  let url: URL;
  try {
    url = new URL(manifestUrl, SITE_BASE);
  } catch {
    return null;
  }
  if (url.origin === SITE_BASE) return null;
  // An http: source also matches the same host over https (CSP level 3), so one entry covers a
  // protocol-relative URL (resolved against http: here) whichever scheme the site uses.
  return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
}

// `VAR=` in a shell or an env file means "not set".
const unsetWhenEmpty = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

/** GATEWAY_TRUST_PROXY and HSTS (main.ts): what `trustProxy` and `hsts` get. */
export const securityEnvSchema = z.object({
  GATEWAY_TRUST_PROXY: z.preprocess(
    unsetWhenEmpty,
    z
      .string()
      .default('false')
      .transform((raw, ctx): false | string[] => {
        const value = raw.trim().toLowerCase();
        if (value === 'false' || value === 'none') return false;
        if (value === 'true') {
          ctx.addIssue({
            code: 'custom',
            message:
              "GATEWAY_TRUST_PROXY=true would let any client forge its address; list the proxies' addresses",
          });
          return z.NEVER;
        }
        // Fastify (proxy-addr) refuses an entry that is not an address, a CIDR or a range name.
        return raw
          .split(',')
          .map((entry) => entry.trim())
          .filter(Boolean);
      }),
  ),
  HSTS: z.preprocess(unsetWhenEmpty, z.enum(['tls', 'always']).default('tls')),
});
