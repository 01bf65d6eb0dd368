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
type Handler = (config: InternalAxiosRequestConfig) => FakeReply | Promise<FakeReply>;

export interface FakeApiCall {
  method: string;
  url: string;
  body: unknown;
  authorization: string | undefined;
}

/**
 * An axios adapter answering from a table of `METHOD /path` handlers, so tests exercise the real
 * client (base URL, bearer token, timeouts config) and the real error shapes. An unhandled call
 * fails like a network error.
 */
export function createFakeApi() {
  const handlers = new Map<string, Handler>();
  const calls: FakeApiCall[] = [];

  const adapter: AxiosAdapter = async (config) => {
    const method = (config.method ?? 'get').toUpperCase();
    const url = config.url ?? '';
    const authorization = config.headers.get('Authorization');
    calls.push({
      method,
      url,
      body: typeof config.data === 'string' ? (JSON.parse(config.data) as unknown) : config.data,
      authorization: typeof authorization === 'string' ? authorization : undefined,
    });
    const handler = handlers.get(`${method} ${url}`);
    if (!handler) throw new AxiosError('Network Error', AxiosError.ERR_NETWORK, config);
    const reply = await handler(config);
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
    off(method: string, url: string) {
      handlers.delete(`${method.toUpperCase()} ${url}`);
    },
    callsTo(method: string, url: string) {
      return calls.filter((call) => call.method === method.toUpperCase() && call.url === url);
    },
  };
}

export type FakeApi = ReturnType<typeof createFakeApi>;
