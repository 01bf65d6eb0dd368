import { z } from 'zod';
import { ARABIC_MESSAGES } from '../../core/arabic-error-map';
import {
  entityIdSchema,
  isBlank,
  isoDateSchema,
  optionalInput,
  textSchema,
} from '../../core/values';
import { RUN_ALWAYS, isRecord } from '../../beneficiaries/family-member';
import type { SurveyTarget } from './common';
import type { SurveyQuestion } from './survey-template';

/**
 * The one answer validator: from a template version to the zod schema of a response,
 * used by the rate form (client-side errors under each question) and by the API (which parses the
 * same schema again). Values by type: texts and dates are strings, numbers and ratings numbers,
 * a single choice the option's value, a multiple choice a list of option values, yes/no a
 * boolean. Skip logic: a question whose `show_if` does not hold is hidden, and an answer to a
 * hidden question is refused.
 */

export type SurveyAnswerValue = string | number | boolean | string[];
export type SurveyAnswers = Record<string, SurveyAnswerValue | null>;

export const SURVEY_ANSWER_MESSAGES = {
  hiddenAnswered: 'هذا السؤال غير ظاهر حسب الإجابات السابقة، فلا تُقبل له إجابة',
  unknownQuestion: 'هذا السؤال ليس من أسئلة إصدار القالب',
  notAnOption: 'الخيار المختار ليس من خيارات السؤال',
  numberMin: (min: number) => `يجب ألا تقل القيمة عن ${min}`,
  numberMax: (max: number) => `يجب ألا تزيد القيمة عن ${max}`,
  ratingRange: 'التقييم من 1 إلى 5',
  memberRequired: 'اختر فرد الأسرة الذي يجيب عن الاستبيان',
} as const;

type QuestionRules = Pick<
  SurveyQuestion,
  'key' | 'type' | 'required' | 'min' | 'max' | 'min_length' | 'max_length' | 'options' | 'show_if'
>;

/** An answer counts as given: not blank, not an empty list. */
export function hasAnswer(value: unknown): boolean {
  return !isBlank(value) && !(Array.isArray(value) && value.length === 0);
}

/** Whether `answer` satisfies a skip condition's `equals`. */
export function answerEquals(answer: unknown, equals: string): boolean {
  if (Array.isArray(answer)) return answer.includes(equals);
  if (typeof answer === 'boolean') return (answer ? 'yes' : 'no') === equals;
  if (typeof answer === 'number') return String(answer) === equals;
  if (typeof answer === 'string') return answer.trim() === equals;
  return false;
}

/** Whether each question is shown for these answers (a question under a hidden one is hidden too). */
export function visibleQuestions(
  questions: readonly QuestionRules[],
  answers: Readonly<Record<string, unknown>>,
): Set<string> {
  const visible = new Set<string>();
  for (const question of questions) {
    const rule = question.show_if;
    if (
      !rule ||
      (visible.has(rule.question_key) && answerEquals(answers[rule.question_key], rule.equals))
    )
      visible.add(question.key);
  }
  return visible;
}

function numberFrom(value: unknown): unknown {
  if (typeof value === 'string' && value.trim() !== '') {
    const read = Number(
      value.trim().replace(/[٠-٩]/g, (digit) => String('٠١٢٣٤٥٦٧٨٩'.indexOf(digit))),
    );
    return Number.isNaN(read) ? value : read;
  }
  return value;
}

/** The schema of one answer (blank → null; required-ness is checked with the skip logic). */
export function answerSchemaFor(
  question: QuestionRules,
): z.ZodType<SurveyAnswerValue | null | undefined> {
  const optionValues = question.options.map((option) => option.value);
  const option = z
    .string()
    .refine((value) => optionValues.includes(value), { error: SURVEY_ANSWER_MESSAGES.notAnOption });
  let schema: z.ZodType<SurveyAnswerValue>;
  switch (question.type) {
    case 'short_text':
    case 'long_text': {
      const max = question.max_length ?? (question.type === 'short_text' ? 200 : 2000);
      schema = textSchema(max, Math.max(question.min_length ?? 1, 1));
      break;
    }
    case 'number': {
      let number = z.number({ error: ARABIC_MESSAGES.notANumber }).finite();
      if (question.min !== null)
        number = number.min(question.min, {
          error: SURVEY_ANSWER_MESSAGES.numberMin(question.min),
        });
      if (question.max !== null)
        number = number.max(question.max, {
          error: SURVEY_ANSWER_MESSAGES.numberMax(question.max),
        });
      schema = z.preprocess(numberFrom, number);
      break;
    }
    case 'rating':
      schema = z.preprocess(
        numberFrom,
        z
          .number({ error: ARABIC_MESSAGES.notANumber })
          .int({ error: SURVEY_ANSWER_MESSAGES.ratingRange })
          .min(1, { error: SURVEY_ANSWER_MESSAGES.ratingRange })
          .max(5, { error: SURVEY_ANSWER_MESSAGES.ratingRange }),
      );
      break;
    case 'single_choice':
      schema = option;
      break;
    case 'multiple_choice':
      schema = z
        .array(option)
        .max(optionValues.length)
        .transform((values) => [...new Set(values)]);
      break;
    case 'yes_no':
      schema = z.preprocess(
        (value) => (value === 'yes' ? true : value === 'no' ? false : value),
        z.boolean({ error: ARABIC_MESSAGES.invalidType }),
      );
      break;
    case 'date':
      schema = isoDateSchema;
      break;
  }
  return z.preprocess((value) => (hasAnswer(value) ? value : null), schema.nullable()).optional();
}

