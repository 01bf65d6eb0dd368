import { screen, waitFor, within } from '@testing-library/react';
import {
  PASSWORD_MESSAGES,
  PERMISSION_KEYS,
  PERMISSION_LABELS,
  type Employee,
} from 'shared-contracts';
import {
  EMPLOYEE_RULE_MESSAGES,
  employeeEndpoints,
  permissionGroupEndpoints,
} from 'shared-contracts/admin';
import { formatDateTime } from 'shared-ui';
import EmployeesListPage from '../src/features/employees/pages/employees-list-page';
import { PERMISSION_KEY_SECTIONS as PERMISSION_GROUPS } from '../src/lib/permission-key-sections';
import { createFakeApi, listReply, type FakeApi } from 'shared-ui/testing';
import {
  adminRecord,
  hrManager,
  inactiveClerk,
  researcher as researcherAccount,
  superAdmin,
} from '../src/testing/fixtures';

/** The researcher as the employees endpoints answer (no groups). */
const researcher = adminRecord(researcherAccount);
import { renderPage } from '../src/testing/render-page';

function apiWith(rows: readonly Employee[]): FakeApi {
  const api = createFakeApi();
  api.on(employeeEndpoints.list, listReply(rows.map((row) => adminRecord(row))));
  api.on(permissionGroupEndpoints.list, listReply([]));
  return api;
}

function renderEmployees(options: { path?: string; currentUser?: Employee; api?: FakeApi } = {}) {
  return renderPage(<EmployeesListPage />, {
    path: options.path ?? '/employee-permissions',
    currentUser: options.currentUser ?? superAdmin,
    api: options.api ?? apiWith([superAdmin, researcher, inactiveClerk]),
  });
}

async function openAddDialog(user: ReturnType<typeof renderEmployees>['user']) {
  await user.click(await screen.findByRole('button', { name: 'إضافة موظف' }));
  return screen.findByRole('dialog', { name: 'إضافة موظف' });
}

async function fillValidForm(
  user: ReturnType<typeof renderEmployees>['user'],
  dialog: HTMLElement,
) {
  const form = within(dialog);
  await user.type(form.getByLabelText(/^الاسم/), 'ريم المحاسبة');
  await user.type(form.getByLabelText(/^البريد الإلكتروني/), 'reem@ataa.local');
  await user.type(form.getByLabelText(/^كلمة المرور/), 'Secret@123');
}

