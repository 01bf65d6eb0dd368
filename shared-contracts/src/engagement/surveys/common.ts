import { z } from 'zod';
import type { LookupItem } from '../../beneficiaries/lookups';
import { codesOf } from '../../beneficiaries/lookups';
import { defineNoun } from '../../core/plural';
import { enumInputSchema } from '../../core/values';

/**
 * What the surveys resources (types, versioned templates, surveys, responses) share: the fixed
 * enumerations with their Arabic labels, the `{ id, name }` reference and the delete answer.
 * After XLSForm: its split into questions, choices and settings (form id + version).
 */

/** A record as another refers to it. */
export const surveyRefSchema = z.object({ id: z.number().int(), name: z.string() });
export type SurveyRef = z.infer<typeof surveyRefSchema>;

/** `DELETE …/{id}`: the Arabic confirmation. */
export const surveyDeleteResponseSchema = z.object({ message: z.string() });

/** What a template measures. */
export const SURVEY_PURPOSES = [
  { code: 'satisfaction', label: 'قياس الرضا' },
  { code: 'needs_assessment', label: 'تقييم الاحتياج' },
  { code: 'seminar_feedback', label: 'تقييم ندوة أو دورة' },
  { code: 'other', label: 'أخرى' },
] as const satisfies readonly LookupItem[];
export type SurveyPurpose = (typeof SURVEY_PURPOSES)[number]['code'];
export const SURVEY_PURPOSE_CODES = codesOf(SURVEY_PURPOSES);
export const surveyPurposeSchema = enumInputSchema(SURVEY_PURPOSE_CODES);

/** Whom a template asks about: the respondent is a family (a member of it for `member`). */
export const SURVEY_TARGETS = [
  { code: 'family', label: 'الأسرة' },
  { code: 'member', label: 'فرد من الأسرة' },
  { code: 'seminar', label: 'ندوة أو دورة' },
  { code: 'service', label: 'خدمة' },
] as const satisfies readonly LookupItem[];
export type SurveyTarget = (typeof SURVEY_TARGETS)[number]['code'];
export const SURVEY_TARGET_CODES = codesOf(SURVEY_TARGETS);
export const surveyTargetSchema = enumInputSchema(SURVEY_TARGET_CODES);

/** A template's life: draft (editable in place) → published (immutable, edits make new versions) → retired. */
export const SURVEY_TEMPLATE_STATUSES = [
  { code: 'draft', label: 'مسودة' },
  { code: 'published', label: 'منشور' },
  { code: 'retired', label: 'موقوف' },
] as const satisfies readonly LookupItem[];
export type SurveyTemplateStatus = (typeof SURVEY_TEMPLATE_STATUSES)[number]['code'];
export const SURVEY_TEMPLATE_STATUS_CODES = codesOf(SURVEY_TEMPLATE_STATUSES);
export const surveyTemplateStatusSchema = enumInputSchema(SURVEY_TEMPLATE_STATUS_CODES);

/** A version: the draft being written, the published one in use, or one a newer version replaced. */
export const SURVEY_VERSION_STATUSES = [
  { code: 'draft', label: 'مسودة' },
  { code: 'published', label: 'الإصدار الحالي' },
  { code: 'superseded', label: 'إصدار سابق' },
] as const satisfies readonly LookupItem[];
export type SurveyVersionStatus = (typeof SURVEY_VERSION_STATUSES)[number]['code'];
export const SURVEY_VERSION_STATUS_CODES = codesOf(SURVEY_VERSION_STATUSES);
export const surveyVersionStatusSchema = enumInputSchema(SURVEY_VERSION_STATUS_CODES);

/** The question types (XLSForm: text, integer/decimal, select_one, select_multiple, rating, yes/no, date). */
export const SURVEY_QUESTION_TYPES = [
  { code: 'short_text', label: 'نص قصير' },
  { code: 'long_text', label: 'نص طويل' },
  { code: 'number', label: 'رقم' },
  { code: 'single_choice', label: 'اختيار واحد' },
  { code: 'multiple_choice', label: 'اختيار متعدد' },
  { code: 'rating', label: 'تقييم من 1 إلى 5' },
  { code: 'yes_no', label: 'نعم / لا' },
  { code: 'date', label: 'تاريخ' },
] as const satisfies readonly LookupItem[];
export type SurveyQuestionType = (typeof SURVEY_QUESTION_TYPES)[number]['code'];
export const SURVEY_QUESTION_TYPE_CODES = codesOf(SURVEY_QUESTION_TYPES);
export const surveyQuestionTypeSchema = enumInputSchema(SURVEY_QUESTION_TYPE_CODES);

/** The types whose answers pick from the question's options. */
export const CHOICE_QUESTION_TYPES: readonly SurveyQuestionType[] = [
  'single_choice',
  'multiple_choice',
];
/** The types that take length limits, and the ones that take value limits. */
export const TEXT_QUESTION_TYPES: readonly SurveyQuestionType[] = ['short_text', 'long_text'];
export const NUMBER_QUESTION_TYPES: readonly SurveyQuestionType[] = ['number'];

/** Which group of respondents a survey addresses. */
export const SURVEY_GROUP_KINDS = [
  { code: 'season', label: 'المستفيدون من موسم' },
  { code: 'service_type', label: 'الأسر المستفيدة من نوع خدمة' },
  { code: 'seminar', label: 'حضور ندوة أو دورة' },
] as const satisfies readonly LookupItem[];
export type SurveyGroupKind = (typeof SURVEY_GROUP_KINDS)[number]['code'];
export const SURVEY_GROUP_KIND_CODES = codesOf(SURVEY_GROUP_KINDS);
export const surveyGroupKindSchema = enumInputSchema(SURVEY_GROUP_KIND_CODES);

export const SURVEY_STATUSES = [
  { code: 'open', label: 'مفتوح' },
  { code: 'closed', label: 'مغلق' },
] as const satisfies readonly LookupItem[];
export type SurveyStatus = (typeof SURVEY_STATUSES)[number]['code'];
export const SURVEY_STATUS_CODES = codesOf(SURVEY_STATUSES);
export const surveyStatusSchema = enumInputSchema(SURVEY_STATUS_CODES);

/** The Arabic label of a code of one of the lists above (the code itself when unknown). */
export function surveyLabel(list: readonly LookupItem[], code: string): string {
  return list.find((item) => item.code === code)?.label ?? code;
}

/** The nouns the surveys pages count (with `countOf`). */
export const SURVEY_NOUNS = {
  response: defineNoun({
    one: 'رد',
    two: 'ردان',
    few: 'ردود',
    many: 'رداً',
    other: 'رد',
    gender: 'masculine',
    zero: 'لا توجد ردود',
  }),
  question: defineNoun({
    one: 'سؤال',
    two: 'سؤالان',
    few: 'أسئلة',
    many: 'سؤالاً',
    other: 'سؤال',
    gender: 'masculine',
    zero: 'لا توجد أسئلة',
  }),
  answer: defineNoun({
    one: 'إجابة',
    two: 'إجابتان',
    few: 'إجابات',
    many: 'إجابة',
    other: 'إجابة',
    gender: 'feminine',
    zero: 'لا توجد إجابات',
  }),
} as const;
