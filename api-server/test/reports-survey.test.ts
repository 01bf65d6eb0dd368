import type {
  SurveyQuestionType,
  SurveyStatus,
  SurveyVersionStatus,
} from 'shared-contracts/engagement';
import {
  REPORT_ARCHIVE_MESSAGES,
  REPORT_MESSAGES,
  type SurveyReportArchive,
} from 'shared-contracts/reports';
import { BENEFICIARY_KEYS, approvedFamily } from './support/beneficiaries';
import {
  insertSurvey,
  insertSurveyTemplate,
  insertSurveyType,
  insertTemplateVersion,
} from './support/report-fixtures';
import { describeReport } from './support/reports';

type Answer = string | number | boolean | string[];

const period = { from: '2026-01-01', to: '2026-03-31' };

/**
 * The survey report against a hand-computed fixture (period 2026-01-01 – 2026-03-31):
 *
 * Survey A (template «رضا الأسر», current version 2, run 2026-01-01 – 2026-03-31):
 *   r1 v1 2026-01-10            overall 4
 *   r2 v2 2026-02-15            overall 5, channel sms, needs [food, rent], recommend yes, notes, visits 2
 *   r3 v2 2026-02-20            overall 3, channel visit, needs [food], recommend no, visits 4
 *   r5 v2 2025-12-31 21:30 UTC  = Riyadh 2026-01-01 00:30, IN: overall 2, channel sms, recommend yes, notes
 *   r4 v2 2026-03-31 22:30 UTC  = Riyadh 2026-04-01 01:30, OUT: overall 1
 * Survey B (template «تقييم ندوة», run February 2026): one response 2026-02-05, rating 2.
 * Survey C (template A, run 2025): outside the period.
 *
 * A: 4 responses; ratings 4, 5, 3, 2 → satisfaction 3.5; overall v2 average (5+3+2)/3 = 3.33;
 * channel sms 2 of 3 (66.7 %), visit 1 (33.3 %), call 0; needs food 2 of 2 (100 %), rent 1 (50 %);
 * recommend yes 2 (66.7 %), no 1; notes 2 text answers; visits average 3.
 * Overall: 5 responses, ratings 4+5+3+2+2 = 16 / 5 = 3.2. Months: January 2 responses (4, 2 → 3),
 * February 3 (5, 3, 2 → 3.33), March 0 (no satisfaction).
 */
