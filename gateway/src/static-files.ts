import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { cacheControlFor } from './cache-control';

/** Never served, though kept beside each build and release: source maps (for decoding errors). */
const NOT_PUBLIC = /\.map$/i;

/**
 * Registers @fastify/static without routes of its own: the gateway's routes decide which root a
 * request maps to, and every file gets the Cache-Control of `cacheControlFor`.
 *
 * `preCompressed`: each build writes `<file>.br` and `<file>.gz` beside its text files
 * (build-config/webpack/precompress-plugin.js); the one the client's Accept-Encoding prefers is
 * sent with Content-Encoding, the original's Content-Type and `Vary: Accept-Encoding`, and the
 * raw file when there is no such sibling (images, fonts, remotes.json) or no encoding is accepted.
 */
export async function registerFileSender(app: FastifyInstance, defaultRoot: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: path.resolve(defaultRoot),
    serve: false,
    cacheControl: false,
    etag: true,
    lastModified: true,
    index: false,
    preCompressed: true,
    // The release store keeps half-copied releases and locks as dotfiles: never serve them.
    dotfiles: 'ignore',
    setHeaders: (reply, filePath) => {
      reply.header('cache-control', cacheControlFor(filePath));
    },
  });
}

/**
 * The file `urlPath` names inside `root`, or null when it escapes the root, contains a dotfile
 * segment, is a source map or is not a regular file. Decides between sending, a 404 and the SPA fallback before
 * @fastify/static is asked to send anything.
 */
export function fileInside(root: string, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const segments = decoded.split('/').filter((segment) => segment !== '');
  if (segments.some((segment) => segment.startsWith('.'))) return null;
  if (NOT_PUBLIC.test(segments[segments.length - 1] ?? '')) return null;
  const resolvedRoot = path.resolve(root);
  const candidate = path.resolve(resolvedRoot, ...segments);
  if (candidate !== resolvedRoot && !candidate.startsWith(resolvedRoot + path.sep)) return null;
  try {
    return fs.statSync(candidate).isFile() ? candidate : null;
  } catch {
    return null;
  }
}

/** Sends a file already checked by `fileInside`. */
export function sendChecked(reply: FastifyReply, root: string, file: string): FastifyReply {
  const relative = path.relative(path.resolve(root), file).split(path.sep).join('/');
  return reply.sendFile(relative, path.resolve(root));
}

/** The last path segment has an extension: a request for a file, never for an SPA route. */
export function looksLikeFile(urlPath: string): boolean {
  const last = urlPath.split('/').filter(Boolean).pop() ?? '';
  return /\.[A-Za-z0-9]+$/.test(last);
}

/**
 * Allows another origin (a host on another port in dev and e2e) to fetch and run these files: CORS
 * for fetches, and Cross-Origin-Resource-Policy for <script> loads (helmet's default is same-origin).
 */
export function allowAnyOrigin(reply: FastifyReply): void {
  reply.header('access-control-allow-origin', '*');
  reply.header('cross-origin-resource-policy', 'cross-origin');
}
