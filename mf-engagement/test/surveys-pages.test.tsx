import { screen, within } from '@testing-library/react';
import type { SurveySummary } from 'shared-contracts/engagement';
import { createFakeApi, listReply } from 'shared-ui/testing';
import {
  surveyEndpoints,
  surveyRateEndpoints,
  surveyTypeEndpoints,
} from 'shared-contracts/engagement';
import SurveysRatesShowPage from '../src/features/surveys/pages/surveys-rates-show-page';
import SurveysShowPage from '../src/features/surveys/pages/surveys-show-page';
import SurveysTypesPage from '../src/features/surveys/pages/surveys-types-page';
import { rateDetail, surveyDetail } from '../src/testing/survey-fixtures';
import { renderPage } from '../src/testing/render-page';

const SUMMARY: SurveySummary = {
  survey_id: 5,
  responses: 3,
  versions: [
    {
      version_id: 7,
      version: 1,
      responses: 2,
      questions: [
        {
          key: 'satisfaction',
          label: 'ما مدى رضاك؟',
          type: 'rating',
          answered: 2,
          average: 4.5,
          min: 4,
          max: 5,
          distribution: ['1', '2', '3', '4', '5'].map((v) => ({
            value: v,
            label: v,
            count: v === '4' || v === '5' ? 1 : 0,
          })),
          samples: [],
        },
      ],
    },
    {
      version_id: 8,
      version: 2,
      responses: 1,
      questions: [
        {
          key: 'satisfaction',
          label: 'ما تقييمك للسلة؟',
          type: 'rating',
          answered: 1,
          average: 3,
          min: 3,
          max: 3,
          distribution: ['1', '2', '3', '4', '5'].map((v) => ({
            value: v,
            label: v,
            count: v === '3' ? 1 : 0,
          })),
          samples: [],
        },
        {
          key: 'comments',
          label: 'اقتراحاتك',
          type: 'short_text',
          answered: 1,
          average: null,
          min: null,
          max: null,
          distribution: [],
          samples: ['زيادة الكميات'],
        },
      ],
    },
  ],
};

describe('survey pages', () => {
  it('the show page summarises the answers per version and question, with the distribution as a chart and its table', async () => {
    const api = createFakeApi();
    api.on(
      surveyEndpoints.show,
      { params: { id: 5 } },
      {
        status: 200,
        data: { data: surveyDetail({ responses_count: 3 }) },
      },
    );
    api.on(
      surveyEndpoints.summary,
      { params: { id: 5 } },
      { status: 200, data: { data: SUMMARY } },
    );
    renderPage(<SurveysShowPage />, { route: '/survey/show/:id', path: '/survey/show/5', api });
    expect(
      await screen.findByRole('heading', { name: 'رضا المستفيدين — رمضان' }),
    ).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { name: /إجابات الإصدار 1 \(ردان\)/ }),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: /إجابات الإصدار 2/ })).toBeInTheDocument();
    const v1 = screen.getByRole('article', { name: 'ما مدى رضاك؟ — الإصدار 1' });
    expect(within(v1).getByText('4.5')).toBeInTheDocument();
    expect(within(v1).getByRole('table')).toBeInTheDocument();
    expect(
      screen.getByRole('article', { name: 'ما تقييمك للسلة؟ — الإصدار 2' }),
    ).toBeInTheDocument();
    expect(screen.getByText('زيادة الكميات')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'تصدير الإجابات إلى إكسل' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'تعبئة الاستبيان' })).toHaveAttribute(
      'href',
      '/survey/rates/5/create',
    );
  });

  it('a response reads with the wording of its version', async () => {
    const api = createFakeApi();
    api.on(
      surveyRateEndpoints.show,
      { params: { id: 41 } },
      { status: 200, data: { data: rateDetail() } },
    );
    renderPage(<SurveysRatesShowPage />, {
      route: '/survey/rates/show/:id',
      path: '/survey/rates/show/41',
      api,
    });
    expect(await screen.findByText('ما مدى رضاك عن السلة؟')).toBeInTheDocument();
    expect(screen.getByText('4 من 5')).toBeInTheDocument();
    expect(screen.getByText('إيجار')).toBeInTheDocument();
    expect(screen.getByText('الإصدار 1')).toBeInTheDocument();
  });

  it('the types list adds a type in a dialog', async () => {
    const api = createFakeApi();
    api.on(
      surveyTypeEndpoints.list,
      listReply([
        {
          id: 1,
          name: 'رضا المستفيدين',
          description: null,
          active: true,
          surveys_count: 2,
          created_at: '2026-03-01T09:00:00.000Z',
          updated_at: '2026-03-01T09:00:00.000Z',
        },
      ]),
    );
    api.on(surveyTypeEndpoints.create, {
      status: 201,
      data: {
        message: 'تمت إضافة نوع الاستبيان بنجاح',
        data: {
          id: 2,
          name: 'تقييم الاحتياج',
          description: null,
          active: true,
          surveys_count: 0,
          created_at: '2026-03-01T09:00:00.000Z',
          updated_at: '2026-03-01T09:00:00.000Z',
        },
      },
    });
    const { user } = renderPage(<SurveysTypesPage />, { route: '/survey/types', api });
    expect(await screen.findByRole('cell', { name: 'رضا المستفيدين' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'إضافة نوع' }));
    await user.type(screen.getByLabelText(/اسم نوع الاستبيان/), 'تقييم الاحتياج');
    await user.click(screen.getByRole('button', { name: 'إضافة النوع' }));
    expect(await screen.findByText('تمت إضافة نوع الاستبيان بنجاح')).toBeInTheDocument();
    expect(api.callsTo(surveyTypeEndpoints.create)[0]?.body).toEqual({
      name: 'تقييم الاحتياج',
      description: null,
      active: true,
    });
  });
});
