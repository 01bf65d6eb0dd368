import { queryOptions } from '@tanstack/react-query';
import type { AxiosInstance } from 'axios';
import {
  CURRENT_USER_QUERY_KEY,
  authEndpoints,
  callEndpoint,
  type CurrentUserResponse,
  type Employee,
} from 'shared-contracts';

/** The employee with `is_active`, as `GET /user` answers it. */
export type CurrentUser = CurrentUserResponse['data'];

/**
 * The current-user query, the same one shared-ui's `useCurrentEmployee` makes in the remotes:
 * GET /user's answer cached under `CURRENT_USER_QUERY_KEY`. The host fills this cache entry after
 * login and after every session check, and marks it never stale, so a remote reads the employee
 * without a request.
 */
export function currentUserQuery(apiClient: AxiosInstance) {
  return queryOptions({
    queryKey: CURRENT_USER_QUERY_KEY,
    queryFn: () => callEndpoint(apiClient, authEndpoints.currentUser),
    select: (answer): CurrentUser => answer.data,
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
