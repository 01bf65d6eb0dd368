import type {
  SurveyDetail,
  SurveyQuestion,
  SurveyRateDetail,
  SurveyRespondent,
  SurveyTemplateDetail,
  SurveyTemplateVersion,
} from 'shared-contracts/engagement';

/** Survey fixtures of this remote's page tests (seminars keep theirs in fixtures.ts). */

const AT = '2026-03-01T09:00:00.000Z';

export function surveyQuestion(
  overrides: Partial<SurveyQuestion> & Pick<SurveyQuestion, 'key' | 'label' | 'type'>,
): SurveyQuestion {
  return {
    id: 1,
    position: 1,
    required: false,
    help_text: null,
    min: null,
    max: null,
    min_length: null,
    max_length: null,
    options: [],
    show_if: null,
    ...overrides,
  };
}

export const RATE_QUESTIONS: SurveyQuestion[] = [
  surveyQuestion({
    id: 11,
    position: 1,
    key: 'satisfaction',
    label: 'ما مدى رضاك عن السلة؟',
    type: 'rating',
    required: true,
  }),
  surveyQuestion({
    id: 12,
    position: 2,
    key: 'on_time',
    label: 'هل وصلت السلة في موعدها؟',
    type: 'yes_no',
    required: true,
  }),
  surveyQuestion({
    id: 13,
    position: 3,
    key: 'delay_reason',
    label: 'ما سبب التأخير؟',
    type: 'long_text',
    required: true,
    show_if: { question_key: 'on_time', equals: 'no' },
  }),
  surveyQuestion({
    id: 14,
    position: 4,
    key: 'members',
    label: 'عدد أفراد الأسرة',
    type: 'number',
    min: 1,
    max: 20,
  }),
  surveyQuestion({
    id: 15,
    position: 5,
    key: 'needs',
    label: 'الاحتياجات',
    type: 'multiple_choice',
    options: [
      { value: 'food', label: 'غذاء' },
      { value: 'rent', label: 'إيجار' },
    ],
  }),
];

export function templateVersion(
  overrides: Partial<SurveyTemplateVersion> = {},
): SurveyTemplateVersion {
  return {
    id: 7,
    template_id: 3,
    version: 1,
    status: 'published',
    title: 'رضا السلة',
    target: 'family',
    questions: RATE_QUESTIONS,
    published_at: AT,
    published_by: { id: 1, name: 'هند البرامج' },
    responses_count: 0,
    created_at: AT,
    ...overrides,
  };
}

export function surveyDetail(overrides: Partial<SurveyDetail> = {}): SurveyDetail {
  return {
    id: 5,
    title: 'رضا المستفيدين — رمضان',
    survey_type: { id: 1, name: 'رضا المستفيدين' },
    template: { id: 3, title: 'رضا السلة', target: 'family' },
    template_version: { id: 7, version: 1 },
    group_kind: 'season',
    group: { id: 2, name: 'سلة رمضان' },
    starts_on: '2026-03-01',
    // Open for years: past its end date a survey reads closed.
    ends_on: '2099-12-31',
    status: 'open',
    responses_count: 0,
    created_at: AT,
    updated_at: AT,
    description: null,
    version: templateVersion(),
    created_by: { id: 1, name: 'هند البرامج' },
    ...overrides,
  };
}

export function templateDetail(
  overrides: Partial<SurveyTemplateDetail> = {},
): SurveyTemplateDetail {
  const version = templateVersion({ questions: RATE_QUESTIONS.slice(0, 2) });
  return {
    id: 3,
    title: 'رضا السلة',
    purpose: 'satisfaction',
    target: 'family',
    description: null,
    status: 'published',
    current_version: {
      id: version.id,
      version: version.version,
      questions_count: version.questions.length,
    },
    versions_count: 1,
    surveys_count: 1,
    created_at: AT,
    updated_at: AT,
    version,
    ...overrides,
  };
}

export function respondent(overrides: Partial<SurveyRespondent> = {}): SurveyRespondent {
  return {
    id: 21,
    file_number: 'F-1446-00021',
    head_name: 'محمد أحمد الشهري',
    members: [{ id: 31, name: 'محمد أحمد الشهري' }],
    response_id: null,
    ...overrides,
  };
}

export function rateDetail(overrides: Partial<SurveyRateDetail> = {}): SurveyRateDetail {
  return {
    id: 41,
    survey_id: 5,
    family: { id: 21, file_number: 'F-1446-00021', head_name: 'محمد أحمد الشهري' },
    member: null,
    template_version: { id: 7, version: 1 },
    collected_by: { id: 1, name: 'هند البرامج' },
    collected_at: AT,
    survey: { id: 5, title: 'رضا المستفيدين — رمضان' },
    version: templateVersion(),
    answers: { satisfaction: 4, on_time: true, delay_reason: null, members: 6, needs: ['rent'] },
    ...overrides,
  };
}
