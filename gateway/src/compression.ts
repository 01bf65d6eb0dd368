import { pipeline, type Readable } from 'node:stream';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** The encodings the builds precompress into and the gateway speaks (build-config/webpack/precompress-plugin.js). */
export type ContentEncoding = 'br' | 'gzip';

/** Suffix of each precompressed sibling: `main.js` → `main.js.br`, `main.js.gz`. */
export const ENCODING_SUFFIX: Readonly<Record<ContentEncoding, string>> = {
  br: '.br',
  gzip: '.gz',
};

/** Below this a response is sent as it is: the encoding's framing would eat most of the gain. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/** Bodies worth compressing on the way out: JSON and text, never images, fonts or spreadsheets. */
const COMPRESSIBLE_TYPE = /^(text\/|application\/([\w.+-]*\+)?(json|javascript|xml|csv))/i;

/**
 * The encoding to answer an `Accept-Encoding` header with: brotli before gzip at equal weight,
 * neither when the client refuses both (`q=0`) or sends no header (identity).
 */
export function negotiateEncoding(header: string | string[] | undefined): ContentEncoding | null {
  if (header === undefined) return null;
  const weights = new Map<string, number>();
  for (const part of (Array.isArray(header) ? header.join(',') : header).split(',')) {
    const [token = '', ...params] = part.trim().toLowerCase().split(';');
    if (!token) continue;
    const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find(Boolean);
    const weight = q === undefined ? 1 : Number(q);
    weights.set(token, Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (encoding: ContentEncoding) => weights.get(encoding) ?? weights.get('*') ?? 0;
  const br = weightOf('br');
  const gzip = weightOf('gzip');
  if (br <= 0 && gzip <= 0) return null;
  return br >= gzip ? 'br' : 'gzip';
}

/** Appends `Accept-Encoding` to the reply's Vary header once. */
export function varyOnAcceptEncoding(reply: FastifyReply): void {
  const current = reply.getHeader('vary');
  const value = Array.isArray(current) ? current.join(', ') : current ? String(current) : '';
  const tokens = value
    .split(',')
    .map((token) => token.trim().toLowerCase())
    .filter(Boolean);
  if (tokens.includes('accept-encoding') || tokens.includes('*')) return;
  reply.header('vary', value ? `${value}, Accept-Encoding` : 'Accept-Encoding');
}

/** Fast settings: these bodies are compressed per request, unlike the build's precompressed files. */
function compressor(encoding: ContentEncoding): zlib.BrotliCompress | zlib.Gzip {
  return encoding === 'br'
    ? zlib.createBrotliCompress({
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
          [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        },
      })
    : zlib.createGzip({ level: 6 });
}

function compressBuffer(encoding: ContentEncoding, body: Buffer): Buffer {
  return encoding === 'br'
    ? zlib.brotliCompressSync(body, {
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 },
      })
    : zlib.gzipSync(body, { level: 6 });
}

function isStream(payload: unknown): payload is Readable {
  return (
    typeof payload === 'object' &&
    payload !== null &&
    typeof (payload as { pipe?: unknown }).pipe === 'function'
  );
}

export interface ResponseCompressionOptions {
  /** Only responses to URLs under this prefix are considered (the API proxy's `/api`). */
  prefix: string;
  thresholdBytes?: number;
}

/**
 * Compresses JSON and text answers under `prefix` (the proxied API) when the client accepts
 * brotli or gzip and the body is over the threshold: list pages, lookups and reports shrink
 * several times on a slow office line. Bodies the upstream already encoded, empty answers and
 * HEAD requests pass through untouched.
 */
export function registerResponseCompression(
  app: FastifyInstance,
  { prefix, thresholdBytes = COMPRESSION_THRESHOLD_BYTES }: ResponseCompressionOptions,
): void {
  const inScope = (request: FastifyRequest) =>
    request.url === prefix ||
    request.url.startsWith(`${prefix}/`) ||
    request.url.startsWith(`${prefix}?`);

  app.addHook('onSend', async (request, reply, payload) => {
    if (!inScope(request) || request.method === 'HEAD') return payload;
    if (reply.statusCode === 204 || reply.statusCode === 304 || payload === null) return payload;
    const type = String(reply.getHeader('content-type') ?? '');
    if (!COMPRESSIBLE_TYPE.test(type) || reply.hasHeader('content-encoding')) return payload;
    // Whatever the decision for this client, the answer depends on Accept-Encoding.
    varyOnAcceptEncoding(reply);
    const encoding = negotiateEncoding(request.headers['accept-encoding']);
    if (!encoding) return payload;

    const declared = Number(reply.getHeader('content-length'));
    if (!isStream(payload)) {
      const body = Buffer.isBuffer(payload) ? payload : Buffer.from(String(payload));
      if (body.length < thresholdBytes) return payload;
      reply.header('content-encoding', encoding);
      reply.removeHeader('content-length');
      weakenEtag(reply);
      return compressBuffer(encoding, body);
    }
    // A streamed body (the proxy's): its declared length decides; unknown lengths are compressed.
    if (Number.isFinite(declared) && declared < thresholdBytes) return payload;
    reply.header('content-encoding', encoding);
    reply.removeHeader('content-length');
    weakenEtag(reply);
    const output = compressor(encoding);
    pipeline(payload, output, (error) => {
      if (error) request.log.warn({ err: error }, 'compression of a proxied response failed');
    });
    return output;
  });
}

/** A strong validator names exact bytes; the compressed body is another representation of them. */
function weakenEtag(reply: FastifyReply): void {
  const etag = reply.getHeader('etag');
  if (typeof etag === 'string' && !etag.startsWith('W/')) reply.header('etag', `W/${etag}`);
}
