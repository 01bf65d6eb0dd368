import { screen } from '@testing-library/react';
import {
  SURVEY_RATE_MESSAGES,
  surveyEndpoints,
  surveyRateEndpoints,
} from 'shared-contracts/engagement';
import { createFakeApi, listReply } from 'shared-ui/testing';
import SurveysRatesCreatePage from '../src/features/surveys/pages/surveys-rates-create-page';
import SurveysShowPage from '../src/features/surveys/pages/surveys-show-page';
import { surveyDetail } from '../src/testing/survey-fixtures';
import { renderPage } from '../src/testing/render-page';

/** Stored open (nobody closed it) but its last day has passed. */
const ENDED = surveyDetail({ starts_on: '2026-01-01', ends_on: '2026-02-01', status: 'open' });

function api() {
  const fake = createFakeApi();
  fake.on(surveyEndpoints.show, { params: { id: 5 } }, { status: 200, data: { data: ENDED } });
  fake.on(
    surveyEndpoints.summary,
    { params: { id: 5 } },
    {
      status: 200,
      data: { data: { survey_id: 5, responses: 0, versions: [] } },
    },
  );
  fake.on(surveyRateEndpoints.list, { params: { id: 5 } }, listReply([]));
  return fake;
}

describe('a survey past its end date', () => {
  it('takes no answers: the form is not offered and the reason is said', async () => {
    renderPage(<SurveysRatesCreatePage />, {
      route: '/survey/rates/:id/create',
      path: '/survey/rates/5/create',
      api: api(),
    });
    expect(await screen.findByText(SURVEY_RATE_MESSAGES.surveyEnded)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /حفظ/ })).not.toBeInTheDocument();
  });

  it('its page offers no «تعبئة الاستبيان»', async () => {
    renderPage(<SurveysShowPage />, {
      route: '/survey/show/:id',
      path: '/survey/show/5',
      api: api(),
    });
    expect(await screen.findByRole('heading', { level: 1, name: ENDED.title })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'تعبئة الاستبيان' })).not.toBeInTheDocument();
  });
});
