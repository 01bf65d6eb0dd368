import {
  AxiosError,
  type AxiosAdapter,
  type AxiosResponse,
  type InternalAxiosRequestConfig,
} from 'axios';

export interface FakeReply {
  status: number;
  data?: unknown;
}
type Handler = (request: FakeApiCall) => FakeReply | Promise<FakeReply>;

export interface FakeApiCall {
  method: string;
  url: string;
  params: Record<string, unknown>;
  body: unknown;
}

/**
 * An axios adapter answering from a table of `METHOD /path` handlers, so the tests exercise
 * the real client (base URL, params serialisation input, error shapes read by readApiError).
 * An unhandled call fails like a network error. `calls` records every request.
 */
export function createFakeApi() {
  const handlers = new Map<string, Handler>();
  const calls: FakeApiCall[] = [];

  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const call: FakeApiCall = {
      method: (config.method ?? 'get').toUpperCase(),
      url: config.url ?? '',
      params: { ...((config.params as Record<string, unknown> | undefined) ?? {}) },
      body: typeof config.data === 'string' ? (JSON.parse(config.data) as unknown) : config.data,
    };
    calls.push(call);
    const handler = handlers.get(`${call.method} ${call.url}`);
    if (!handler) throw new AxiosError('Network Error', AxiosError.ERR_NETWORK, config);
    const reply = await handler(call);
    const response: AxiosResponse = {
      data: reply.data,
      status: reply.status,
      statusText: String(reply.status),
      headers: {},
      config,
      request: {},
    };
    if (reply.status >= 400) {
      const code = reply.status >= 500 ? AxiosError.ERR_BAD_RESPONSE : AxiosError.ERR_BAD_REQUEST;
      throw new AxiosError(
        `Request failed with status code ${reply.status}`,
        code,
        config,
        {},
        response,
      );
    }
    return response;
  };

  return {
    adapter,
    calls,
    on(method: string, url: string, handler: Handler | FakeReply) {
      handlers.set(
        `${method.toUpperCase()} ${url}`,
        typeof handler === 'function' ? handler : () => handler,
      );
    },
    callsTo(method: string, url: string) {
      return calls.filter((call) => call.method === method.toUpperCase() && call.url === url);
    },
    lastCallTo(method: string, url: string): FakeApiCall | undefined {
      return this.callsTo(method, url).at(-1);
    },
  };
}

export type FakeApi = ReturnType<typeof createFakeApi>;

/** A list answer as the API shapes it. */
export function listReply<T>(
  data: readonly T[],
  meta: Partial<{ page: number; per_page: number; total: number; last_page: number }> = {},
): FakeReply {
  const perPage = meta.per_page ?? 20;
  const total = meta.total ?? data.length;
  return {
    status: 200,
    data: {
      data,
      meta: {
        page: meta.page ?? 1,
        per_page: perPage,
        total,
        last_page: meta.last_page ?? Math.max(1, Math.ceil(total / perPage)),
      },
    },
  };
}
