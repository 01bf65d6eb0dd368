import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  addStepData,
  createFamilyWizardDraft,
  setCurrentStepData,
  writeWizardDraft,
  familyEndpoints,
  memberEndpoints,
} from 'shared-contracts/beneficiaries';
import FamiliesCreatePage from '../src/features/families/pages/families-create-page';
import FamiliesMembersPage from '../src/features/members/pages/members-list-page';
import { createFakeApi } from 'shared-ui/testing';
import {
  HEAD_ID,
  completeStepsData,
  employee,
  familyDetail,
  member,
  memberMoved,
  saudiId,
} from '../src/testing/fixtures';
import { renderPage } from '../src/testing/render-page';

const META = { page: 1, per_page: 20, total: 1, last_page: 1 };

describe('members step of the wizard', () => {
  function seedAtMembersStep() {
    const [head, contact, housing] = completeStepsData();
    let draft = createFamilyWizardDraft();
    [head, contact, housing].forEach((data, index) => {
      draft = addStepData(setCurrentStepData(draft, index + 1), data);
    });
    writeWizardDraft(window.localStorage, setCurrentStepData(draft, 4));
  }

  it('adds a member in a dialog, refusing the head’s ID and warning of a similar person elsewhere', async () => {
    const user = userEvent.setup();
    seedAtMembersStep();
    const api = createFakeApi();
    api.on(familyEndpoints.checkNationalId, {
      status: 200,
      data: { data: { available: true } },
    });
    api.on(familyEndpoints.checkSimilarMembers, {
      status: 200,
      data: {
        data: {
          matches: [
            {
              member_id: 90,
              full_name: 'نوره محمد احمد الشهري',
              birth_date: '2010-04-04',
              family: { id: 3, file_number: 'F-1440-00003', head_name: 'أحمد الشهري' },
            },
          ],
        },
      },
    });
    renderPage(<FamiliesCreatePage />, { route: '/families/create', api });

    await user.click(screen.getByRole('button', { name: 'إضافة فرد' }));
    const dialog = screen.getByRole('dialog', { name: 'إضافة فرد للأسرة' });
    await user.type(within(dialog).getByLabelText(/الاسم الكامل/), 'نورة محمد أحمد الشهري');
    await user.selectOptions(within(dialog).getByLabelText(/صلة القرابة/), 'daughter');
    expect(within(dialog).queryByLabelText('حامل')).not.toBeInTheDocument();
    await user.selectOptions(within(dialog).getByLabelText(/^الجنس/), 'female');
    expect(within(dialog).getByLabelText('حامل')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText(/تاريخ الميلاد/), {
      target: { value: '2010-04-04' },
    });
    await user.type(within(dialog).getByLabelText(/رقم الهوية/), HEAD_ID);

    expect(
      await within(dialog).findByText(
        /يوجد فرد باسم مشابه وتاريخ الميلاد نفسه في الأسرة رقم F-1440-00003/,
      ),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'حفظ الفرد' }));
    expect(
      await within(dialog).findByText(`رقم الهوية ${HEAD_ID} مكرر داخل الأسرة`),
    ).toBeInTheDocument();

    const idField = within(dialog).getByLabelText(/رقم الهوية/);
    await user.clear(idField);
    await user.type(idField, saudiId('110000000'));
    await user.click(within(dialog).getByRole('button', { name: 'حفظ الفرد' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const table = screen.getByRole('table', { name: 'أفراد الأسرة' });
    expect(within(table).getByText('نورة محمد أحمد الشهري')).toBeInTheDocument();
    expect(within(table).getByText('ابنة')).toBeInTheDocument();
  });
});

describe('family members page', () => {
  function membersApi() {
    const api = createFakeApi();
    api.on(memberEndpoints.list, {
      status: 200,
      data: {
        data: [
          member({
            id: 12,
            full_name: 'فاطمة صالح محمد الشهري',
            relationship: 'spouse',
            gender: 'female',
            national_id: saudiId('104567892'),
          }),
        ],
        meta: META,
      },
    });
    api.on(familyEndpoints.list, {
      status: 200,
      data: {
        data: [
          familyDetail({ id: 30, file_number: 'F-1446-00030', head_name: 'عبدالله سعيد القحطاني' }),
        ],
        meta: META,
      },
    });
    api.on(
      memberEndpoints.move,
      { params: { id: 12 } },
      {
        status: 200,
        data: memberMoved(member({ id: 12, family_id: 30, relationship: 'sister' })),
      },
    );
    return api;
  }

  it('sends the filters from the URL (age range, gender, education) to the API', async () => {
    const api = membersApi();
    renderPage(<FamiliesMembersPage />, {
      route: '/families/members',
      path: '/families/members?filter%5Bgender%5D=female&filter%5Bage_min%5D=6&filter%5Bage_max%5D=12&filter%5Beducation_level%5D=primary',
      api,
    });
    expect(await screen.findByText('فاطمة صالح محمد الشهري')).toBeInTheDocument();
    expect(api.callsTo(memberEndpoints.list)[0]?.params).toEqual({
      'filter[gender]': 'female',
      'filter[age_min]': '6',
      'filter[age_max]': '12',
      'filter[education_level]': 'primary',
    });
    expect(screen.getByLabelText('العمر من')).toHaveValue('6');
    expect(screen.getByRole('link', { name: 'F-1446-00007' })).toHaveAttribute(
      'href',
      '/families/show/7',
    );
  });

  it('moves a member to another family picked by search, with relationship and reason', async () => {
    const user = userEvent.setup();
    const api = membersApi();
    renderPage(<FamiliesMembersPage />, { route: '/families/members', api });
    await user.click(
      await screen.findByRole('button', { name: 'نقل إلى أسرة أخرى: فاطمة صالح محمد الشهري' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'نقل إلى أسرة أخرى' });

    await user.click(within(dialog).getByRole('button', { name: 'نقل الفرد' }));
    expect(await within(dialog).findByText('يجب ذكر السبب')).toBeInTheDocument();
    expect(api.callsTo(memberEndpoints.move, { params: { id: 12 } })).toHaveLength(0);

    await user.type(within(dialog).getByRole('searchbox', { name: /الأسرة الجديدة/ }), 'القحطاني');
    await user.click(
      await within(dialog).findByRole('button', {
        name: 'اختيار أسرة عبدالله سعيد القحطاني (F-1446-00030)',
      }),
    );
    await user.selectOptions(
      within(dialog).getByLabelText(/صلة القرابة برب الأسرة الجديدة/),
      'sister',
    );
    await user.type(within(dialog).getByLabelText(/سبب النقل/), 'انتقلت للعيش مع أخيها');
    await user.click(within(dialog).getByRole('button', { name: 'نقل الفرد' }));

    await waitFor(() =>
      expect(api.callsTo(memberEndpoints.move, { params: { id: 12 } })[0]?.body).toEqual({
        to_family_id: 30,
        relationship: 'sister',
        reason: 'انتقلت للعيش مع أخيها',
        effective_date: null,
      }),
    );
    expect(await screen.findByText('نُقل الفرد إلى الأسرة الجديدة')).toBeInTheDocument();
    expect(api.callsTo(familyEndpoints.list)[0]?.params).toMatchObject({ search: 'القحطاني' });
  });

  it('offers the move and the export only with edit_families', async () => {
    renderPage(<FamiliesMembersPage />, {
      route: '/families/members',
      api: membersApi(),
      user: employee(['show_families']),
    });
    expect(await screen.findByText('فاطمة صالح محمد الشهري')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /نقل/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'تصدير إلى إكسل' })).not.toBeInTheDocument();
  });

  it('offers the health filter only to who may see medical fields (the API refuses it to others)', async () => {
    const view = renderPage(<FamiliesMembersPage />, {
      route: '/families/members',
      api: membersApi(),
      user: employee(['show_families']),
    });
    expect(await screen.findByText('فاطمة صالح محمد الشهري')).toBeInTheDocument();
    expect(screen.queryByLabelText('الحالة الصحية')).not.toBeInTheDocument();
    expect(screen.getByLabelText('المستوى التعليمي')).toBeInTheDocument();
    view.unmount();
    renderPage(<FamiliesMembersPage />, {
      route: '/families/members',
      api: membersApi(),
      user: employee(['show_families', 'edit_families']),
    });
    expect(await screen.findByText('فاطمة صالح محمد الشهري')).toBeInTheDocument();
    expect(screen.getByLabelText('الحالة الصحية')).toBeInTheDocument();
  });
});

