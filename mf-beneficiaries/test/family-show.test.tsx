import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FamilyStatus } from 'shared-contracts/beneficiaries';
import FamiliesShowPage from '../src/features/families/pages/families-show-page';
import { createFakeApi } from 'shared-ui/testing';
import { familyEndpoints } from 'shared-contracts/beneficiaries';
import { HEAD_ID, employee, familyDetail, familyWritten } from '../src/testing/fixtures';
import { renderPage } from '../src/testing/render-page';

function showApi(status: FamilyStatus) {
  const api = createFakeApi();
  let current = familyDetail({ status });
  api.on(familyEndpoints.show, { params: { id: 7 } }, () => ({
    status: 200,
    data: { data: current },
  }));
  api.on(
    familyEndpoints.timeline,
    { params: { id: 7 } },
    {
      status: 200,
      data: {
        data: [
          {
            id: 1,
            occurred_at: '2025-03-02T09:00:00.000Z',
            employee_id: 1,
            employee_name: 'نورة الباحثة',
            action: 'update',
            entity_type: 'family',
            entity_id: '7',
            entity_label: 'F-1446-00007',
            changes: {
              primary_phone: ['+966500000000', '+966501234567'],
              city: ['riyadh', 'jeddah'],
              housing_type: ['apartment', 'villa'],
              income_sources: [
                ['social_security: 1200'],
                ['social_security: 1200', 'citizen_account: 850.5'],
              ],
              researcher: [null, 'نورة الباحثة'],
            },
            ip: null,
            user_agent: null,
          },
        ],
        meta: { page: 1, per_page: 100, total: 1, last_page: 1 },
      },
    },
  );
  api.on(familyEndpoints.status, { params: { id: 7 } }, (call) => {
    const body = call.body as { status: FamilyStatus; reason?: string };
    current = familyDetail({ status: body.status, status_reason: body.reason ?? null });
    return { status: 200, data: familyWritten(current) };
  });
  return api;
}

const render = (status: FamilyStatus, permissions?: Parameters<typeof employee>[0]) => {
  const api = showApi(status);
  renderPage(<FamiliesShowPage />, {
    route: '/families/show/:id',
    path: '/families/show/7',
    api,
    ...(permissions ? { user: employee(permissions) } : {}),
  });
  return api;
};

describe('family show page', () => {
  it('shows the profile with IDs and phones left-to-right, members and the timeline', async () => {
    render('approved');
    expect(
      await screen.findByRole('heading', { level: 1, name: /أسرة محمد أحمد علي الشهري/ }),
    ).toBeInTheDocument();
    const head = screen.getByRole('region', { name: 'رب الأسرة' });
    expect(within(head).getByText(HEAD_ID).tagName).toBe('BDI');
    expect(
      within(screen.getByRole('region', { name: 'التواصل والعنوان' })).getByText('0501234567'),
    ).toHaveAttribute('dir', 'ltr');
    expect(
      within(screen.getByRole('table', { name: 'أفراد الأسرة' })).getByText(
        'فاطمة صالح محمد الشهري',
      ),
    ).toBeInTheDocument();
    const timeline = await screen.findByRole('list', { name: 'سجل نشاط الأسرة' });
    expect(within(timeline).getByText('الجوال الأساسي')).toBeInTheDocument();
    // Phones in their display form, isolated left to right; codes and money as the forms say them.
    expect(within(timeline).getByText('0500000000')).toHaveAttribute('dir', 'ltr');
    expect(within(timeline).getByText('الرياض')).toBeInTheDocument();
    expect(within(timeline).getByText('شقة')).toBeInTheDocument();
    expect(within(timeline).getByText('مصادر الدخل').closest('tr')).toHaveTextContent(
      /حساب المواطن: \u200f?850\.5/,
    );
    expect(within(timeline).getByText('الباحث الاجتماعي').closest('tr')).toHaveTextContent(
      'نورة الباحثة',
    );
    expect(timeline).not.toHaveTextContent(/riyadh|apartment|social_security|researcher/);
  });

  it.each([
    ['pending_review', 'رفض', 'rejected'],
    ['pending_review', 'أرشفة', 'archived'],
    ['approved', 'إيقاف', 'suspended'],
  ] as const)('from %s, «%s» needs a reason before it is sent', async (from, action, to) => {
    const user = userEvent.setup();
    const api = render(from);
    const actions = await screen.findByRole('group', { name: 'إجراءات الحالة' });
    await user.click(within(actions).getByRole('button', { name: action }));

    const dialog = screen.getByRole('dialog');
    const reason = within(dialog).getByLabelText(/السبب/);
    await user.click(within(dialog).getByRole('button', { name: action }));
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByText('يجب ذكر السبب')).toBeInTheDocument();
    expect(api.callsTo(familyEndpoints.status, { params: { id: 7 } })).toHaveLength(0);

    await user.type(reason, 'لا تنطبق شروط الاستحقاق');
    await user.click(within(dialog).getByRole('button', { name: action }));
    await waitFor(() =>
      expect(api.callsTo(familyEndpoints.status, { params: { id: 7 } })[0]?.body).toEqual({
        status: to,
        reason: 'لا تنطبق شروط الاستحقاق',
      }),
    );
    expect(await screen.findByText('تم تغيير حالة الأسرة')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('approves with a plain confirmation (no reason needed)', async () => {
    const user = userEvent.setup();
    const api = render('pending_review');
    const actions = await screen.findByRole('group', { name: 'إجراءات الحالة' });
    expect(
      within(actions)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['اعتماد', 'رفض', 'أرشفة']);
    await user.click(within(actions).getByRole('button', { name: 'اعتماد' }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).queryByLabelText(/السبب/)).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'اعتماد' }));
    await waitFor(() =>
      expect(api.callsTo(familyEndpoints.status, { params: { id: 7 } })[0]?.body).toEqual({
        status: 'approved',
      }),
    );
    expect(await screen.findByText('الحالة الآن: معتمدة')).toBeInTheDocument();
  });

  it('hides status actions and edit without edit_families', async () => {
    render('pending_review', ['show_families']);
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('group', { name: 'إجراءات الحالة' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'تعديل' })).not.toBeInTheDocument();
  });

  it('says so when the family does not exist', async () => {
    const api = createFakeApi();
    api.on(
      familyEndpoints.show,
      { params: { id: 7 } },
      { status: 404, data: { message: 'غير موجود' } },
    );
    renderPage(<FamiliesShowPage />, {
      route: '/families/show/:id',
      path: '/families/show/7',
      api,
    });
    expect(await screen.findByText('الأسرة غير موجودة')).toBeInTheDocument();
  });
});
