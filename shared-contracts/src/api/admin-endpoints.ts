import type { AxiosInstance } from 'axios';
import { z } from 'zod';
import { activityLogEntrySchema } from '../schemas/activity-log';
import { employeeSchema } from '../schemas/employee';
import { listMetaSchema } from '../schemas/envelope';
import type { EmployeeListParams } from './endpoints';

/**
 * The employees-and-activity surface the admin remote needs beyond `employeesApi`: the response
 * envelopes as zod schemas (so every answer is parsed, not just typed), the `filter[active]`
 * parameter of GET /employees, and GET /activity-log. Added beside endpoints.ts rather than in
 * it so existing exports stay untouched.
 */

/** GET /employees: `{ data: Employee[], meta }`. */
export const employeeListResponseSchema = z.object({
  data: z.array(employeeSchema),
  meta: listMetaSchema,
});
export type EmployeeListResponse = z.infer<typeof employeeListResponseSchema>;

/**
 * GET /employees with the list filter the API reads (`employeeListQuerySchema`). A subtype of
 * `EmployeeListParams`, so it goes straight into `employeesApi.list` and
 * `queryKeys.employees.list`.
 */
export interface EmployeeListFilterParams extends EmployeeListParams {
  'filter[active]'?: 'true' | 'false';
}

/** GET /activity-log: `{ data: ActivityLogEntry[], meta }`. */
export const activityLogListResponseSchema = z.object({
  data: z.array(activityLogEntrySchema),
  meta: listMetaSchema,
});
export type ActivityLogListResponse = z.infer<typeof activityLogListResponseSchema>;

/** The query of GET /activity-log (`activityLogQuerySchema`): dates are `YYYY-MM-DD`, inclusive. */
export interface ActivityLogListParams {
  page?: number;
  per_page?: number;
  order?: 'asc' | 'desc';
  'filter[employee_id]'?: number;
  'filter[action]'?: string;
  'filter[entity_type]'?: string;
  'filter[from]'?: string;
  'filter[to]'?: string;
}

export const activityLogApi = {
  list: async (client: AxiosInstance, params: ActivityLogListParams = {}) =>
    activityLogListResponseSchema.parse(
      (await client.get<unknown>('/activity-log', { params })).data,
    ),
};

/** Query keys of the activity log; employee changes write rows, so their mutations invalidate `all`. */
export const activityLogQueryKeys = {
  all: ['activity-log'] as const,
  list: (params: ActivityLogListParams) => ['activity-log', 'list', params] as const,
};
