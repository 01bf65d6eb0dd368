import { z } from 'zod';
import { access, defineEndpoints, fileResponse } from '../../core/endpoint';
import { itemEnvelopeOf, listEnvelopeOf } from '../../core/envelope';
import { surveysResource } from '../../resources/surveys';
import { codesFilter, defineListQuery, idFilter } from '../../core/list-query';
import {
  ISO_DATE_SHAPE,
  entityIdSchema,
  isoDateSchema,
  optionalInput,
  personRefSchema,
  nameTextSchema,
  textSchema,
  timestampSchema,
  todayIso,
  type ExportColumn,
} from '../../core/values';
import { RUN_ALWAYS, isRecord } from '../../beneficiaries/family-member';
import {
  SURVEY_GROUP_KIND_CODES,
  SURVEY_STATUS_CODES,
  surveyGroupKindSchema,
  surveyQuestionTypeSchema,
  surveyRefSchema,
  surveyStatusSchema,
  surveyTargetSchema,
  type SurveyStatus,
} from './common';
import { surveyTemplateVersionSchema } from './survey-template';

/**
 * Surveys (الاستبيانات): one template version applied to a group of respondents — a season's
 * beneficiaries, the families served by a service type, a seminar's audience — over a period,
 * open or closed. The show page summarises the answers per question (per version: a survey may
 * be moved to a newer version of its template, each response keeps the version it answered) and
 * exports them. Everything here needs `show_surveys`.
 */

export const SURVEY_MESSAGES = {
  notFound: 'الاستبيان غير موجود',
  created: 'تم إنشاء الاستبيان بنجاح',
  updated: 'تم تحديث الاستبيان بنجاح',
  endBeforeStart: 'تاريخ النهاية يجب أن يكون في تاريخ البداية أو بعده',
  typeInactive: 'نوع الاستبيان غير موجود أو موقوف',
  versionNotUsable: 'اختر الإصدار الحالي لقالب منشور',
  groupNotFound: 'المجموعة المستهدفة غير موجودة',
} as const;

/** The Arabic name of each field of a survey, for its form (its declaration's, `resources/surveys.ts`). */
export const SURVEY_FIELD_LABELS = surveysResource.fields;

function periodInOrder(value: unknown, ctx: z.RefinementCtx): void {
  if (!isRecord(value)) return;
  const { starts_on: start, ends_on: end } = value;
  if (
    typeof start === 'string' &&
    typeof end === 'string' &&
    ISO_DATE_SHAPE.test(start) &&
    ISO_DATE_SHAPE.test(end) &&
    end < start
  ) {
    ctx.addIssue({
      code: 'custom',
      message: SURVEY_MESSAGES.endBeforeStart,
      path: ['ends_on'],
      input: end,
    });
  }
}

/**
 * `POST /surveys`, `PUT /surveys/{id}`. The version must be the current published version of its
 * template when it is chosen or changed (a survey keeps the one it holds); the group must exist.
 */
export const surveyInputSchema = z
  .object({
    title: nameTextSchema(200, 3),
    survey_type_id: entityIdSchema,
    template_version_id: entityIdSchema,
    group_kind: surveyGroupKindSchema,
    group_id: entityIdSchema,
    starts_on: isoDateSchema,
    ends_on: isoDateSchema,
    status: surveyStatusSchema.default('open'),
    description: optionalInput(textSchema(1000)),
  })
  .superRefine(periodInOrder, RUN_ALWAYS);
export type SurveyInput = z.output<typeof surveyInputSchema>;
export type SurveyFormValues = z.input<typeof surveyInputSchema>;

/**
 * The status a survey has on `today` (Riyadh calendar): past its end date it is closed, whatever
 * was stored — the list, the dashboard and the answering all read this, so a survey never reads
 * «مفتوح» once its period is over. Reopening it means moving its end date.
 */
export function surveyStatusOn(
  survey: { status: SurveyStatus; ends_on: string },
  today: string = todayIso(),
): SurveyStatus {
  return survey.status === 'open' && !surveyEnded(survey, today) ? 'open' : 'closed';
}

/** True once the survey's last day has passed (Riyadh calendar). */
export function surveyEnded(survey: { ends_on: string }, today: string = todayIso()): boolean {
  return survey.ends_on < today;
}

/** A survey in the list. */
export const surveySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  survey_type: surveyRefSchema,
  template: z.object({ id: z.number().int(), title: z.string(), target: surveyTargetSchema }),
  template_version: z.object({ id: z.number().int(), version: z.number().int() }),
  group_kind: surveyGroupKindSchema,
  group: surveyRefSchema,
  starts_on: z.iso.date(),
  ends_on: z.iso.date(),
  status: surveyStatusSchema,
  responses_count: z.number().int().min(0),
  created_at: timestampSchema,
  updated_at: timestampSchema,
});
export type Survey = z.infer<typeof surveySchema>;

/** One survey: its description and the version new responses answer (questions included). */
export const surveyDetailSchema = surveySchema.extend({
  description: z.string().nullable(),
  version: surveyTemplateVersionSchema,
  created_by: personRefSchema.nullable(),
});
export type SurveyDetail = z.infer<typeof surveyDetailSchema>;
export const surveyListResponseSchema = listEnvelopeOf(surveySchema);
export const surveyResponseSchema = itemEnvelopeOf(surveyDetailSchema);

export function surveyDetailToInput(survey: SurveyDetail): SurveyFormValues {
  return {
    title: survey.title,
    survey_type_id: survey.survey_type.id,
    template_version_id: survey.template_version.id,
    group_kind: survey.group_kind,
    group_id: survey.group.id,
    starts_on: survey.starts_on,
    ends_on: survey.ends_on,
    status: survey.status,
    description: survey.description,
  };
}

