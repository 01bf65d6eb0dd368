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
type Handler = (
  call: FakeApiCall,
  config: InternalAxiosRequestConfig,
) => FakeReply | Promise<FakeReply>;

export interface FakeApiCall {
  method: string;
  url: string;
  params: Record<string, string>;
  body: unknown;
}

/**
 * An axios adapter answering from a table of `METHOD /path` handlers, so tests exercise the
 * real client, the real URL building (`endpointPath`) and the real error shapes. An unhandled
 * call fails like a network error (the lookups fall back to their seed lists that way).
 */
export function createFakeApi() {
  const handlers = new Map<string, Handler>();
  const calls: FakeApiCall[] = [];

  const adapter: AxiosAdapter = async (config) => {
    const method = (config.method ?? 'get').toUpperCase();
    const url = config.url ?? '';
    const params: Record<string, string> = {};
    for (const [key, value] of Object.entries((config.params ?? {}) as Record<string, unknown>)) {
      if (value !== undefined && value !== null) params[key] = String(value);
    }
    const call: FakeApiCall = {
      method,
      url,
      params,
      body: typeof config.data === 'string' ? (JSON.parse(config.data) as unknown) : config.data,
    };
    calls.push(call);
    const handler = handlers.get(`${method} ${url}`);
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
  };
}
export type FakeApi = ReturnType<typeof createFakeApi>;
