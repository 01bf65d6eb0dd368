import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { queryKeys, type EmployeeListFilterParams } from 'shared-contracts';
import { useApiClient } from 'shared-ui';
import { employeesRequests } from '../api/employees-api';

/** One page of employees; the previous page stays on screen (dimmed) while the next loads. */
export function useEmployeeList(params: EmployeeListFilterParams) {
  const client = useApiClient();
  return useQuery({
    queryKey: queryKeys.employees.list(params),
    queryFn: () => employeesRequests.list(client, params),
    placeholderData: keepPreviousData,
  });
}
