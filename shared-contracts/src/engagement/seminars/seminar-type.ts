import { z } from 'zod';
import { access, defineEndpoints } from '../../core/endpoint';
import { itemEnvelopeOf, listEnvelopeOf } from '../../core/envelope';
import { seminarsResource } from '../../resources/seminars';
import { booleanFilter, defineListQuery } from '../../core/list-query';
import { optionalInput, nameTextSchema, textSchema, timestampSchema } from '../../core/values';

/**
 * Seminar types (أنواع الندوات): an admin-editable lookup (awareness seminar,
 * training course, workshop…). Only active types are offered to a new seminar; a type in use is
 * deactivated, never deleted. Everything here needs `show_seminars`.
 */

export const SEMINAR_TYPE_MESSAGES = {
  notFound: 'نوع الندوة غير موجود',
  created: 'تمت إضافة نوع الندوة بنجاح',
  updated: 'تم تحديث نوع الندوة بنجاح',
  deleted: 'تم حذف نوع الندوة',
  duplicateName: 'يوجد نوع ندوة مسجل بالاسم نفسه',
  inUse: 'لا يمكن حذف نوع الندوة لأنه مستخدم في ندوات مسجلة، يمكنك إيقافه بدلاً من حذفه',
} as const;

/** The Arabic name of each field of a seminar type, for its form (its declaration's, `resources/seminars.ts`). */
export const SEMINAR_TYPE_FIELD_LABELS = seminarsResource.activity.seminar_type.fields;

/** `POST /seminar-types`, `PUT /seminar-types/{id}`. */
export const seminarTypeInputSchema = z.object({
  name: nameTextSchema(150, 2),
  description: optionalInput(textSchema(1000)),
  active: z.boolean().default(true),
});
export type SeminarTypeInput = z.output<typeof seminarTypeInputSchema>;
export type SeminarTypeFormValues = z.input<typeof seminarTypeInputSchema>;

export const seminarTypeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  active: z.boolean(),
  /** Seminars of this type (a type with any cannot be deleted). */
  seminars_count: z.number().int().min(0),
  created_at: timestampSchema,
  updated_at: timestampSchema,
});
export type SeminarType = z.infer<typeof seminarTypeSchema>;
export const seminarTypeListResponseSchema = listEnvelopeOf(seminarTypeSchema);
export const seminarTypeResponseSchema = itemEnvelopeOf(seminarTypeSchema);
export const seminarDeleteResponseSchema = z.object({ message: z.string() });

export const SEMINAR_TYPE_SORTABLE = ['name', 'active', 'created_at'] as const;

/** `GET /seminar-types?search=&filter[active]=true`. Search: name and description, Arabic-normalised. */
export const seminarTypeListQuery = defineListQuery({
  sortable: SEMINAR_TYPE_SORTABLE,
  filters: { active: booleanFilter() },
});
export const seminarTypeListQuerySchema = seminarTypeListQuery.schema;
export type SeminarTypeListQuery = z.output<typeof seminarTypeListQuerySchema>;

/** Every seminars endpoint needs `show_seminars` (the route table's key for the whole section). */
export const seminarsAccess = access.allOf('show_seminars');

export const seminarTypeEndpoints = defineEndpoints('seminar-types', {
  list: {
    method: 'GET',
    path: '/seminar-types',
    query: seminarTypeListQuerySchema,
    response: seminarTypeListResponseSchema,
    access: seminarsAccess,
    summary: 'أنواع الندوات',
  },
  show: {
    method: 'GET',
    path: '/seminar-types/:id',
    response: seminarTypeResponseSchema,
    access: seminarsAccess,
    summary: 'بيانات نوع ندوة',
  },
  create: {
    method: 'POST',
    path: '/seminar-types',
    body: seminarTypeInputSchema,
    response: seminarTypeResponseSchema,
    status: 201,
    access: seminarsAccess,
    summary: 'إضافة نوع ندوة',
  },
  update: {
    method: 'PUT',
    path: '/seminar-types/:id',
    body: seminarTypeInputSchema,
    response: seminarTypeResponseSchema,
    access: seminarsAccess,
    summary: 'تعديل نوع ندوة',
  },
  delete: {
    method: 'DELETE',
    path: '/seminar-types/:id',
    response: seminarDeleteResponseSchema,
    access: seminarsAccess,
    summary: 'حذف نوع ندوة (غير المستخدم في ندوات)',
  },
});
