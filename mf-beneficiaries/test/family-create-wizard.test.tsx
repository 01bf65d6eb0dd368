import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STORAGE_KEYS } from 'shared-contracts';
import {
  addStepData,
  createFamilyWizardDraft,
  setCurrentStepData,
  writeWizardDraft,
  type FamilyWizardDraft,
  familyEndpoints,
} from 'shared-contracts/beneficiaries';
import { documentEndpoints } from 'shared-contracts/resources/documents-contracts';
import FamiliesCreatePage from '../src/features/families/pages/families-create-page';
import {
  DOCUMENTS_STEP_TITLE,
  OPEN_FAMILY_LABEL,
} from '../src/features/families/components/wizard/family-create-wizard';
import { createFakeApi } from 'shared-ui/testing';
import { HEAD_ID, completeStepsData, familyDetail, familyWritten } from '../src/testing/fixtures';
import { currentLocation, renderPage } from '../src/testing/render-page';

const ROUTE = '/families/create';

function storedDraft(): FamilyWizardDraft | null {
  const raw = window.localStorage.getItem(STORAGE_KEYS.familyWizard);
  return raw === null ? null : (JSON.parse(raw) as FamilyWizardDraft);
}

/** A complete draft waiting on the review step. */
function seedCompleteDraft() {
  let draft = createFamilyWizardDraft();
  completeStepsData().forEach((data, index) => {
    draft = addStepData(setCurrentStepData(draft, index + 1), data);
  });
  writeWizardDraft(window.localStorage, setCurrentStepData(draft, 6));
}

function apiWithFreeIds() {
  const api = createFakeApi();
  api.on(familyEndpoints.checkNationalId, {
    status: 200,
    data: { data: { available: true, family: null } },
  });
  api.on(familyEndpoints.checkPhone, { status: 200, data: { data: { families: [] } } });
  return api;
}

async function fillHeadStep(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(/الاسم الكامل لرب الأسرة/), 'محمد أحمد علي الشهري');
  await user.type(screen.getByLabelText(/رقم الهوية/), HEAD_ID);
  await user.selectOptions(screen.getByLabelText(/^الجنس/), 'male');
  fireEvent.change(screen.getByLabelText(/تاريخ الميلاد/), { target: { value: '1980-05-01' } });
}

function currentStepTitle() {
  return screen.getByRole('heading', { level: 2, name: /الخطوة/ }).textContent;
}

