import type { AxiosInstance } from 'axios';
import type { z } from 'zod';
import {
  endpointUrl,
  isFileResponse,
  type Endpoint,
  type EndpointInput,
  type EndpointResponse,
  type InputIsOptional,
} from './endpoint';

export const CONTRACT_ERROR_MESSAGE = 'وصلت من الخادم بيانات بصيغة غير متوقعة، أبلغ الدعم الفني';

/**
 * The server answered with a shape its declaration does not allow. Never swallowed: the caller's
 * error state shows it (in Arabic) and the console keeps the endpoint and the zod issues, so a
 * contract drift between a remote and the API is found on the first call, not as a blank page.
 */
export class ApiContractError extends Error {
  override readonly name = 'ApiContractError';
  constructor(
    readonly endpointId: string,
    readonly issues: readonly z.core.$ZodIssue[],
  ) {
    super(
      `${endpointId}: the response does not match its declaration (${issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`).join('; ')})`,
    );
  }
}

export type CallArgs<E extends Endpoint> =
  InputIsOptional<E> extends true ? [input?: EndpointInput<E>] : [input: EndpointInput<E>];

/**
 * Calls a declared endpoint with the shared axios client and returns the parsed answer:
 * `await callEndpoint(client, familyEndpoints.show, { params: { id } })`.
 * A file endpoint resolves to the downloaded Blob.
 */
export async function callEndpoint<E extends Endpoint>(
  client: AxiosInstance,
  endpoint: E,
  ...[input]: CallArgs<E>
): Promise<EndpointResponse<E>> {
  const args = (input ?? {}) as {
    params?: Record<string, string | number>;
    query?: unknown;
    body?: unknown;
  };
  const response = await client.request({
    method: endpoint.method,
    url: endpointUrl(endpoint, args.params),
    params: args.query,
    data: args.body,
    ...(isFileResponse(endpoint.response)
      ? { responseType: 'blob' as const, timeout: 60_000 }
      : {}),
  });
  if (isFileResponse(endpoint.response)) return response.data as EndpointResponse<E>;
  const parsed = endpoint.response.safeParse(response.data);
  if (!parsed.success) {
    const error = new ApiContractError(endpoint.id, parsed.error.issues);
    console.error(error.message);
    throw error;
  }
  return parsed.data as EndpointResponse<E>;
}

/** A key part after normalising: text, a list of them, or an object of them with sorted keys. */
export type QueryKeyValue =
  string | readonly QueryKeyValue[] | { readonly [key: string]: QueryKeyValue };

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
}

/**
 * One value as the URL carries it, so two calls that send the same request share one key: a
 * number or boolean becomes its text (`7` and `'7'` are one id), an absent, null or empty value is
 * dropped (axios sends nothing for it), an object gets its keys in one order. Undefined when
 * nothing is left.
 */
export function normaliseKeyValue(value: unknown): QueryKeyValue | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (Array.isArray(value)) {
    const items = value.map(normaliseKeyValue).filter((item) => item !== undefined);
    return items.length > 0 ? items : undefined;
  }
  if (isPlainObject(value)) {
    const entries = Object.keys(value)
      .sort()
      .flatMap((key) => {
        const item = normaliseKeyValue(value[key]);
        return item === undefined ? [] : [[key, item] as const];
      });
    return entries.length > 0 ? Object.fromEntries(entries) : undefined;
  }
  return String(value as string | number | boolean);
}

/**
 * The query key of a call, the only place one is made (docs/architecture.md#the-cache):
 * `[resource, endpoint id, path params, query]`, the parameters normalised by
 * `normaliseKeyValue` (null when there are none), so `{ id: 7 }` and `{ id: '7' }` (a route's
 * `:id` is text) read and write the same entry. Invalidation goes by endpoint: the first two parts
 * (`useInvalidateEndpoints` in shared-ui).
 */
export function endpointQueryKey<E extends Endpoint>(endpoint: E, input?: EndpointInput<E>) {
  const args = (input ?? {}) as { params?: unknown; query?: unknown };
  return [
    endpoint.resource,
    endpoint.id,
    normaliseKeyValue(args.params) ?? null,
    normaliseKeyValue(args.query) ?? null,
  ] as const;
}

/** The key prefix of every cached answer of one endpoint, whatever its parameters. */
export function endpointKeyPrefix(endpoint: Pick<Endpoint, 'resource' | 'id'>) {
  return [endpoint.resource, endpoint.id] as const;
}
