import { useQuery } from '@tanstack/react-query';
import {
  authApi,
  hasAllPermissions,
  isSuperAdmin,
  queryKeys,
  type PermissionKey,
} from 'shared-contracts';
import { useApiClient } from './api-client';

/**
 * The logged-in employee from the host's `currentUser` cache entry (host README, "What remotes
 * get from the host"). The host fills it after login and after every session check, so inside
 * the host this never sends a request; it only fetches when a remote runs on its own.
 */
export function useCurrentEmployee() {
  const client = useApiClient();
  return useQuery({
    queryKey: queryKeys.currentUser,
    queryFn: () => authApi.currentUser(client),
    staleTime: Number.POSITIVE_INFINITY,
  });
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
