import path from 'node:path';

/** Revalidated on every use (with ETag / Last-Modified, so unchanged files cost a 304). */
export const NO_CACHE = 'no-cache';
/** Content-addressed files never change under their name. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Files whose name stays the same while their content changes between releases or promotions
 * (docs/architecture.md#federation): they must be revalidated, or a browser keeps running the
 * previous version.
 */
const UNHASHED_ENTRY_POINTS = new Set([
  'remotes.json',
  'mf-manifest.json',
  'mf-stats.json',
  'remoteEntry.js',
  'release.json',
  'index.html',
  'main.js',
]);

/** `[name].[contenthash:8].ext` (and its source map), as the webpack configs name chunks and assets. */
const CONTENT_HASHED = /\.[0-9a-f]{8}\.[A-Za-z0-9]+(\.map)?$/;
const FONT = /\.(woff2?|ttf|otf|eot)$/i;

/** A precompressed sibling (`main.js.br`) is cached like the file it encodes. */
const ENCODED_SIBLING = /\.(br|gz)$/;

/** The Cache-Control header for a served file. Anything not known to be hashed is revalidated. */
export function cacheControlFor(filePath: string): string {
  const name = path.basename(filePath).replace(ENCODED_SIBLING, '');
  if (UNHASHED_ENTRY_POINTS.has(name)) return NO_CACHE;
  if (CONTENT_HASHED.test(name) || FONT.test(name)) return IMMUTABLE;
  return NO_CACHE;
}
