import {
  AxiosError,
  type AxiosAdapter,
  type AxiosInstance,
  type AxiosResponse,
  type InternalAxiosRequestConfig,
} from 'axios';
import { createApiClient, matchEndpointPath, type Endpoint } from 'shared-contracts';

export interface FakeReply {
  status: number;
  data?: unknown;
}

export interface FakeApiCall {
  /** Upper case: 'GET', 'POST'… */
  method: string;
  /** The path as the code asked for it, before the base URL ('/families/7'). */
  url: string;
  /**
   * The path parameters the answering handler's declaration read from `url` (`/families/:id` →
   * `{ id: '7' }`); empty for a path without any or a hand-written handler.
   */
  pathParams: Record<string, string>;
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

/** Which calls a handler answers, or a `callsTo` counts: a declaration, or a hand-written path. */
type CallTarget =
  | { readonly kind: 'endpoint'; readonly endpoint: Pick<Endpoint, 'method' | 'path'> }
  | { readonly kind: 'path'; readonly method: string; readonly url: string };

/** Only the calls with these path parameters (`{ id: 7 }`); compared as the URL's text. */
export interface FakeCallFilter {
  readonly params?: Readonly<Record<string, string | number>>;
}

interface HandlerEntry {
  readonly target: CallTarget;
  readonly params: Readonly<Record<string, string>> | undefined;
  readonly handler: FakeHandler;
}

function textParams(
  params: Readonly<Record<string, string | number>> | undefined,
): Readonly<Record<string, string>> | undefined {
  if (!params) return undefined;
  return Object.fromEntries(Object.entries(params).map(([key, value]) => [key, String(value)]));
}

/** The path parameters of a call when `target` covers it (and `params` agree), else null. */
function matchCall(
  target: CallTarget,
  params: Readonly<Record<string, string>> | undefined,
  method: string,
  url: string,
): Record<string, string> | null {
  if (target.kind === 'path') return target.method === method && target.url === url ? {} : null;
  if (target.endpoint.method !== method) return null;
  const found = matchEndpointPath(target.endpoint, url);
  if (!found) return null;
  if (params && Object.entries(params).some(([key, value]) => found[key] !== value)) return null;
  return found;
}

/**
 * How closely a handler names a call: a hand-written path, then a declaration with its
 * parameters given, then a declaration with fewer path parameters (`/families/check-phone`
 * before `/families/:id`). The closest answers; among equals, the latest registered.
 */
function specificity(entry: HandlerEntry): number {
  if (entry.target.kind === 'path') return 10_000;
  const names = entry.target.endpoint.path.match(/:[A-Za-z]+/g)?.length ?? 0;
  return (entry.params ? 1000 : 0) - names;
}

function sameEntry(a: HandlerEntry, b: HandlerEntry): boolean {
  const sameTarget =
    a.target.kind === 'endpoint' && b.target.kind === 'endpoint'
      ? a.target.endpoint.method === b.target.endpoint.method &&
        a.target.endpoint.path === b.target.endpoint.path
      : a.target.kind === 'path' &&
        b.target.kind === 'path' &&
        a.target.method === b.target.method &&
        a.target.url === b.target.url;
  return sameTarget && JSON.stringify(a.params ?? null) === JSON.stringify(b.params ?? null);
}

type OnArgs =
  | [endpoint: Pick<Endpoint, 'method' | 'path'>, handler: FakeHandler | FakeReply]
  | [
      endpoint: Pick<Endpoint, 'method' | 'path'>,
      filter: FakeCallFilter,
      handler: FakeHandler | FakeReply,
    ]
  | [method: string, url: string, handler: FakeHandler | FakeReply];

type CallsArgs =
  | [endpoint: Pick<Endpoint, 'method' | 'path'>, filter?: FakeCallFilter]
  | [method: string, url: string];

function targetOf(args: CallsArgs | OnArgs): {
  target: CallTarget;
  params: Readonly<Record<string, string>> | undefined;
} {
  const [first, second] = args;
  if (typeof first === 'string')
    return {
      target: { kind: 'path', method: first.toUpperCase(), url: second as string },
      params: undefined,
    };
  const filter =
    second !== undefined && typeof second === 'object' && 'params' in second
      ? (second as FakeCallFilter)
      : undefined;
  return { target: { kind: 'endpoint', endpoint: first }, params: textParams(filter?.params) };
}

/**
 * An axios adapter answering from handlers keyed by endpoint declarations, for component tests:
 * they exercise the real client (base URL, bearer token, params) and the real error shapes that
 * `readApiError` reads, with no server. A handler answers the calls of its declaration's method
 * and path pattern (`familyEndpoints.show` answers `/families/7`, the handler seeing
 * `call.pathParams`), optionally only those with given path parameters. An unhandled call fails
 * like a network error (which is how a lookup falls back to its seed list). `calls` records every
 * request.
 *
 *   const api = createFakeApi();
 *   api.on(familyEndpoints.list, listReply([family]));
 *   api.on(familyEndpoints.show, { params: { id: 7 } }, { status: 200, data: { data: family } });
 *   client.defaults.adapter = api.adapter;
 *
 * `api.on('GET', '/path', reply)` remains for a call that has no declaration.
 */
export function createFakeApi() {
  let handlers: HandlerEntry[] = [];
  const calls: FakeApiCall[] = [];
  /** The declaration whose handler answered each call (`/things/check` is not `/things/:id`'s). */
  const answeredBy = new WeakMap<FakeApiCall, CallTarget>();

  const adapter: AxiosAdapter = async (config) => {
    const params = { ...((config.params as Record<string, unknown> | undefined) ?? {}) };
    const authorization = config.headers.get('Authorization');
    const method = (config.method ?? 'get').toUpperCase();
    const url = config.url ?? '';
    let chosen: { entry: HandlerEntry; pathParams: Record<string, string> } | undefined;
    handlers.forEach((entry) => {
      const pathParams = matchCall(entry.target, entry.params, method, url);
      if (pathParams && (!chosen || specificity(entry) >= specificity(chosen.entry)))
        chosen = { entry, pathParams };
    });
    const call: FakeApiCall = {
      method,
      url,
      pathParams: chosen?.pathParams ?? {},
      params,
      query: queryOf(params),
      body: typeof config.data === 'string' ? (JSON.parse(config.data) as unknown) : config.data,
      authorization: typeof authorization === 'string' ? authorization : undefined,
    };
    calls.push(call);
    if (chosen) answeredBy.set(call, chosen.entry.target);
    if (!chosen) throw new AxiosError('Network Error', AxiosError.ERR_NETWORK, config);
    const reply = await chosen.entry.handler(call, config);
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

  /** The calls a declaration (with these path parameters, if given) or a hand-written path covers. */
  const callsTo = (...args: CallsArgs): FakeApiCall[] => {
    const { target, params } = targetOf(args);
    return calls.filter((call) => {
      const answered = answeredBy.get(call);
      // A call answered by another declaration's handler is that declaration's call.
      if (target.kind === 'endpoint' && answered?.kind === 'endpoint') {
        const { method, path } = answered.endpoint;
        if (method !== target.endpoint.method || path !== target.endpoint.path) return false;
      }
      return matchCall(target, params, call.method, call.url) !== null;
    });
  };

  return {
    adapter,
    calls,
    /**
     * Answers a declaration's calls (`on(familyEndpoints.show, reply)`), only those with these path
     * parameters (`on(familyEndpoints.show, { params: { id: 7 } }, reply)`), or a call with no
     * declaration (`on('GET', '/path', reply)`), with a fixed reply or a handler (which sees the
     * call). Registering the same again replaces it.
     */
    on(...args: OnArgs) {
      const { target, params } = targetOf(args);
      const given = args[args.length - 1] as FakeHandler | FakeReply;
      const entry: HandlerEntry = {
        target,
        params,
        handler: typeof given === 'function' ? given : () => given,
      };
      handlers = [...handlers.filter((each) => !sameEntry(each, entry)), entry];
    },
    callsTo,
    lastCallTo(...args: CallsArgs): FakeApiCall | undefined {
      return callsTo(...args).at(-1);
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
