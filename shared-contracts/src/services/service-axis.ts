import { z } from 'zod';
import { access, defineEndpoints } from '../core/endpoint';
import { itemEnvelopeOf, listEnvelopeOf } from '../core/envelope';
import { booleanFilter, defineListQuery } from '../core/list-query';
import { optionalInput, nameTextSchema, textSchema, timestampSchema } from '../core/values';
import { deleteResponseSchema } from './common';

/**
 * Service axes (محاور): the strategic pillar a service type serves (empowerment,
 * relief, health, education…). Read by whoever holds `show_services` (the type form picks one) or
 * `show_axise` (the axes page); changed only with `show_axise` (docs/shell.md#permissions).
 */

export const SERVICE_AXIS_MESSAGES = {
  notFound: 'المحور غير موجود',
  created: 'تمت إضافة المحور بنجاح',
  updated: 'تم تحديث بيانات المحور بنجاح',
  deleted: 'تم حذف المحور',
  duplicateName: 'يوجد محور مسجل بالاسم نفسه',
  inUse: 'لا يمكن حذف المحور لأنه مرتبط بأنواع خدمات، يمكنك إيقافه بدلاً من حذفه',
} as const;

/** `POST /service-axes`, `PUT /service-axes/{id}`. */
export const serviceAxisInputSchema = z.object({
  name: nameTextSchema(150, 2),
  description: optionalInput(textSchema(1000)),
  active: z.boolean().default(true),
});
export type ServiceAxisInput = z.output<typeof serviceAxisInputSchema>;
export type ServiceAxisFormValues = z.input<typeof serviceAxisInputSchema>;

/** An axis (list and detail). */
export const serviceAxisSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  active: z.boolean(),
  /** Service types filed under it (an axis with any cannot be deleted). */
  service_types_count: z.number().int().min(0),
  created_at: timestampSchema,
  updated_at: timestampSchema,
});
export type ServiceAxis = z.infer<typeof serviceAxisSchema>;
export const serviceAxisListResponseSchema = listEnvelopeOf(serviceAxisSchema);
export const serviceAxisResponseSchema = itemEnvelopeOf(serviceAxisSchema);

/** An axis turned back into the write body (edit form defaults). */
export function serviceAxisToInput(axis: ServiceAxis): ServiceAxisFormValues {
  return { name: axis.name, description: axis.description, active: axis.active };
}

export const SERVICE_AXIS_SORTABLE = ['name', 'active', 'created_at', 'updated_at'] as const;

/** `GET /service-axes?search=&filter[active]=true`. Search: name and description, Arabic-normalised. */
export const serviceAxisListQuery = defineListQuery({
  sortable: SERVICE_AXIS_SORTABLE,
  filters: { active: booleanFilter() },
});
export const serviceAxisListQuerySchema = serviceAxisListQuery.schema;
export type ServiceAxisListQuery = z.output<typeof serviceAxisListQuerySchema>;

const readAxes = access.anyOf('show_services', 'show_axise');
const writeAxes = access.allOf('show_axise');

export const serviceAxisEndpoints = defineEndpoints('service-axes', {
  list: {
    method: 'GET',
    path: '/service-axes',
    query: serviceAxisListQuerySchema,
    response: serviceAxisListResponseSchema,
    access: readAxes,
    summary: 'محاور الخدمات',
  },
  show: {
    method: 'GET',
    path: '/service-axes/:id',
    response: serviceAxisResponseSchema,
    access: readAxes,
    summary: 'بيانات محور',
  },
  create: {
    method: 'POST',
    path: '/service-axes',
    body: serviceAxisInputSchema,
    response: serviceAxisResponseSchema,
    status: 201,
    access: writeAxes,
    summary: 'إضافة محور',
  },
  update: {
    method: 'PUT',
    path: '/service-axes/:id',
    body: serviceAxisInputSchema,
    response: serviceAxisResponseSchema,
    access: writeAxes,
    summary: 'تعديل محور',
  },
  delete: {
    method: 'DELETE',
    path: '/service-axes/:id',
    response: deleteResponseSchema,
    access: writeAxes,
    summary: 'حذف محور (غير المرتبط بأنواع خدمات)',
  },
});
