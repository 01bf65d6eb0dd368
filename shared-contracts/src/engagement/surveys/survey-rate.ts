import { z } from 'zod';
import { access, defineEndpoints } from '../../core/endpoint';
import { itemEnvelopeOf, listEnvelopeOf } from '../../core/envelope';
import { defineListQuery, idFilter } from '../../core/list-query';
import { entityIdSchema, optionalInput, personRefSchema, timestampSchema } from '../../core/values';
import { surveyRefSchema } from './common';
import { surveyTemplateVersionSchema } from './survey-template';

/**
 * Responses (تقييمات / ردود): one respondent's answers to a survey, on the version the survey
 * applied when they answered, with who collected them and when. A respondent (a family, or a
 * member for a member-targeted template) answers a survey once: a second attempt is a 409 whose
 * `errors.existing_response_id` names the first response, which the form then opens.
 * Everything here needs `show_surveys`.
 */

export const SURVEY_RATE_MESSAGES = {
  notFound: 'الرد غير موجود',
  created: 'تم حفظ إجابات الاستبيان بنجاح',
  surveyClosed: 'الاستبيان مغلق، لا تُسجَّل فيه ردود جديدة',
  surveyEnded: 'انتهت مدة الاستبيان، لا تُسجَّل فيه ردود جديدة',
  alreadyAnswered: 'أجاب هذا المستجيب عن الاستبيان من قبل، يُفتح رده السابق',
  familyNotInGroup: 'الأسرة ليست من المجموعة المستهدفة بهذا الاستبيان',
  familyNotFound: 'الأسرة غير موجودة',
  memberNotInFamily: 'الفرد المختار ليس من أفراد هذه الأسرة',
} as const;

/** The `errors` key of the duplicate-response 409 that carries the first response's id. */
export const EXISTING_RESPONSE_KEY = 'existing_response_id';

/**
 * `POST /surveys/{id}/rates`, the loose shape (the API then parses `surveyRateSchemaFor(version)`
 * of survey-answers.ts, which checks every answer against the version).
 */
export const surveyRateInputSchema = z.object({
  family_id: entityIdSchema,
  member_id: optionalInput(entityIdSchema),
  answers: z.record(z.string(), z.unknown()),
});
export type SurveyRateInput = z.output<typeof surveyRateInputSchema>;

export const surveyRespondentFamilySchema = z.object({
  id: z.number().int(),
  file_number: z.string(),
  head_name: z.string(),
});

/** A response in the list of a survey. */
export const surveyRateSchema = z.object({
  id: z.number().int(),
  survey_id: z.number().int(),
  family: surveyRespondentFamilySchema,
  member: surveyRefSchema.nullable(),
  template_version: z.object({ id: z.number().int(), version: z.number().int() }),
  collected_by: personRefSchema.nullable(),
  collected_at: timestampSchema,
});
export type SurveyRate = z.infer<typeof surveyRateSchema>;

/** One response: its survey, the version's questions and the answers by question key. */
export const surveyRateDetailSchema = surveyRateSchema.extend({
  survey: z.object({ id: z.number().int(), title: z.string() }),
  version: surveyTemplateVersionSchema,
  answers: z.record(
    z.string(),
    z.union([z.string(), z.number(), z.boolean(), z.array(z.string())]).nullable(),
  ),
});
export type SurveyRateDetail = z.infer<typeof surveyRateDetailSchema>;
export const surveyRateListResponseSchema = listEnvelopeOf(surveyRateSchema);
export const surveyRateResponseSchema = itemEnvelopeOf(surveyRateDetailSchema);

/** `GET /surveys/{id}/rates?search=&filter[version_id]=4`: search on the family's file number and head's name. */
export const SURVEY_RATE_SORTABLE = ['collected_at', 'file_number'] as const;
export const surveyRateListQuery = defineListQuery({
  sortable: SURVEY_RATE_SORTABLE,
  filters: { version_id: idFilter() },
});
export const surveyRateListQuerySchema = surveyRateListQuery.schema;
export type SurveyRateListQuery = z.output<typeof surveyRateListQuerySchema>;

/** A family of the survey's group, as the respondent picker offers it. */
export const surveyRespondentSchema = surveyRespondentFamilySchema.extend({
  members: z.array(surveyRefSchema),
  /** The family's response to this survey (a family target), when it answered already. */
  response_id: z.number().int().nullable(),
});
export type SurveyRespondent = z.infer<typeof surveyRespondentSchema>;
export const surveyRespondentListResponseSchema = listEnvelopeOf(surveyRespondentSchema);

/** `GET /surveys/{id}/respondents?search=`: the group's families by file number or head's name. */
export const surveyRespondentListQuery = defineListQuery({
  sortable: ['file_number', 'head_name'] as const,
  filters: { id: idFilter() },
});
export const surveyRespondentListQuerySchema = surveyRespondentListQuery.schema;
export type SurveyRespondentListQuery = z.output<typeof surveyRespondentListQuerySchema>;

const surveysKey = access.allOf('show_surveys');

export const surveyRateEndpoints = defineEndpoints('survey-rates', {
  list: {
    method: 'GET',
    path: '/surveys/:id/rates',
    query: surveyRateListQuerySchema,
    response: surveyRateListResponseSchema,
    access: surveysKey,
    summary: 'ردود استبيان',
  },
  respondents: {
    method: 'GET',
    path: '/surveys/:id/respondents',
    query: surveyRespondentListQuerySchema,
    response: surveyRespondentListResponseSchema,
    access: surveysKey,
    summary: 'الأسر المستهدفة بالاستبيان',
  },
  create: {
    method: 'POST',
    path: '/surveys/:id/rates',
    body: surveyRateInputSchema,
    response: surveyRateResponseSchema,
    status: 201,
    access: surveysKey,
    summary: 'تسجيل إجابات مستجيب',
  },
  show: {
    method: 'GET',
    path: '/survey-rates/:id',
    response: surveyRateResponseSchema,
    access: surveysKey,
    summary: 'رد على استبيان',
  },
});