/** `GET /surveys?search=&filter[status]=open&filter[survey_type_id]=2&filter[template_id]=3&filter[group_kind]=season`. */
export const SURVEY_SORTABLE = ['title', 'starts_on', 'ends_on', 'status', 'created_at'] as const;
export const surveyListQuery = defineListQuery({
  sortable: SURVEY_SORTABLE,
  filters: {
    status: codesFilter(SURVEY_STATUS_CODES),
    survey_type_id: idFilter(),
    template_id: idFilter(),
    group_kind: codesFilter(SURVEY_GROUP_KIND_CODES),
  },
});
export const surveyListQuerySchema = surveyListQuery.schema;
export type SurveyListQuery = z.output<typeof surveyListQuerySchema>;

/** What the survey form picks from (a `show_surveys` holder may lack the other sections' keys). */
export const surveyOptionsSchema = z.object({
  types: z.array(surveyRefSchema),
  /** Published templates with their current version. */
  templates: z.array(
    z.object({
      id: z.number().int(),
      title: z.string(),
      target: surveyTargetSchema,
      version: z.object({ id: z.number().int(), version: z.number().int() }),
    }),
  ),
  seasons: z.array(surveyRefSchema),
  service_types: z.array(surveyRefSchema),
  /** Empty until the seminars module serves them. */
  seminars: z.array(surveyRefSchema),
});
export type SurveyOptions = z.infer<typeof surveyOptionsSchema>;
export const surveyOptionsResponseSchema = itemEnvelopeOf(surveyOptionsSchema);

// ---------------------------------------------------------------------------------------------
// Summary
// ---------------------------------------------------------------------------------------------

export const surveyQuestionSummarySchema = z.object({
  key: z.string(),
  label: z.string(),
  type: surveyQuestionTypeSchema,
  /** Responses that answered it. */
  answered: z.number().int().min(0),
  /** Numbers and ratings. */
  average: z.number().nullable(),
  min: z.number().nullable(),
  max: z.number().nullable(),
  /** Choices, yes/no, ratings: every option (0 included), in order. */
  distribution: z.array(
    z.object({ value: z.string(), label: z.string(), count: z.number().int().min(0) }),
  ),
  /** Texts: the latest few answers. */
  samples: z.array(z.string()),
});
export type SurveyQuestionSummary = z.infer<typeof surveyQuestionSummarySchema>;

/** `GET /surveys/{id}/summary`: per version answered (oldest first), per question. */
export const surveySummarySchema = z.object({
  survey_id: z.number().int(),
  responses: z.number().int().min(0),
  versions: z.array(
    z.object({
      version_id: z.number().int(),
      version: z.number().int(),
      responses: z.number().int().min(0),
      questions: z.array(surveyQuestionSummarySchema),
    }),
  ),
});
export type SurveySummary = z.infer<typeof surveySummarySchema>;
export const surveySummaryResponseSchema = itemEnvelopeOf(surveySummarySchema);

/** `GET /surveys/{id}/summary/export?format=xlsx|csv`: one row per answer. */
export const surveySummaryExportQuerySchema = z.object({
  format: z.enum(['xlsx', 'csv']).default('xlsx'),
});

export const SURVEY_ANSWERS_EXPORT_COLUMNS = [
  { key: 'response_id', header: 'رقم الرد' },
  { key: 'version', header: 'إصدار القالب' },
  { key: 'file_number', header: 'رقم الملف' },
  { key: 'head_name', header: 'رب الأسرة' },
  { key: 'member', header: 'الفرد' },
  { key: 'collected_by', header: 'جامع البيانات' },
  { key: 'collected_at', header: 'تاريخ التعبئة' },
  { key: 'question', header: 'السؤال' },
  { key: 'answer', header: 'الإجابة' },
] as const satisfies readonly ExportColumn[];

const surveysKey = access.allOf('show_surveys');

export const surveyEndpoints = defineEndpoints('surveys', {
  list: {
    method: 'GET',
    path: '/surveys',
    query: surveyListQuerySchema,
    response: surveyListResponseSchema,
    access: surveysKey,
    summary: 'الاستبيانات',
  },
  options: {
    method: 'GET',
    path: '/surveys/options',
    response: surveyOptionsResponseSchema,
    access: surveysKey,
    summary: 'ما يُختار في نموذج الاستبيان',
  },
  show: {
    method: 'GET',
    path: '/surveys/:id',
    response: surveyResponseSchema,
    access: surveysKey,
    summary: 'بيانات استبيان',
  },
  create: {
    method: 'POST',
    path: '/surveys',
    body: surveyInputSchema,
    response: surveyResponseSchema,
    status: 201,
    access: surveysKey,
    summary: 'إنشاء استبيان',
  },
  update: {
    method: 'PUT',
    path: '/surveys/:id',
    body: surveyInputSchema,
    response: surveyResponseSchema,
    access: surveysKey,
    summary: 'تعديل استبيان',
  },
  summary: {
    method: 'GET',
    path: '/surveys/:id/summary',
    response: surveySummaryResponseSchema,
    access: surveysKey,
    summary: 'ملخص إجابات الاستبيان لكل سؤال',
  },
  summaryExport: {
    method: 'GET',
    path: '/surveys/:id/summary/export',
    query: surveySummaryExportQuerySchema,
    response: fileResponse,
    access: surveysKey,
    summary: 'تصدير إجابات الاستبيان (XLSX أو CSV)',
  },
});
