import { z } from 'zod';
import { defineNoun } from '../core/plural';
import { SURVEY_QUESTION_TYPE_CODES, SURVEY_STATUS_CODES } from '../engagement/surveys/common';
import {
  defineReportEndpoints,
  reportArchiveDetailSchemaOf,
  reportFilter,
  reportPeriodSchema,
  reportSchemasOf,
} from './report-kind';

/**
 * The survey report (تقرير الاستبيانات): the surveys whose run (`starts_on`–`ends_on`)
 * overlaps the period, each with the responses collected IN the period (Riyadh dates) and the
 * results of every question those responses answered — choice counts and percentages (of the
 * responses that answered the question), rating and number averages, rating distributions, and
 * text answers counted, never listed (a report is read by people who may not open the responses).
 * Satisfaction is the average of every rating answer (1–5), per survey, per month and overall.
 */

export const SURVEY_REPORT_TITLE = 'تقرير الاستبيانات';

/** «استبيان» counted in Arabic (استبيانان، 3 استبيانات، 11 استبياناً). */
export const SURVEY_NOUN = defineNoun({
  one: 'استبيان',
  two: 'استبيانان',
  few: 'استبيانات',
  many: 'استبياناً',
  other: 'استبيان',
  gender: 'masculine',
  zero: 'لا توجد استبيانات',
});

export const surveyReportFilters = {
  template_id: reportFilter.id(),
  survey_id: reportFilter.id(),
};

const schemas = reportSchemasOf(surveyReportFilters);
/** `GET /reports/survey?from=&to=&template_id=&survey_id=` */
export const surveyReportQuerySchema = schemas.query;
export type SurveyReportQuery = z.output<typeof surveyReportQuerySchema>;
export const surveyReportExportQuerySchema = schemas.exportQuery;
export const surveyReportArchiveInputSchema = schemas.archiveInput;

const count = z.number().int().min(0);
/** A percentage with one decimal (0 when nothing was answered). */
const percent = z.number().min(0).max(100);
/** An average with two decimals, or null when nothing was averaged. */
const average = z.number().nullable();

export const surveyReportChoiceSchema = z.object({
  value: z.string(),
  label: z.string(),
  count,
  /** Of the responses that answered the question (a multiple choice may total over 100). */
  percent,
});

export const surveyReportQuestionSchema = z.object({
  question_id: z.number().int(),
  /** The template version the question belongs to. */
  version: z.number().int(),
  key: z.string(),
  label: z.string(),
  type: z.enum(SURVEY_QUESTION_TYPE_CODES),
  type_label: z.string(),
  /** Responses in the period that answered it. */
  answered: count,
  /** Ratings and numbers. */
  average,
  /** Choices, yes/no and ratings: every option, 0 included, in order. */
  distribution: z.array(surveyReportChoiceSchema),
  /** Texts and dates: how many were given (the answers themselves stay in the responses). */
  text_answers: count,
});
export type SurveyReportQuestion = z.infer<typeof surveyReportQuestionSchema>;

export const surveyReportRowSchema = z.object({
  survey: z.object({ id: z.number().int(), title: z.string() }),
  template: z.object({ id: z.number().int(), title: z.string() }),
  survey_type: z.string(),
  status: z.enum(SURVEY_STATUS_CODES),
  status_label: z.string(),
  starts_on: z.iso.date(),
  ends_on: z.iso.date(),
  responses: count,
  rating_answers: count,
  satisfaction: average,
  questions: z.array(surveyReportQuestionSchema),
});
export type SurveyReportRow = z.infer<typeof surveyReportRowSchema>;

export const surveyReportMonthSchema = z.object({
  /** `YYYY-MM`, every month of the period (0 included). */
  month: z.string().regex(/^\d{4}-\d{2}$/),
  responses: count,
  rating_answers: count,
  satisfaction: average,
});
export type SurveyReportMonth = z.infer<typeof surveyReportMonthSchema>;

export const surveyReportSchema = z.object({
  kind: z.literal('survey'),
  period: reportPeriodSchema,
  parameters: z.object({
    template_id: z.number().int().nullable(),
    template_title: z.string().nullable(),
    survey_id: z.number().int().nullable(),
    survey_title: z.string().nullable(),
  }),
  rows: z.array(surveyReportRowSchema),
  by_month: z.array(surveyReportMonthSchema),
  totals: z.object({
    surveys: count,
    responses: count,
    rating_answers: count,
    satisfaction: average,
  }),
});
export type SurveyReport = z.infer<typeof surveyReportSchema>;

/** An archive of the report with its snapshot. */
export const surveyReportArchiveSchema = reportArchiveDetailSchemaOf(surveyReportSchema);
export type SurveyReportArchive = z.infer<typeof surveyReportArchiveSchema>;

/** The export's columns: a line per survey, per question and per option, then the months. */
export const SURVEY_REPORT_EXPORT_COLUMNS = [
  { key: 'survey', header: 'الاستبيان' },
  { key: 'question', header: 'السؤال' },
  { key: 'type', header: 'نوع السؤال' },
  { key: 'choice', header: 'الخيار' },
  { key: 'count', header: 'العدد' },
  { key: 'percent', header: 'النسبة %' },
  { key: 'average', header: 'المتوسط' },
] as const;

/** The survey report and its archives (report-kind.ts gives the six endpoints). */
export const surveyReportEndpoints = defineReportEndpoints('survey', {
  title: SURVEY_REPORT_TITLE,
  filters: surveyReportFilters,
  report: surveyReportSchema,
});