describe('family creation wizard', () => {
  it('writes the current step and its values to families/create (stepsData at step − 1) and restores them after a remount', async () => {
    const user = userEvent.setup();
    const api = apiWithFreeIds();
    const first = renderPage(<FamiliesCreatePage />, { route: ROUTE, api });

    await fillHeadStep(user);
    // Typing is written (debounced) without leaving the step.
    await waitFor(() =>
      expect(storedDraft()?.stepsData[0]).toMatchObject({
        head: { full_name: 'محمد أحمد علي الشهري' },
      }),
    );
    expect(storedDraft()).toMatchObject({
      step: 1,
      familyName: 'الشهري',
      currentStepData: { id: 'head', index: 0 },
    });

    await user.click(screen.getByRole('button', { name: 'التالي' }));
    await waitFor(() => expect(currentStepTitle()).toBe('الخطوة 2 من 6: التواصل والعنوان'));
    expect(storedDraft()).toMatchObject({
      step: 2,
      currentStepData: { id: 'contact', index: 1 },
      stepsData: [{ head: { national_id: HEAD_ID, gender: 'male', birth_date: '1980-05-01' } }],
    });

    await user.type(screen.getByLabelText(/الجوال الأساسي/), '0501234567');
    await waitFor(() =>
      expect(storedDraft()?.stepsData[1]).toMatchObject({ primary_phone: '0501234567' }),
    );
    first.unmount();

    renderPage(<FamiliesCreatePage />, { route: ROUTE, api });
    expect(currentStepTitle()).toBe('الخطوة 2 من 6: التواصل والعنوان');
    expect(screen.getByLabelText(/الجوال الأساسي/)).toHaveValue('0501234567');
    expect(screen.getByRole('listitem', { current: 'step' })).toHaveTextContent('التواصل والعنوان');
    expect(
      screen.getByText(/استُعيدت مسودة محفوظة على هذا الجهاز لأسرة «الشهري»/),
    ).toBeInTheDocument();

    // Right to left: «السابق» points right before its text, «التالي» left after it.
    const previous = screen.getByRole('button', { name: 'السابق' });
    const next = screen.getByRole('button', { name: 'التالي' });
    expect(previous.firstChild).toHaveAttribute('data-icon', 'chevron-right');
    expect(next.lastChild).toHaveAttribute('data-icon', 'chevron-left');
    expect(next.querySelectorAll('[data-icon]')).toHaveLength(1);

    // Going back shows the head step exactly as it was typed.
    await user.click(previous);
    expect(currentStepTitle()).toBe('الخطوة 1 من 6: رب الأسرة');
    expect(screen.getByLabelText(/الاسم الكامل لرب الأسرة/)).toHaveValue('محمد أحمد علي الشهري');
    expect(screen.getByLabelText(/رقم الهوية/)).toHaveValue(HEAD_ID);
  });

  it('writes nothing until something is typed, and asks nothing on leaving an untouched wizard', async () => {
    const user = userEvent.setup();
    const view = renderPage(<FamiliesCreatePage />, {
      route: ROUTE,
      api: apiWithFreeIds(),
      routes: [{ path: '/families', element: <p>قائمة الأسر</p> }],
    });
    await act(async () => new Promise((resolve) => setTimeout(resolve, 400)));
    expect(window.localStorage.getItem(STORAGE_KEYS.familyWizard)).toBeNull();
    await user.click(screen.getByRole('link', { name: 'الأسر' }));
    await waitFor(() => expect(currentLocation(view.router)).toBe('/families'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('flushes the last keystrokes to storage when the page unmounts inside the debounce window', async () => {
    const user = userEvent.setup();
    const view = renderPage(<FamiliesCreatePage />, { route: ROUTE, api: apiWithFreeIds() });
    await user.type(screen.getByLabelText(/الاسم الكامل لرب الأسرة/), 'سالم');
    view.unmount();
    expect(storedDraft()?.stepsData[0]).toMatchObject({ head: { full_name: 'سالم' } });
  });

  it('names the family that already holds the national ID and does not move on', async () => {
    const user = userEvent.setup();
    const api = createFakeApi();
    api.on(familyEndpoints.checkNationalId, {
      status: 200,
      data: {
        data: {
          available: false,
          family: { id: 9, file_number: 'F-1445-00009', head_name: 'سالم علي الغامدي' },
        },
      },
    });
    renderPage(<FamiliesCreatePage />, { route: ROUTE, api });

    await fillHeadStep(user);
    expect(
      await screen.findByText(
        'رقم الهوية مسجل في الأسرة «سالم علي الغامدي» (رقم الملف F-1445-00009)',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /فتح ملف الأسرة/ })).toHaveAttribute(
      'href',
      '/families/show/9',
    );
    expect(api.callsTo(familyEndpoints.checkNationalId)[0]?.params).toEqual({
      national_id: HEAD_ID,
    });

    await user.click(screen.getByRole('button', { name: 'التالي' }));
    await waitFor(() =>
      expect(screen.getByLabelText(/رقم الهوية/)).toHaveAttribute('aria-invalid', 'true'),
    );
    expect(currentStepTitle()).toBe('الخطوة 1 من 6: رب الأسرة');
  });

  it('validates only the current step before moving on', async () => {
    const user = userEvent.setup();
    renderPage(<FamiliesCreatePage />, { route: ROUTE, api: apiWithFreeIds() });
    await user.click(screen.getByRole('button', { name: 'التالي' }));
    await waitFor(() =>
      expect(screen.getByLabelText(/الاسم الكامل لرب الأسرة/)).toHaveAttribute(
        'aria-invalid',
        'true',
      ),
    );
    expect(currentStepTitle()).toBe('الخطوة 1 من 6: رب الأسرة');
    // Fields of later steps are not part of this step's validation.
    expect(screen.queryByLabelText(/الجوال الأساسي/)).not.toBeInTheDocument();
  });

  it('submits the whole draft, clears it, offers the documents step, then opens the new family', async () => {
    const user = userEvent.setup();
    seedCompleteDraft();
    const api = apiWithFreeIds();
    api.on(familyEndpoints.create, {
      status: 201,
      data: familyWritten(familyDetail({ id: 42, file_number: 'F-1446-00042' })),
    });
    api.on(documentEndpoints.familyList, {
      status: 200,
      data: { data: { documents: [], deleted: [] } },
    });
    const view = renderPage(<FamiliesCreatePage />, { route: ROUTE, api });

    expect(currentStepTitle()).toBe('الخطوة 6 من 6: المراجعة والإرسال');
    expect(screen.getByRole('region', { name: 'رب الأسرة' })).toHaveTextContent(
      'محمد أحمد علي الشهري',
    );
    await user.click(screen.getByRole('button', { name: 'إرسال للمراجعة' }));

    // The optional documents step: the new family's panel, its heading focused.
    const heading = await screen.findByRole('heading', { name: DOCUMENTS_STEP_TITLE });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(window.localStorage.getItem(STORAGE_KEYS.familyWizard)).toBeNull();
    expect(await screen.findByText('سُجلت الأسرة وأُرسلت للمراجعة')).toBeInTheDocument();
    expect(await screen.findByText('لم يُرفع أي مستند بعد')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'اختيار ملفات' })).toBeInTheDocument();
    expect(api.callsTo(documentEndpoints.familyList)[0]?.pathParams).toEqual({ id: '42' });
    await user.click(screen.getByRole('button', { name: OPEN_FAMILY_LABEL }));
    await waitFor(() => expect(currentLocation(view.router)).toBe('/families/show/42'));
    const body = api.callsTo(familyEndpoints.create)[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({
      primary_phone: '+966501234567',
      head: { national_id: HEAD_ID, relationship: 'head' },
      monthly_rent: 1500,
      consent_data_processing: true,
    });
    expect(body).not.toHaveProperty('save_as_draft');
  });

  it('shows amounts typed with separators or Arabic digits as they will be saved', async () => {
    const user = userEvent.setup();
    let draft = createFamilyWizardDraft();
    completeStepsData().forEach((data, index) => {
      const typed =
        index === 2 && typeof data === 'object' && data !== null
          ? {
              ...data,
              monthly_rent: '١٬٥٠٠',
              income_sources: [{ source: 'salary', amount: '3,000', verified: false }],
            }
          : data;
      draft = addStepData(setCurrentStepData(draft, index + 1), typed);
    });
    writeWizardDraft(window.localStorage, setCurrentStepData(draft, 6));
    const api = apiWithFreeIds();
    api.on(familyEndpoints.create, {
      status: 201,
      data: familyWritten(familyDetail({ id: 42, file_number: 'F-1446-00042' })),
    });
    renderPage(<FamiliesCreatePage />, { route: ROUTE, api });

    const housing = screen.getByRole('region', { name: 'السكن والدخل' });
    const text = (housing.textContent ?? '')
      .replace(/[\u200e\u200f\u061c]/g, '')
      .replace(/\u00a0/g, ' ');
    expect(text).toContain('الإيجار الشهري1,500.00 ر.س.');
    expect(text).toContain('إجمالي الدخل الشهري3,000.00 ر.س.');
    expect(screen.queryByText(/أكمل ما يلي/)).toBeNull();

    await user.click(screen.getByRole('button', { name: 'إرسال للمراجعة' }));
    await waitFor(() => expect(api.callsTo(familyEndpoints.create)).toHaveLength(1));
    expect(api.callsTo(familyEndpoints.create)[0]?.body).toMatchObject({
      monthly_rent: 1500,
      income_sources: [{ source: 'salary', amount: 3000 }],
    });
  });

  it('saves a server draft with save_as_draft: true', async () => {
    const user = userEvent.setup();
    seedCompleteDraft();
    const api = apiWithFreeIds();
    api.on(familyEndpoints.create, {
      status: 201,
      data: familyWritten(familyDetail({ id: 43, status: 'draft' })),
    });
    const view = renderPage(<FamiliesCreatePage />, { route: ROUTE, api });
    await user.click(screen.getByRole('button', { name: 'حفظ كمسودة' }));
    await waitFor(() => expect(currentLocation(view.router)).toBe('/families/show/43'));
    expect(api.callsTo(familyEndpoints.create)[0]?.body).toMatchObject({ save_as_draft: true });
    expect(window.localStorage.getItem(STORAGE_KEYS.familyWizard)).toBeNull();
  });

  it('puts a 422 from the server on the step and field it belongs to', async () => {
    const user = userEvent.setup();
    seedCompleteDraft();
    const api = apiWithFreeIds();
    api.on(familyEndpoints.create, {
      status: 422,
      data: {
        message: 'البيانات المدخلة غير صحيحة',
        errors: { primary_phone: ['رقم الجوال موقوف لدى مزود الخدمة'] },
      },
    });
    renderPage(<FamiliesCreatePage />, { route: ROUTE, api });
    await user.click(screen.getByRole('button', { name: 'إرسال للمراجعة' }));

    await waitFor(() => expect(currentStepTitle()).toBe('الخطوة 2 من 6: التواصل والعنوان'));
    const phone = screen.getByLabelText(/الجوال الأساسي/);
    await waitFor(() => expect(phone).toHaveAttribute('aria-invalid', 'true'));
    expect(phone).toHaveAccessibleDescription(
      expect.stringContaining('رقم الجوال موقوف لدى مزود الخدمة'),
    );
    expect(phone).toHaveValue('0501234567');
    // The draft is kept for the correction.
    expect(storedDraft()?.step).toBe(2);
  });

  it('sends a member error back to the members step', async () => {
    const user = userEvent.setup();
    seedCompleteDraft();
    const api = apiWithFreeIds();
    api.on(familyEndpoints.create, {
      status: 409,
      data: {
        message: 'رقم الهوية مسجل مسبقاً',
        errors: { 'members.0.national_id': ['رقم الهوية مسجل مسبقاً في الأسرة رقم F-1440-00001'] },
      },
    });
    renderPage(<FamiliesCreatePage />, { route: ROUTE, api });
    await user.click(screen.getByRole('button', { name: 'إرسال للمراجعة' }));
    await waitFor(() => expect(currentStepTitle()).toBe('الخطوة 4 من 6: أفراد الأسرة'));
    expect(
      await screen.findByText('رقم الهوية مسجل مسبقاً في الأسرة رقم F-1440-00001'),
    ).toBeInTheDocument();
  });

  it('asks before leaving with unsaved data', async () => {
    const user = userEvent.setup();
    const view = renderPage(<FamiliesCreatePage />, {
      route: ROUTE,
      api: apiWithFreeIds(),
      routes: [{ path: '/families', element: <p>قائمة الأسر</p> }],
    });
    await user.type(screen.getByLabelText(/الاسم الكامل لرب الأسرة/), 'سالم');

    await user.click(screen.getByRole('link', { name: 'الأسر' }));
    const dialog = await screen.findByRole('dialog', { name: 'مغادرة الصفحة؟' });
    await user.click(within(dialog).getByRole('button', { name: 'البقاء في الصفحة' }));
    expect(currentLocation(view.router)).toBe(ROUTE);

    await user.click(screen.getByRole('link', { name: 'الأسر' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'مغادرة الصفحة' }),
    );
    await waitFor(() => expect(currentLocation(view.router)).toBe('/families'));
    // The draft stays on the device for later.
    expect(storedDraft()?.stepsData[0]).toMatchObject({ head: { full_name: 'سالم' } });
  });

  it('starts over from a restored draft only after confirming', async () => {
    const user = userEvent.setup();
    seedCompleteDraft();
    renderPage(<FamiliesCreatePage />, { route: ROUTE, api: apiWithFreeIds() });
    await user.click(screen.getByRole('button', { name: 'بدء من جديد' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'بدء تسجيل جديد؟' })).getByRole('button', {
        name: 'حذف المسودة والبدء من جديد',
      }),
    );
    expect(window.localStorage.getItem(STORAGE_KEYS.familyWizard)).toBeNull();
    expect(currentStepTitle()).toBe('الخطوة 1 من 6: رب الأسرة');
    expect(screen.getByLabelText(/الاسم الكامل لرب الأسرة/)).toHaveValue('');
    await act(async () => undefined);
  });
});
