import { queryOptions } from '@tanstack/react-query';
import type { AxiosInstance } from 'axios';
import { authApi, queryKeys, type CurrentUserResponse, type Employee } from 'shared-contracts';

/** What `GET /user` answers and what the `queryKeys.currentUser` cache entry holds. */
export type CurrentUser = CurrentUserResponse['data'];

/**
 * The current-user query, as remotes are told to write it. The host fills this cache entry after
 * login and after every session check, and marks it never stale, so a remote's
 * `useQuery({ queryKey: queryKeys.currentUser, ... })` reads the employee without a request.
 */
export function currentUserQuery(apiClient: AxiosInstance) {
  return queryOptions({
    queryKey: queryKeys.currentUser,
    queryFn: (): Promise<CurrentUser> => authApi.currentUser(apiClient),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** The cache entry for an employee the login call just returned (active as the record says). */
export function toCurrentUser(
  employee: Employee,
  isActive: boolean = employee.active,
): CurrentUser {
  return { ...employee, is_active: isActive };
}
