import { z } from 'zod';
import { access, defineEndpoints } from '../../core/endpoint';
import { itemEnvelopeOf, listEnvelopeOf } from '../../core/envelope';
import { surveysResource } from '../../resources/surveys';
import { codesFilter, defineListQuery } from '../../core/list-query';
import {
  integerInputSchema,
  optionalInput,
  personRefSchema,
  nameTextSchema,
  textSchema,
  timestampSchema,
} from '../../core/values';
import { RUN_ALWAYS, isRecord } from '../../beneficiaries/family-member';
import {
  CHOICE_QUESTION_TYPES,
  NUMBER_QUESTION_TYPES,
  SURVEY_TEMPLATE_STATUS_CODES,
  TEXT_QUESTION_TYPES,
  surveyDeleteResponseSchema,
  surveyPurposeSchema,
  surveyQuestionTypeSchema,
  surveyTargetSchema,
  surveyTemplateStatusSchema,
  surveyVersionStatusSchema,
  type SurveyQuestionType,
} from './common';

/**
 * Survey templates (قوالب الاستبيانات): a title, a purpose, a target and
 * ordered questions. A template is a series of versions: the draft is edited in place; once
 * published a version never changes — saving a published template writes version N+1 (its own
 * question rows, published at once) and every answer stays tied to the version and the question it
 * answered. Status draft → published → retired. Everything here needs `show_survey_templates`.
 */

export const SURVEY_TEMPLATE_MESSAGES = {
  notFound: 'قالب الاستبيان غير موجود',
  created: 'تم إنشاء قالب الاستبيان بنجاح',
  updated: 'تم حفظ قالب الاستبيان بنجاح',
  newVersion: (version: number) =>
    `القالب منشور فلا يتغير، حُفظت التعديلات في إصدار جديد (الإصدار ${version})`,
  published: 'تم نشر قالب الاستبيان',
  retired: 'تم إيقاف قالب الاستبيان',
  deleted: 'تم حذف مسودة القالب',
  notDraft: 'لا يُنشر إلا قالب في حالة «مسودة»',
  notPublished: 'لا يوقف إلا قالب منشور',
  retiredReadOnly: 'لا يمكن تعديل قالب موقوف',
  deleteNotDraft: 'لا تُحذف إلا مسودة لم تُنشر',
  noQuestions: 'أضف سؤالاً واحداً على الأقل',
  duplicateKey: 'رمز السؤال مكرر في هذا القالب',
  choiceNeedsOptions: 'أسئلة الاختيار تحتاج خيارين على الأقل',
  duplicateOption: 'الخيار مكرر في هذا السؤال',
  minAboveMax: 'الحد الأدنى يجب ألا يزيد عن الحد الأعلى',
  limitsNotForType: 'هذا النوع من الأسئلة لا يقبل هذا الحد',
  skipUnknownQuestion: 'شرط الظهور يجب أن يشير إلى سؤال سابق في القالب',
  skipInvalidValue: 'قيمة شرط الظهور ليست من إجابات السؤال المشار إليه',
} as const;

/** The Arabic name of each field of a template, for its form (its declaration's, `resources/surveys.ts`). */
export const SURVEY_TEMPLATE_FIELD_LABELS = surveysResource.activity.survey_template.fields;

// ---------------------------------------------------------------------------------------------
// Questions
// ---------------------------------------------------------------------------------------------

/** A question's stable key (XLSForm `name`): kept across versions so answers line up. */
export const questionKeySchema = z
  .string()
  .trim()
  .min(1)
  .max(40)
  .regex(/^[a-z][a-z0-9_]*$/, {
    error: 'رمز السؤال يبدأ بحرف لاتيني صغير ويحتوي على حروف لاتينية صغيرة وأرقام وشرطة سفلية فقط',
  });

export const surveyOptionSchema = z.object({
  /** Stored in the answers; stable across versions. */
  value: questionKeySchema,
  label: textSchema(200),
});
export type SurveyOption = z.output<typeof surveyOptionSchema>;

/** Skip logic: the question is shown only when the earlier question `question_key` was answered `equals`. */
export const surveyShowIfSchema = z.object({
  question_key: questionKeySchema,
  /** An option's value, `yes`/`no`, a rating or number as text, or the exact text. */
  equals: z.string().trim().min(1).max(200),
});
export type SurveyShowIf = z.output<typeof surveyShowIfSchema>;

const limitSchema = optionalInput(integerInputSchema(-1_000_000_000, 1_000_000_000));
const lengthSchema = optionalInput(integerInputSchema(0, 5000));

