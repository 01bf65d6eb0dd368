/**
 * Records the JavaScript a browser context fetches: URL, status, bytes on the wire (headers +
 * body as transferred), raw body size and gzip level 9 of the body computed here — so the figure
 * does not depend on whether the server compresses. Also tracks requests in flight, so a phase
 * can wait until the network has been quiet for a moment.
 */
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { BrowserContext, Request } from 'playwright-core';

export interface ScriptResponse {
  url: string;
  origin: string;
  /** last path segment, e.g. `main.js` */
  file: string;
  status: number;
  rawBytes: number;
  gzipBytes: number;
  /** response headers + body as they crossed the wire (0 when served from the memory cache) */
  transferBytes: number;
  /** the response's Content-Encoding ('' for none) */
  encoding: string;
  body: Buffer;
  /** ms since the recorder started */
  at: number;
}

export function gzipSize(body: Buffer | string): number {
  return gzipSync(body, { level: 9 }).length;
}

/** Brotli at quality 11, what the builds precompress with (computed here from the body). */
export function brotliSize(body: Buffer | string): number {
  return brotliCompressSync(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 11,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    },
  }).length;
}

function isJavaScript(request: Request, contentType: string | undefined): boolean {
  return request.resourceType() === 'script' || /javascript|ecmascript/.test(contentType ?? '');
}

export class NetworkRecorder {
  readonly scripts: ScriptResponse[] = [];
  readonly failures: string[] = [];
  private inflight = 0;
  private lastChange = Date.now();
  private readonly pending = new Set<Promise<void>>();
  private readonly started = Date.now();

  constructor(context: BrowserContext) {
    context.on('request', () => {
      this.inflight += 1;
      this.lastChange = Date.now();
    });
    context.on('requestfailed', (request) => {
      this.settle();
      this.failures.push(`${request.url()} (${request.failure()?.errorText ?? 'failed'})`);
    });
    context.on('requestfinished', (request) => {
      // A context closed mid-response rejects here: that response is simply not recorded.
      const collecting = this.collect(request)
        .catch(() => undefined)
        .finally(() => {
          this.pending.delete(collecting);
          this.settle();
        });
      this.pending.add(collecting);
    });
  }

  private settle(): void {
    this.inflight = Math.max(0, this.inflight - 1);
    this.lastChange = Date.now();
  }

  private async collect(request: Request): Promise<void> {
    const response = await request.response();
    if (!response) return;
    const headers = response.headers();
    if (!isJavaScript(request, headers['content-type'])) return;
    let body: Buffer;
    try {
      body = await response.body();
    } catch {
      return; // the page went away before the body could be read
    }
    const sizes = await request.sizes().catch(() => null);
    const url = new URL(request.url());
    this.scripts.push({
      url: url.href,
      origin: url.origin,
      file: url.pathname.split('/').pop() ?? url.pathname,
      status: response.status(),
      rawBytes: body.length,
      gzipBytes: gzipSize(body),
      transferBytes: sizes ? sizes.responseBodySize + sizes.responseHeadersSize : 0,
      encoding: headers['content-encoding'] ?? '',
      body,
      at: Date.now() - this.started,
    });
  }

  /** A position to slice `scripts` from later (`since(mark)`). */
  mark(): number {
    return this.scripts.length;
  }

  since(mark: number): ScriptResponse[] {
    return this.scripts.slice(mark);
  }

  /** Resolves once nothing has been in flight for `quietMs` (and every body has been read). */
  async waitForIdle(quietMs = 500, timeoutMs = 15000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (this.inflight === 0 && this.pending.size === 0 && Date.now() - this.lastChange >= quietMs)
        return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await Promise.all([...this.pending]);
  }
}

/** One entry per URL (the first response), e.g. when a page was loaded twice. */
export function uniqueByUrl(scripts: readonly ScriptResponse[]): ScriptResponse[] {
  const seen = new Map<string, ScriptResponse>();
  for (const script of scripts) if (!seen.has(script.url)) seen.set(script.url, script);
  return [...seen.values()];
}
