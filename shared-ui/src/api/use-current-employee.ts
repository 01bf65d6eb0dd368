import { useQuery, type QueryClient } from '@tanstack/react-query';
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
