import { keepPreviousData } from '@tanstack/react-query';
import {
  activityLogEndpoints,
  employeeEndpoints,
  type EmployeeListResponse,
} from 'shared-contracts/admin';
import { employeeOptions, useEndpointQuery } from 'shared-ui';

/**
 * One page of the log for the page's URL state (`activityLogListQuery` params, sent as they
 * are); not requested while the filters are known to be invalid.
 */
export function useActivityLog(query: Readonly<Record<string, string>>, enabled: boolean) {
  return useEndpointQuery(
    activityLogEndpoints.list,
    { query },
    { placeholderData: keepPreviousData, enabled },
  );
}

/**
 * The employee filter's choices: the first 200 employees by name (the API's page limit), which
 * covers a charity's staff; an id from the URL that is not among them still gets an option.
 * Cached under the employees resource, so adding or renaming an employee refreshes them too.
 */
const EMPLOYEE_OPTIONS_QUERY = { page: 1, per_page: 200, sort: 'name', order: 'asc' } as const;

// Two employees of the same name are told apart by their email (isolated in the option).
function toOptions(answer: EmployeeListResponse) {
  return employeeOptions(answer.data);
}

export function useEmployeeOptions() {
  return useEndpointQuery(
    employeeEndpoints.list,
    { query: EMPLOYEE_OPTIONS_QUERY },
    { select: toOptions, staleTime: 60_000 },
  );
}
