/**
 * The load generator's HTTP client: node:http over one keep-alive agent (a socket per simulated
 * user, reused for every request), bodies read as text. Lighter per request than `fetch` in this
 * Node (undici's WHATWG streams cost CPU the 2-core machine shares with the API and the database),
 * and still real HTTP/1.1 with keep-alive as a browser behind the gateway sends.
 */
import http from 'node:http';

export interface HttpResponse {
  status: number;
  text: string;
  /** The `Retry-After` of a 503 (the API's overload refusal), in seconds. */
  retryAfterSeconds?: number;
}

export class HttpClient {
  private agent: http.Agent;
  private readonly maxSockets: number;
  private readonly host: string;
  private readonly port: number;
  private readonly prefix: string;

  /** `baseUrl`: e.g. `http://127.0.0.1:41234/api`. */
  constructor(baseUrl: string, maxSockets: number) {
    const url = new URL(baseUrl);
    this.host = url.hostname;
    this.port = Number(url.port);
    this.prefix = url.pathname.replace(/\/$/, '');
    this.maxSockets = maxSockets;
    this.agent = this.newAgent();
  }

  // FIFO: idle connections take turns, so every one (and every API worker behind it) stays in use.
  private newAgent(): http.Agent {
    return new http.Agent({
      keepAlive: true,
      maxSockets: this.maxSockets,
      maxFreeSockets: this.maxSockets,
      scheduling: 'fifo',
    });
  }

  /** Drops every connection; the next requests open new ones. */
  recycle(): void {
    this.agent.destroy();
    this.agent = this.newAgent();
  }

  /** Resolves on any status; rejects only on a network error or `timeoutMs` without an answer. */
  request(
    method: string,
    path: string,
    options: { token?: string; body?: unknown; timeoutMs?: number } = {},
  ): Promise<HttpResponse> {
    const payload =
      options.body === undefined ? undefined : Buffer.from(JSON.stringify(options.body));
    const headers: http.OutgoingHttpHeaders = { accept: 'application/json' };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (payload) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = payload.length;
    }
    return new Promise((resolve, reject) => {
      const request = http.request(
        {
          agent: this.agent,
          host: this.host,
          port: this.port,
          method,
          path: `${this.prefix}${path}`,
          headers,
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () =>
            resolve({
              status: response.statusCode ?? 0,
              text: Buffer.concat(chunks).toString('utf8'),
              ...(response.headers['retry-after']
                ? { retryAfterSeconds: Number(response.headers['retry-after']) }
                : {}),
            }),
          );
          response.on('error', reject);
        },
      );
      request.setTimeout(options.timeoutMs ?? 30_000, () =>
        request.destroy(new Error(`no answer within ${options.timeoutMs ?? 30_000} ms`)),
      );
      request.on('error', reject);
      request.end(payload);
    });
  }

  close(): void {
    this.agent.destroy();
  }
}

/** `?a=1&b=x` from a record (values encoded; none when empty). */
export function queryString(query: Record<string, string | number>): string {
  const entries = Object.entries(query);
  if (entries.length === 0) return '';
  return `?${entries.map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`).join('&')}`;
}
