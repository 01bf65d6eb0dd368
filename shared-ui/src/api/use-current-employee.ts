import { useEffect, useSyncExternalStore } from 'react';
import { hashKey, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  CURRENT_USER_QUERY_KEY,
  authEndpoints,
  callEndpoint,
  hasAllPermissions,
  isSuperAdmin,
  type CurrentUserResponse,
  type PermissionKey,
} from 'shared-contracts';
import { useApiClient } from './api-client';

/** The logged-in employee with `is_active`, as GET /user answers it. */
export type CurrentEmployee = CurrentUserResponse['data'];

/**
 * The logged-in employee from the host's current-user cache entry (`CURRENT_USER_QUERY_KEY`,
 * GET /user's answer; host README, "What remotes get from the host"). The host fills it after
 * login and after every session check, so inside the host this never sends a request; it only
 * fetches when a remote runs on its own.
 */
export function useCurrentEmployee() {
  const client = useApiClient();
  // `useEndpointQuery(authEndpoints.currentUser)` spelled out: that hook reads this one.
  return useQuery({
    queryKey: CURRENT_USER_QUERY_KEY,
    queryFn: () => callEndpoint(client, authEndpoints.currentUser),
    select: selectEmployee,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

function selectEmployee(answer: CurrentUserResponse): CurrentEmployee {
  return answer.data;
}

interface EmployeeStore {
  subscribe(listener: () => void): () => void;
  read(): CurrentEmployee | undefined;
}

const CURRENT_USER_HASH = hashKey(CURRENT_USER_QUERY_KEY);
const employeeStores = new WeakMap<QueryClient, EmployeeStore>();

/**
 * The current-user cache entry of one QueryClient as an external store: one subscription to the
 * query cache, shared by every reader, and a lookup by the entry's hash (no key hashing per read).
 */
function employeeStoreOf(queryClient: QueryClient): EmployeeStore {
  let store = employeeStores.get(queryClient);
  if (store) return store;
  const listeners = new Set<() => void>();
  let unsubscribe: (() => void) | null = null;
  store = {
    subscribe(listener) {
      listeners.add(listener);
      unsubscribe ??= queryClient.getQueryCache().subscribe((event) => {
        if (event.query.queryHash !== CURRENT_USER_HASH) return;
        for (const each of [...listeners]) each();
      });
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0 && unsubscribe) {
          unsubscribe();
          unsubscribe = null;
        }
      };
    },
    read: () =>
      (
        queryClient.getQueryCache().get(CURRENT_USER_HASH)?.state.data as
          CurrentUserResponse | undefined
      )?.data,
  };
  employeeStores.set(queryClient, store);
  return store;
}

/**
 * The logged-in employee alone, for what renders many times on a page (a link in every row of a
 * list): it reads the same cache entry as `useCurrentEmployee` without a query observer per
 * caller — a list of 20 rows had 40 of them, each created, subscribed and compared on every
 * mount. Like `useCurrentEmployee`, it fetches GET /user only when nothing has filled the entry
 * (a remote running on its own).
 */
export function useCachedEmployee(): CurrentEmployee | undefined {
  const queryClient = useQueryClient();
  const client = useApiClient();
  const store = employeeStoreOf(queryClient);
  const employee = useSyncExternalStore(store.subscribe, store.read, store.read);
  useEffect(() => {
    if (employee) return;
    void queryClient.prefetchQuery({
      queryKey: CURRENT_USER_QUERY_KEY,
      queryFn: () => callEndpoint(client, authEndpoints.currentUser),
      staleTime: Number.POSITIVE_INFINITY,
    });
  }, [employee, queryClient, client]);
  return employee;
}

/**
 * Puts the logged-in employee into the current-user cache entry, in GET /user's shape: what the
 * host does after login and after each session check (and what a test harness does to stand in
 * for the host). An updater receives the cached employee, if any.
 */
export function setCurrentEmployee(
  queryClient: QueryClient,
  employee: CurrentEmployee | ((previous: CurrentEmployee | undefined) => CurrentEmployee),
): void {
  queryClient.setQueryData<CurrentUserResponse>(CURRENT_USER_QUERY_KEY, (previous) => ({
    data: typeof employee === 'function' ? employee(previous?.data) : employee,
  }));
}

/**
 * True when the active employee holds every key. For showing buttons only: the API enforces
 * the permissions anyway, so false until the employee is known is the safe default.
 */
export function useCan(...keys: PermissionKey[]): boolean {
  const { data } = useCurrentEmployee();
  if (!data || !data.is_active) return false;
  return hasAllPermissions(data, keys);
}

/**
 * Whether the UI may offer super-admin-only options. False until the employee is known: hiding
 * an option for a moment is harmless, offering one the API will refuse is not.
 */
export function useIsSuperAdmin(): boolean {
  const { data } = useCurrentEmployee();
  return data !== undefined && data.is_active && isSuperAdmin(data);
}
