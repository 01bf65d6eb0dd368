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
    queryFn: () =>
      (callEndpoint as (...args: unknown[]) => Promise<EndpointResponse<E>>)(
        client,
        endpoint,
        input,
      ),
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

/** An endpoint declaration, or a whole table of them (`familyEndpoints`). */
export type InvalidationTarget =
  Pick<Endpoint, 'resource' | 'id'> | Readonly<Record<string, Endpoint>>;

function endpointIdsOf(targets: readonly InvalidationTarget[]): Set<string> {
  const ids = new Set<string>();
  for (const target of targets) {
    if (typeof target.id === 'string' && typeof target.resource === 'string') ids.add(target.id);
    else
      for (const endpoint of Object.values(target as Readonly<Record<string, Endpoint>>))
        ids.add(endpoint.id);
  }
  return ids;
}

/**
 * The one way to refresh the cache after a change: marks stale every cached answer of these
 * endpoints, whatever their parameters (an active one reloads at once). Give the declarations a
 * change touches, or whole tables:
 *
 *   const invalidate = useInvalidateEndpoints();
 *   await invalidate(familyEndpoints.list, familyEndpoints.show);
 *   await invalidate(seasonEndpoints, familyEndpoints);
 */
export function useInvalidateEndpoints() {
  const queryClient = useQueryClient();
  return useCallback(
    (...targets: InvalidationTarget[]) => {
      const ids = endpointIdsOf(targets);
      // One pass over the cache: the key's second part is the endpoint id (`endpointQueryKey`).
      return queryClient.invalidateQueries({
        predicate: (query) => typeof query.queryKey[1] === 'string' && ids.has(query.queryKey[1]),
      });
    },
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
