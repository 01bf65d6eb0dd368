import { ARABIC_MESSAGES } from 'shared-contracts';
import {
  EXISTING_RESPONSE_KEY,
  SURVEY_ANSWER_MESSAGES,
  SURVEY_MESSAGES,
  SURVEY_RATE_MESSAGES,
  SURVEY_TEMPLATE_MESSAGES,
  SURVEY_TYPE_MESSAGES,
  surveyListResponseSchema,
  surveyOptionsResponseSchema,
  surveyRateListResponseSchema,
  surveyRateResponseSchema,
  surveyRespondentListResponseSchema,
  surveyResponseSchema,
  surveySummaryResponseSchema,
  surveyTemplateListResponseSchema,
  surveyTemplateResponseSchema,
  surveyTemplateVersionListResponseSchema,
  surveyTypeListResponseSchema,
  surveyTypeResponseSchema,
} from 'shared-contracts/engagement';
import { MESSAGES } from '../src/http/errors';
import { approvedFamily, isZip, parseCsv, type CreatedFamily } from './support/beneficiaries';
import { describeEachDatabase, type TestHarness } from './support/harness';
import { insertSeason } from './support/report-fixtures';

const TABLES = [
  'survey_types',
  'survey_templates',
  'survey_template_versions',
  'survey_questions',
  'surveys',
  'survey_responses',
  'survey_answers',
  'activity_log',
];

/** Row counts of the surveys tables and the log: a refused write leaves them as they were. */
const counts = (h: TestHarness) => h.rowCounts(TABLES);

/** A template's body: a family template unless said. */
function templateBody(title: string, purpose: string, questions: unknown[], target = 'family') {
  return { title, purpose, target, questions };
}

const QUESTIONS = [
  { key: 'satisfaction', label: 'ما مدى رضاك؟', type: 'rating', required: true },
  { key: 'on_time', label: 'هل وصلت السلة في موعدها؟', type: 'yes_no', required: true },
  {
    key: 'delay_reason',
    label: 'ما سبب التأخير؟',
    type: 'long_text',
    required: true,
    min_length: 5,
    show_if: { question_key: 'on_time', equals: 'no' },
  },
  { key: 'members', label: 'عدد أفراد الأسرة', type: 'number', min: 1, max: 20 },
  {
    key: 'quality',
    label: 'جودة الأصناف',
    type: 'single_choice',
    options: [
      { value: 'good', label: 'جيدة' },
      { value: 'poor', label: 'ضعيفة' },
    ],
  },
  {
    key: 'needs',
    label: 'الاحتياجات',
    type: 'multiple_choice',
    options: [
      { value: 'food', label: 'غذاء' },
      { value: 'rent', label: 'إيجار' },
    ],
  },
  { key: 'visit', label: 'موعد الزيارة', type: 'date' },
  { key: 'note', label: 'ملاحظة', type: 'short_text', max_length: 10 },
];

