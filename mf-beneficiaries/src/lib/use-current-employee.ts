import { useQuery } from '@tanstack/react-query';
import { authApi, hasAllPermissions, queryKeys, type PermissionKey } from 'shared-contracts';
import { useApiClient } from './api-client';

/**
 * The logged-in employee from the host's `currentUser` cache entry (the host fills it and keeps
 * it fresh; this only fetches when a remote runs on its own).
 */
export function useCurrentEmployee() {
  const client = useApiClient();
  return useQuery({
    queryKey: queryKeys.currentUser,
    queryFn: () => authApi.currentUser(client),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** True when the employee holds every key (buttons only; the API enforces anyway). */
export function useCan(...keys: PermissionKey[]): boolean {
  const { data } = useCurrentEmployee();
  if (!data || !data.is_active) return false;
  return hasAllPermissions(data, keys);
}
