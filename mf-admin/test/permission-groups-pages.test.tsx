import { screen, waitFor, within } from '@testing-library/react';
import { PERMISSION_LABELS } from 'shared-contracts';
import { createFakeApi, listReply } from 'shared-ui/testing';
import { permissionGroupEndpoints } from 'shared-contracts/admin';
import PermissionsCreatePage from '../src/features/permissions/pages/permissions-create-page';
import PermissionsEditPage from '../src/features/permissions/pages/permissions-edit-page';
import PermissionsListPage from '../src/features/permissions/pages/permissions-list-page';
import { keyPagesHint } from '../src/lib/permissions-checklist';
import { groupRecord, hrManager, superAdmin } from '../src/testing/fixtures';
import { renderPage } from '../src/testing/render-page';

const researchers = groupRecord(
  3,
  'باحث اجتماعي',
  ['show_index', 'show_families', 'create_families'],
  [{ id: 2, name: 'نورة الباحثة', active: true, role: 'باحثة اجتماعية' }],
);
const spare = groupRecord(4, 'مجموعة مؤقتة', ['show_reports']);

describe('permission groups list', () => {
  it('lists the groups with their keys in Arabic and their member counts; a group in use cannot be deleted', async () => {
    const api = createFakeApi();
    api.on(permissionGroupEndpoints.list, listReply([researchers, spare]));
    api.on(
      permissionGroupEndpoints.delete,
      { params: { id: 4 } },
      {
        status: 200,
        data: { message: 'تم حذف مجموعة الصلاحيات' },
      },
    );
    const { user } = renderPage(<PermissionsListPage />, {
      path: '/employee-permissions/permissions',
      currentUser: superAdmin,
      api,
    });
    const table = await screen.findByRole('table', { name: 'مجموعات الصلاحيات' });
    const row = within(table).getByText('باحث اجتماعي').closest('tr');
    if (!row) throw new Error('row not found');
    expect(within(row).getByText('عرض لوحة التحكم، عرض الأسر، إضافة الأسر')).toBeInTheDocument();
    expect(within(row).getByText('موظف واحد')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'حذف المجموعة باحث اجتماعي' })).toBeDisabled();

    await user.click(within(table).getByRole('button', { name: 'حذف المجموعة مجموعة مؤقتة' }));
    await user.click(await screen.findByRole('button', { name: 'حذف المجموعة' }));
    await waitFor(() =>
      expect(api.callsTo(permissionGroupEndpoints.delete, { params: { id: 4 } })).toHaveLength(1),
    );
    expect(await screen.findByText('تم حذف مجموعة الصلاحيات')).toBeInTheDocument();
  });
});

describe('permission group form', () => {
  it('shows each key with its Arabic meaning and the pages it opens (from the route table), and saves', async () => {
    const api = createFakeApi();
    api.on(permissionGroupEndpoints.create, ({ body }) => ({
      status: 201,
      data: {
        message: 'تمت إضافة مجموعة الصلاحيات بنجاح',
        data: {
          ...groupRecord(9, 'فريق الزيارات', (body as { permissions: string[] }).permissions),
        },
      },
    }));
    const { user } = renderPage(<PermissionsCreatePage />, {
      path: '/employee-permissions/permissions/create',
      currentUser: superAdmin,
      api,
    });
    const families = await screen.findByRole('checkbox', { name: PERMISSION_LABELS.show_families });
    expect(families).toHaveAccessibleDescription(keyPagesHint('show_families'));
    expect(keyPagesHint('show_families')).toContain('الأسر');
    expect(keyPagesHint('create_families')).toContain('تسجيل أسرة');

    await user.type(screen.getByLabelText(/^اسم المجموعة/), 'فريق الزيارات');
    await user.click(families);
    await user.click(screen.getByRole('checkbox', { name: PERMISSION_LABELS.show_index }));
    await user.click(screen.getByRole('button', { name: 'إضافة المجموعة' }));
    await waitFor(() => expect(api.callsTo(permissionGroupEndpoints.create)).toHaveLength(1));
    expect(api.lastCallTo(permissionGroupEndpoints.create)?.body).toMatchObject({
      name: 'فريق الزيارات',
      permissions: ['show_index', 'show_families'],
    });
  });

  it('refuses an empty group before sending, in Arabic', async () => {
    const api = createFakeApi();
    const { user } = renderPage(<PermissionsCreatePage />, {
      path: '/employee-permissions/permissions/create',
      currentUser: superAdmin,
      api,
    });
    await user.type(await screen.findByLabelText(/^اسم المجموعة/), 'مجموعة فارغة');
    await user.click(screen.getByRole('button', { name: 'إضافة المجموعة' }));
    expect(await screen.findByText('اختر صلاحية واحدة على الأقل')).toBeInTheDocument();
    expect(api.callsTo(permissionGroupEndpoints.create)).toHaveLength(0);
  });

  it('offers a non-super-admin only the keys they hold, never the administrator key', async () => {
    renderPage(<PermissionsCreatePage />, {
      path: '/employee-permissions/permissions/create',
      currentUser: hrManager,
      api: createFakeApi(),
    });
    expect(
      await screen.findByRole('checkbox', { name: PERMISSION_LABELS.show_index }),
    ).toBeEnabled();
    expect(screen.getByRole('checkbox', { name: PERMISSION_LABELS.show_families })).toBeDisabled();
    expect(
      screen.getByRole('checkbox', { name: PERMISSION_LABELS.show_permissions_employees }),
    ).toBeDisabled();
  });

  it('edits a group prefilled and lists its members', async () => {
    const api = createFakeApi();
    api.on(
      permissionGroupEndpoints.show,
      { params: { id: 3 } },
      { status: 200, data: { data: researchers } },
    );
    api.on(permissionGroupEndpoints.update, { params: { id: 3 } }, ({ body }) => ({
      status: 200,
      data: { data: { ...researchers, ...(body as object) } },
    }));
    const { user } = renderPage(<PermissionsEditPage />, {
      path: '/employee-permissions/permissions/edit/3',
      route: '/employee-permissions/permissions/edit/:id',
      currentUser: superAdmin,
      api,
    });
    expect(
      await screen.findByRole('heading', { name: 'تعديل مجموعة الصلاحيات: باحث اجتماعي' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: PERMISSION_LABELS.create_families })).toBeChecked();
    const members = screen.getByRole('table', { name: 'أعضاء المجموعة' });
    expect(within(members).getByText('نورة الباحثة')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: PERMISSION_LABELS.create_families }));
    await user.click(screen.getByRole('button', { name: 'حفظ التعديلات' }));
    await waitFor(() =>
      expect(api.callsTo(permissionGroupEndpoints.update, { params: { id: 3 } })).toHaveLength(1),
    );
    expect(
      api.lastCallTo(permissionGroupEndpoints.update, { params: { id: 3 } })?.body,
    ).toMatchObject({
      permissions: ['show_index', 'show_families'],
    });
  });
});
