import { useQuery } from '@tanstack/react-query';
import { authApi, isSuperAdmin, queryKeys } from 'shared-contracts';
import { useApiClient } from './api-client';

/**
 * The logged-in employee from the host's `currentUser` cache entry. The host fills it after
 * login and after every session check, so inside the host this never sends a request; it only
 * fetches when the remote runs on its own dev server.
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
 * Whether the UI may offer super-admin-only options. False until the employee is known: hiding
 * an option for a moment is harmless, offering one the API will refuse is not.
 */
export function useIsSuperAdmin(): boolean {
  const { data } = useCurrentEmployee();
  return data !== undefined && data.is_active && isSuperAdmin(data);
}
