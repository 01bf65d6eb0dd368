import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createFakeApi, listReply } from 'shared-ui/testing';
import { bulkActionEndpoints } from 'shared-contracts/resources/bulk-actions-contracts';
import {
  serviceAxisEndpoints,
  serviceDepartmentEndpoints,
  serviceEndpoints,
  serviceTypeEndpoints,
} from 'shared-contracts/services';
import ServicesListPage from '../src/features/services/pages/services-list-page';
import {
  axis,
  department,
  employee,
  familyOption,
  service,
  serviceType,
} from '../src/testing/fixtures';
import { renderPage } from '../src/testing/render-page';

function listApi() {
  const api = createFakeApi();
  api.on(serviceEndpoints.list, listReply([service()], { total: 1 }));
  api.on(
    serviceTypeEndpoints.list,
    listReply([serviceType(), serviceType({ id: 4, name: 'إيجار' })]),
  );
  api.on(serviceDepartmentEndpoints.list, listReply([department()]));
  api.on(serviceAxisEndpoints.list, listReply([axis()]));
  api.on(serviceEndpoints.families, listReply([familyOption()]));
  return api;
}

const lastListQuery = (api: ReturnType<typeof listApi>) =>
  api.lastCallTo(serviceEndpoints.list)?.query;

describe('services list', () => {
  it('sends each filter to the API and keeps it in the URL', async () => {
    const api = listApi();
    const { user, searchParams } = renderPage(<ServicesListPage />, { route: '/services', api });
    const row = (await screen.findByRole('link', { name: 'سلة غذائية' })).closest('tr');
    expect(row).not.toBeNull();
    // An open service past its expected date is flagged.
    expect(within(row as HTMLElement).getByText('متأخرة')).toBeInTheDocument();
    expect(within(row as HTMLElement).getByText('F-1446-00007')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('الحالة'), 'approved');
    await waitFor(() => expect(searchParams().get('filter[status]')).toBe('approved'));
    await user.selectOptions(screen.getByLabelText('نوع الخدمة'), '4');
    await user.selectOptions(screen.getByLabelText('القطاع'), '1');
    await user.selectOptions(screen.getByLabelText('المحور'), '1');
    fireEvent.change(screen.getByLabelText('طُلبت من'), { target: { value: '2025-01-01' } });
    fireEvent.change(screen.getByLabelText('إلى'), { target: { value: '2025-03-31' } });
    await user.click(screen.getByLabelText('المتأخرة فقط'));

    await waitFor(() =>
      expect(lastListQuery(api)).toEqual({
        'filter[status]': 'approved',
        'filter[service_type_id]': '4',
        'filter[department_id]': '1',
        'filter[axis_id]': '1',
        'filter[request_from]': '2025-01-01',
        'filter[request_to]': '2025-03-31',
        'filter[overdue]': 'true',
      }),
    );
    expect(searchParams().get('filter[overdue]')).toBe('true');

    await user.click(screen.getByRole('button', { name: 'مسح التصفية' }));
    await waitFor(() => expect(lastListQuery(api)).toEqual({}));
  });

  it('shows the family the family page linked with, and drops or picks a family', async () => {
    const api = listApi();
    const { user, searchParams } = renderPage(<ServicesListPage />, {
      route: '/services',
      path: '/services?filter%5Bfamily_id%5D=7&filter%5Bstatus%5D=delivered',
      api,
    });
    const chip = await screen.findByRole('group', { name: 'تصفية الأسرة' });
    expect(await within(chip).findByText(/محمد أحمد الشهري/)).toBeInTheDocument();
    expect(lastListQuery(api)).toEqual({
      'filter[family_id]': '7',
      'filter[status]': 'delivered',
    });
    expect(api.lastCallTo(serviceEndpoints.families)?.query).toMatchObject({ 'filter[id]': '7' });

    await user.click(within(chip).getByRole('button', { name: 'إلغاء تصفية الأسرة' }));
    await waitFor(() => expect(searchParams().get('filter[family_id]')).toBeNull());
    expect(searchParams().get('filter[status]')).toBe('delivered');

    await user.click(screen.getByRole('button', { name: 'تصفية بأسرة' }));
    const dialog = await screen.findByRole('dialog', { name: 'خدمات أسرة' });
    await user.type(within(dialog).getByLabelText(/ابحث عن الأسرة/), 'الشهري');
    await user.click(
      await within(dialog).findByRole('button', {
        name: 'اختيار أسرة محمد أحمد الشهري (F-1446-00007)',
      }),
    );
    await waitFor(() => expect(searchParams().get('filter[family_id]')).toBe('7'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('exports the filtered list through the API client, for whoever may export', async () => {
    const api = listApi();
    api.on(serviceEndpoints.export, { status: 200, data: new Blob(['xlsx']) });
    Object.assign(URL, {
      createObjectURL: jest.fn(() => 'blob:services'),
      revokeObjectURL: jest.fn(),
    });
    const click = jest
      .spyOn(HTMLAnchorElement.prototype, 'click')
      .mockImplementation(() => undefined);
    const { user } = renderPage(<ServicesListPage />, {
      route: '/services',
      path: '/services?page=2&filter%5Boverdue%5D=true',
      api,
    });
    await screen.findByRole('link', { name: 'سلة غذائية' });

    await user.click(screen.getByRole('button', { name: 'تصدير إلى إكسل' }));
    expect(await screen.findByText('تم تصدير الملف')).toBeInTheDocument();
    expect(api.callsTo(serviceEndpoints.export)[0]?.params).toEqual({
      'filter[overdue]': 'true',
    });
    expect(click).toHaveBeenCalled();
    click.mockRestore();
  });

  it('links to the catalogue pages the employee may open, and nothing else', async () => {
    const api = listApi();
    renderPage(<ServicesListPage />, {
      route: '/services',
      api,
      user: employee(['show_services', 'show_axise']),
    });
    await screen.findByRole('link', { name: 'سلة غذائية' });
    expect(screen.getByRole('link', { name: 'أنواع الخدمات' })).toHaveAttribute(
      'href',
      '/services/service-types',
    );
    expect(screen.getByRole('link', { name: 'المحاور' })).toHaveAttribute(
      'href',
      '/services/service-axises',
    );
    expect(screen.queryByRole('link', { name: 'القطاعات' })).not.toBeInTheDocument();
  });
});

describe('services list bulk actions', () => {
  it('rejects the selected services with a reason and lists the one refused with a link', async () => {
    const api = listApi();
    api.on(bulkActionEndpoints.services, {
      status: 200,
      data: {
        message: 'تعذر تحديث خدمة واحدة',
        data: {
          total: 1,
          done: [],
          failed: [{ id: 11, label: 'سلة غذائية — F-1', message: 'لا يمكن رفض خدمة منفذة' }],
        },
      },
    });
    const { user } = renderPage(<ServicesListPage />, { route: '/services', api });
    await screen.findByRole('link', { name: 'سلة غذائية' });
    await user.click(screen.getByRole('checkbox', { name: /^تحديد سلة غذائية — / }));
    const bar = screen.getByRole('group', { name: 'الإجراءات الجماعية' });
    expect(within(bar).getByText('تم تحديد خدمة واحدة')).toBeInTheDocument();
    await user.click(within(bar).getByRole('button', { name: 'رفض' }));
    const dialog = await screen.findByRole('dialog', { name: 'رفض الخدمات المحددة' });
    await user.click(within(dialog).getByRole('button', { name: 'رفض' }));
    expect(within(dialog).getByText('يجب ذكر السبب')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /السبب/ }), 'خارج نطاق البرنامج');
    await user.click(within(dialog).getByRole('button', { name: 'رفض' }));
    expect(await within(dialog).findByText(/تعذر تحديث خدمة واحدة/)).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'سلة غذائية — F-1' })).toHaveAttribute(
      'href',
      '/services/show/11',
    );
    expect(api.lastCallTo(bulkActionEndpoints.services)?.body).toMatchObject({
      action: 'reject',
      reason: 'خارج نطاق البرنامج',
    });
  });
});
