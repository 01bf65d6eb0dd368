import { screen, waitFor } from '@testing-library/react';
import { SURVEY_TEMPLATE_MESSAGES, surveyTemplateEndpoints } from 'shared-contracts/engagement';
import { createFakeApi } from 'shared-ui/testing';
import SurveysTemplatesCreatePage from '../src/features/surveys/pages/surveys-templates-create-page';
import SurveysTemplatesEditPage from '../src/features/surveys/pages/surveys-templates-edit-page';
import { templateDetail } from '../src/testing/survey-fixtures';
import { renderPage } from '../src/testing/render-page';

type Body = {
  title: string;
  questions: {
    key: string;
    label: string;
    type: string;
    required: boolean;
    options: { value: string; label: string }[];
    show_if: unknown;
  }[];
};

describe('question builder (template form)', () => {
  it('builds questions with the keyboard: add, type, reorder with up/down (focus follows), options, remove; sends them in order', async () => {
    const api = createFakeApi();
    api.on(surveyTemplateEndpoints.create, (call) => ({
      status: 201,
      data: {
        message: 'تم إنشاء قالب الاستبيان بنجاح',
        data: templateDetail({ id: 9, status: 'draft', title: (call.body as Body).title }),
      },
    }));
    const { user } = renderPage(<SurveysTemplatesCreatePage />, {
      route: '/survey/templates/create',
      api,
      routes: [{ path: '/survey/templates/edit/:id', element: <p>صفحة القالب</p> }],
    });

    await user.type(screen.getByLabelText(/عنوان القالب/), 'رضا المستفيدين');
    await user.type(screen.getByLabelText(/نص السؤال 1/), 'ما مدى رضاك؟');
    await user.selectOptions(screen.getByLabelText('نوع السؤال 1'), 'rating');

    await user.click(screen.getByRole('button', { name: 'إضافة سؤال' }));
    await waitFor(() => expect(screen.getByLabelText(/نص السؤال 2/)).toHaveFocus());
    await user.keyboard('جودة الأصناف');
    await user.selectOptions(screen.getByLabelText('نوع السؤال 2'), 'single_choice');
    // A choice question starts with two options to fill.
    await user.type(screen.getByLabelText(/الخيار 1 للسؤال 2/), 'جيدة');
    await user.type(screen.getByLabelText(/الخيار 2 للسؤال 2/), 'ضعيفة');
    await user.click(screen.getByRole('button', { name: 'إضافة خيار للسؤال 2' }));
    await user.type(screen.getByLabelText(/الخيار 3 للسؤال 2/), 'متوسطة');

    // Move question 2 up with the keyboard: the focus stays on the moved question's button.
    screen.getByRole('button', { name: 'نقل السؤال 2 إلى الأعلى' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'نقل السؤال 1 إلى الأسفل' })).toHaveFocus(),
    );
    expect(screen.getByText('نُقل السؤال 2 إلى الموضع 1')).toBeInTheDocument();
    expect(screen.getByLabelText(/نص السؤال 1/)).toHaveValue('جودة الأصناف');
    expect(screen.getByRole('button', { name: 'نقل السؤال 1 إلى الأعلى' })).toBeDisabled();

    // A third question, removed again.
    await user.click(screen.getByRole('button', { name: 'إضافة سؤال' }));
    await user.click(screen.getByRole('button', { name: 'حذف السؤال 3' }));
    expect(screen.queryByLabelText(/نص السؤال 3/)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'إنشاء القالب' }));
    await waitFor(() => expect(api.callsTo(surveyTemplateEndpoints.create)).toHaveLength(1));
    const body = api.callsTo(surveyTemplateEndpoints.create)[0]?.body as Body;
    expect(body.questions.map((q) => [q.label, q.type])).toEqual([
      ['جودة الأصناف', 'single_choice'],
      ['ما مدى رضاك؟', 'rating'],
    ]);
    expect(body.questions[0]?.options.map((o) => o.label)).toEqual(['جيدة', 'ضعيفة', 'متوسطة']);
    expect(new Set(body.questions[0]?.options.map((o) => o.value)).size).toBe(3);
    expect(await screen.findByText('صفحة القالب')).toBeInTheDocument();
  });

  it('shows the Arabic errors under the questions and sends nothing', async () => {
    const api = createFakeApi();
    const { user } = renderPage(<SurveysTemplatesCreatePage />, {
      route: '/survey/templates/create',
      api,
    });
    await user.type(screen.getByLabelText(/عنوان القالب/), 'قالب');
    await user.selectOptions(screen.getByLabelText('نوع السؤال 1'), 'single_choice');
    await user.click(screen.getByRole('button', { name: 'حذف الخيار 2 من السؤال 1' }));
    await user.click(screen.getByRole('button', { name: 'إنشاء القالب' }));
    expect(
      await screen.findByText('يوجد حقول تحتاج إلى تصحيح، وهي مظللة في النموذج.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText(/نص السؤال 1/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText(SURVEY_TEMPLATE_MESSAGES.choiceNeedsOptions)).toBeInTheDocument();
    expect(api.callsTo(surveyTemplateEndpoints.create)).toHaveLength(0);
  });

  it('skip logic: a question shown when an earlier answer equals a value', async () => {
    const api = createFakeApi();
    api.on(surveyTemplateEndpoints.create, () => ({
      status: 201,
      data: { data: templateDetail({ id: 9 }) },
    }));
    const { user } = renderPage(<SurveysTemplatesCreatePage />, {
      route: '/survey/templates/create',
      api,
    });
    await user.type(screen.getByLabelText(/عنوان القالب/), 'قالب الشرط');
    await user.type(screen.getByLabelText(/نص السؤال 1/), 'هل وصلت السلة؟');
    await user.selectOptions(screen.getByLabelText('نوع السؤال 1'), 'yes_no');
    await user.click(screen.getByRole('button', { name: 'إضافة سؤال' }));
    await user.keyboard('ما سبب التأخير؟');
    await user.selectOptions(screen.getByLabelText(/شرط ظهور السؤال 2/), 'q1');
    await user.selectOptions(screen.getByLabelText(/قيمة الإجابة التي يظهر عندها السؤال 2/), 'no');
    await user.click(screen.getByRole('button', { name: 'إنشاء القالب' }));
    await waitFor(() => expect(api.callsTo(surveyTemplateEndpoints.create)).toHaveLength(1));
    expect(
      (api.callsTo(surveyTemplateEndpoints.create)[0]?.body as Body).questions[1]?.show_if,
    ).toEqual({ question_key: 'q1', equals: 'no' });
  });

  it('a published template says an edit makes a new version, and saves with PUT', async () => {
    const api = createFakeApi();
    const template = templateDetail();
    api.on(
      surveyTemplateEndpoints.show,
      { params: { id: 3 } },
      { status: 200, data: { data: template } },
    );
    api.on(
      surveyTemplateEndpoints.versions,
      { params: { id: 3 } },
      {
        status: 200,
        data: { data: [template.version] },
      },
    );
    api.on(
      surveyTemplateEndpoints.update,
      { params: { id: 3 } },
      {
        status: 200,
        data: {
          message: SURVEY_TEMPLATE_MESSAGES.newVersion(2),
          data: templateDetail({ versions_count: 2 }),
        },
      },
    );
    const { user } = renderPage(<SurveysTemplatesEditPage />, {
      route: '/survey/templates/edit/:id',
      path: '/survey/templates/edit/3',
      api,
    });
    expect(await screen.findByText(/حفظ تعديل على الأسئلة ينشئ إصداراً جديداً/)).toBeInTheDocument();
    await user.clear(screen.getByLabelText(/نص السؤال 1/));
    await user.type(screen.getByLabelText(/نص السؤال 1/), 'ما تقييمك للسلة؟');
    await user.click(screen.getByRole('button', { name: 'حفظ القالب' }));
    await waitFor(() =>
      expect(api.callsTo(surveyTemplateEndpoints.update, { params: { id: 3 } })).toHaveLength(1),
    );
    expect(
      (
        api.callsTo(surveyTemplateEndpoints.update, { params: { id: 3 } })[0]?.body as Body
      ).questions.map((q) => q.key),
    ).toEqual(['satisfaction', 'on_time']);
    expect(await screen.findByText(SURVEY_TEMPLATE_MESSAGES.newVersion(2))).toBeInTheDocument();
  });
});
