/**
 * Everything a page fetches, as Chromium's DevTools protocol reports it: bytes on the wire
 * (`encodedDataLength`: headers and the body as transferred, compressed when it was), the decoded
 * body size, the Content-Encoding — for every resource type, API answers included. The same CDP
 * session slows the page down like a modest office PC (CPU throttling, a slow line).
 */
import type { CDPSession, Page } from 'playwright-core';

export interface WireResponse {
  url: string;
  /** CDP resource type: Document, Script, Fetch, XHR, Font, Stylesheet, Image… */
  type: string;
  mimeType: string;
  status: number;
  /** Content-Encoding ('' for none) */
  encoding: string;
  /** headers + body as received */
  wireBytes: number;
  /** the body after decoding */
  bodyBytes: number;
  fromCache: boolean;
}

/** A modest office PC: the CPU 4× slower than this machine, a 10 Mb/s line with 40 ms latency. */
export const MODEST_PC = { cpuSlowdown: 4, latencyMs: 40, megabitsPerSecond: 10 } as const;

interface Pending {
  url: string;
  type: string;
  mimeType: string;
  status: number;
  encoding: string;
  bodyBytes: number;
  fromCache: boolean;
}

type Headers = Record<string, string>;

function header(headers: Headers | undefined, name: string): string {
  if (!headers) return '';
  for (const [key, value] of Object.entries(headers))
    if (key.toLowerCase() === name) return String(value);
  return '';
}

export class WireRecorder {
  readonly responses: WireResponse[] = [];
  private readonly pending = new Map<string, Pending>();
  private lastChange = Date.now();

  private constructor(readonly cdp: CDPSession) {
    cdp.on('Network.requestWillBeSent', (event) => {
      if (event.redirectResponse) return; // same request id, already counted
      this.pending.set(event.requestId, {
        url: event.request.url,
        type: event.type ?? 'Other',
        mimeType: '',
        status: 0,
        encoding: '',
        bodyBytes: 0,
        fromCache: false,
      });
      this.lastChange = Date.now();
    });
    cdp.on('Network.responseReceived', (event) => {
      const entry = this.pending.get(event.requestId);
      if (!entry) return;
      entry.url = event.response.url;
      entry.type = event.type ?? entry.type;
      entry.mimeType = event.response.mimeType;
      entry.status = event.response.status;
      entry.encoding = header(event.response.headers as Headers, 'content-encoding');
      entry.fromCache = Boolean(event.response.fromDiskCache || event.response.fromServiceWorker);
    });
    cdp.on('Network.dataReceived', (event) => {
      const entry = this.pending.get(event.requestId);
      if (entry) entry.bodyBytes += event.dataLength;
    });
    cdp.on('Network.loadingFinished', (event) => {
      const entry = this.pending.get(event.requestId);
      if (!entry) return;
      this.pending.delete(event.requestId);
      this.lastChange = Date.now();
      if (entry.url.startsWith('data:')) return;
      this.responses.push({ ...entry, wireBytes: event.encodedDataLength });
    });
    cdp.on('Network.loadingFailed', (event) => {
      this.pending.delete(event.requestId);
      this.lastChange = Date.now();
    });
  }

  static async attach(page: Page): Promise<WireRecorder> {
    const cdp = await page.context().newCDPSession(page);
    const recorder = new WireRecorder(cdp);
    await cdp.send('Network.enable');
    return recorder;
  }

  /** Slows this page down like a modest office PC (MODEST_PC), until `unthrottle()`. */
  async throttle(profile: typeof MODEST_PC = MODEST_PC): Promise<void> {
    const bytesPerSecond = (profile.megabitsPerSecond * 1_000_000) / 8;
    await this.cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: profile.latencyMs,
      downloadThroughput: bytesPerSecond,
      uploadThroughput: bytesPerSecond,
    });
    await this.cdp.send('Emulation.setCPUThrottlingRate', { rate: profile.cpuSlowdown });
  }

  async unthrottle(): Promise<void> {
    await this.cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    await this.cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  }

  mark(): number {
    return this.responses.length;
  }

  since(mark: number): WireResponse[] {
    return this.responses.slice(mark);
  }

  /** Resolves once nothing has been in flight for `quietMs`. */
  async waitForIdle(quietMs = 500, timeoutMs = 30000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (this.pending.size === 0 && Date.now() - this.lastChange >= quietMs) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  async detach(): Promise<void> {
    await this.cdp.detach().catch(() => undefined);
  }
}

const TEXT_MIME =
  /^(text\/|application\/([\w.+-]*\+)?(json|javascript|ecmascript|xml))|image\/svg/i;

export function isText(response: WireResponse): boolean {
  return TEXT_MIME.test(response.mimeType);
}

export function isScript(response: WireResponse): boolean {
  return response.type === 'Script' || /javascript|ecmascript/i.test(response.mimeType);
}

export interface WireTotals {
  requests: number;
  wireBytes: number;
  scriptWireBytes: number;
  apiWireBytes: number;
}

export function totals(responses: readonly WireResponse[]): WireTotals {
  const network = responses.filter((response) => !response.fromCache);
  const sum = (list: readonly WireResponse[]) =>
    list.reduce((total, response) => total + response.wireBytes, 0);
  return {
    requests: network.length,
    wireBytes: sum(network),
    scriptWireBytes: sum(network.filter(isScript)),
    apiWireBytes: sum(
      network.filter((response) => new URL(response.url).pathname.startsWith('/api/')),
    ),
  };
}

/**
 * Text answers of 1 KB or more sent without a Content-Encoding although Chromium accepts brotli
 * and gzip (smaller ones are not worth it: the encoding's framing eats the gain).
 */
export function uncompressedText(
  responses: readonly WireResponse[],
  minBytes = 1024,
): WireResponse[] {
  return responses.filter(
    (response) =>
      !response.fromCache &&
      response.status === 200 &&
      isText(response) &&
      response.bodyBytes >= minBytes &&
      !response.encoding,
  );
}