export const surveyQuestionInputSchema = z.object({
  key: questionKeySchema,
  label: textSchema(300),
  type: surveyQuestionTypeSchema,
  required: z.boolean().default(false),
  help_text: optionalInput(textSchema(300)),
  /** Number questions: the smallest and largest accepted value. */
  min: limitSchema,
  max: limitSchema,
  /** Text questions: the shortest and longest accepted answer (characters). */
  min_length: lengthSchema,
  max_length: lengthSchema,
  /** Choice questions: at least two. Ignored for the other types. */
  options: z.array(surveyOptionSchema).max(50).default([]),
  show_if: surveyShowIfSchema.nullish(),
});
export type SurveyQuestionInput = z.output<typeof surveyQuestionInputSchema>;
export type SurveyQuestionFormValues = z.input<typeof surveyQuestionInputSchema>;

/** A question as stored in a version (and as the form and the validator read it). */
export const surveyQuestionSchema = z.object({
  id: z.number().int(),
  position: z.number().int(),
  key: z.string(),
  label: z.string(),
  type: surveyQuestionTypeSchema,
  required: z.boolean(),
  help_text: z.string().nullable(),
  min: z.number().nullable(),
  max: z.number().nullable(),
  min_length: z.number().int().nullable(),
  max_length: z.number().int().nullable(),
  options: z.array(z.object({ value: z.string(), label: z.string() })),
  show_if: z.object({ question_key: z.string(), equals: z.string() }).nullable(),
});
export type SurveyQuestion = z.infer<typeof surveyQuestionSchema>;

/** The values an answer to `question` can be compared with in a skip condition. */
export function skipValuesOf(question: Pick<SurveyQuestion, 'type' | 'options'>): string[] | null {
  switch (question.type) {
    case 'single_choice':
    case 'multiple_choice':
      return question.options.map((option) => option.value);
    case 'yes_no':
      return ['yes', 'no'];
    case 'rating':
      return ['1', '2', '3', '4', '5'];
    default:
      // Any text or number may be compared.
      return null;
  }
}

/** Every rule across the questions: keys and options unique, limits fitting the type, skip logic pointing back. */
function checkQuestions(value: unknown, ctx: z.RefinementCtx): void {
  if (!isRecord(value) || !Array.isArray(value.questions)) return;
  const questions = value.questions as unknown[];
  const issue = (path: (string | number)[], message: string) =>
    ctx.addIssue({ code: 'custom', message, path: ['questions', ...path], input: value });
  if (questions.length === 0)
    ctx.addIssue({
      code: 'custom',
      message: SURVEY_TEMPLATE_MESSAGES.noQuestions,
      path: ['questions'],
      input: value,
    });
  const earlier = new Map<string, Pick<SurveyQuestion, 'type' | 'options'>>();
  questions.forEach((raw, index) => {
    if (!isRecord(raw)) return;
    const key = typeof raw.key === 'string' ? raw.key.trim() : '';
    const type = raw.type as SurveyQuestionType;
    const options = Array.isArray(raw.options) ? (raw.options as unknown[]).filter(isRecord) : [];
    if (key && earlier.has(key)) issue([index, 'key'], SURVEY_TEMPLATE_MESSAGES.duplicateKey);
    if (CHOICE_QUESTION_TYPES.includes(type)) {
      if (options.length < 2)
        issue([index, 'options'], SURVEY_TEMPLATE_MESSAGES.choiceNeedsOptions);
      const seenValues = new Set<string>();
      const seenLabels = new Set<string>();
      options.forEach((option, optionIndex) => {
        const optionValue = typeof option.value === 'string' ? option.value.trim() : '';
        const label = typeof option.label === 'string' ? option.label.trim() : '';
        if ((optionValue && seenValues.has(optionValue)) || (label && seenLabels.has(label)))
          issue([index, 'options', optionIndex, 'label'], SURVEY_TEMPLATE_MESSAGES.duplicateOption);
        seenValues.add(optionValue);
        seenLabels.add(label);
      });
    }
    const present = (name: string) =>
      raw[name] !== undefined && raw[name] !== null && raw[name] !== '';
    const numeric = (name: string) => (present(name) ? Number(raw[name]) : null);
    for (const [low, high, types] of [
      ['min', 'max', NUMBER_QUESTION_TYPES],
      ['min_length', 'max_length', TEXT_QUESTION_TYPES],
    ] as const) {
      for (const name of [low, high])
        if (present(name) && !types.includes(type))
          issue([index, name], SURVEY_TEMPLATE_MESSAGES.limitsNotForType);
      const a = numeric(low);
      const b = numeric(high);
      if (a !== null && b !== null && Number.isFinite(a) && Number.isFinite(b) && a > b)
        issue([index, high], SURVEY_TEMPLATE_MESSAGES.minAboveMax);
    }
    if (isRecord(raw.show_if)) {
      const target =
        typeof raw.show_if.question_key === 'string'
          ? earlier.get(raw.show_if.question_key.trim())
          : undefined;
      if (!target)
        issue([index, 'show_if', 'question_key'], SURVEY_TEMPLATE_MESSAGES.skipUnknownQuestion);
      else {
        const allowed = skipValuesOf(target);
        const equals = typeof raw.show_if.equals === 'string' ? raw.show_if.equals.trim() : '';
        if (allowed && !allowed.includes(equals))
          issue([index, 'show_if', 'equals'], SURVEY_TEMPLATE_MESSAGES.skipInvalidValue);
      }
    }
    if (key && !earlier.has(key) && typeof raw.type === 'string') {
      earlier.set(key, {
        type,
        options: options.map((option) => ({
          value: String(option.value ?? '').trim(),
          label: String(option.label ?? ''),
        })),
      });
    }
  });
}