/**
 * The schema of a version's answers: an object keyed by question key. Refuses keys that are not
 * questions of the version, answers to hidden questions, and missing answers to required visible
 * questions (each error at the question's key).
 */
export function answersSchemaFor(questions: readonly QuestionRules[]) {
  const shape: Record<string, z.ZodType<SurveyAnswerValue | null | undefined>> = {};
  for (const question of questions) shape[question.key] = answerSchemaFor(question);
  const keys = new Set(questions.map((question) => question.key));
  return z
    .object(shape)
    .catchall(z.unknown())
    .superRefine((value, ctx) => {
      if (!isRecord(value)) return;
      for (const key of Object.keys(value)) {
        if (!keys.has(key))
          ctx.addIssue({
            code: 'custom',
            message: SURVEY_ANSWER_MESSAGES.unknownQuestion,
            path: [key],
            input: value[key],
          });
      }
      const visible = visibleQuestions(questions, value);
      for (const question of questions) {
        const answered = hasAnswer(value[question.key]);
        if (!visible.has(question.key) && answered)
          ctx.addIssue({
            code: 'custom',
            message: SURVEY_ANSWER_MESSAGES.hiddenAnswered,
            path: [question.key],
            input: value[question.key],
          });
        if (visible.has(question.key) && question.required && !answered)
          ctx.addIssue({
            code: 'custom',
            message: ARABIC_MESSAGES.required,
            path: [question.key],
            input: value[question.key],
          });
      }
    }, RUN_ALWAYS)
    .transform((value): SurveyAnswers => {
      const answers: SurveyAnswers = {};
      for (const question of questions) {
        const answer = value[question.key];
        answers[question.key] =
          answer === undefined || answer === null ? null : (answer as SurveyAnswerValue);
      }
      return answers;
    });
}

/**
 * `POST /surveys/{id}/rates` for a survey on this version: the respondent family (and member,
 * required when the template's target is a member) and the answers. The endpoint's own body
 * schema is the loose shape (`surveyRateInputSchema`); the API parses this one once it knows the
 * version, and the form validates with it before sending.
 */
export function surveyRateSchemaFor(version: {
  target: SurveyTarget;
  questions: readonly QuestionRules[];
}) {
  return z
    .object({
      family_id: entityIdSchema,
      member_id: optionalInput(entityIdSchema),
      answers: answersSchemaFor(version.questions),
    })
    .superRefine((value, ctx) => {
      if (version.target === 'member' && isRecord(value) && isBlank(value.member_id)) {
        ctx.addIssue({
          code: 'custom',
          message: SURVEY_ANSWER_MESSAGES.memberRequired,
          path: ['member_id'],
          input: null,
        });
      }
    }, RUN_ALWAYS);
}
export type SurveyRateValues = z.output<ReturnType<typeof surveyRateSchemaFor>>;

/** An answer as the rate page and the export show it (Arabic). */
export function formatSurveyAnswer(
  question: Pick<SurveyQuestion, 'type' | 'options'>,
  value: SurveyAnswerValue | null | undefined,
): string {
  if (value === null || value === undefined) return '—';
  const optionLabel = (code: string) =>
    question.options.find((option) => option.value === code)?.label ?? code;
  if (Array.isArray(value)) return value.map(optionLabel).join('، ');
  if (typeof value === 'boolean') return value ? 'نعم' : 'لا';
  if (question.type === 'single_choice' && typeof value === 'string') return optionLabel(value);
  if (question.type === 'rating') return `${value} من 5`;
  return String(value);
}
