import {
  useQuery,
  useQueryClient,
  type UseQueryOptions,
  type UseQueryResult,
} from '@tanstack/react-query';
import { useCallback } from 'react';
import {
  callEndpoint,
  type CallArgs,
  endpointQueryKey,
  mayCall,
  resourceKey,
  type Endpoint,
  type EndpointInput,
  type EndpointResponse,
} from 'shared-contracts';
import { useApiClient } from './api-client';
import { useCurrentEmployee } from './use-current-employee';

type QueryOptionsOf<E extends Endpoint, TData> = Omit<
  UseQueryOptions<EndpointResponse<E>, Error, TData, ReturnType<typeof endpointQueryKey<E>>>,
  'queryKey' | 'queryFn'
>;

/**
 * A cached GET of a declared endpoint: the key from `endpointQueryKey` (resource first, so a
 * change invalidates every answer of the resource), the answer parsed by its response schema.
 *
 *   const orgs = useEndpointQuery(organisationEndpoints.list, { query: list.params });
 *   const org = useEndpointQuery(organisationEndpoints.show, { params: { id } }, { select: (r) => r.data });
 */
export function useEndpointQuery<E extends Endpoint, TData = EndpointResponse<E>>(
  endpoint: E,
  input: EndpointInput<E>,
  options: QueryOptionsOf<E, TData> = {},
): UseQueryResult<TData, Error> {
  const client = useApiClient();
  return useQuery({
    queryKey: endpointQueryKey(endpoint, input),
    // The declared call with the caller's own arguments (the same object the key was made from).
    queryFn: () => (callEndpoint as (...args: unknown[]) => Promise<EndpointResponse<E>>)(client, endpoint, input),
    ...options,
  });
}

/**
 * The typed call of any declared endpoint with this bundle's client, for mutations and one-off
 * reads: `const call = useEndpointCall(); await call(organisationEndpoints.create, { body })`.
 */
export function useEndpointCall() {
  const client = useApiClient();
  return useCallback(
    <E extends Endpoint>(endpoint: E, ...input: CallArgs<E>) =>
      callEndpoint(client, endpoint, ...input),
    [client],
  );
}

/** Marks every cached answer of these resources stale (after a change that touches them). */
export function useInvalidateResources() {
  const queryClient = useQueryClient();
  return useCallback(
    (...resources: string[]) =>
      Promise.all(resources.map((resource) => queryClient.invalidateQueries({ queryKey: resourceKey(resource) }))),
    [queryClient],
  );
}

/**
 * Whether the employee may call this endpoint: an action (edit, change status, move) is offered
 * only then, from the endpoint's own declaration — no permission key is repeated in a component.
 * False until the employee is known.
 */
export function useCanCall(endpoint: Pick<Endpoint, 'access'>): boolean {
  const { data } = useCurrentEmployee();
  if (!data) return false;
  return mayCall({ ...data, active: data.is_active }, endpoint.access);
}