/** A question as stored: options only on choice types, limits only where they apply. */
function normaliseQuestion(question: SurveyQuestionInput): SurveyQuestionInput {
  const isChoice = CHOICE_QUESTION_TYPES.includes(question.type);
  const isNumber = NUMBER_QUESTION_TYPES.includes(question.type);
  const isText = TEXT_QUESTION_TYPES.includes(question.type);
  return {
    ...question,
    options: isChoice ? question.options : [],
    min: isNumber ? (question.min ?? null) : null,
    max: isNumber ? (question.max ?? null) : null,
    min_length: isText ? (question.min_length ?? null) : null,
    max_length: isText ? (question.max_length ?? null) : null,
    show_if: question.show_if ?? null,
    help_text: question.help_text ?? null,
  };
}

/**
 * `POST /survey-templates` (a draft, version 1) and `PUT /survey-templates/{id}` (a draft is
 * rewritten; a published template gets a new published version when its questions or target
 * change; a retired one is a 409).
 */
export const surveyTemplateInputSchema = z
  .object({
    title: nameTextSchema(200, 3),
    purpose: surveyPurposeSchema,
    target: surveyTargetSchema,
    description: optionalInput(textSchema(1000)),
    questions: z.array(surveyQuestionInputSchema).max(100),
  })
  .superRefine(checkQuestions, RUN_ALWAYS)
  .transform((value) => ({
    ...value,
    description: value.description ?? null,
    questions: value.questions.map(normaliseQuestion),
  }));
export type SurveyTemplateInput = z.output<typeof surveyTemplateInputSchema>;
export type SurveyTemplateFormValues = z.input<typeof surveyTemplateInputSchema>;

// ---------------------------------------------------------------------------------------------
// Responses
// ---------------------------------------------------------------------------------------------

/** One version of a template, with its questions in order. */
export const surveyTemplateVersionSchema = z.object({
  id: z.number().int(),
  template_id: z.number().int(),
  version: z.number().int().min(1),
  status: surveyVersionStatusSchema,
  title: z.string(),
  target: surveyTargetSchema,
  questions: z.array(surveyQuestionSchema),
  published_at: timestampSchema.nullable(),
  published_by: personRefSchema.nullable(),
  /** Responses recorded on this version. */
  responses_count: z.number().int().min(0),
  created_at: timestampSchema,
});
export type SurveyTemplateVersion = z.infer<typeof surveyTemplateVersionSchema>;

export const surveyTemplateSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  purpose: surveyPurposeSchema,
  target: surveyTargetSchema,
  description: z.string().nullable(),
  status: surveyTemplateStatusSchema,
  /** The latest version (the draft, or the published one new surveys use). */
  current_version: z.object({
    id: z.number().int(),
    version: z.number().int(),
    questions_count: z.number().int(),
  }),
  versions_count: z.number().int().min(1),
  surveys_count: z.number().int().min(0),
  created_at: timestampSchema,
  updated_at: timestampSchema,
});
export type SurveyTemplate = z.infer<typeof surveyTemplateSchema>;

/** One template (`GET /survey-templates/{id}`): its current version's questions. */
export const surveyTemplateDetailSchema = surveyTemplateSchema.extend({
  version: surveyTemplateVersionSchema,
});
export type SurveyTemplateDetail = z.infer<typeof surveyTemplateDetailSchema>;

