import {
  AxiosError,
  type AxiosAdapter,
  type AxiosInstance,
  type AxiosResponse,
  type InternalAxiosRequestConfig,
} from 'axios';
import { createApiClient } from 'shared-contracts';

export interface FakeReply {
  status: number;
  data?: unknown;
}

export interface FakeApiCall {
  /** Upper case: 'GET', 'POST'… */
  method: string;
  /** The path as the code asked for it, before the base URL ('/families/7'). */
  url: string;
  /** The query parameters as the code gave them to axios (a number stays a number). */
  params: Record<string, unknown>;
  /** The same parameters as the server reads them: strings, null and undefined left out. */
  query: Record<string, string>;
  /** The JSON body, parsed back (a FormData or Blob is kept as it is). */
  body: unknown;
  /** The Authorization header sent (`Bearer …`), if any. */
  authorization: string | undefined;
}

export type FakeHandler = (
  call: FakeApiCall,
  config: InternalAxiosRequestConfig,
) => FakeReply | Promise<FakeReply>;

function queryOf(params: Record<string, unknown>): Record<string, string> {
  const query: Record<string, string> = {};
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null) query[key] = String(value);
  }
  return query;
}

/**
 * An axios adapter answering from a table of `METHOD /path` handlers, for component tests: they
 * exercise the real client (base URL, bearer token, params) and the real error shapes that
 * `readApiError` reads, with no server. An unhandled call fails like a network error (which is
 * how a lookup falls back to its seed list). `calls` records every request.
 *
 *   const api = createFakeApi();
 *   api.on('GET', '/families', listReply([family]));
 *   client.defaults.adapter = api.adapter;
 */
export function createFakeApi() {
  const handlers = new Map<string, FakeHandler>();
  const calls: FakeApiCall[] = [];

  const adapter: AxiosAdapter = async (config) => {
    const params = { ...((config.params as Record<string, unknown> | undefined) ?? {}) };
    const authorization = config.headers.get('Authorization');
    const call: FakeApiCall = {
      method: (config.method ?? 'get').toUpperCase(),
      url: config.url ?? '',
      params,
      query: queryOf(params),
      body: typeof config.data === 'string' ? (JSON.parse(config.data) as unknown) : config.data,
      authorization: typeof authorization === 'string' ? authorization : undefined,
    };
    calls.push(call);
    const handler = handlers.get(`${call.method} ${call.url}`);
    if (!handler) throw new AxiosError('Network Error', AxiosError.ERR_NETWORK, config);
    const reply = await handler(call, config);
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

  const callsTo = (method: string, url: string): FakeApiCall[] =>
    calls.filter((call) => call.method === method.toUpperCase() && call.url === url);

  return {
    adapter,
    calls,
    /** Answers `METHOD url` with a fixed reply or a handler (which sees the call). */
    on(method: string, url: string, handler: FakeHandler | FakeReply) {
      handlers.set(
        `${method.toUpperCase()} ${url}`,
        typeof handler === 'function' ? handler : () => handler,
      );
    },
    callsTo,
    lastCallTo(method: string, url: string): FakeApiCall | undefined {
      return callsTo(method, url).at(-1);
    },
  };
}

export type FakeApi = ReturnType<typeof createFakeApi>;

/**
 * A paginated list answer as the API shapes it (`{ data, meta }`, docs/architecture.md#the-api).
 */
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

/** A client built as the app builds its own (base URL, timeout, bearer token) that answers from `api`. */
export function createFakeApiClient(api: FakeApi, token = 'test-token'): AxiosInstance {
  const client = createApiClient({ getToken: () => token });
  client.defaults.adapter = api.adapter;
  return client;
}
