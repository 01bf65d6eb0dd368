import { screen, waitFor, within } from '@testing-library/react';
import { createFakeApi, listReply } from 'shared-ui/testing';
import {
  serviceAxisEndpoints,
  serviceDepartmentEndpoints,
  serviceTypeEndpoints,
} from 'shared-contracts/services';
import ServiceAxesPage from '../src/features/service-axes/pages/service-axes-page';
import ServiceDepartmentsPage from '../src/features/service-departments/pages/service-departments-page';
import ServiceTypesPage from '../src/features/service-types/pages/service-types-page';
import { axis, department, employee, serviceType } from '../src/testing/fixtures';
import { renderPage } from '../src/testing/render-page';

describe('service departments page', () => {
  function departmentsApi() {
    const api = createFakeApi();
    api.on(serviceDepartmentEndpoints.list, listReply([department()]));
    api.on(
      serviceDepartmentEndpoints.managers,
      listReply([
        { id: 4, name: 'سعاد المديرة' },
        { id: 5, name: 'فهد المشرف' },
      ]),
    );
    return api;
  }

  it('adds a department with its manager in a dialog, with Arabic errors first', async () => {
    const api = departmentsApi();
    api.on(serviceDepartmentEndpoints.create, {
      status: 201,
      data: {
        message: 'تمت إضافة القطاع بنجاح',
        data: department({ id: 2, name: 'الصحة', manager: { id: 5, name: 'فهد المشرف' } }),
      },
    });
    const { user } = renderPage(<ServiceDepartmentsPage />, {
      route: '/services/service-departments',
      api,
    });
    expect(await screen.findByRole('cell', { name: 'الرعاية الاجتماعية' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'إضافة قطاع' }));
    const dialog = await screen.findByRole('dialog', { name: 'إضافة قطاع' });
    await user.click(within(dialog).getByRole('button', { name: 'إضافة القطاع' }));
    expect(await within(dialog).findByText('هذا الحقل مطلوب')).toBeInTheDocument();
    expect(api.callsTo(serviceDepartmentEndpoints.create)).toHaveLength(0);

    await user.type(within(dialog).getByLabelText(/اسم القطاع/), 'الصحة');
    await user.selectOptions(within(dialog).getByLabelText('مدير القطاع'), '5');
    await user.click(within(dialog).getByRole('button', { name: 'إضافة القطاع' }));
    await waitFor(() =>
      expect(api.callsTo(serviceDepartmentEndpoints.create)[0]?.body).toEqual({
        name: 'الصحة',
        manager_id: 5,
        active: true,
      }),
    );
    expect(await screen.findByText('تمت إضافة القطاع بنجاح')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows why a department in use cannot be deleted and deactivates it instead', async () => {
    const api = departmentsApi();
    const inUse = 'لا يمكن حذف القطاع لأنه مرتبط بأنواع خدمات، يمكنك إيقافه بدلاً من حذفه';
    api.on(
      serviceDepartmentEndpoints.delete,
      { params: { id: 1 } },
      { status: 409, data: { message: inUse } },
    );
    api.on(
      serviceDepartmentEndpoints.update,
      { params: { id: 1 } },
      {
        status: 200,
        data: { message: 'تم تحديث بيانات القطاع بنجاح', data: department({ active: false }) },
      },
    );
    const { user } = renderPage(<ServiceDepartmentsPage />, {
      route: '/services/service-departments',
      api,
    });
    await user.click(await screen.findByRole('button', { name: 'حذف الرعاية الاجتماعية' }));
    const dialog = await screen.findByRole('dialog', { name: 'حذف القطاع «الرعاية الاجتماعية»' });
    await user.click(within(dialog).getByRole('button', { name: 'حذف' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(inUse);

    await user.click(within(dialog).getByRole('button', { name: 'إيقاف القطاع' }));
    await waitFor(() =>
      expect(
        api.callsTo(serviceDepartmentEndpoints.update, { params: { id: 1 } })[0]?.body,
      ).toEqual({
        name: 'الرعاية الاجتماعية',
        manager_id: 4,
        active: false,
      }),
    );
    expect(await screen.findByText('تم إيقاف القطاع')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('searches and filters through the URL', async () => {
    const api = departmentsApi();
    const { user, searchParams } = renderPage(<ServiceDepartmentsPage />, {
      route: '/services/service-departments',
      api,
    });
    await screen.findByRole('cell', { name: 'الرعاية الاجتماعية' });
    await user.selectOptions(screen.getByLabelText('الحالة'), 'false');
    await user.type(screen.getByRole('searchbox', { name: 'بحث' }), 'الرعايه{Enter}');
    await waitFor(() =>
      expect(api.lastCallTo(serviceDepartmentEndpoints.list)?.query).toEqual({
        search: 'الرعايه',
        'filter[active]': 'false',
      }),
    );
    expect(searchParams().get('filter[active]')).toBe('false');
  });
});

describe('service axes page', () => {
  it('works for an employee holding only show_axise, who can edit them', async () => {
    const api = createFakeApi();
    api.on(serviceAxisEndpoints.list, listReply([axis()]));
    api.on(
      serviceAxisEndpoints.update,
      { params: { id: 1 } },
      {
        status: 200,
        data: { data: axis({ name: 'الإغاثة العاجلة' }) },
      },
    );
    const { user } = renderPage(<ServiceAxesPage />, {
      route: '/services/service-axises',
      api,
      user: employee(['show_axise']),
    });
    expect(await screen.findByRole('cell', { name: 'سد الاحتياجات العاجلة' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'تعديل الإغاثة' }));
    const dialog = await screen.findByRole('dialog', { name: 'تعديل المحور: الإغاثة' });
    const name = within(dialog).getByLabelText(/اسم المحور/);
    await user.clear(name);
    await user.type(name, 'الإغاثة العاجلة');
    await user.click(within(dialog).getByRole('button', { name: 'حفظ التعديلات' }));
    await waitFor(() =>
      expect(api.callsTo(serviceAxisEndpoints.update, { params: { id: 1 } })[0]?.body).toEqual({
        name: 'الإغاثة العاجلة',
        description: 'سد الاحتياجات العاجلة',
        active: true,
      }),
    );
    expect(await screen.findByText('حُفظت تعديلات المحور')).toBeInTheDocument();
  });

  it('offers no change to an employee who may only read the axes', async () => {
    const api = createFakeApi();
    api.on(serviceAxisEndpoints.list, listReply([axis()]));
    renderPage(<ServiceAxesPage />, {
      route: '/services/service-axises',
      api,
      user: employee(['show_services']),
    });
    await screen.findByRole('cell', { name: 'سد الاحتياجات العاجلة' });
    expect(screen.queryByRole('button', { name: 'إضافة محور' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'حذف الإغاثة' })).not.toBeInTheDocument();
  });
});

describe('service types page', () => {
  it('offers only active departments and axes and sends the default cost as a number', async () => {
    const api = createFakeApi();
    api.on(serviceTypeEndpoints.list, listReply([serviceType()]));
    api.on(
      serviceDepartmentEndpoints.list,
      listReply([department(), department({ id: 2, name: 'قطاع موقوف', active: false })]),
    );
    api.on(serviceAxisEndpoints.list, listReply([axis(), axis({ id: 2, name: 'التعليم' })]));
    api.on(serviceTypeEndpoints.create, {
      status: 201,
      data: { data: serviceType({ id: 9, name: 'جلسة علاج طبيعي' }) },
    });
    const { user } = renderPage(<ServiceTypesPage />, { route: '/services/service-types', api });
    const row = (await screen.findByRole('cell', { name: 'سلة غذائية' })).closest('tr');
    expect(row).toHaveTextContent('250.50');

    await user.click(screen.getByRole('button', { name: 'إضافة نوع خدمة' }));
    const dialog = await screen.findByRole('dialog', { name: 'إضافة نوع خدمة' });
    const departmentSelect = within(dialog).getByLabelText(/القطاع/);
    await waitFor(() =>
      expect(
        within(departmentSelect)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['اختر...', 'الرعاية الاجتماعية']),
    );
    await user.type(within(dialog).getByLabelText(/اسم نوع الخدمة/), 'جلسة علاج طبيعي');
    await user.selectOptions(departmentSelect, '1');
    await user.selectOptions(within(dialog).getByLabelText(/المحور/), '2');
    await user.type(within(dialog).getByLabelText(/التكلفة الافتراضية/), '١٬٢٠٠٫٥');
    await user.type(within(dialog).getByLabelText(/الوحدة/), 'جلسة');
    await user.click(within(dialog).getByLabelText('خدمة طبية'));
    await user.click(within(dialog).getByRole('button', { name: 'إضافة نوع الخدمة' }));
    await waitFor(() =>
      expect(api.callsTo(serviceTypeEndpoints.create)[0]?.body).toEqual({
        name: 'جلسة علاج طبيعي',
        department_id: 1,
        axis_id: 2,
        default_cost: 1200.5,
        unit: 'جلسة',
        is_medical: true,
        active: true,
      }),
    );
    expect(await screen.findByText('أُضيف نوع الخدمة')).toBeInTheDocument();
  });
});
