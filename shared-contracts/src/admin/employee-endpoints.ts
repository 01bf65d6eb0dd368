import { z } from 'zod';
import { employeeSchema } from '../auth/employee';
import { access, defineEndpoints } from '../core/endpoint';
import { itemEnvelopeOf, listEnvelopeOf } from '../core/envelope';
import { employeeCreateSchema, employeeUpdateSchema } from './employee-input';
import { employeeListQuerySchema } from './employee-list';

/** Where one effective key comes from: the employee's own grant and/or groups. */
export const permissionSourceSchema = z.object({
  key: z.string(),
  individual: z.boolean(),
  groups: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type PermissionSource = z.infer<typeof permissionSourceSchema>;

/**
 * An employee as the employees pages read it: `permissions` are the individual keys the form
 * edits; `effective_permissions` the union with the groups' keys (what the employee can do),
 * each with its sources.
 */
export const adminEmployeeSchema = employeeSchema.extend({
  group_ids: z.array(z.number().int()),
  groups: z.array(z.object({ id: z.number().int(), name: z.string() })),
  effective_permissions: z.array(z.string()),
  permission_sources: z.array(permissionSourceSchema),
});
export type AdminEmployee = z.infer<typeof adminEmployeeSchema>;

/** `{ data: employee }`; create and update add the Arabic confirmation as `message`. */
export const employeeResponseSchema = itemEnvelopeOf(adminEmployeeSchema);
/** `{ data: employees, meta }`. */
export const employeeListResponseSchema = listEnvelopeOf(adminEmployeeSchema);
export type EmployeeResponse = z.infer<typeof employeeResponseSchema>;
export type EmployeeListResponse = z.infer<typeof employeeListResponseSchema>;

/**
 * Employees and their permissions (the /employee-permissions pages). Every call needs
 * show_permissions_employees; who may grant which key, reset whose password or change a super
 * admin is `employeeChangeRefusals` (employee-rules.ts): the API answers its refusals (403 / 422)
 * and the form checks the same rules first.
 */
export const employeeEndpoints = defineEndpoints('employees', {
  list: {
    method: 'GET',
    path: '/employees',
    query: employeeListQuerySchema,
    response: employeeListResponseSchema,
    access: access.allOf('show_permissions_employees'),
    summary: 'قائمة الموظفين',
  },
  show: {
    method: 'GET',
    path: '/employees/:id',
    response: employeeResponseSchema,
    access: access.allOf('show_permissions_employees'),
    summary: 'بيانات موظف',
  },
  create: {
    method: 'POST',
    path: '/employees',
    body: employeeCreateSchema,
    response: employeeResponseSchema,
    status: 201,
    access: access.allOf('show_permissions_employees'),
    summary: 'إضافة موظف',
  },
  update: {
    method: 'PUT',
    path: '/employees/:id',
    body: employeeUpdateSchema,
    response: employeeResponseSchema,
    access: access.allOf('show_permissions_employees'),
    summary: 'تعديل موظف وصلاحياته',
  },
});
