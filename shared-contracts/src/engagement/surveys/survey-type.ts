import { z } from 'zod';
import { access, defineEndpoints } from '../../core/endpoint';
import { itemEnvelopeOf, listEnvelopeOf } from '../../core/envelope';
import { surveysResource } from '../../resources/surveys';
import { booleanFilter, defineListQuery } from '../../core/list-query';
import { optionalInput, nameTextSchema, textSchema, timestampSchema } from '../../core/values';
import { surveyDeleteResponseSchema } from './common';

/**
 * Survey types (أنواع الاستبيانات): how surveys are filed (satisfaction after a season, needs
 * assessment, seminar feedback…), an editable list. Everything here needs `show_surveys`.
 */

export const SURVEY_TYPE_MESSAGES = {
  notFound: 'نوع الاستبيان غير موجود',
  created: 'تمت إضافة نوع الاستبيان بنجاح',
  updated: 'تم تحديث نوع الاستبيان بنجاح',
  deleted: 'تم حذف نوع الاستبيان',
  duplicateName: 'يوجد نوع استبيان مسجل بالاسم نفسه',
  inUse: 'لا يمكن حذف نوع الاستبيان لأنه مستخدم في استبيانات، يمكنك إيقافه بدلاً من حذفه',
} as const;

/** The Arabic name of each field of a survey type, for its form (its declaration's, `resources/surveys.ts`). */
export const SURVEY_TYPE_FIELD_LABELS = surveysResource.activity.survey_type.fields;

/** `POST /survey-types`, `PUT /survey-types/{id}`. */
export const surveyTypeInputSchema = z.object({
  name: nameTextSchema(150, 2),
  description: optionalInput(textSchema(500)),
  active: z.boolean().default(true),
});
export type SurveyTypeInput = z.output<typeof surveyTypeInputSchema>;
export type SurveyTypeFormValues = z.input<typeof surveyTypeInputSchema>;

export const surveyTypeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  active: z.boolean(),
  /** Surveys filed under it (a type with any cannot be deleted). */
  surveys_count: z.number().int().min(0),
  created_at: timestampSchema,
  updated_at: timestampSchema,
});
export type SurveyType = z.infer<typeof surveyTypeSchema>;
export const surveyTypeListResponseSchema = listEnvelopeOf(surveyTypeSchema);
export const surveyTypeResponseSchema = itemEnvelopeOf(surveyTypeSchema);

export function surveyTypeToInput(type: SurveyType): SurveyTypeFormValues {
  return { name: type.name, description: type.description, active: type.active };
}

/** `GET /survey-types?search=&filter[active]=true`: search on the name, Arabic-normalised. */
export const SURVEY_TYPE_SORTABLE = ['name', 'active', 'created_at'] as const;
export const surveyTypeListQuery = defineListQuery({
  sortable: SURVEY_TYPE_SORTABLE,
  filters: { active: booleanFilter() },
});
export const surveyTypeListQuerySchema = surveyTypeListQuery.schema;
export type SurveyTypeListQuery = z.output<typeof surveyTypeListQuerySchema>;

const surveysKey = access.allOf('show_surveys');

export const surveyTypeEndpoints = defineEndpoints('survey-types', {
  list: {
    method: 'GET',
    path: '/survey-types',
    query: surveyTypeListQuerySchema,
    response: surveyTypeListResponseSchema,
    access: surveysKey,
    summary: 'أنواع الاستبيانات',
  },
  show: {
    method: 'GET',
    path: '/survey-types/:id',
    response: surveyTypeResponseSchema,
    access: surveysKey,
    summary: 'بيانات نوع استبيان',
  },
  create: {
    method: 'POST',
    path: '/survey-types',
    body: surveyTypeInputSchema,
    response: surveyTypeResponseSchema,
    status: 201,
    access: surveysKey,
    summary: 'إضافة نوع استبيان',
  },
  update: {
    method: 'PUT',
    path: '/survey-types/:id',
    body: surveyTypeInputSchema,
    response: surveyTypeResponseSchema,
    access: surveysKey,
    summary: 'تعديل نوع استبيان',
  },
  delete: {
    method: 'DELETE',
    path: '/survey-types/:id',
    response: surveyDeleteResponseSchema,
    access: surveysKey,
    summary: 'حذف نوع استبيان (غير المستخدم)',
  },
});
