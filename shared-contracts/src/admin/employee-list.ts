import { z } from 'zod';
import { listQuerySchema } from '../core/envelope';
import { booleanFilter, defineListQuery, idFilter, type ListState } from '../core/list-query';

export const EMPLOYEE_SORT_FIELDS = ['name', 'email', 'created_at'] as const;
export type EmployeeSortField = (typeof EMPLOYEE_SORT_FIELDS)[number];

/**
 * GET /employees: page, per_page, search (name or email, Arabic-normalised), sort, order and
 * `filter[active]=true|false`, `filter[group_id]=3`, `filter[role]=محاسب`.
 */
export const employeeListQuerySchema = listQuerySchema.extend({
  sort: z.enum(EMPLOYEE_SORT_FIELDS).default('created_at'),
  'filter[active]': z
    .enum(['true', 'false', '1', '0'])
    .transform((value) => value === 'true' || value === '1')
    .optional(),
  /** Members of one permission group. */
  'filter[group_id]': z.coerce.number().int().min(1).max(2_147_483_647).optional(),
  /** One role, as stored (`EMPLOYEE_ROLES` codes). */
  'filter[role]': z.string().trim().min(1).max(60).optional(),
});
export type EmployeeListQuery = z.input<typeof employeeListQuerySchema>;

/**
 * The employees page's URL state (`useListUrlState`), whose `toParams` writes exactly the flat
 * keys `employeeListQuerySchema` reads, so the page sends its URL state as the query unchanged.
 * The API keeps the flat schema: its 422 field keys (`filter[active]`) and its default sort
 * (`created_at`) are part of what API users see.
 */
export const employeeListQuery = defineListQuery({
  sortable: EMPLOYEE_SORT_FIELDS,
  filters: {
    active: booleanFilter(),
    group_id: idFilter(),
    role: z.string().trim().min(1).max(60).optional(),
  },
});
export type EmployeeListState = ListState<typeof employeeListQuery.filters, EmployeeSortField>;
