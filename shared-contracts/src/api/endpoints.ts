import type { AxiosInstance } from 'axios';
import { currentUserResponseSchema, loginResponseSchema, type LoginRequest } from '../schemas/auth';
import {
  employeeSchema,
  type Employee,
  type EmployeeCreateInput,
  type EmployeeUpdateInput,
  type ProfileUpdateInput,
} from '../schemas/employee';
import type { ItemEnvelope, ListEnvelope } from '../schemas/envelope';

/** The three calls of spec §7, exactly as written there, plus the REST resources of DESIGN §3. */
export const authApi = {
  login: async (client: AxiosInstance, body: LoginRequest) => {
    const response = await client.post('/auth/create/sanctum/token', body);
    return loginResponseSchema.parse(response.data);
  },
  logout: async (client: AxiosInstance) => {
    await client.post('/auth/profile/logout');
  },
  currentUser: async (client: AxiosInstance) => {
    const response = await client.get('/user');
    return currentUserResponseSchema.parse(response.data).data;
  },
  updateProfile: async (client: AxiosInstance, body: ProfileUpdateInput) => {
    const response = await client.put<ItemEnvelope<Employee>>('/profile', body);
    return employeeSchema.parse(response.data.data);
  },
};

export interface EmployeeListParams {
  page?: number;
  per_page?: number;
  search?: string;
  sort?: string;
  order?: 'asc' | 'desc';
}

export const employeesApi = {
  list: async (client: AxiosInstance, params: EmployeeListParams = {}) =>
    (await client.get<ListEnvelope<Employee>>('/employees', { params })).data,
  get: async (client: AxiosInstance, id: number) =>
    (await client.get<ItemEnvelope<Employee>>(`/employees/${id}`)).data.data,
  create: async (client: AxiosInstance, body: EmployeeCreateInput) =>
    (await client.post<ItemEnvelope<Employee>>('/employees', body)).data.data,
  update: async (client: AxiosInstance, id: number, body: EmployeeUpdateInput) =>
    (await client.put<ItemEnvelope<Employee>>(`/employees/${id}`, body)).data.data,
};

/** Query keys, one factory per resource, so invalidation never misses a spelling. */
export const queryKeys = {
  currentUser: ['current-user'] as const,
  employees: {
    all: ['employees'] as const,
    list: (params: EmployeeListParams) => ['employees', 'list', params] as const,
    detail: (id: number) => ['employees', 'detail', id] as const,
  },
};
