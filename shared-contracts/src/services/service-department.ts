import { z } from 'zod';
import { access, defineEndpoints } from '../core/endpoint';
import { itemEnvelopeOf, listEnvelopeOf } from '../core/envelope';
import { booleanFilter, defineListQuery, idFilter } from '../core/list-query';
import {
  entityIdSchema,
  optionalInput,
  personRefSchema,
  nameTextSchema,
  timestampSchema,
} from '../core/values';
import { deleteResponseSchema } from './common';

/**
 * Service departments (قطاعات): the sector a service type belongs to, with the
 * employee who manages it. Read by whoever holds `show_services` (the type form picks one) or
 * `show_departments` (the departments page); changed only with `show_departments`
 * (docs/shell.md#permissions).
 */

export const SERVICE_DEPARTMENT_MESSAGES = {
  notFound: 'القطاع غير موجود',
  created: 'تمت إضافة القطاع بنجاح',
  updated: 'تم تحديث بيانات القطاع بنجاح',
  deleted: 'تم حذف القطاع',
  duplicateName: 'يوجد قطاع مسجل بالاسم نفسه',
  inUse: 'لا يمكن حذف القطاع لأنه مرتبط بأنواع خدمات، يمكنك إيقافه بدلاً من حذفه',
  managerNotFound: 'الموظف المختار غير موجود أو غير مفعّل',
} as const;

/** `POST /service-departments`, `PUT /service-departments/{id}`. */
export const serviceDepartmentInputSchema = z.object({
  name: nameTextSchema(150, 2),
  /** An active employee. */
  manager_id: optionalInput(entityIdSchema),
  active: z.boolean().default(true),
});
export type ServiceDepartmentInput = z.output<typeof serviceDepartmentInputSchema>;
export type ServiceDepartmentFormValues = z.input<typeof serviceDepartmentInputSchema>;

/** A department (list and detail). */
export const serviceDepartmentSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  manager: personRefSchema.nullable(),
  active: z.boolean(),
  /** Service types filed under it (a department with any cannot be deleted). */
  service_types_count: z.number().int().min(0),
  created_at: timestampSchema,
  updated_at: timestampSchema,
});
export type ServiceDepartment = z.infer<typeof serviceDepartmentSchema>;
export const serviceDepartmentListResponseSchema = listEnvelopeOf(serviceDepartmentSchema);
export const serviceDepartmentResponseSchema = itemEnvelopeOf(serviceDepartmentSchema);

/** A department turned back into the write body (edit form defaults). */
export function serviceDepartmentToInput(
  department: ServiceDepartment,
): ServiceDepartmentFormValues {
  return {
    name: department.name,
    manager_id: department.manager?.id ?? null,
    active: department.active,
  };
}

export const SERVICE_DEPARTMENT_SORTABLE = ['name', 'active', 'created_at', 'updated_at'] as const;

/** `GET /service-departments?search=&filter[active]=true&filter[manager_id]=3`. Search: the name, Arabic-normalised. */
export const serviceDepartmentListQuery = defineListQuery({
  sortable: SERVICE_DEPARTMENT_SORTABLE,
  filters: { active: booleanFilter(), manager_id: idFilter() },
});
export const serviceDepartmentListQuerySchema = serviceDepartmentListQuery.schema;
export type ServiceDepartmentListQuery = z.output<typeof serviceDepartmentListQuerySchema>;

/** `GET /service-departments/managers`: the active employees a department may name, by name. */
export const serviceDepartmentManagersResponseSchema = listEnvelopeOf(personRefSchema);

const readDepartments = access.anyOf('show_services', 'show_departments');
const writeDepartments = access.allOf('show_departments');

export const serviceDepartmentEndpoints = defineEndpoints('service-departments', {
  list: {
    method: 'GET',
    path: '/service-departments',
    query: serviceDepartmentListQuerySchema,
    response: serviceDepartmentListResponseSchema,
    access: readDepartments,
    summary: 'قطاعات الخدمات',
  },
  managers: {
    method: 'GET',
    path: '/service-departments/managers',
    response: serviceDepartmentManagersResponseSchema,
    access: readDepartments,
    summary: 'الموظفون الذين يمكن تعيينهم مديرين للقطاعات',
  },
  show: {
    method: 'GET',
    path: '/service-departments/:id',
    response: serviceDepartmentResponseSchema,
    access: readDepartments,
    summary: 'بيانات قطاع',
  },
  create: {
    method: 'POST',
    path: '/service-departments',
    body: serviceDepartmentInputSchema,
    response: serviceDepartmentResponseSchema,
    status: 201,
    access: writeDepartments,
    summary: 'إضافة قطاع',
  },
  update: {
    method: 'PUT',
    path: '/service-departments/:id',
    body: serviceDepartmentInputSchema,
    response: serviceDepartmentResponseSchema,
    access: writeDepartments,
    summary: 'تعديل قطاع',
  },
  delete: {
    method: 'DELETE',
    path: '/service-departments/:id',
    response: deleteResponseSchema,
    access: writeDepartments,
    summary: 'حذف قطاع (غير المرتبط بأنواع خدمات)',
  },
});
