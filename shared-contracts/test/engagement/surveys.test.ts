import { ARABIC_MESSAGES } from '../../src/core/arabic-error-map';
import { ACTIVITY_FIELD_LABELS } from '../../src/admin';
import {
  SURVEYS_ACTIVITY_ENTITY_LABELS,
  SURVEY_ANSWER_MESSAGES,
  SURVEY_TEMPLATE_MESSAGES,
  answersSchemaFor,
  formatSurveyAnswer,
  surveyRateSchemaFor,
  surveyTemplateInputSchema,
  visibleQuestions,
  type SurveyQuestion,
} from '../../src/engagement/surveys';

const q = (
  over: Partial<SurveyQuestion> & Pick<SurveyQuestion, 'key' | 'type'>,
): SurveyQuestion => ({
  id: 1,
  position: 1,
  label: over.key,
  required: false,
  help_text: null,
  min: null,
  max: null,
  min_length: null,
  max_length: null,
  options: [],
  show_if: null,
  ...over,
});

const QUESTIONS = [
  q({ key: 'has_job', type: 'yes_no', required: true }),
  q({
    key: 'job',
    type: 'single_choice',
    required: true,
    options: [
      { value: 'gov', label: 'حكومي' },
      { value: 'private', label: 'خاص' },
    ],
    show_if: { question_key: 'has_job', equals: 'yes' },
  }),
  q({
    key: 'salary',
    type: 'number',
    min: 0,
    max: 50000,
    show_if: { question_key: 'job', equals: 'private' },
  }),
  q({ key: 'score', type: 'rating' }),
  q({ key: 'notes', type: 'long_text', min_length: 3, max_length: 20 }),
];

function errorsOf(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  return Object.fromEntries(
    (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]),
  );
}

describe('the answer validator (template version → zod schema)', () => {
  const schema = answersSchemaFor(QUESTIONS);

  test('skip logic: nested questions shown only when the chain holds', () => {
    expect([...visibleQuestions(QUESTIONS, { has_job: false })]).toEqual([
      'has_job',
      'score',
      'notes',
    ]);
    expect([...visibleQuestions(QUESTIONS, { has_job: true, job: 'private' })]).toEqual([
      'has_job',
      'job',
      'salary',
      'score',
      'notes',
    ]);
  });

  test('required visible questions, hidden answers refused, limits', () => {
    expect(errorsOf(schema.safeParse({}))).toEqual({ has_job: ARABIC_MESSAGES.required });
    expect(errorsOf(schema.safeParse({ has_job: 'yes' }))).toEqual({
      job: ARABIC_MESSAGES.required,
    });
    expect(errorsOf(schema.safeParse({ has_job: false, job: 'gov' }))).toEqual({
      job: SURVEY_ANSWER_MESSAGES.hiddenAnswered,
    });
    expect(
      errorsOf(
        schema.safeParse({ has_job: true, job: 'private', salary: '60000', score: 0, notes: 'اب' }),
      ),
    ).toEqual({
      salary: SURVEY_ANSWER_MESSAGES.numberMax(50000),
      score: SURVEY_ANSWER_MESSAGES.ratingRange,
      notes: ARABIC_MESSAGES.stringMin(3),
    });
  });

  test('typed output: blanks to null, numbers from text (Arabic digits too), yes/no to booleans', () => {
    const parsed = schema.parse({
      has_job: 'yes',
      job: 'private',
      salary: '٣٠٠٠',
      score: '4',
      notes: '',
    });
    expect(parsed).toEqual({ has_job: true, job: 'private', salary: 3000, score: 4, notes: null });
  });

  test('a member-targeted version needs the member', () => {
    const rate = surveyRateSchemaFor({ target: 'member', questions: [] });
    expect(errorsOf(rate.safeParse({ family_id: 3, answers: {} }))).toEqual({
      member_id: SURVEY_ANSWER_MESSAGES.memberRequired,
    });
    expect(rate.safeParse({ family_id: 3, member_id: '9', answers: {} }).success).toBe(true);
  });

  test('answers read in Arabic', () => {
    expect(formatSurveyAnswer(QUESTIONS[1] as SurveyQuestion, 'gov')).toBe('حكومي');
    expect(formatSurveyAnswer(QUESTIONS[0] as SurveyQuestion, false)).toBe('لا');
    expect(formatSurveyAnswer(QUESTIONS[3] as SurveyQuestion, 4)).toBe('4 من 5');
    expect(formatSurveyAnswer(QUESTIONS[3] as SurveyQuestion, null)).toBe('—');
  });
});

describe('template input', () => {
  test('options only on choices, limits only where they apply, skip logic pointing back', () => {
    const parsed = surveyTemplateInputSchema.parse({
      title: 'قالب',
      purpose: 'satisfaction',
      target: 'family',
      questions: [
        { key: 'a', label: 'أ', type: 'yes_no', options: [{ value: 'x', label: 'س' }] },
        {
          key: 'b',
          label: 'ب',
          type: 'short_text',
          max_length: '50',
          show_if: { question_key: 'a', equals: 'yes' },
        },
      ],
    });
    expect(parsed.questions[0]?.options).toEqual([]);
    expect(parsed.questions[1]).toMatchObject({
      max_length: 50,
      min: null,
      show_if: { question_key: 'a', equals: 'yes' },
    });
    const wrong = surveyTemplateInputSchema.safeParse({
      title: 'قالب',
      purpose: 'satisfaction',
      target: 'family',
      questions: [
        { key: 'a', label: 'أ', type: 'rating', show_if: { question_key: 'a', equals: '1' } },
      ],
    });
    expect(errorsOf(wrong)).toEqual({
      'questions.0.show_if.question_key': SURVEY_TEMPLATE_MESSAGES.skipUnknownQuestion,
    });
  });
});

test('every logged entity has its Arabic name and field labels', () => {
  for (const entity of Object.keys(SURVEYS_ACTIVITY_ENTITY_LABELS))
    expect(ACTIVITY_FIELD_LABELS[entity]).toBeDefined();
  expect(Object.keys(SURVEYS_ACTIVITY_ENTITY_LABELS).sort()).toEqual([
    'survey',
    'survey_response',
    'survey_template',
    'survey_type',
  ]);
});
