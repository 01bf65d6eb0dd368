import { screen, waitFor, within } from '@testing-library/react';
import { PERMISSION_LABELS } from 'shared-contracts';
import type { ActivityLogEntry } from 'shared-contracts/admin';
import { formatDateTime } from 'shared-ui';
import ActivityLogPage from '../src/features/activity-log/pages/activity-log-page';
import { createFakeApi, listReply, type FakeApi } from 'shared-ui/testing';
import { activityLogEndpoints, employeeEndpoints } from 'shared-contracts/admin';
import {
  adminRecord,
  loginEntry,
  researcher,
  superAdmin,
  updateEntry,
} from '../src/testing/fixtures';
import { renderPage } from '../src/testing/render-page';

function fakeApi(): FakeApi {
  const api = createFakeApi();
  api.on(
    activityLogEndpoints.list,
    listReply([updateEntry, loginEntry], { total: 45, last_page: 3 }),
  );
  api.on(employeeEndpoints.list, listReply([adminRecord(superAdmin), adminRecord(researcher)]));
  return api;
}

function renderLog(path = '/activity-tracking', api: FakeApi = fakeApi()) {
  return renderPage(<ActivityLogPage />, { path, currentUser: superAdmin, api });
}

describe('activity log', () => {
  it('renders the entries with Arabic labels, formatted times and IPs in <bdi>', async () => {
    renderLog();
    const table = await screen.findByRole('table', { name: 'سجل نشاط الموظفين' });
    const updateRow = (await within(table).findByText('192.168.1.20')).closest('tr');
    if (!updateRow) throw new Error('row not found');
    const cells = within(updateRow);
    expect(cells.getByText('تعديل')).toBeInTheDocument();
    expect(cells.getByText('موظف')).toBeInTheDocument();
    expect(cells.getByText('نورة الباحثة')).toBeInTheDocument();
    expect(cells.getByText('مدير النظام')).toBeInTheDocument();
    expect(cells.getByText(formatDateTime(updateEntry.occurred_at))).toBeInTheDocument();
    const ip = cells.getByText('192.168.1.20');
    expect(ip.tagName).toBe('BDI');
    expect(ip).toHaveAttribute('dir', 'ltr');
    expect(within(table).getByText('تسجيل الدخول')).toBeInTheDocument();
    expect(screen.getByText(/الإجمالي/)).toHaveTextContent('45');
  });

  it('builds the request from the URL filters', async () => {
    const { api } = renderLog(
      '/activity-tracking?page=2&filter%5Bemployee_id%5D=2&filter%5Baction%5D=login&filter%5Bentity_type%5D=employee&filter%5Bfrom%5D=2025-03-01&filter%5Bto%5D=2025-03-31',
    );
    await waitFor(() => expect(api.callsTo(activityLogEndpoints.list)).toHaveLength(1));
    // The URL state as it is, as the API reads it (defaults left out: page 1, 20 per page).
    expect(api.lastCallTo(activityLogEndpoints.list)?.query).toEqual({
      page: '2',
      'filter[employee_id]': '2',
      'filter[action]': 'login',
      'filter[entity_type]': 'employee',
      'filter[from]': '2025-03-01',
      'filter[to]': '2025-03-31',
    });
    expect(screen.getByRole('combobox', { name: 'الإجراء' })).toHaveValue('login');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'الموظف' })).toHaveValue('2'));
    // Shown day/month/year whatever the browser's language.
    expect(screen.getByLabelText('من تاريخ')).toHaveValue('01/03/2025');
  });

  it('writes the filters to the URL, from page 1, and requests them', async () => {
    const { api, user, searchParams } = renderLog('/activity-tracking?page=3');
    await screen.findByText('192.168.1.20');
    // Employees for the filter come from /employees, sorted by name.
    expect(api.lastCallTo(employeeEndpoints.list)?.params).toMatchObject({
      per_page: 200,
      sort: 'name',
    });

    await user.selectOptions(screen.getByRole('combobox', { name: 'الإجراء' }), 'تسجيل الدخول');
    await waitFor(() => expect(searchParams().get('filter[action]')).toBe('login'));
    expect(searchParams().get('page')).toBeNull();

    await user.selectOptions(
      await screen.findByRole('combobox', { name: 'الموظف' }),
      'نورة الباحثة',
    );
    await waitFor(() => expect(searchParams().get('filter[employee_id]')).toBe('2'));

    await user.selectOptions(screen.getByRole('combobox', { name: 'نوع السجل' }), 'موظف');
    await user.type(screen.getByLabelText('من تاريخ'), '2025-03-01');
    await waitFor(() => expect(searchParams().get('filter[from]')).toBe('2025-03-01'));

    await waitFor(() =>
      expect(api.lastCallTo(activityLogEndpoints.list)?.query).toEqual({
        'filter[employee_id]': '2',
        'filter[action]': 'login',
        'filter[entity_type]': 'employee',
        'filter[from]': '2025-03-01',
      }),
    );

    await user.click(screen.getByRole('button', { name: 'مسح التصفية' }));
    await waitFor(() => expect(searchParams().toString()).toBe(''));
  });

  it('moves between pages through the URL', async () => {
    const { api, user, searchParams } = renderLog();
    await screen.findByText('192.168.1.20');
    await user.click(screen.getByRole('button', { name: 'التالي' }));
    await waitFor(() => expect(searchParams().get('page')).toBe('2'));
    await waitFor(() =>
      expect(api.lastCallTo(activityLogEndpoints.list)?.query).toMatchObject({ page: '2' }),
    );
  });

  it('shows the changed fields old → new, in Arabic, with the browser in words', async () => {
    const { user } = renderLog();
    await user.click(
      await screen.findByRole('button', { name: /عرض التفاصيل: تعديل نورة الباحثة/ }),
    );
    const dialog = within(await screen.findByRole('dialog', { name: 'تفاصيل النشاط' }));
    const changes = dialog.getByRole('table', { name: 'الحقول المتغيرة' });
    const activeRow = within(changes).getByText('حالة الحساب').closest('tr');
    if (!activeRow) throw new Error('row not found');
    const activeCells = within(activeRow)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(activeCells).toEqual(['حالة الحساب', 'مفعل', 'موقوف']);

    const permissionsRow = within(changes).getByText('الصلاحيات').closest('tr');
    if (!permissionsRow) throw new Error('row not found');
    const permissionCells = within(permissionsRow)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(permissionCells).toEqual([
      'الصلاحيات',
      PERMISSION_LABELS.show_index,
      `${PERMISSION_LABELS.show_index}، ${PERMISSION_LABELS.show_families}`,
    ]);
    // A secret is shown as changed, never with a value.
    expect(within(changes).getByText('كلمة المرور').closest('tr')).toHaveTextContent(
      '[تم التغيير]',
    );

    // The browser and system in Arabic words, never the raw «Mozilla/5.0 …» header.
    expect(dialog.getByText('كروم على لينكس')).toBeInTheDocument();
    expect(dialog.queryByText(/Mozilla/)).not.toBeInTheDocument();
    expect(dialog.getByText('192.168.1.20')).toBeInTheDocument();

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("shows a family change in the forms' words: Arabic fields, lookup labels, riyals, local phones", async () => {
    const familyEntry: ActivityLogEntry = {
      ...updateEntry,
      id: 43,
      entity_type: 'family',
      entity_id: '7',
      entity_label: 'F-1447-00007 — خالد الحربي',
      changes: {
        city: ['riyadh', 'jeddah'],
        housing_type: ['apartment', 'villa'],
        categories: [['widows'], ['widows', 'chronic_illness']],
        income_sources: [['social_security: 1200'], []],
        alt_phone: [null, '+966509988776'],
        researcher: [null, 'نورة الباحثة'],
      },
    };
    const api = createFakeApi();
    api.on(activityLogEndpoints.list, listReply([familyEntry]));
    api.on(employeeEndpoints.list, listReply([adminRecord(superAdmin), adminRecord(researcher)]));
    const { user } = renderLog('/activity-tracking', api);
    await user.click(
      await screen.findByRole('button', { name: /عرض التفاصيل: تعديل F-1447-00007/ }),
    );
    const dialog = within(await screen.findByRole('dialog', { name: 'تفاصيل النشاط' }));
    const rows = within(dialog.getByRole('table', { name: 'الحقول المتغيرة' }))
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => (cell.textContent ?? '').replace(/[\u200e\u200f\u061c]/g, '')),
      );
    expect(rows).toEqual([
      ['المدينة', 'الرياض', 'جدة'],
      ['نوع السكن', 'شقة', 'فيلا'],
      ['الفئات', 'أرامل', 'أرامل، مرضى مزمنون'],
      ['مصادر الدخل', 'الضمان الاجتماعي: 1,200 ريال', 'لا شيء'],
      ['الجوال البديل', '—', '0509988776'],
      ['الباحث الاجتماعي', '—', 'نورة الباحثة'],
    ]);
  });

  it('offers every action and record type in Arabic in the filters', async () => {
    renderLog();
    const action = await screen.findByLabelText('الإجراء');
    const type = screen.getByLabelText('نوع السجل');
    for (const name of ['تسليم', 'تسجيل في برنامج', 'تعديل']) {
      expect(within(action).getByRole('option', { name })).toBeInTheDocument();
    }
    for (const name of ['أسرة', 'مستفيد من برنامج', 'موظف']) {
      expect(within(type).getByRole('option', { name })).toBeInTheDocument();
    }
  });

  it('says so when an entry changed no fields', async () => {
    const { user } = renderLog();
    await user.click(await screen.findByRole('button', { name: /عرض التفاصيل: تسجيل الدخول/ }));
    const dialog = within(await screen.findByRole('dialog', { name: 'تفاصيل النشاط' }));
    expect(dialog.getByText('لا توجد حقول متغيرة في هذا النشاط.')).toBeInTheDocument();
  });

  it('does not ask the API for a reversed date range, and says why on the field', async () => {
    const { api } = renderLog(
      '/activity-tracking?filter%5Bfrom%5D=2025-04-01&filter%5Bto%5D=2025-03-01',
    );
    expect(await screen.findByText('نطاق التاريخ غير صحيح')).toBeInTheDocument();
    expect(screen.getByLabelText('إلى تاريخ')).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo(activityLogEndpoints.list)).toHaveLength(0);
  });

  it('shows an empty state for an empty log, and a filtered empty table otherwise', async () => {
    const api = createFakeApi();
    api.on(activityLogEndpoints.list, listReply([]));
    api.on(employeeEndpoints.list, listReply([adminRecord(superAdmin)]));
    const first = renderLog('/activity-tracking', api);
    expect(await screen.findByText('لا يوجد نشاط مسجل بعد')).toBeInTheDocument();
    first.unmount();

    renderLog('/activity-tracking?filter%5Baction%5D=delete', api);
    expect(await screen.findByText('لا يوجد نشاط يطابق التصفية')).toBeInTheDocument();
  });

  it('shows the server refusal with a retry', async () => {
    const api = createFakeApi();
    api.on(activityLogEndpoints.list, {
      status: 403,
      data: { message: 'ليست لديك صلاحية للوصول إلى هذا المورد' },
    });
    api.on(employeeEndpoints.list, listReply([adminRecord(superAdmin)]));
    renderLog('/activity-tracking', api);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('ليست لديك صلاحية للوصول إلى هذا المورد');
    expect(within(alert).getByRole('button', { name: 'إعادة المحاولة' })).toBeInTheDocument();
  });
});

