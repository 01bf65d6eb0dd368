import { z } from 'zod';
import { access, defineEndpoints } from '../core/endpoint';
import { itemEnvelopeOf, listEnvelopeOf } from '../core/envelope';
import { booleanFilter, defineListQuery, idFilter } from '../core/list-query';
import {
  entityIdSchema,
  moneyInputSchema,
  moneyResponseSchema,
  optionalInput,
  nameTextSchema,
  textSchema,
  timestampSchema,
} from '../core/values';
import { deleteResponseSchema, namedRefSchema } from './common';

/**
 * Service types (أنواع الخدمات): what can be requested for a family (a medical
 * referral, rent support, a food basket…), filed under a department and an axis, with a default
 * cost per unit. Only active types can be requested. Everything here needs `show_services`.
 */

export const SERVICE_TYPE_MESSAGES = {
  notFound: 'نوع الخدمة غير موجود',
  created: 'تمت إضافة نوع الخدمة بنجاح',
  updated: 'تم تحديث نوع الخدمة بنجاح',
  deleted: 'تم حذف نوع الخدمة',
  duplicateName: 'يوجد نوع خدمة مسجل بالاسم نفسه',
  inUse: 'لا يمكن حذف نوع الخدمة لأنه مستخدم في خدمات مسجلة، يمكنك إيقافه بدلاً من حذفه',
  departmentInactive: 'القطاع المختار غير موجود أو غير مفعّل',
  axisInactive: 'المحور المختار غير موجود أو غير مفعّل',
} as const;

/**
 * `POST /service-types`, `PUT /service-types/{id}`. The department and the axis must be active
 * (one the type already holds stays accepted when it was deactivated since).
 */
export const serviceTypeInputSchema = z.object({
  name: nameTextSchema(200, 2),
  department_id: entityIdSchema,
  axis_id: entityIdSchema,
  /** SAR per unit; a service of this type costs `default_cost × quantity` unless its cost is given. */
  default_cost: optionalInput(moneyInputSchema()),
  /** What one unit is («سلة», «جلسة», «شهر»…). */
  unit: optionalInput(textSchema(50)),
  is_medical: z.boolean().default(false),
  active: z.boolean().default(true),
});
export type ServiceTypeInput = z.output<typeof serviceTypeInputSchema>;
export type ServiceTypeFormValues = z.input<typeof serviceTypeInputSchema>;

/** A service type (list and detail). */
export const serviceTypeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  department: namedRefSchema,
  axis: namedRefSchema,
  default_cost: moneyResponseSchema.nullable(),
  unit: z.string().nullable(),
  is_medical: z.boolean(),
  active: z.boolean(),
  /** Services recorded with it (a type with any cannot be deleted). */
  services_count: z.number().int().min(0),
  created_at: timestampSchema,
  updated_at: timestampSchema,
});
export type ServiceType = z.infer<typeof serviceTypeSchema>;
export const serviceTypeListResponseSchema = listEnvelopeOf(serviceTypeSchema);
export const serviceTypeResponseSchema = itemEnvelopeOf(serviceTypeSchema);

/** A service type turned back into the write body (edit form defaults). */
export function serviceTypeToInput(type: ServiceType): ServiceTypeFormValues {
  return {
    name: type.name,
    department_id: type.department.id,
    axis_id: type.axis.id,
    default_cost: type.default_cost,
    unit: type.unit,
    is_medical: type.is_medical,
    active: type.active,
  };
}

export const SERVICE_TYPE_SORTABLE = [
  'name',
  'department',
  'axis',
  'default_cost',
  'active',
  'created_at',
  'updated_at',
] as const;

/**
 * `GET /service-types?search=&filter[department_id]=2&filter[axis_id]=1&filter[is_medical]=true&filter[active]=true`.
 * Search: name and unit, Arabic-normalised.
 */
export const serviceTypeListQuery = defineListQuery({
  sortable: SERVICE_TYPE_SORTABLE,
  filters: {
    department_id: idFilter(),
    axis_id: idFilter(),
    is_medical: booleanFilter(),
    active: booleanFilter(),
  },
});
export const serviceTypeListQuerySchema = serviceTypeListQuery.schema;
export type ServiceTypeListQuery = z.output<typeof serviceTypeListQuerySchema>;

const servicesKey = access.allOf('show_services');

export const serviceTypeEndpoints = defineEndpoints('service-types', {
  list: {
    method: 'GET',
    path: '/service-types',
    query: serviceTypeListQuerySchema,
    response: serviceTypeListResponseSchema,
    access: servicesKey,
    summary: 'أنواع الخدمات',
  },
  show: {
    method: 'GET',
    path: '/service-types/:id',
    response: serviceTypeResponseSchema,
    access: servicesKey,
    summary: 'بيانات نوع خدمة',
  },
  create: {
    method: 'POST',
    path: '/service-types',
    body: serviceTypeInputSchema,
    response: serviceTypeResponseSchema,
    status: 201,
    access: servicesKey,
    summary: 'إضافة نوع خدمة',
  },
  update: {
    method: 'PUT',
    path: '/service-types/:id',
    body: serviceTypeInputSchema,
    response: serviceTypeResponseSchema,
    access: servicesKey,
    summary: 'تعديل نوع خدمة',
  },
  delete: {
    method: 'DELETE',
    path: '/service-types/:id',
    response: deleteResponseSchema,
    access: servicesKey,
    summary: 'حذف نوع خدمة (غير المستخدم في خدمات)',
  },
});
