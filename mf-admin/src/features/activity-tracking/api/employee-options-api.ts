import type { AxiosInstance } from 'axios';
import {
  employeeListResponseSchema,
  employeesApi,
  type EmployeeListFilterParams,
} from 'shared-contracts';

/**
 * The employee filter's choices: the first 200 employees by name (the API's page limit), which
 * covers a charity's staff; an id from the URL that is not among them still gets an option.
 */
export const EMPLOYEE_OPTIONS_PARAMS: EmployeeListFilterParams = {
  page: 1,
  per_page: 200,
  sort: 'name',
  order: 'asc',
};

export async function fetchEmployeeOptions(client: AxiosInstance) {
  const page = employeeListResponseSchema.parse(
    await employeesApi.list(client, EMPLOYEE_OPTIONS_PARAMS),
  );
  return page.data.map((employee) => ({ value: employee.id, label: employee.name }));
}