describe('activity log: search, record id, links and export', () => {
  const groupEntry: ActivityLogEntry = {
    ...updateEntry,
    id: 77,
    entity_type: 'permission_group',
    entity_id: '3',
    entity_label: 'باحث اجتماعي',
    changes: { permissions: [['show_index'], ['show_index', 'show_families']] },
  };

  it('links a record to its page, writes search and record id to the URL, and offers the XLSX export', async () => {
    const api = fakeApi();
    api.on(activityLogEndpoints.list, listReply([groupEntry]));
    const { user, searchParams } = renderLog('/activity-tracking', api);
    const table = await screen.findByRole('table', { name: 'سجل نشاط الموظفين' });
    expect(within(table).getByRole('link', { name: 'باحث اجتماعي' })).toHaveAttribute(
      'href',
      '/employee-permissions/permissions/edit/3',
    );
    expect(within(table).getByText('مجموعة صلاحيات')).toBeInTheDocument();

    await user.type(screen.getByRole('searchbox', { name: 'بحث في السجل' }), 'باحث{Enter}');
    await waitFor(() => expect(searchParams().get('search')).toBe('باحث'));
    await user.type(screen.getByRole('searchbox', { name: 'رقم السجل' }), '3{Enter}');
    await waitFor(() => expect(searchParams().get('filter[entity_id]')).toBe('3'));
    await waitFor(() =>
      expect(api.lastCallTo(activityLogEndpoints.list)?.query).toEqual({
        search: 'باحث',
        'filter[entity_id]': '3',
      }),
    );

    api.on(activityLogEndpoints.export, { status: 200, data: new Blob(['x']) });
    await user.click(screen.getByRole('button', { name: 'تصدير إلى إكسل' }));
    await waitFor(() => expect(api.callsTo(activityLogEndpoints.export)).toHaveLength(1));
    expect(api.lastCallTo(activityLogEndpoints.export)?.params).toMatchObject({
      search: 'باحث',
      'filter[entity_id]': '3',
    });
  });

  it('shows the changed fields old → new with Arabic names and values', async () => {
    const api = fakeApi();
    api.on(activityLogEndpoints.list, listReply([groupEntry]));
    const { user } = renderLog('/activity-tracking', api);
    await user.click(await screen.findByRole('button', { name: /عرض التفاصيل/ }));
    const dialog = await screen.findByRole('dialog', { name: 'تفاصيل النشاط' });
    const changes = within(dialog).getByRole('table', { name: 'الحقول المتغيرة' });
    expect(within(changes).getByText('الصلاحيات')).toBeInTheDocument();
    expect(
      within(changes).getByText(
        `${PERMISSION_LABELS.show_index}، ${PERMISSION_LABELS.show_families}`,
      ),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'فتح صفحة السجل' })).toHaveAttribute(
      'href',
      '/employee-permissions/permissions/edit/3',
    );
  });
});
