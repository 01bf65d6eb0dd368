import { screen, waitFor, within } from '@testing-library/react';
import { ARABIC_MESSAGES } from 'shared-contracts';
import {
  EXISTING_RESPONSE_KEY,
  SURVEY_ANSWER_MESSAGES,
  SURVEY_RATE_MESSAGES,
  surveyEndpoints,
  surveyRateEndpoints,
} from 'shared-contracts/engagement';
import { createFakeApi, listReply } from 'shared-ui/testing';
import SurveysRatesCreatePage from '../src/features/surveys/pages/surveys-rates-create-page';
import { rateDetail, respondent, surveyDetail } from '../src/testing/survey-fixtures';
import { currentLocation, renderPage } from '../src/testing/render-page';

function rateApi() {
  const api = createFakeApi();
  api.on(
    surveyEndpoints.show,
    { params: { id: 5 } },
    { status: 200, data: { data: surveyDetail() } },
  );
  api.on(
    surveyRateEndpoints.respondents,
    { params: { id: 5 } },
    listReply([
      respondent(),
      respondent({
        id: 22,
        file_number: 'F-1446-00022',
        head_name: 'سالم علي الغامدي',
        response_id: 40,
      }),
    ]),
  );
  return api;
}

function render(api = rateApi()) {
  return renderPage(<SurveysRatesCreatePage />, {
    route: '/survey/rates/:id/create',
    path: '/survey/rates/5/create',
    api,
    routes: [{ path: '/survey/rates/show/:id', element: <p>صفحة الرد</p> }],
  });
}

async function pickRespondent(user: ReturnType<typeof render>['user'], name: string) {
  await user.type(await screen.findByLabelText(/البحث عن الأسرة/), 'أسرة');
  await user.click(await screen.findByRole('button', { name: new RegExp(`اختيار أسرة ${name}`) }));
}

describe('the survey form rendered from the template version', () => {
  it('renders every question by type, in Arabic; refuses missing required answers and sends nothing', async () => {
    const api = rateApi();
    const { user } = render(api);
    expect(await screen.findByRole('group', { name: /ما مدى رضاك عن السلة؟/ })).toBeInTheDocument();
    expect(
      within(screen.getByRole('group', { name: /ما مدى رضاك عن السلة؟/ })).getAllByRole('radio'),
    ).toHaveLength(5);
    expect(
      within(screen.getByRole('group', { name: /هل وصلت السلة في موعدها؟/ }))
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual(['yes', 'no']);
    expect(screen.getByLabelText(/عدد أفراد الأسرة/)).toBeInTheDocument();
    expect(screen.getByText('من 1 إلى 20')).toBeInTheDocument();
    expect(
      within(screen.getByRole('group', { name: /الاحتياجات/ })).getAllByRole('checkbox'),
    ).toHaveLength(2);
    // Hidden until «لا» is answered.
    expect(screen.queryByLabelText(/ما سبب التأخير؟/)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'حفظ الإجابات' }));
    expect(
      await screen.findByText('يوجد حقول تحتاج إلى تصحيح، وهي مظللة في النموذج.'),
    ).toBeInTheDocument();
    expect(screen.getAllByText(ARABIC_MESSAGES.required).length).toBeGreaterThanOrEqual(2);
    expect(api.callsTo(surveyRateEndpoints.create, { params: { id: 5 } })).toHaveLength(0);
  });

  it('skip logic and limits: «لا» shows the delay question, «نعم» hides it again and clears its answer; the body holds only visible answers', async () => {
    const api = rateApi();
    api.on(
      surveyRateEndpoints.create,
      { params: { id: 5 } },
      {
        status: 201,
        data: { message: 'تم حفظ إجابات الاستبيان بنجاح', data: rateDetail() },
      },
    );
    const { user, router } = render(api);
    await pickRespondent(user, 'محمد أحمد الشهري');
    await user.click(await screen.findByRole('radio', { name: '4 — جيد' }));
    await user.click(screen.getByRole('radio', { name: 'لا' }));
    const reason = await screen.findByLabelText(/ما سبب التأخير؟/);
    await user.type(reason, 'تأخر النقل');
    await user.click(screen.getByRole('radio', { name: 'نعم' }));
    await waitFor(() => expect(screen.queryByLabelText(/ما سبب التأخير؟/)).not.toBeInTheDocument());

    await user.type(screen.getByLabelText(/عدد أفراد الأسرة/), '25');
    await user.click(screen.getByRole('button', { name: 'حفظ الإجابات' }));
    expect(await screen.findByText(SURVEY_ANSWER_MESSAGES.numberMax(20))).toBeInTheDocument();
    expect(api.callsTo(surveyRateEndpoints.create, { params: { id: 5 } })).toHaveLength(0);

    await user.clear(screen.getByLabelText(/عدد أفراد الأسرة/));
    await user.type(screen.getByLabelText(/عدد أفراد الأسرة/), '6');
    await user.click(screen.getByRole('checkbox', { name: 'إيجار' }));
    await user.click(screen.getByRole('button', { name: 'حفظ الإجابات' }));
    await waitFor(() =>
      expect(api.callsTo(surveyRateEndpoints.create, { params: { id: 5 } })).toHaveLength(1),
    );
    const body = api.callsTo(surveyRateEndpoints.create, { params: { id: 5 } })[0]?.body as {
      family_id: number;
      answers: Record<string, unknown>;
    };
    expect(body.family_id).toBe(21);
    // The shared schema's output: typed answers, the hidden question's answer cleared.
    expect(body.answers).toEqual({
      satisfaction: 4,
      on_time: true,
      delay_reason: null,
      members: 6,
      needs: ['rent'],
    });
    await waitFor(() => expect(currentLocation(router)).toBe('/survey/rates/show/41'));
  });

  it('a respondent who answered already: the 409 opens the first response', async () => {
    const api = rateApi();
    api.on(
      surveyRateEndpoints.create,
      { params: { id: 5 } },
      {
        status: 409,
        data: {
          message: SURVEY_RATE_MESSAGES.alreadyAnswered,
          errors: { [EXISTING_RESPONSE_KEY]: ['40'] },
        },
      },
    );
    const { user, router } = render(api);
    await pickRespondent(user, 'سالم علي الغامدي');
    // The picker already says so, with a link to the response.
    expect(await screen.findByRole('link', { name: 'عرض ردها' })).toHaveAttribute(
      'href',
      '/survey/rates/show/40',
    );
    await user.click(screen.getByRole('radio', { name: '5 — ممتاز' }));
    await user.click(screen.getByRole('radio', { name: 'نعم' }));
    await user.click(screen.getByRole('button', { name: 'حفظ الإجابات' }));
    await waitFor(() => expect(currentLocation(router)).toBe('/survey/rates/show/40'));
    expect(await screen.findByText(SURVEY_RATE_MESSAGES.alreadyAnswered)).toBeInTheDocument();
  });

  it('a closed survey takes no response', async () => {
    const api = createFakeApi();
    api.on(
      surveyEndpoints.show,
      { params: { id: 5 } },
      {
        status: 200,
        data: { data: surveyDetail({ status: 'closed' }) },
      },
    );
    render(api);
    expect(await screen.findByText('الاستبيان مغلق، لا تُسجَّل فيه ردود جديدة')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'حفظ الإجابات' })).not.toBeInTheDocument();
  });
});
