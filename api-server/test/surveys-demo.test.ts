import {
  surveyListResponseSchema,
  surveySummaryResponseSchema,
  surveyTemplateListResponseSchema,
  surveyTypeListResponseSchema,
} from 'shared-contracts/engagement';
import { describeDemoData } from './support/harness';

/** The surveys demo data (SEED_DEMO): types, two published templates (one in its second version), surveys with responses on both versions. */
describeDemoData('surveys demo data', ['show_surveys', 'show_survey_templates'], (h, viewer) => {
  const get = (url: string) => h.request('GET', `/api${url}`, { token: viewer.token });

  test('three types, two published templates, one in its second version', async () => {
    expect(surveyTypeListResponseSchema.parse((await get('/survey-types')).json()).meta.total).toBe(
      3,
    );
    const templates = surveyTemplateListResponseSchema.parse(
      (await get('/survey-templates')).json(),
    ).data;
    expect(templates.map((t) => [t.status, t.current_version.version]).sort()).toEqual([
      ['published', 1],
      ['published', 2],
    ]);
  });

  test('surveys with responses; the satisfaction survey has answers on both versions', async () => {
    const surveys = surveyListResponseSchema.parse((await get('/surveys')).json()).data;
    expect(surveys.length).toBe(2);
    for (const survey of surveys) expect(survey.responses_count).toBeGreaterThan(0);
    const satisfaction = surveys.find((survey) => survey.group_kind === 'season');
    const summary = surveySummaryResponseSchema.parse(
      (await get(`/surveys/${satisfaction?.id}/summary`)).json(),
    ).data;
    expect(summary.versions.map((v) => v.version)).toEqual([1, 2]);
    expect(summary.versions[0]?.questions[0]?.average).not.toBeNull();
  });
});