export const surveyTemplateListResponseSchema = listEnvelopeOf(surveyTemplateSchema);
export const surveyTemplateResponseSchema = itemEnvelopeOf(surveyTemplateDetailSchema);
export const surveyTemplateVersionListResponseSchema = z.object({
  data: z.array(surveyTemplateVersionSchema),
});

/** A question back into the form's values. */
export function surveyQuestionToInput(question: SurveyQuestion): SurveyQuestionFormValues {
  return {
    key: question.key,
    label: question.label,
    type: question.type,
    required: question.required,
    help_text: question.help_text,
    min: question.min,
    max: question.max,
    min_length: question.min_length,
    max_length: question.max_length,
    options: question.options.map((option) => ({ ...option })),
    show_if: question.show_if ? { ...question.show_if } : null,
  };
}

/** A template detail turned back into the write body (edit form defaults). */
export function surveyTemplateToInput(template: SurveyTemplateDetail): SurveyTemplateFormValues {
  return {
    title: template.title,
    purpose: template.purpose,
    target: template.target,
    description: template.description,
    questions: template.version.questions.map(surveyQuestionToInput),
  };
}

/** The questions and the target as stored, for "did this save change what respondents see?". */
export function questionsFingerprint(
  target: string,
  questions: readonly SurveyQuestionInput[] | readonly SurveyQuestion[],
): string {
  return JSON.stringify([
    target,
    questions.map((q) => [
      q.key,
      q.label,
      q.type,
      q.required,
      q.help_text ?? null,
      q.min ?? null,
      q.max ?? null,
      q.min_length ?? null,
      q.max_length ?? null,
      q.options.map((o) => [o.value, o.label]),
      q.show_if ? [q.show_if.question_key, q.show_if.equals] : null,
    ]),
  ]);
}

/** `GET /survey-templates?search=&filter[status]=published`: search on the title, Arabic-normalised. */
export const SURVEY_TEMPLATE_SORTABLE = ['title', 'status', 'created_at', 'updated_at'] as const;
export const surveyTemplateListQuery = defineListQuery({
  sortable: SURVEY_TEMPLATE_SORTABLE,
  filters: { status: codesFilter(SURVEY_TEMPLATE_STATUS_CODES) },
});
export const surveyTemplateListQuerySchema = surveyTemplateListQuery.schema;
export type SurveyTemplateListQuery = z.output<typeof surveyTemplateListQuerySchema>;

const templatesKey = access.allOf('show_survey_templates');

export const surveyTemplateEndpoints = defineEndpoints('survey-templates', {
  list: {
    method: 'GET',
    path: '/survey-templates',
    query: surveyTemplateListQuerySchema,
    response: surveyTemplateListResponseSchema,
    access: templatesKey,
    summary: 'قوالب الاستبيانات',
  },
  show: {
    method: 'GET',
    path: '/survey-templates/:id',
    response: surveyTemplateResponseSchema,
    access: templatesKey,
    summary: 'قالب استبيان بإصداره الحالي',
  },
  versions: {
    method: 'GET',
    path: '/survey-templates/:id/versions',
    response: surveyTemplateVersionListResponseSchema,
    access: templatesKey,
    summary: 'إصدارات قالب استبيان بأسئلتها',
  },
  create: {
    method: 'POST',
    path: '/survey-templates',
    body: surveyTemplateInputSchema,
    response: surveyTemplateResponseSchema,
    status: 201,
    access: templatesKey,
    summary: 'إنشاء قالب استبيان (مسودة)',
  },
  update: {
    method: 'PUT',
    path: '/survey-templates/:id',
    body: surveyTemplateInputSchema,
    response: surveyTemplateResponseSchema,
    access: templatesKey,
    summary: 'تعديل قالب (المنشور يُحفظ في إصدار جديد)',
  },
  publish: {
    method: 'POST',
    path: '/survey-templates/:id/publish',
    response: surveyTemplateResponseSchema,
    access: templatesKey,
    summary: 'نشر مسودة قالب',
  },
  retire: {
    method: 'POST',
    path: '/survey-templates/:id/retire',
    response: surveyTemplateResponseSchema,
    access: templatesKey,
    summary: 'إيقاف قالب منشور',
  },
  delete: {
    method: 'DELETE',
    path: '/survey-templates/:id',
    response: surveyDeleteResponseSchema,
    access: templatesKey,
    summary: 'حذف مسودة قالب',
  },
});
