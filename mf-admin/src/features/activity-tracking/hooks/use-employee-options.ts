import { useQuery } from '@tanstack/react-query';
import { queryKeys } from 'shared-contracts';
import { useApiClient } from 'shared-ui';
import { EMPLOYEE_OPTIONS_PARAMS, fetchEmployeeOptions } from '../api/employee-options-api';

/** Under the employees key, so adding or renaming an employee refreshes the choices too. */
export function useEmployeeOptions() {
  const client = useApiClient();
  return useQuery({
    queryKey: [...queryKeys.employees.list(EMPLOYEE_OPTIONS_PARAMS), 'options'],
    queryFn: () => fetchEmployeeOptions(client),
    staleTime: 60_000,
  });
}