describeReport('reports: survey', 'survey', period, (h, suite) => {
  const { report } = suite;
  let templateA = 0;
  let templateB = 0;
  let surveyA = 0;
  let familyId = 0;
  const questions: Record<string, number> = {};
  let respondents = 0;

  /** A response of `surveyId` on `versionId` collected at `at` (an instant), with its answers. */
  const respond = async (
    surveyId: number,
    versionId: number,
    at: string,
    answers: Record<string, Answer>,
  ) => {
    respondents += 1;
    const response = await h.db
      .insertInto('survey_responses')
      .values({
        survey_id: surveyId,
        template_version_id: versionId,
        family_id: familyId,
        respondent_key: `test:${respondents}`,
        collected_at: new Date(at),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const [key, value] of Object.entries(answers)) {
      await h.db
        .insertInto('survey_answers')
        .values({
          response_id: response.id,
          question_id: questions[key] ?? 0,
          value: JSON.stringify(value),
        })
        .execute();
    }
  };

  beforeAll(async () => {
    const setup = await h.createEmployee({ permissions: [...BENEFICIARY_KEYS] });
    familyId = (await approvedFamily(h, setup.token)).id;

    const typeId = await insertSurveyType(h.db);
    const template = (title: string) => insertSurveyTemplate(h.db, { title, search_text: title });
    templateA = await template('رضا الأسر');
    templateB = await template('تقييم ندوة');
    const version = (templateId: number, number: number, status: SurveyVersionStatus) =>
      insertTemplateVersion(h.db, { template_id: templateId, version: number, status, title: 'ق' });
    const a1 = await version(templateA, 1, 'superseded');
    const a2 = await version(templateA, 2, 'published');
    const b1 = await version(templateB, 1, 'published');
    let position = 0;
    const question = async (
      name: string,
      versionId: number,
      key: string,
      label: string,
      type: SurveyQuestionType,
      options: { value: string; label: string }[] = [],
    ) => {
      position += 1;
      questions[name] = (
        await h.db
          .insertInto('survey_questions')
          .values({
            version_id: versionId,
            position,
            key,
            label,
            type,
            required: false,
            options: JSON.stringify(options),
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    };
    await question('overall1', a1, 'overall', 'الرضا العام', 'rating');
    await question('overall', a2, 'overall', 'الرضا العام', 'rating');
    await question('channel', a2, 'channel', 'طريقة التواصل', 'single_choice', [
      { value: 'sms', label: 'رسالة' },
      { value: 'visit', label: 'زيارة' },
      { value: 'call', label: 'اتصال' },
    ]);
    await question('needs', a2, 'needs', 'الاحتياجات', 'multiple_choice', [
      { value: 'food', label: 'غذاء' },
      { value: 'rent', label: 'إيجار' },
      { value: 'health', label: 'صحة' },
    ]);
    await question('recommend', a2, 'recommend', 'هل توصي بالجمعية؟', 'yes_no');
    await question('notes', a2, 'notes', 'ملاحظات', 'long_text');
    await question('visits', a2, 'visits', 'عدد الزيارات', 'number');
    await question('seminar', b1, 'seminar', 'تقييم الندوة', 'rating');

    const survey = (
      title: string,
      templateId: number,
      versionId: number,
      startsOn: string,
      endsOn: string,
      status: SurveyStatus,
    ) =>
      insertSurvey(h.db, {
        title,
        search_text: title,
        survey_type_id: typeId,
        template_id: templateId,
        template_version_id: versionId,
        group_kind: 'season',
        group_id: 1,
        starts_on: startsOn,
        ends_on: endsOn,
        status,
      });
    surveyA = await survey('رضا الربع الأول', templateA, a2, '2026-01-01', '2026-03-31', 'open');
    const surveyB = await survey(
      'تقييم ندوة فبراير',
      templateB,
      b1,
      '2026-02-01',
      '2026-02-28',
      'closed',
    );
    const surveyC = await survey('رضا 2025', templateA, a1, '2025-01-01', '2025-06-30', 'closed');

    await respond(surveyA, a1, '2026-01-10T09:00:00Z', { overall1: 4 });
    await respond(surveyA, a2, '2026-02-15T09:00:00Z', {
      overall: 5,
      channel: 'sms',
      needs: ['food', 'rent'],
      recommend: true,
      notes: 'شكراً لكم',
      visits: 2,
    });
    await respond(surveyA, a2, '2026-02-20T09:00:00Z', {
      overall: 3,
      channel: 'visit',
      needs: ['food'],
      recommend: false,
      visits: 4,
    });
    await respond(surveyA, a2, '2026-03-31T22:30:00Z', { overall: 1 });
    await respond(surveyA, a2, '2025-12-31T21:30:00Z', {
      overall: 2,
      channel: 'sms',
      recommend: true,
      notes: 'جيد',
    });
    await respond(surveyB, b1, '2026-02-05T09:00:00Z', { seminar: 2 });
    await respond(surveyC, a1, '2025-03-01T09:00:00Z', { overall1: 5 });
  });

  test('per survey: responses in the period (Riyadh days), satisfaction, per-question results', async () => {
    const answer = await report();
    expect(answer.period).toEqual({ ...period, days: 90 });
    expect(answer.rows.map((row) => [row.survey.title, row.responses, row.satisfaction])).toEqual([
      ['رضا الربع الأول', 4, 3.5],
      ['تقييم ندوة فبراير', 1, 2],
    ]);
    const a = answer.rows[0];
    expect(a).toMatchObject({
      template: { id: templateA, title: 'رضا الأسر' },
      survey_type: 'رضا',
      // Stored open, but its period is over: it reads closed.
      status: 'closed',
      status_label: 'مغلق',
      starts_on: '2026-01-01',
      ends_on: '2026-03-31',
      rating_answers: 4,
    });
    const q = (key: string, version = 2) =>
      a?.questions.find((item) => item.key === key && item.version === version);
    expect(a?.questions.map((item) => `${item.version}:${item.key}`)).toEqual([
      '1:overall',
      '2:overall',
      '2:channel',
      '2:needs',
      '2:recommend',
      '2:notes',
      '2:visits',
    ]);
    expect(q('overall', 1)).toMatchObject({ answered: 1, average: 4 });
    expect(q('overall')).toMatchObject({
      answered: 3,
      average: 3.33,
      type_label: 'تقييم من 1 إلى 5',
    });
    expect(q('overall')?.distribution).toEqual([
      { value: '1', label: '1', count: 0, percent: 0 },
      { value: '2', label: '2', count: 1, percent: 33.3 },
      { value: '3', label: '3', count: 1, percent: 33.3 },
      { value: '4', label: '4', count: 0, percent: 0 },
      { value: '5', label: '5', count: 1, percent: 33.3 },
    ]);
    expect(q('channel')?.distribution).toEqual([
      { value: 'sms', label: 'رسالة', count: 2, percent: 66.7 },
      { value: 'visit', label: 'زيارة', count: 1, percent: 33.3 },
      { value: 'call', label: 'اتصال', count: 0, percent: 0 },
    ]);
    expect(q('needs')).toMatchObject({ answered: 2, average: null });
    expect(q('needs')?.distribution.map((item) => [item.value, item.count, item.percent])).toEqual([
      ['food', 2, 100],
      ['rent', 1, 50],
      ['health', 0, 0],
    ]);
    expect(q('recommend')?.distribution).toEqual([
      { value: 'yes', label: 'نعم', count: 2, percent: 66.7 },
      { value: 'no', label: 'لا', count: 1, percent: 33.3 },
    ]);
    // Texts are counted, never listed.
    expect(q('notes')).toMatchObject({ answered: 2, text_answers: 2, distribution: [] });
    expect(JSON.stringify(answer)).not.toContain('شكراً لكم');
    expect(q('visits')).toMatchObject({ answered: 2, average: 3, text_answers: 0 });
  });

  test('satisfaction by month (every month of the period) and the totals', async () => {
    const answer = await report();
    expect(answer.by_month).toEqual([
      { month: '2026-01', responses: 2, rating_answers: 2, satisfaction: 3 },
      { month: '2026-02', responses: 3, rating_answers: 3, satisfaction: 3.33 },
      { month: '2026-03', responses: 0, rating_answers: 0, satisfaction: null },
    ]);
    expect(answer.totals).toEqual({
      surveys: 2,
      responses: 5,
      rating_answers: 5,
      satisfaction: 3.2,
    });
  });

  test('filters: template and survey; an unknown one is 422 in Arabic', async () => {
    const byTemplate = await report({ ...period, template_id: String(templateB) });
    expect(byTemplate.rows.map((row) => row.survey.title)).toEqual(['تقييم ندوة فبراير']);
    expect(byTemplate.parameters).toEqual({
      template_id: templateB,
      template_title: 'تقييم ندوة',
      survey_id: null,
      survey_title: null,
    });
    const bySurvey = await report({ ...period, survey_id: String(surveyA) });
    expect(bySurvey.rows.map((row) => row.survey.id)).toEqual([surveyA]);
    expect(bySurvey.totals).toMatchObject({ responses: 4, satisfaction: 3.5 });
    const unknown = await suite.invalidQueryErrors({ ...period, template_id: '999999' });
    expect(unknown.template_id).toEqual(['قالب الاستبيان غير موجود']);
    await suite.invalidQueryErrors({ ...period, survey_id: '999999' });
    await suite.invalidQueryErrors({ ...period, survey_id: 'x' });
  });

  test('401, 403 and 422 on the report and its export', async () => {
    await suite.expectReportRefusals();
    const reversed = await suite.invalidQueryErrors({ from: '2026-04-01', to: '2026-03-01' });
    expect(reversed.to).toEqual([REPORT_MESSAGES.periodOrder]);
    await suite.expectExportRefusals();
  });

  test('the export: an XLSX with the questions and their options, logged', async () => {
    const sheet = await suite.exportSheet();
    expect(sheet.header).toContain('النسبة %');
    const cells = sheet.rows.flat();
    expect(cells).toContain('طريقة التواصل');
    expect(cells).toContain(66.7);
    expect(cells).toContain(3.2);
    expect(await suite.exportLog('survey_report')).toHaveLength(1);
  });

  let archived: SurveyReportArchive;

  test('archiving: 401, 403, 422; 201 stores the report as computed', async () => {
    await suite.expectArchiveRefusals({ ...period, title: 'x' });
    const live = await report();
    const answer = await suite.createArchive({ ...period, title: 'استبيانات الربع الأول' });
    expect(answer.message).toBe(REPORT_ARCHIVE_MESSAGES.created);
    archived = answer.data;
    expect(archived.snapshot).toEqual(live);
    expect(archived).toMatchObject({
      kind: 'survey',
      row_count: 2,
      calorie_settings_version_id: null,
    });
  });

  test('the archive stays byte-identical after a new response, while the live report moves', async () => {
    const before = (await suite.showArchive(archived.id)).payload;
    const version = await h.db
      .selectFrom('surveys')
      .select('template_version_id')
      .where('id', '=', surveyA)
      .executeTakeFirstOrThrow();
    await respond(surveyA, version.template_version_id, '2026-03-10T09:00:00Z', { overall: 5 });
    const live = await report();
    expect(live.totals).toMatchObject({ responses: 6, rating_answers: 6, satisfaction: 3.5 });
    expect(live.by_month[2]).toEqual({
      month: '2026-03',
      responses: 1,
      rating_answers: 1,
      satisfaction: 5,
    });
    const after = await suite.showArchive(archived.id);
    expect(after.payload).toBe(before);
    expect(suite.parseArchive(after).data.snapshot.totals.satisfaction).toBe(3.2);
    await suite.expectArchiveImmutable(archived.id);
  });

  test('the archive list, show and export: 200, 401, 403, 404, 422', async () => {
    const list = await suite.listArchives();
    expect(list.data.map((item) => item.id)).toEqual([archived.id]);
    await suite.expectArchiveListRefusals({ 'filter[to]': 'غداً' });
    await suite.expectArchiveShowRefusals(archived.id);
    expect(await suite.archiveFileCells(archived)).toContain(3.2);
  });
});
