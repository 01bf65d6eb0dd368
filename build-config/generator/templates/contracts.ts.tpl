import { z } from 'zod';
import { access, defineEndpoints } from '../core/endpoint';
import { itemEnvelopeOf, listEnvelopeOf } from '../core/envelope';
import { booleanFilter, defineListQuery } from '../core/list-query';
import { nameTextSchema, optionalInput, textSchema, timestampSchema } from '../core/values';

/**
 * __TITLE__: the write body (the form and the API parse the same schema), the answers, the list
 * query and the endpoints. Who may do what, the pages and the activity-log names are in the
 * declaration (`./__NAME__.ts`). Kept apart from it because the endpoints name permission keys,
 * which the declarations define.
 */

export const __CONST___MESSAGES = {
  notFound: '__DEFINITE__ __NOT_FOUND__',
  created: 'تمت إضافة __DEFINITE__ بنجاح',
  updated: 'تم تحديث بيانات __DEFINITE__ بنجاح',
  deleted: 'تم حذف __DEFINITE__',
  duplicateName: 'يوجد __SINGULAR__ __REGISTERED__ بالاسم نفسه',
  inUse: 'لا يمكن حذف __DEFINITE__ لارتباطه بسجلات أخرى، يمكنك إيقافه بدلاً من حذفه',
} as const;

/** `POST __PATH__`, `PUT __PATH__/{id}`. */
export const __SCAMEL__InputSchema = z.object({
  name: nameTextSchema(150, 2),
  description: optionalInput(textSchema(1000)),
  active: z.boolean().default(true),
});
export type __SPASCAL__Input = z.output<typeof __SCAMEL__InputSchema>;
export type __SPASCAL__FormValues = z.input<typeof __SCAMEL__InputSchema>;

/** One record (list and detail). */
export const __SCAMEL__Schema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  active: z.boolean(),
  created_at: timestampSchema,
  updated_at: timestampSchema,
});
export type __SPASCAL__ = z.infer<typeof __SCAMEL__Schema>;
export const __SCAMEL__ListResponseSchema = listEnvelopeOf(__SCAMEL__Schema);
export const __SCAMEL__ResponseSchema = itemEnvelopeOf(__SCAMEL__Schema);
const deletedResponseSchema = z.object({ message: z.string() });

export const __CONST___SORTABLE = ['name', 'active', 'created_at', 'updated_at'] as const;

/** `GET __PATH__?search=&filter[active]=true`. Search: name and description, Arabic-normalised. */
export const __SCAMEL__ListQuery = defineListQuery({
  sortable: __CONST___SORTABLE,
  filters: { active: booleanFilter() },
});
export type __SPASCAL__ListQuery = z.output<typeof __SCAMEL__ListQuery.schema>;

export const __SCAMEL__Endpoints = defineEndpoints('__NAME__', {
  list: {
    method: 'GET',
    path: '__PATH__',
    query: __SCAMEL__ListQuery.schema,
    response: __SCAMEL__ListResponseSchema,
    access: access.allOf('show___KEY__'),
    summary: 'قائمة __PLURAL_GEN__',
  },
  show: {
    method: 'GET',
    path: '__PATH__/:id',
    response: __SCAMEL__ResponseSchema,
    access: access.allOf('show___KEY__'),
    summary: 'بيانات __SINGULAR__',
  },
  create: {
    method: 'POST',
    path: '__PATH__',
    body: __SCAMEL__InputSchema,
    response: __SCAMEL__ResponseSchema,
    status: 201,
    access: access.allOf('create___KEY__'),
    summary: 'إضافة __SINGULAR__',
  },
  update: {
    method: 'PUT',
    path: '__PATH__/:id',
    body: __SCAMEL__InputSchema,
    response: __SCAMEL__ResponseSchema,
    access: access.allOf('edit___KEY__'),
    summary: 'تعديل __SINGULAR__',
  },
  delete: {
    method: 'DELETE',
    path: '__PATH__/:id',
    response: deletedResponseSchema,
    access: access.allOf('edit___KEY__'),
    summary: 'حذف __SINGULAR__',
  },
});