describeEachDatabase('surveys: types, versioned templates, surveys, responses', (h) => {
  let token = '';
  let actorId = 0;
  let adminToken = '';
  let noKeysToken = '';
  let templatesOnlyToken = '';
  let seasonId = 0;
  let families: CreatedFamily[] = [];
  let outsider: CreatedFamily;

  beforeAll(async () => {
    const actor = await h.createEmployee({
      name: 'هند البرامج',
      permissions: ['show_surveys', 'show_survey_templates'],
    });
    token = actor.token;
    actorId = actor.row.id;
    adminToken = await h.adminToken();
    noKeysToken = (await h.createEmployee({ permissions: ['show_families'] })).token;
    templatesOnlyToken = (await h.createEmployee({ permissions: ['show_survey_templates'] })).token;
    families = [
      await approvedFamily(h, adminToken),
      await approvedFamily(h, adminToken),
      await approvedFamily(h, adminToken),
    ];
    outsider = await approvedFamily(h, adminToken);
    seasonId = await insertSeason(h.db, {
      name: 'سلة رمضان',
      name_normalized: 'سله رمضان',
      kind: 'ramadan_basket',
      hijri_year: 1448,
      start_date: '2026-02-01',
      end_date: '2026-03-10',
      statuses: ['approved'],
    });
    await h.db
      .insertInto('season_beneficiaries')
      .values(
        families.map((family, index) => ({
          season_id: seasonId,
          family_id: family.id,
          status: 'enrolled',
          voucher_code: `V-${index}`,
        })),
      )
      .execute();
  }, 120_000);

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    body?: unknown,
    as = token,
  ) => h.request(method, `/api${url}`, { token: as, body });

  async function surveyType(name: string) {
    const response = await call('POST', '/survey-types', { name });
    if (response.statusCode !== 201) throw new Error(response.payload);
    return surveyTypeResponseSchema.parse(response.json()).data;
  }
  async function publishedTemplate(title: string, questions: unknown[] = QUESTIONS) {
    const created = await call(
      'POST',
      '/survey-templates',
      templateBody(title, 'satisfaction', questions),
    );
    if (created.statusCode !== 201) throw new Error(created.payload);
    const { id } = surveyTemplateResponseSchema.parse(created.json()).data;
    const published = await call('POST', `/survey-templates/${id}/publish`);
    if (published.statusCode !== 200) throw new Error(published.payload);
    return surveyTemplateResponseSchema.parse(published.json()).data;
  }
  /** A survey of the season, open from March 2026 for years unless said (past its end it closes). */
  const surveyBody = (
    title: string,
    typeId: number,
    versionId: number,
    overrides: Record<string, unknown> = {},
  ) => ({
    title,
    survey_type_id: typeId,
    template_version_id: versionId,
    group_kind: 'season',
    group_id: seasonId,
    starts_on: '2026-03-01',
    ends_on: '2099-12-31',
    ...overrides,
  });
  async function openSurvey(title: string, versionId: number, typeId: number) {
    const response = await call('POST', '/surveys', surveyBody(title, typeId, versionId));
    if (response.statusCode !== 201) throw new Error(response.payload);
    return surveyResponseSchema.parse(response.json()).data;
  }

  describe('survey types', () => {
    test('create, list with search, show, update (logged), delete; 409 duplicate; 422 Arabic; 404', async () => {
      const created = await call('POST', '/survey-types', {
        name: '  رضا المستفيدين ',
        description: 'قياس الرضا',
      });
      expect(created.statusCode).toBe(201);
      const type = surveyTypeResponseSchema.parse(created.json());
      expect(type).toMatchObject({
        message: SURVEY_TYPE_MESSAGES.created,
        data: { name: 'رضا المستفيدين', active: true, surveys_count: 0 },
      });
      const log = (await h.activityRows('create')).find(
        (row) => row.entity_type === 'survey_type' && row.entity_id === String(type.data.id),
      );
      expect(log).toMatchObject({
        employee_id: actorId,
        changes: {
          name: [null, 'رضا المستفيدين'],
          description: [null, 'قياس الرضا'],
          active: [null, true],
        },
      });

      const list = surveyTypeListResponseSchema.parse(
        (
          await h.request('GET', '/api/survey-types', { token, query: { search: 'المستفيدين' } })
        ).json(),
      );
      expect(list.data.map((row) => row.name)).toContain('رضا المستفيدين');
      expect((await call('GET', `/survey-types/${type.data.id}`)).statusCode).toBe(200);

      const updated = await call('PUT', `/survey-types/${type.data.id}`, {
        name: 'رضا المستفيدين',
        description: 'قياس الرضا',
        active: false,
      });
      expect(updated.statusCode).toBe(200);
      const updateLog = (await h.activityRows('update')).find(
        (row) => row.entity_type === 'survey_type' && row.entity_id === String(type.data.id),
      );
      expect(updateLog?.changes).toEqual({ active: [true, false] });

      const before = await counts(h);
      const duplicate = await call('POST', '/survey-types', { name: 'رضا المستفيدين' });
      expect(duplicate.statusCode).toBe(409);
      expect(duplicate.json()).toEqual({
        message: SURVEY_TYPE_MESSAGES.duplicateName,
        errors: { name: [SURVEY_TYPE_MESSAGES.duplicateName] },
      });
      const blank = await call('POST', '/survey-types', { name: ' ' });
      expect(blank.statusCode).toBe(422);
      expect(blank.json()).toEqual({
        message: MESSAGES.validation,
        errors: { name: [ARABIC_MESSAGES.required] },
      });
      expect(await counts(h)).toEqual(before);

      for (const response of [
        await call('GET', '/survey-types/999999'),
        await call('PUT', '/survey-types/999999', { name: 'أي نوع' }),
        await call('DELETE', '/survey-types/999999'),
      ]) {
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ message: SURVEY_TYPE_MESSAGES.notFound });
      }
      const deleted = await call('DELETE', `/survey-types/${type.data.id}`);
      expect(deleted.json()).toEqual({ message: SURVEY_TYPE_MESSAGES.deleted });
    });
  });

  describe('templates', () => {
    test('a draft is edited in place; publish; 409 for a second publish; versions', async () => {
      const created = await call(
        'POST',
        '/survey-templates',
        templateBody('قالب تجريبي', 'needs_assessment', QUESTIONS.slice(0, 2)),
      );
      expect(created.statusCode).toBe(201);
      const draft = surveyTemplateResponseSchema.parse(created.json()).data;
      expect(draft).toMatchObject({
        status: 'draft',
        current_version: { version: 1, questions_count: 2 },
        version: { status: 'draft' },
      });
      expect(draft.version.questions.map((q) => q.key)).toEqual(['satisfaction', 'on_time']);

      const edited = await call(
        'PUT',
        `/survey-templates/${draft.id}`,
        templateBody('قالب تجريبي', 'needs_assessment', QUESTIONS.slice(0, 3)),
      );
      expect(edited.statusCode).toBe(200);
      const afterEdit = surveyTemplateResponseSchema.parse(edited.json());
      expect(afterEdit.message).toBe(SURVEY_TEMPLATE_MESSAGES.updated);
      expect(afterEdit.data).toMatchObject({
        versions_count: 1,
        current_version: { version: 1, questions_count: 3 },
      });

      const published = await call('POST', `/survey-templates/${draft.id}/publish`);
      expect(published.statusCode).toBe(200);
      expect(surveyTemplateResponseSchema.parse(published.json()).data).toMatchObject({
        status: 'published',
        version: { status: 'published' },
      });
      const again = await call('POST', `/survey-templates/${draft.id}/publish`);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ message: SURVEY_TEMPLATE_MESSAGES.notDraft });

      const versions = surveyTemplateVersionListResponseSchema.parse(
        (await call('GET', `/survey-templates/${draft.id}/versions`)).json(),
      );
      expect(versions.data.map((v) => [v.version, v.status])).toEqual([[1, 'published']]);
      const list = surveyTemplateListResponseSchema.parse(
        (
          await h.request('GET', '/api/survey-templates', {
            token,
            query: { 'filter[status]': 'published', search: 'تجريبي' },
          })
        ).json(),
      );
      expect(list.data.map((t) => t.id)).toContain(draft.id);

      const removed = await call('DELETE', `/survey-templates/${draft.id}`);
      expect(removed.statusCode).toBe(409);
      const retired = await call('POST', `/survey-templates/${draft.id}/retire`);
      expect(surveyTemplateResponseSchema.parse(retired.json()).data.status).toBe('retired');
      const readOnly = await call(
        'PUT',
        `/survey-templates/${draft.id}`,
        templateBody('قالب تجريبي', 'needs_assessment', QUESTIONS.slice(0, 1)),
      );
      expect(readOnly.statusCode).toBe(409);
      expect(readOnly.json()).toEqual({ message: SURVEY_TEMPLATE_MESSAGES.retiredReadOnly });
    });

    test('a draft can be deleted (logged); 404 on every template route for an unknown id', async () => {
      const created = surveyTemplateResponseSchema.parse(
        (
          await call(
            'POST',
            '/survey-templates',
            templateBody('مسودة للحذف', 'other', QUESTIONS.slice(0, 1), 'member'),
          )
        ).json(),
      ).data;
      const deleted = await call('DELETE', `/survey-templates/${created.id}`);
      expect(deleted.json()).toEqual({ message: SURVEY_TEMPLATE_MESSAGES.deleted });
      expect(
        (await h.activityRows('delete')).some(
          (row) => row.entity_type === 'survey_template' && row.entity_id === String(created.id),
        ),
      ).toBe(true);
      const body = templateBody('أي قالب', 'other', QUESTIONS.slice(0, 1));
      for (const response of [
        await call('GET', '/survey-templates/999999'),
        await call('GET', '/survey-templates/999999/versions'),
        await call('PUT', '/survey-templates/999999', body),
        await call('POST', '/survey-templates/999999/publish'),
        await call('POST', '/survey-templates/999999/retire'),
        await call('DELETE', '/survey-templates/999999'),
      ]) {
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ message: SURVEY_TEMPLATE_MESSAGES.notFound });
      }
    });

    test('422 in Arabic for bad questions (no questions, duplicate keys, one option, limits, skip logic); nothing written', async () => {
      const before = await counts(h);
      const empty = await call(
        'POST',
        '/survey-templates',
        templateBody('قالب', 'satisfaction', []),
      );
      expect(empty.statusCode).toBe(422);
      expect(empty.json()).toEqual({
        message: MESSAGES.validation,
        errors: { questions: [SURVEY_TEMPLATE_MESSAGES.noQuestions] },
      });
      const bad = await call('POST', '/survey-templates', {
        title: 'قالب',
        purpose: 'satisfaction',
        target: 'family',
        questions: [
          {
            key: 'a',
            label: 'سؤال أ',
            type: 'single_choice',
            options: [{ value: 'x', label: 'س' }],
          },
          { key: 'a', label: 'سؤال مكرر', type: 'number', min: 10, max: 5 },
          { key: 'c', label: 'سؤال ج', type: 'rating', max_length: 3 },
          {
            key: 'd',
            label: 'سؤال د',
            type: 'short_text',
            show_if: { question_key: 'later', equals: 'x' },
          },
          {
            key: 'e',
            label: 'سؤال هـ',
            type: 'short_text',
            show_if: { question_key: 'a', equals: 'not_an_option' },
          },
          { key: 'later', label: 'سؤال لاحق', type: 'yes_no' },
        ],
      });
      expect(bad.statusCode).toBe(422);
      expect(bad.json()).toEqual({
        message: MESSAGES.validation,
        errors: {
          'questions.0.options': [SURVEY_TEMPLATE_MESSAGES.choiceNeedsOptions],
          'questions.1.key': [SURVEY_TEMPLATE_MESSAGES.duplicateKey],
          'questions.1.max': [SURVEY_TEMPLATE_MESSAGES.minAboveMax],
          'questions.2.max_length': [SURVEY_TEMPLATE_MESSAGES.limitsNotForType],
          'questions.3.show_if.question_key': [SURVEY_TEMPLATE_MESSAGES.skipUnknownQuestion],
          'questions.4.show_if.equals': [SURVEY_TEMPLATE_MESSAGES.skipInvalidValue],
        },
      });
      expect(await counts(h)).toEqual(before);
    });
  });

  describe('surveys and responses', () => {
    test('versioning: editing a published template writes version 2; old answers stay intact and readable; the summary shows both versions', async () => {
      const type = await surveyType('استبيان الإصدارات');
      const template = await publishedTemplate('رضا السلة', QUESTIONS.slice(0, 3));
      const survey = await openSurvey('رضا السلة — رمضان', template.version.id, type.id);
      expect(survey).toMatchObject({
        status: 'open',
        template_version: { version: 1 },
        group: { id: seasonId, name: 'سلة رمضان' },
        responses_count: 0,
      });

      const first = await call('POST', `/surveys/${survey.id}/rates`, {
        family_id: families[0]?.id,
        answers: { satisfaction: 4, on_time: false, delay_reason: 'تأخر النقل' },
      });
      expect(first.statusCode).toBe(201);
      const firstRate = surveyRateResponseSchema.parse(first.json()).data;
      expect(firstRate).toMatchObject({
        collected_by: { id: actorId, name: 'هند البرامج' },
        template_version: { version: 1 },
        answers: { satisfaction: 4, on_time: false, delay_reason: 'تأخر النقل' },
      });
      const log = (await h.activityRows('create')).find(
        (row) => row.entity_type === 'survey_response' && row.entity_id === String(firstRate.id),
      );
      expect(log).toMatchObject({
        family_id: families[0]?.id,
        changes: { template_version: [null, 1], answers_count: [null, 3] },
      });

      // Edit the published template: rename a question and add one → version 2, published at once.
      const v2Questions = [
        { ...QUESTIONS[0], label: 'ما تقييمك للسلة؟' },
        QUESTIONS[1],
        QUESTIONS[2],
        { key: 'recommend', label: 'هل تنصح بالبرنامج؟', type: 'yes_no' },
      ];
      const edited = await call(
        'PUT',
        `/survey-templates/${template.id}`,
        templateBody('رضا السلة', 'satisfaction', v2Questions),
      );
      expect(edited.statusCode).toBe(200);
      const v2 = surveyTemplateResponseSchema.parse(edited.json());
      expect(v2.message).toBe(SURVEY_TEMPLATE_MESSAGES.newVersion(2));
      expect(v2.data).toMatchObject({
        status: 'published',
        versions_count: 2,
        version: { version: 2, status: 'published' },
      });
      const versions = surveyTemplateVersionListResponseSchema.parse(
        (await call('GET', `/survey-templates/${template.id}/versions`)).json(),
      ).data;
      expect(versions.map((v) => [v.version, v.status, v.responses_count])).toEqual([
        [2, 'published', 0],
        [1, 'superseded', 1],
      ]);
      expect(versions[1]?.questions.map((q) => q.label)).toEqual([
        'ما مدى رضاك؟',
        'هل وصلت السلة في موعدها؟',
        'ما سبب التأخير؟',
      ]);

      // Saving again without a change of questions makes no version 3.
      const same = await call(
        'PUT',
        `/survey-templates/${template.id}`,
        templateBody('رضا السلة (محدث)', 'satisfaction', v2Questions),
      );
      expect(surveyTemplateResponseSchema.parse(same.json()).data.versions_count).toBe(2);

      // The old response still reads with the wording it answered.
      const reread = surveyRateResponseSchema.parse(
        (await call('GET', `/survey-rates/${firstRate.id}`)).json(),
      ).data;
      expect(reread.version.version).toBe(1);
      expect(reread.version.questions[0]?.label).toBe('ما مدى رضاك؟');
      expect(reread.answers).toEqual(firstRate.answers);

      // Move the survey to version 2; the next response answers it.
      const moved = await call(
        'PUT',
        `/surveys/${survey.id}`,
        surveyBody('رضا السلة — رمضان', type.id, v2.data.version.id),
      );
      expect(moved.statusCode).toBe(200);
      const updateLog = (await h.activityRows('update')).find(
        (row) => row.entity_type === 'survey' && row.entity_id === String(survey.id),
      );
      expect(updateLog?.changes).toMatchObject({ template_version: [1, 2] });
      const second = await call('POST', `/surveys/${survey.id}/rates`, {
        family_id: families[1]?.id,
        answers: { satisfaction: '5', on_time: 'yes', recommend: true },
      });
      expect(second.statusCode).toBe(201);
      expect(surveyRateResponseSchema.parse(second.json()).data.template_version.version).toBe(2);

      const summary = surveySummaryResponseSchema.parse(
        (await call('GET', `/surveys/${survey.id}/summary`)).json(),
      ).data;
      expect(summary.responses).toBe(2);
      expect(summary.versions.map((v) => [v.version, v.responses])).toEqual([
        [1, 1],
        [2, 1],
      ]);
      const [s1, s2] = summary.versions;
      expect(s1?.questions[0]).toMatchObject({ label: 'ما مدى رضاك؟', answered: 1, average: 4 });
      expect(s1?.questions[1]?.distribution).toEqual([
        { value: 'yes', label: 'نعم', count: 0 },
        { value: 'no', label: 'لا', count: 1 },
      ]);
      expect(s1?.questions[2]).toMatchObject({ answered: 1, samples: ['تأخر النقل'] });
      expect(s2?.questions.map((q) => q.label)).toEqual([
        'ما تقييمك للسلة؟',
        'هل وصلت السلة في موعدها؟',
        'ما سبب التأخير؟',
        'هل تنصح بالبرنامج؟',
      ]);
      expect(s2?.questions[0]?.distribution.find((d) => d.value === '5')?.count).toBe(1);

      const list = surveyRateListResponseSchema.parse(
        (await call('GET', `/surveys/${survey.id}/rates`)).json(),
      );
      expect(list.data.map((row) => row.template_version.version).sort()).toEqual([1, 2]);

      const csv = await h.request('GET', `/api/surveys/${survey.id}/summary/export`, {
        token,
        query: { format: 'csv' },
      });
      expect(csv.statusCode).toBe(200);
      const rows = parseCsv(csv.payload.replace(/^\uFEFF/, ''));
      expect(rows[0]).toEqual([
        'رقم الرد',
        'إصدار القالب',
        'رقم الملف',
        'رب الأسرة',
        'الفرد',
        'جامع البيانات',
        'تاريخ التعبئة',
        'السؤال',
        'الإجابة',
      ]);
      expect(rows.some((row) => row[7] === 'ما سبب التأخير؟' && row[8] === 'تأخر النقل')).toBe(
        true,
      );
      const xlsx = await call('GET', `/surveys/${survey.id}/summary/export`);
      expect(isZip(xlsx)).toBe(true);
      expect(
        (await h.activityRows('export')).some(
          (row) => row.entity_type === 'survey' && row.entity_id === String(survey.id),
        ),
      ).toBe(true);
    });

    test('response validation: required, limits, skip logic (an answer to a hidden question is refused), group; nothing written', async () => {
      const type = await surveyType('استبيان التحقق');
      const template = await publishedTemplate('قالب التحقق');
      const survey = await openSurvey('تحقق الإجابات', template.version.id, type.id);
      const before = await counts(h);
      const post = (body: unknown) => call('POST', `/surveys/${survey.id}/rates`, body);

      const missing = await post({ family_id: families[2]?.id, answers: { on_time: false } });
      expect(missing.statusCode).toBe(422);
      expect(missing.json()).toEqual({
        message: MESSAGES.validation,
        errors: {
          'answers.satisfaction': [ARABIC_MESSAGES.required],
          'answers.delay_reason': [ARABIC_MESSAGES.required],
        },
      });

      const limits = await post({
        family_id: families[2]?.id,
        answers: {
          satisfaction: 6,
          on_time: true,
          members: 25,
          quality: 'bad',
          needs: ['food', 'x'],
          visit: '2026-02-30',
          note: 'نص أطول من عشرة أحرف',
        },
      });
      expect(limits.statusCode).toBe(422);
      const errors = limits.json<{ errors: Record<string, string[]> }>().errors;
      expect(errors['answers.satisfaction']).toEqual([SURVEY_ANSWER_MESSAGES.ratingRange]);
      expect(errors['answers.members']).toEqual([SURVEY_ANSWER_MESSAGES.numberMax(20)]);
      expect(errors['answers.quality']).toEqual([SURVEY_ANSWER_MESSAGES.notAnOption]);
      expect(errors['answers.needs.1']).toEqual([SURVEY_ANSWER_MESSAGES.notAnOption]);
      expect(Object.keys(errors).sort()).toEqual([
        'answers.members',
        'answers.needs.1',
        'answers.note',
        'answers.quality',
        'answers.satisfaction',
        'answers.visit',
      ]);

      const hidden = await post({
        family_id: families[2]?.id,
        answers: { satisfaction: 3, on_time: true, delay_reason: 'لا ينبغي' },
      });
      expect(hidden.statusCode).toBe(422);
      expect(hidden.json()).toEqual({
        message: MESSAGES.validation,
        errors: { 'answers.delay_reason': [SURVEY_ANSWER_MESSAGES.hiddenAnswered] },
      });

      const short = await post({
        family_id: families[2]?.id,
        answers: { satisfaction: 3, on_time: 'no', delay_reason: 'قصير' },
      });
      expect(short.json<{ errors: Record<string, string[]> }>().errors).toEqual({
        'answers.delay_reason': [ARABIC_MESSAGES.stringMin(5)],
      });

      const unknown = await post({
        family_id: families[2]?.id,
        answers: { satisfaction: 3, on_time: true, extra: 'x' },
      });
      expect(unknown.json<{ errors: Record<string, string[]> }>().errors).toEqual({
        'answers.extra': [SURVEY_ANSWER_MESSAGES.unknownQuestion],
      });

      const outside = await post({
        family_id: outsider.id,
        answers: { satisfaction: 3, on_time: true },
      });
      expect(outside.statusCode).toBe(422);
      expect(outside.json()).toEqual({
        message: MESSAGES.validation,
        errors: { family_id: [SURVEY_RATE_MESSAGES.familyNotInGroup] },
      });
      expect(await counts(h)).toEqual(before);

      // A valid one, then the same respondent again: 409 with the first response's id, nothing written.
      const ok = await post({
        family_id: families[2]?.id,
        answers: {
          satisfaction: 3,
          on_time: true,
          members: '٤',
          needs: ['food', 'rent'],
          visit: '2026-05-01',
          note: '',
        },
      });
      expect(ok.statusCode).toBe(201);
      const saved = surveyRateResponseSchema.parse(ok.json()).data;
      expect(saved.answers).toMatchObject({
        members: 4,
        needs: ['food', 'rent'],
        note: null,
        delay_reason: null,
      });
      const afterFirst = await counts(h);
      const twice = await post({
        family_id: families[2]?.id,
        answers: { satisfaction: 5, on_time: true },
      });
      expect(twice.statusCode).toBe(409);
      expect(twice.json()).toEqual({
        message: SURVEY_RATE_MESSAGES.alreadyAnswered,
        errors: { [EXISTING_RESPONSE_KEY]: [String(saved.id)] },
      });
      expect(await counts(h)).toEqual(afterFirst);

      const respondents = surveyRespondentListResponseSchema.parse(
        (await call('GET', `/surveys/${survey.id}/respondents`)).json(),
      );
      expect(respondents.data.map((row) => row.id).sort()).toEqual(
        families.map((f) => f.id).sort(),
      );
      expect(respondents.data.find((row) => row.id === families[2]?.id)?.response_id).toBe(
        saved.id,
      );

      // Closed: no more responses.
      await call(
        'PUT',
        `/surveys/${survey.id}`,
        surveyBody('تحقق الإجابات', type.id, template.version.id, { status: 'closed' }),
      );
      const closed = await post({
        family_id: families[0]?.id,
        answers: { satisfaction: 3, on_time: true },
      });
      expect(closed.statusCode).toBe(409);
      expect(closed.json()).toEqual({ message: SURVEY_RATE_MESSAGES.surveyClosed });
    });

    test('past its end date a survey is closed: listed and filtered as closed, answering refused with the reason', async () => {
      const type = await surveyType('استبيان منتهٍ');
      const template = await publishedTemplate('قالب منتهٍ', QUESTIONS.slice(0, 1));
      const created = await call(
        'POST',
        '/surveys',
        surveyBody('استبيان انتهت مدته', type.id, template.version.id, {
          starts_on: '2026-03-01',
          ends_on: '2026-03-31',
        }),
      );
      expect(created.statusCode).toBe(201);
      const ended = surveyResponseSchema.parse(created.json()).data;
      expect(ended.status).toBe('closed');
      const listed = async (status: string) =>
        surveyListResponseSchema
          .parse(
            (
              await h.request('GET', '/api/surveys', {
                token,
                query: { search: 'انتهت مدته', 'filter[status]': status },
              })
            ).json(),
          )
          .data.map((row) => [row.title, row.status]);
      expect(await listed('open')).toEqual([]);
      expect(await listed('closed')).toEqual([['استبيان انتهت مدته', 'closed']]);
      const before = await counts(h);
      const refused = await call('POST', `/surveys/${ended.id}/rates`, {
        family_id: families[0]?.id,
        answers: { satisfaction: 3 },
      });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ message: SURVEY_RATE_MESSAGES.surveyEnded });
      expect(await counts(h)).toEqual(before);
    });

    test('surveys: list, options, 422 (period, version, group), 404s', async () => {
      const type = await surveyType('استبيان القائمة');
      const template = await publishedTemplate('قالب القائمة', QUESTIONS.slice(0, 1));
      await openSurvey('استبيان في القائمة', template.version.id, type.id);
      const list = surveyListResponseSchema.parse(
        (
          await h.request('GET', '/api/surveys', {
            token,
            query: { search: 'القائمة', 'filter[status]': 'open' },
          })
        ).json(),
      );
      expect(list.data.map((row) => row.title)).toEqual(['استبيان في القائمة']);
      const options = surveyOptionsResponseSchema.parse(
        (await call('GET', '/surveys/options')).json(),
      ).data;
      expect(options.templates.map((t) => t.id)).toContain(template.id);
      expect(options.seasons.map((s) => s.id)).toContain(seasonId);

      const draft = surveyTemplateResponseSchema.parse(
        (
          await call(
            'POST',
            '/survey-templates',
            templateBody('مسودة فقط', 'other', QUESTIONS.slice(0, 1)),
          )
        ).json(),
      ).data;
      const before = await counts(h);
      const bad = await call(
        'POST',
        '/surveys',
        surveyBody('استبيان خاطئ', type.id, draft.version.id, {
          group_id: 999999,
          starts_on: '2026-05-01',
          ends_on: '2026-04-01',
        }),
      );
      expect(bad.statusCode).toBe(422);
      expect(bad.json()).toEqual({
        message: MESSAGES.validation,
        errors: { ends_on: [SURVEY_MESSAGES.endBeforeStart] },
      });
      const refs = await call(
        'POST',
        '/surveys',
        surveyBody('استبيان خاطئ', type.id, draft.version.id, {
          group_id: 999999,
          starts_on: '2026-05-01',
          ends_on: '2026-06-01',
        }),
      );
      expect(refs.json()).toEqual({
        message: MESSAGES.validation,
        errors: {
          template_version_id: [SURVEY_MESSAGES.versionNotUsable],
          group_id: [SURVEY_MESSAGES.groupNotFound],
        },
      });
      expect(await counts(h)).toEqual(before);

      for (const [response, message] of [
        [await call('GET', '/surveys/999999'), SURVEY_MESSAGES.notFound],
        [
          await call(
            'PUT',
            '/surveys/999999',
            surveyBody('أي استبيان', type.id, template.version.id, {
              starts_on: '2026-05-01',
              ends_on: '2026-06-01',
            }),
          ),
          SURVEY_MESSAGES.notFound,
        ],
        [await call('GET', '/surveys/999999/summary'), SURVEY_MESSAGES.notFound],
        [await call('GET', '/surveys/999999/summary/export'), SURVEY_MESSAGES.notFound],
        [await call('GET', '/surveys/999999/rates'), SURVEY_MESSAGES.notFound],
        [await call('GET', '/surveys/999999/respondents'), SURVEY_MESSAGES.notFound],
        [
          await call('POST', '/surveys/999999/rates', { family_id: families[0]?.id, answers: {} }),
          SURVEY_MESSAGES.notFound,
        ],
        [await call('GET', '/survey-rates/999999'), SURVEY_RATE_MESSAGES.notFound],
      ] as const) {
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ message });
      }
    });
  });

  test('401 without a token, 403 without the key (templates need show_survey_templates, the rest show_surveys)', async () => {
    const routes: [string, string][] = [
      ['GET', '/survey-types'],
      ['POST', '/survey-types'],
      ['GET', '/survey-templates'],
      ['POST', '/survey-templates'],
      ['GET', '/survey-templates/1/versions'],
      ['POST', '/survey-templates/1/publish'],
      ['GET', '/surveys'],
      ['POST', '/surveys'],
      ['GET', '/surveys/1/summary'],
      ['GET', '/surveys/1/rates'],
      ['POST', '/surveys/1/rates'],
      ['GET', '/survey-rates/1'],
    ];
    for (const [method, url] of routes) {
      const anonymous = await h.request(method as 'GET', `/api${url}`, {
        body: method === 'POST' ? {} : undefined,
      });
      expect(anonymous.statusCode).toBe(401);
      const forbidden = await h.request(method as 'GET', `/api${url}`, {
        token: noKeysToken,
        body: method === 'POST' ? {} : undefined,
      });
      expect(forbidden.statusCode).toBe(403);
      expect(forbidden.json()).toEqual({ message: MESSAGES.forbidden });
    }
    expect((await call('GET', '/survey-templates', undefined, templatesOnlyToken)).statusCode).toBe(
      200,
    );
    expect((await call('GET', '/surveys', undefined, templatesOnlyToken)).statusCode).toBe(403);
  });
});