describe('employees list', () => {
  it('renders the API rows: name, email in <bdi>, role, status, permission count, last login', async () => {
    renderEmployees();
    const table = await screen.findByRole('table', { name: 'قائمة الموظفين' });
    const row = (await within(table).findByText('نورة الباحثة')).closest('tr');
    if (!row) throw new Error('row not found');
    const cells = within(row);
    const email = cells.getByText('researcher@ataa.local');
    expect(email.tagName).toBe('BDI');
    expect(email).toHaveAttribute('dir', 'ltr');
    expect(cells.getByText('باحثة اجتماعية')).toBeInTheDocument();
    expect(cells.getByText('مفعل')).toBeInTheDocument();
    expect(cells.getByText('4')).toBeInTheDocument();
    expect(cells.getByText(formatDateTime(researcher.last_login_at ?? null))).toBeInTheDocument();

    const inactiveRow = within(table).getByText('خالد الاستقبال').closest('tr');
    if (!inactiveRow) throw new Error('row not found');
    expect(within(inactiveRow).getByText('موقوف')).toBeInTheDocument();
    expect(within(inactiveRow).getByText('—')).toBeInTheDocument();
    expect(screen.getByText(/الإجمالي/)).toHaveTextContent('3');
  });

  it('builds the request from the URL: page, search, sort, order and filter[active]', async () => {
    const { api } = renderEmployees({
      path: '/employee-permissions?page=2&search=%D9%86%D9%88%D8%B1%D8%A9&sort=name&order=desc&filter%5Bactive%5D=false',
    });
    await waitFor(() => expect(api.callsTo(employeeEndpoints.list)).toHaveLength(1));
    // The URL state as it is, as the API reads it (defaults left out: page 1, 20 per page, asc).
    expect(api.lastCallTo(employeeEndpoints.list)?.query).toEqual({
      page: '2',
      search: 'نورة',
      sort: 'name',
      order: 'desc',
      'filter[active]': 'false',
    });
    expect(screen.getByRole('searchbox', { name: /بحث/ })).toHaveValue('نورة');
    expect(screen.getByRole('combobox', { name: 'الحالة' })).toHaveValue('false');
    expect(screen.getByRole('columnheader', { name: /الاسم/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
  });

  it('drops invalid URL values instead of sending them', async () => {
    const { api } = renderEmployees({
      path: '/employee-permissions?sort=password&filter%5Bactive%5D=maybe',
    });
    await waitFor(() => expect(api.callsTo(employeeEndpoints.list)).toHaveLength(1));
    expect(api.lastCallTo(employeeEndpoints.list)?.query).toEqual({});
  });

  it('debounces the search by 300 ms, then writes it to the URL from page 1 and requests it', async () => {
    const { api, user, searchParams } = renderEmployees({ path: '/employee-permissions?page=3' });
    await waitFor(() => expect(api.callsTo(employeeEndpoints.list)).toHaveLength(1));
    await user.type(screen.getByRole('searchbox', { name: /بحث/ }), 'سعد');
    // Typing three letters did not send three requests.
    expect(api.callsTo(employeeEndpoints.list)).toHaveLength(1);
    await waitFor(() => expect(searchParams().get('search')).toBe('سعد'));
    expect(searchParams().get('page')).toBeNull();
    await waitFor(() =>
      expect(api.lastCallTo(employeeEndpoints.list)?.query).toEqual({ search: 'سعد' }),
    );
    expect(api.callsTo(employeeEndpoints.list)).toHaveLength(2);
  });

  it('filters by status and sorts by a column through the URL', async () => {
    const { api, user, searchParams } = renderEmployees();
    await screen.findByText('نورة الباحثة');
    await user.selectOptions(screen.getByRole('combobox', { name: 'الحالة' }), 'الموقوفون');
    await waitFor(() => expect(searchParams().get('filter[active]')).toBe('false'));
    await waitFor(() =>
      expect(api.lastCallTo(employeeEndpoints.list)?.query).toMatchObject({
        'filter[active]': 'false',
      }),
    );

    await user.click(screen.getByRole('button', { name: /البريد الإلكتروني/ }));
    await waitFor(() => expect(searchParams().get('sort')).toBe('email'));
    await waitFor(() =>
      expect(api.lastCallTo(employeeEndpoints.list)?.query).toEqual({
        sort: 'email',
        'filter[active]': 'false',
      }),
    );
  });

  it('shows an empty state with the add action when there are no employees', async () => {
    renderEmployees({ api: apiWith([]) });
    expect(await screen.findByText('لا يوجد موظفون بعد')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'إضافة موظف' })).toHaveLength(2);
  });

  it('offers the first page when a page past the end comes back empty', async () => {
    const api = createFakeApi();
    api.on(employeeEndpoints.list, listReply([], { page: 5, total: 3 }));
    const { user, searchParams } = renderEmployees({ api, path: '/employee-permissions?page=5' });
    expect(await screen.findByText('لا توجد نتائج في هذه الصفحة')).toBeInTheDocument();
    // Not the "no employees yet" state: there are employees, just not on this page.
    expect(screen.queryByText('لا يوجد موظفون بعد')).not.toBeInTheDocument();
    api.on(employeeEndpoints.list, listReply([researcher]));
    await user.click(screen.getByRole('button', { name: 'الانتقال إلى الصفحة الأولى' }));
    await waitFor(() => expect(searchParams().get('page')).toBeNull());
    expect(await screen.findByText('نورة الباحثة')).toBeInTheDocument();
  });

  it('treats an answer that breaks the shared schema as an error, not as rows', async () => {
    const api = createFakeApi();
    api.on(employeeEndpoints.list, {
      status: 200,
      data: { data: [{ id: 'x', name: 3 }], meta: {} },
    });
    renderEmployees({ api });
    expect(await screen.findByRole('alert')).toHaveTextContent('تعذر تحميل البيانات');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows the server message and a retry when the list fails', async () => {
    const api = createFakeApi();
    api.on(employeeEndpoints.list, {
      status: 403,
      data: { message: 'ليست لديك صلاحية للوصول إلى هذا المورد' },
    });
    const { user } = renderEmployees({ api });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('ليست لديك صلاحية للوصول إلى هذا المورد');
    api.on(employeeEndpoints.list, listReply([researcher]));
    await user.click(within(alert).getByRole('button', { name: 'إعادة المحاولة' }));
    expect(await screen.findByText('نورة الباحثة')).toBeInTheDocument();
  });
});

describe('employee form', () => {
  it('creates an employee with the right body, shows a toast and refreshes the list', async () => {
    const api = apiWith([superAdmin]);
    api.on(employeeEndpoints.create, ({ body }) => ({
      status: 201,
      data: {
        message: 'تمت إضافة الموظف بنجاح',
        data: { ...researcher, ...(body as object), id: 9 },
      },
    }));
    const { user } = renderEmployees({ api });
    const dialog = await openAddDialog(user);
    const form = within(dialog);
    await user.type(form.getByLabelText(/^الاسم/), 'ريم المحاسبة');
    await user.type(form.getByLabelText(/^البريد الإلكتروني/), 'reem@ataa.local');
    await user.type(form.getByLabelText(/^كلمة المرور/), 'Secret@123');
    await user.selectOptions(form.getByLabelText('الدور'), 'محاسب');
    await user.click(form.getByRole('checkbox', { name: PERMISSION_LABELS.show_financial }));
    await user.click(form.getByRole('checkbox', { name: PERMISSION_LABELS.show_index }));
    const listCallsBefore = api.callsTo(employeeEndpoints.list).length;
    await user.click(screen.getByRole('button', { name: 'إضافة الموظف' }));

    await waitFor(() => expect(api.callsTo(employeeEndpoints.create)).toHaveLength(1));
    expect(api.lastCallTo(employeeEndpoints.create)?.body).toEqual({
      name: 'ريم المحاسبة',
      email: 'reem@ataa.local',
      password: 'Secret@123',
      active: true,
      role: 'محاسب',
      // In the contract's order, not click order.
      permissions: ['show_index', 'show_financial'],
      group_ids: [],
    });
    expect(await screen.findByText('تمت إضافة الموظف')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() =>
      expect(api.callsTo(employeeEndpoints.list).length).toBeGreaterThan(listCallsBefore),
    );
    // The list now shows the newest first (page 1), where the new employee is.
    await waitFor(() =>
      expect(api.lastCallTo(employeeEndpoints.list)?.params).toMatchObject({
        sort: 'created_at',
        order: 'desc',
      }),
    );
  });

  it('validates with the shared schema before sending (Arabic messages on the fields)', async () => {
    const { api, user } = renderEmployees();
    const dialog = await openAddDialog(user);
    await user.type(within(dialog).getByLabelText(/^البريد الإلكتروني/), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'إضافة الموظف' }));
    const name = within(dialog).getByLabelText(/^الاسم/);
    await waitFor(() => expect(name).toHaveAttribute('aria-invalid', 'true'));
    expect(within(dialog).getByText('البريد الإلكتروني غير صالح')).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^كلمة المرور/)).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo(employeeEndpoints.create)).toHaveLength(0);
  });

  it('selects and clears every permission', async () => {
    const { user } = renderEmployees();
    const dialog = within(await openAddDialog(user));
    await user.click(dialog.getByRole('button', { name: 'تحديد الكل' }));
    for (const key of PERMISSION_KEYS)
      expect(dialog.getByRole('checkbox', { name: PERMISSION_LABELS[key] })).toBeChecked();
    await user.click(dialog.getByRole('button', { name: 'إلغاء التحديد' }));
    for (const key of PERMISSION_KEYS)
      expect(dialog.getByRole('checkbox', { name: PERMISSION_LABELS[key] })).not.toBeChecked();
    // Grouped: each group is a fieldset named by its legend.
    expect(dialog.getByRole('group', { name: 'الأسر' })).toHaveTextContent(
      PERMISSION_LABELS.create_families,
    );
  });

  it('puts the server 422 field errors on their fields', async () => {
    const api = apiWith([superAdmin]);
    api.on(employeeEndpoints.create, {
      status: 422,
      data: {
        message: 'البيانات المدخلة غير صالحة',
        errors: { name: ['الاسم مرفوض من الخادم'], 'permissions.0': ['القيمة غير صحيحة'] },
      },
    });
    const { user } = renderEmployees({ api });
    const dialog = await openAddDialog(user);
    await fillValidForm(user, dialog);
    await user.click(screen.getByRole('button', { name: 'إضافة الموظف' }));
    expect(await within(dialog).findByText('الاسم مرفوض من الخادم')).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^الاسم/)).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByRole('group', { name: 'الصلاحيات الفردية' })).toHaveTextContent(
      'القيمة غير صحيحة',
    );
    expect(screen.getByRole('dialog', { name: 'إضافة موظف' })).toBeInTheDocument();
  });

  it('shows a 409 duplicate email on the email field', async () => {
    const api = apiWith([superAdmin]);
    api.on(employeeEndpoints.create, {
      status: 409,
      data: {
        message: 'البريد الإلكتروني مستخدم من قبل',
        errors: { email: ['البريد الإلكتروني مستخدم من قبل'] },
      },
    });
    const { user } = renderEmployees({ api });
    const dialog = await openAddDialog(user);
    await fillValidForm(user, dialog);
    await user.click(screen.getByRole('button', { name: 'إضافة الموظف' }));
    const email = within(dialog).getByLabelText(/^البريد الإلكتروني/);
    await waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'));
    expect(email).toHaveAccessibleDescription(/البريد الإلكتروني مستخدم من قبل/);
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows a 403 in the dialog and keeps the submit enabled again', async () => {
    const api = apiWith([superAdmin]);
    api.on(employeeEndpoints.create, {
      status: 403,
      data: {
        message: 'منح دور مدير النظام أو سحبه أو تعديل حساب مدير النظام متاح لمدير النظام فقط',
      },
    });
    const { user } = renderEmployees({ api });
    const dialog = await openAddDialog(user);
    await fillValidForm(user, dialog);
    await user.click(screen.getByRole('button', { name: 'إضافة الموظف' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('متاح لمدير النظام فقط');
    expect(screen.getByRole('button', { name: 'إضافة الموظف' })).toBeEnabled();
  });

  it('disables the submit while saving', async () => {
    const api = apiWith([superAdmin]);
    let release: () => void = () => undefined;
    api.on(
      employeeEndpoints.create,
      () =>
        new Promise((resolve) => {
          release = () => resolve({ status: 201, data: { data: { ...researcher, id: 9 } } });
        }),
    );
    const { user } = renderEmployees({ api });
    const dialog = await openAddDialog(user);
    await fillValidForm(user, dialog);
    const submit = screen.getByRole('button', { name: 'إضافة الموظف' });
    await user.click(submit);
    await waitFor(() => expect(submit).toBeDisabled());
    expect(submit).toHaveAttribute('aria-busy', 'true');
    release();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('edits an employee prefilled, leaving out an empty password', async () => {
    const api = apiWith([superAdmin, researcher]);
    api.on(employeeEndpoints.update, { params: { id: 2 } }, ({ body }) => ({
      status: 200,
      data: { data: { ...researcher, ...(body as object) } },
    }));
    const { user } = renderEmployees({ api });
    await user.click(await screen.findByRole('button', { name: 'تعديل نورة الباحثة' }));
    const dialog = await screen.findByRole('dialog', { name: 'تعديل الموظف: نورة الباحثة' });
    const form = within(dialog);
    expect(form.getByLabelText(/^الاسم/)).toHaveValue('نورة الباحثة');
    expect(form.getByLabelText(/^البريد الإلكتروني/)).toHaveValue('researcher@ataa.local');
    expect(form.getByRole('checkbox', { name: PERMISSION_LABELS.create_families })).toBeChecked();
    expect(form.getByLabelText('كلمة المرور الجديدة')).toHaveAccessibleDescription(
      /اتركه فارغاً للإبقاء على كلمة المرور الحالية/,
    );
    await user.clear(form.getByLabelText(/^الاسم/));
    await user.type(form.getByLabelText(/^الاسم/), 'نورة العتيبي');
    await user.click(screen.getByRole('button', { name: 'حفظ التعديلات' }));

    await waitFor(() =>
      expect(api.callsTo(employeeEndpoints.update, { params: { id: 2 } })).toHaveLength(1),
    );
    const body = api.lastCallTo(employeeEndpoints.update, { params: { id: 2 } })?.body as Record<
      string,
      unknown
    >;
    expect(body).not.toHaveProperty('password');
    expect(body).toEqual({
      name: 'نورة العتيبي',
      email: 'researcher@ataa.local',
      active: true,
      role: 'باحثة اجتماعية',
      permissions: ['show_index', 'show_families', 'create_families', 'edit_families'],
      group_ids: [],
    });
    expect(await screen.findByText('تم تحديث بيانات الموظف')).toBeInTheDocument();
  });

  it('sends a new password when one is typed while editing', async () => {
    const api = apiWith([superAdmin, researcher]);
    api.on(
      employeeEndpoints.update,
      { params: { id: 2 } },
      { status: 200, data: { data: researcher } },
    );
    const { user } = renderEmployees({ api });
    await user.click(await screen.findByRole('button', { name: 'تعديل نورة الباحثة' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('كلمة المرور الجديدة'), 'NewPass@2025');
    await user.click(screen.getByRole('button', { name: 'حفظ التعديلات' }));
    await waitFor(() =>
      expect(api.lastCallTo(employeeEndpoints.update, { params: { id: 2 } })?.body).toMatchObject({
        password: 'NewPass@2025',
      }),
    );
  });

  it('asks before closing a form with unsaved changes', async () => {
    const { user } = renderEmployees();
    const dialog = await openAddDialog(user);
    await user.type(within(dialog).getByLabelText(/^الاسم/), 'ريم');
    await user.click(within(dialog).getByRole('button', { name: 'إلغاء' }));
    const confirm = await screen.findByRole('dialog', { name: 'تجاهل التغييرات؟' });
    await user.click(within(confirm).getByRole('button', { name: 'متابعة التعديل' }));
    expect(screen.getByRole('dialog', { name: 'إضافة موظف' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await user.click(await screen.findByRole('button', { name: 'تجاهل التغييرات' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});

describe('activate / deactivate', () => {
  it('asks for confirmation before deactivating, then sends only active: false', async () => {
    const api = apiWith([superAdmin, researcher]);
    api.on(
      employeeEndpoints.update,
      { params: { id: 2 } },
      {
        status: 200,
        data: { data: { ...researcher, active: false } },
      },
    );
    const { user } = renderEmployees({ api });
    await user.click(await screen.findByRole('button', { name: 'إيقاف نورة الباحثة' }));
    const confirm = await screen.findByRole('dialog', { name: 'إيقاف حساب الموظف' });
    expect(confirm).toHaveTextContent('نورة الباحثة');
    expect(api.callsTo(employeeEndpoints.update, { params: { id: 2 } })).toHaveLength(0);
    // Focus starts on cancel, so a stray Enter never deactivates.
    expect(within(confirm).getByRole('button', { name: 'إلغاء' })).toHaveFocus();
    await user.click(within(confirm).getByRole('button', { name: 'إيقاف الحساب' }));
    await waitFor(() =>
      expect(api.callsTo(employeeEndpoints.update, { params: { id: 2 } })).toHaveLength(1),
    );
    expect(api.lastCallTo(employeeEndpoints.update, { params: { id: 2 } })?.body).toEqual({
      active: false,
    });
    expect(await screen.findByText('تم إيقاف حساب الموظف')).toBeInTheDocument();
  });

  it('sends nothing when the confirmation is cancelled', async () => {
    const { api, user } = renderEmployees();
    await user.click(await screen.findByRole('button', { name: 'تفعيل خالد الاستقبال' }));
    const confirm = await screen.findByRole('dialog', { name: 'تفعيل حساب الموظف' });
    await user.click(within(confirm).getByRole('button', { name: 'إلغاء' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo(employeeEndpoints.update, { params: { id: 6 } })).toHaveLength(0);
  });

  it('offers no deactivation of one\u2019s own account', async () => {
    renderEmployees();
    await screen.findByRole('button', { name: 'تعديل مدير النظام' });
    expect(screen.queryByRole('button', { name: 'إيقاف مدير النظام' })).not.toBeInTheDocument();
  });
});

describe('super-admin-only options', () => {
  it('offers the roles as a list with Arabic names, the super admin role to a super admin', async () => {
    const { user } = renderEmployees();
    const dialog = within(await openAddDialog(user));
    const role = dialog.getByLabelText('الدور');
    expect(role.tagName).toBe('SELECT');
    await user.selectOptions(role, dialog.getByRole('option', { name: 'مدير النظام' }));
    expect(role).toHaveValue('Super Admin');
    expect(dialog.queryByText('Super Admin')).not.toBeInTheDocument();
  });

  it('does not offer the super admin role to a non-super-admin', async () => {
    const { user } = renderEmployees({
      currentUser: hrManager,
      api: apiWith([superAdmin, hrManager, researcher]),
    });
    const dialog = await openAddDialog(user);
    const form = within(dialog);
    expect(form.queryByRole('option', { name: 'مدير النظام' })).not.toBeInTheDocument();
    expect(form.getByRole('option', { name: 'باحثة اجتماعية' })).toBeInTheDocument();
    expect(dialog).not.toHaveTextContent('Super Admin');
  });

  it('gives a non-super-admin no actions on a super admin row', async () => {
    renderEmployees({ currentUser: hrManager, api: apiWith([superAdmin, hrManager, researcher]) });
    const row = (await screen.findByText('admin@ataa.local')).closest('tr');
    if (!row) throw new Error('row not found');
    expect(within(row).queryByRole('button')).not.toBeInTheDocument();
    expect(within(row).getByText('يديره مدير النظام')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'تعديل نورة الباحثة' })).toBeInTheDocument();
  });

  it('stops an employee from changing their own permissions or deactivating themself', async () => {
    const api = apiWith([hrManager]);
    const { user } = renderEmployees({ currentUser: hrManager, api });
    await user.click(await screen.findByRole('button', { name: 'تعديل سعد الموارد' }));
    const dialog = within(await screen.findByRole('dialog'));
    for (const key of PERMISSION_KEYS)
      expect(dialog.getByRole('checkbox', { name: PERMISSION_LABELS[key] })).toBeDisabled();
    expect(dialog.getByRole('group', { name: 'الصلاحيات الفردية' })).toHaveAccessibleDescription(
      EMPLOYEE_RULE_MESSAGES.cannotChangeOwnPermissions,
    );
    expect(dialog.getByRole('button', { name: 'تحديد الكل' })).toBeDisabled();
    await user.click(dialog.getByRole('checkbox', { name: 'الحساب مفعل' }));
    await user.click(screen.getByRole('button', { name: 'حفظ التعديلات' }));
    expect(dialog.getAllByText('لا يمكنك إيقاف حسابك بنفسك').length).toBeGreaterThan(0);
    expect(api.callsTo(employeeEndpoints.update, { params: { id: 5 } })).toHaveLength(0);
  });
});

describe('who may grant what (the rules the API enforces)', () => {
  it('offers an administrator only the keys they hold, never the employees key', async () => {
    const api = apiWith([superAdmin, hrManager]);
    api.on(employeeEndpoints.create, ({ body }) => ({
      status: 201,
      data: { data: { ...researcher, ...(body as object), id: 9 } },
    }));
    const { user } = renderEmployees({ currentUser: hrManager, api });
    const dialog = await openAddDialog(user);
    const form = within(dialog);
    expect(form.getByRole('checkbox', { name: PERMISSION_LABELS.show_index })).toBeEnabled();
    for (const key of ['show_families', 'show_financial', 'show_permissions_employees'] as const)
      expect(form.getByRole('checkbox', { name: PERMISSION_LABELS[key] })).toBeDisabled();
    expect(form.getByRole('group', { name: 'الصلاحيات الفردية' })).toHaveAccessibleDescription(
      /لا يمنحها أو يسحبها إلا من يملكها/,
    );
    // "Select all" means every key they may grant.
    await user.click(form.getByRole('button', { name: 'تحديد الكل' }));
    expect(form.getByRole('checkbox', { name: PERMISSION_LABELS.show_index })).toBeChecked();
    expect(form.getByRole('checkbox', { name: PERMISSION_LABELS.show_families })).not.toBeChecked();
    await fillValidForm(user, dialog);
    await user.click(screen.getByRole('button', { name: 'إضافة الموظف' }));
    await waitFor(() => expect(api.callsTo(employeeEndpoints.create)).toHaveLength(1));
    expect(api.lastCallTo(employeeEndpoints.create)?.body).toMatchObject({
      permissions: ['show_index'],
    });
  });

  it('keeps the keys an administrator may not touch when they clear the rest', async () => {
    const api = apiWith([hrManager, researcher]);
    api.on(
      employeeEndpoints.update,
      { params: { id: 2 } },
      { status: 200, data: { data: researcher } },
    );
    const { user } = renderEmployees({ currentUser: hrManager, api });
    await user.click(await screen.findByRole('button', { name: 'تعديل نورة الباحثة' }));
    const dialog = within(await screen.findByRole('dialog'));
    await user.click(dialog.getByRole('button', { name: 'إلغاء التحديد' }));
    expect(dialog.getByRole('checkbox', { name: PERMISSION_LABELS.show_index })).not.toBeChecked();
    expect(dialog.getByRole('checkbox', { name: PERMISSION_LABELS.create_families })).toBeChecked();
  });

  it('explains, and refuses before sending, a password reset of an account with keys the administrator lacks', async () => {
    const api = apiWith([hrManager, researcher]);
    const { user } = renderEmployees({ currentUser: hrManager, api });
    await user.click(await screen.findByRole('button', { name: 'تعديل نورة الباحثة' }));
    const dialog = within(await screen.findByRole('dialog'));
    const password = dialog.getByLabelText('كلمة المرور الجديدة');
    expect(password).toHaveAccessibleDescription(EMPLOYEE_RULE_MESSAGES.widerAccountPassword);
    await user.type(password, 'Takeover@2026');
    await user.click(screen.getByRole('button', { name: 'حفظ التعديلات' }));
    await waitFor(() => expect(password).toHaveAttribute('aria-invalid', 'true'));
    expect(api.callsTo(employeeEndpoints.update, { params: { id: 2 } })).toHaveLength(0);
  });

  it("leaves another administrator's password to a super admin", async () => {
    const colleague = { ...hrManager, id: 7, name: 'ريم الموارد', email: 'hr2@ataa.local' };
    const { user } = renderEmployees({
      currentUser: hrManager,
      api: apiWith([hrManager, colleague]),
    });
    await user.click(await screen.findByRole('button', { name: 'تعديل ريم الموارد' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByLabelText('كلمة المرور الجديدة')).toHaveAccessibleDescription(
      EMPLOYEE_RULE_MESSAGES.adminPasswordSuperAdminOnly,
    );
  });

  it('states the password length and refuses one over 128 characters in Arabic', async () => {
    const { api, user } = renderEmployees();
    const dialog = await openAddDialog(user);
    const form = within(dialog);
    const password = form.getByLabelText(/^كلمة المرور/);
    expect(password).toHaveAccessibleDescription(PASSWORD_MESSAGES.lengthHint);
    await user.type(form.getByLabelText(/^الاسم/), 'ريم المحاسبة');
    await user.type(form.getByLabelText(/^البريد الإلكتروني/), 'reem@ataa.local');
    await user.click(password);
    await user.paste('a'.repeat(129));
    await user.click(screen.getByRole('button', { name: 'إضافة الموظف' }));
    expect(await form.findByText(PASSWORD_MESSAGES.tooLong)).toBeInTheDocument();
    expect(api.callsTo(employeeEndpoints.create)).toHaveLength(0);
  });
});

describe('permission groups', () => {
  it('list every permission key exactly once', () => {
    const grouped = PERMISSION_GROUPS.flatMap((group) => group.keys);
    expect([...grouped].sort()).toEqual([...PERMISSION_KEYS].sort());
  });
});

describe('permission groups on employees', () => {
  const accountants = {
    id: 7,
    name: 'محاسب',
    permissions: ['show_index', 'show_financial', 'show_reports'],
  };
  const groupItem = {
    ...accountants,
    description: null,
    members_count: 0,
    created_at: '2025-01-01T08:00:00.000Z',
    updated_at: '2025-01-01T08:00:00.000Z',
    updated_by: null,
  };

  it('filters by group and role through the URL', async () => {
    const api = apiWith([superAdmin, researcherAccount]);
    api.on(permissionGroupEndpoints.list, listReply([groupItem]));
    const { user, searchParams } = renderEmployees({ api });
    await screen.findByRole('table', { name: 'قائمة الموظفين' });
    await user.selectOptions(
      await screen.findByRole('combobox', { name: 'مجموعة الصلاحيات' }),
      'محاسب',
    );
    await waitFor(() => expect(searchParams().get('filter[group_id]')).toBe('7'));
    await user.selectOptions(screen.getByRole('combobox', { name: 'الدور' }), 'مدير النظام');
    await waitFor(() => expect(searchParams().get('filter[role]')).toBe('Super Admin'));
    await waitFor(() =>
      expect(api.lastCallTo(employeeEndpoints.list)?.query).toEqual({
        'filter[group_id]': '7',
        'filter[role]': 'Super Admin',
      }),
    );
  });

  it('puts an employee in a group and shows the effective permissions with their source', async () => {
    const api = apiWith([superAdmin, researcherAccount]);
    api.on(permissionGroupEndpoints.list, listReply([groupItem]));
    api.on(
      employeeEndpoints.update,
      { params: { id: 2 } },
      {
        status: 200,
        data: { data: adminRecord(researcherAccount, [accountants]) },
      },
    );
    const { user } = renderEmployees({ api });
    const table = await screen.findByRole('table', { name: 'قائمة الموظفين' });
    const row = within(table).getByText('نورة الباحثة').closest('tr');
    if (!row) throw new Error('row not found');
    await user.click(within(row).getByRole('button', { name: /تعديل/ }));
    const dialog = within(await screen.findByRole('dialog'));
    await user.click(await dialog.findByRole('checkbox', { name: 'محاسب' }));
    const effective = dialog.getByRole('region', { name: 'الصلاحيات الفعلية ومصدرها' });
    const financial = within(effective).getByText(PERMISSION_LABELS.show_financial).closest('li');
    expect(financial).toHaveTextContent('مجموعة: محاسب');
    const index = within(effective).getByText(PERMISSION_LABELS.show_index).closest('li');
    expect(index).toHaveTextContent('فردية');
    expect(index).toHaveTextContent('مجموعة: محاسب');
    await user.click(screen.getByRole('button', { name: 'حفظ التعديلات' }));
    await waitFor(() =>
      expect(api.callsTo(employeeEndpoints.update, { params: { id: 2 } })).toHaveLength(1),
    );
    expect(api.lastCallTo(employeeEndpoints.update, { params: { id: 2 } })?.body).toMatchObject({
      group_ids: [7],
    });
  });
});
