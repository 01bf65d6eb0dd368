import type { AxiosInstance } from 'axios';
import {
  employeeListResponseSchema,
  employeeSchema,
  employeesApi,
  type EmployeeCreateInput,
  type EmployeeListFilterParams,
  type EmployeeUpdateInput,
} from 'shared-contracts';

/**
 * The shared `employeesApi` calls with every answer parsed by the shared zod schemas: a
 * response that does not match the contract fails here, loudly, instead of deep in a render.
 */
export const employeesRequests = {
  list: async (client: AxiosInstance, params: EmployeeListFilterParams) =>
    employeeListResponseSchema.parse(await employeesApi.list(client, params)),
  create: async (client: AxiosInstance, body: EmployeeCreateInput) =>
    employeeSchema.parse(await employeesApi.create(client, body)),
  update: async (client: AxiosInstance, id: number, body: EmployeeUpdateInput) =>
    employeeSchema.parse(await employeesApi.update(client, id, body)),
};
