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
    super(`${endpointId}: the response does not match its declaration (${issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`).join('; ')})`);
  }
}

export type CallArgs<E extends Endpoint> = InputIsOptional<E> extends true ? [input?: EndpointInput<E>] : [input: EndpointInput<E>];

/**
 * Calls a declared endpoint with the shared axios client and returns the parsed answer:
 * `await callEndpoint(client, familyEndpoints.show, { params: { id } })`.
 * A file endpoint resolves to the downloaded Blob.
 */
export async function callEndpoint<E extends Endpoint>(client: AxiosInstance, endpoint: E, ...[input]: CallArgs<E>): Promise<EndpointResponse<E>> {
  const args = (input ?? {}) as { params?: Record<string, string | number>; query?: unknown; body?: unknown };
  const response = await client.request({
    method: endpoint.method,
    url: endpointUrl(endpoint, args.params),
    params: args.query,
    data: args.body,
    ...(isFileResponse(endpoint.response) ? { responseType: 'blob' as const, timeout: 60_000 } : {}),
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

/**
 * The query key of a call: `[resource, endpoint id, params, query]`. Every cached answer of a
 * resource starts with its name, so `resourceKey('families')` invalidates them all.
 */
export function endpointQueryKey<E extends Endpoint>(endpoint: E, input?: EndpointInput<E>) {
  const args = (input ?? {}) as { params?: unknown; query?: unknown };
  return [endpoint.resource, endpoint.id, args.params ?? null, args.query ?? null] as const;
}

/** The key prefix of every cached answer of a resource (for invalidation after a change). */
export function resourceKey(resource: string) {
  return [resource] as const;
}