describe('housing and income step', () => {
  it('shows the total and per-capita income live, and asks the rent only when rented', async () => {
    const user = userEvent.setup();
    const [head, contact] = completeStepsData();
    let draft = createFamilyWizardDraft();
    [head, contact].forEach((data, index) => {
      draft = addStepData(setCurrentStepData(draft, index + 1), data);
    });
    draft = addStepData(setCurrentStepData(draft, 4), {
      members: [{ full_name: 'أ ب' }, { full_name: 'ج د' }, { full_name: 'هـ و' }],
    });
    writeWizardDraft(window.localStorage, setCurrentStepData(draft, 3));
    renderPage(<FamiliesCreatePage />, { route: '/families/create', api: createFakeApi() });

    expect(screen.queryByLabelText(/الإيجار الشهري/)).not.toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText(/ملكية السكن/), 'rented');
    expect(screen.getByLabelText(/الإيجار الشهري/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'إضافة مصدر دخل' }));
    await user.selectOptions(screen.getByRole('combobox', { name: /^مصدر الدخل 1/ }), 'salary');
    await user.type(screen.getByLabelText(/المبلغ الشهري/), '٣٠٠٠');
    await user.click(screen.getByRole('button', { name: 'إضافة مصدر دخل' }));
    await user.selectOptions(
      screen.getByRole('combobox', { name: /^مصدر الدخل 2/ }),
      'citizen_account',
    );
    await user.type(screen.getAllByLabelText(/المبلغ الشهري/)[1] as HTMLElement, '1000');

    const totals = () => screen.getByText('إجمالي الدخل الشهري').closest('dl') as HTMLElement;
    await waitFor(() =>
      expect(within(totals()).getAllByRole('definition')[0]).toHaveTextContent(/4,000/),
    );
    // 4 people: the head and three members.
    expect(within(totals()).getByText('دخل الفرد (عدد الأفراد: 4)')).toBeInTheDocument();
    expect(within(totals()).getAllByRole('definition')[1]).toHaveTextContent(/1,000/);

    await user.click(screen.getByRole('button', { name: 'حذف مصدر الدخل 1' }));
    await waitFor(() =>
      expect(within(totals()).getAllByRole('definition')[0]).toHaveTextContent(/1,000/),
    );
  });
});
