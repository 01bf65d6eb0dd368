import { z } from 'zod';
import { listQuerySchema } from './envelope';

export const EMPLOYEE_SORT_FIELDS = ['name', 'email', 'created_at'] as const;
export type EmployeeSortField = (typeof EMPLOYEE_SORT_FIELDS)[number];

/**
 * GET /employees: page, per_page, search (name or email, Arabic-normalised), sort, order and
 * `filter[active]=true|false`.
 */
export const employeeListQuerySchema = listQuerySchema.extend({
  sort: z.enum(EMPLOYEE_SORT_FIELDS).default('created_at'),
  'filter[active]': z
    .enum(['true', 'false', '1', '0'])
    .transform((value) => value === 'true' || value === '1')
    .optional(),
});
export type EmployeeListQuery = z.input<typeof employeeListQuerySchema>;
