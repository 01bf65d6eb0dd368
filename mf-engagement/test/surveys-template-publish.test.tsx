import { screen, waitFor, within } from '@testing-library/react';
import type { SurveyTemplateDetail } from 'shared-contracts/engagement';
import { IRREVERSIBLE_NOTE } from 'shared-ui';
import { createFakeApi, listReply } from 'shared-ui/testing';
import { surveyTemplateEndpoints } from 'shared-contracts/engagement';
import SurveysTemplatesEditPage from '../src/features/surveys/pages/surveys-templates-edit-page';
import { templateVersion } from '../src/testing/survey-fixtures';
import { renderPage } from '../src/testing/render-page';

const AT = '2026-03-01T09:00:00.000Z';

function draftTemplate(): SurveyTemplateDetail {
  const version = templateVersion({ status: 'draft', published_at: null, published_by: null });
  return {
    id: 3,
    title: 'رضا السلة',
    purpose: 'satisfaction',
    target: 'family',
    description: null,
    status: 'draft',
    current_version: { id: 7, version: 1, questions_count: version.questions.length },
    versions_count: 1,
    surveys_count: 0,
    created_at: AT,
    updated_at: AT,
    version,
  };
}

describe('publishing a survey template', () => {
  it('asks first and says it cannot be undone; publishes only when confirmed', async () => {
    const api = createFakeApi();
    api.on(
      surveyTemplateEndpoints.show,
      { params: { id: 3 } },
      { status: 200, data: { data: draftTemplate() } },
    );
    api.on(
      surveyTemplateEndpoints.versions,
      { params: { id: 3 } },
      listReply([draftTemplate().version]),
    );
    api.on(
      surveyTemplateEndpoints.publish,
      { params: { id: 3 } },
      {
        status: 200,
        data: {
          message: 'تم نشر قالب الاستبيان',
          data: { ...draftTemplate(), status: 'published' },
        },
      },
    );
    const { user } = renderPage(<SurveysTemplatesEditPage />, {
      route: '/survey/templates/edit/:id',
      path: '/survey/templates/edit/3',
      api,
    });
    await user.click(await screen.findByRole('button', { name: 'نشر القالب' }));
    const dialog = await screen.findByRole('dialog', { name: 'نشر القالب «رضا السلة»؟' });
    expect(dialog).toHaveTextContent(IRREVERSIBLE_NOTE);
    await user.click(within(dialog).getByRole('button', { name: 'إلغاء' }));
    expect(api.callsTo(surveyTemplateEndpoints.publish, { params: { id: 3 } })).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'نشر القالب' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'نشر القالب' }),
    );
    await waitFor(() =>
      expect(api.callsTo(surveyTemplateEndpoints.publish, { params: { id: 3 } })).toHaveLength(1),
    );
  });
});
