import { screen, waitFor, within } from '@testing-library/react';
import type { ServiceDetail } from 'shared-contracts/services';
import { createFakeApi } from 'shared-ui/testing';
import { serviceEndpoints } from 'shared-contracts/services';
import ServicesShowPage from '../src/features/services/pages/services-show-page';
import { service } from '../src/testing/fixtures';
import { renderPage } from '../src/testing/render-page';

const LATER = '2025-03-02T09:00:00.000Z';

/** The API's service 41: a status change answers with the changed service, and later reads see it. */
function showApi(
  record: ServiceDetail,
  changed?: { status: number; data: { data?: ServiceDetail; message?: string } },
) {
  const api = createFakeApi();
  let current = record;
  api.on(serviceEndpoints.show, { params: { id: 41 } }, () => ({
    status: 200,
    data: { data: current },
  }));
  if (changed) {
    api.on(serviceEndpoints.status, { params: { id: 41 } }, () => {
      if (changed.data.data) current = changed.data.data;
      return changed;
    });
  }
  return api;
}

const open = (api: ReturnType<typeof showApi>) =>
  renderPage(<ServicesShowPage />, { route: '/services/show/:id', path: '/services/show/41', api });

describe('service show page', () => {
  it('shows the service with its overdue flag and the actions its status allows', async () => {
    open(showApi(service()));
    expect(
      await screen.findByRole('heading', { level: 1, name: /سلة غذائية/ }),
    ).toBeInTheDocument();
    const actions = screen.getByRole('group', { name: 'إجراءات حالة الخدمة' });
    expect(
      within(actions)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['اعتماد الخدمة', 'رفض الخدمة', 'إلغاء الخدمة']);
    expect(screen.getAllByText('متأخرة').length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: 'تعديل' })).toHaveAttribute(
      'href',
      '/services/edit/41',
    );
  });

  it('approves after a confirmation, and the page shows the new status', async () => {
    const api = showApi(service(), {
      status: 200,
      data: {
        message: 'تم تغيير حالة الخدمة بنجاح',
        data: service({
          status: 'approved',
          approval_date: '2025-03-02',
          status_history: [
            ...service().status_history,
            {
              from: 'requested',
              to: 'approved',
              reason: null,
              at: LATER,
              by: { id: 1, name: 'نورة الخدمات' },
            },
          ],
        }),
      },
    });
    const { user } = open(api);
    await user.click(await screen.findByRole('button', { name: 'اعتماد الخدمة' }));
    const dialog = await screen.findByRole('dialog', { name: 'اعتماد الخدمة؟' });
    await user.click(within(dialog).getByRole('button', { name: 'اعتماد الخدمة' }));

    await waitFor(() =>
      expect(api.callsTo(serviceEndpoints.status, { params: { id: 41 } })).toHaveLength(1),
    );
    expect(api.callsTo(serviceEndpoints.status, { params: { id: 41 } })[0]?.body).toEqual({
      status: 'approved',
    });
    expect(await screen.findByText('الحالة الآن: معتمدة')).toBeInTheDocument();
    const actions = await screen.findByRole('group', { name: 'إجراءات حالة الخدمة' });
    await waitFor(() =>
      expect(
        within(actions)
          .getAllByRole('button')
          .map((button) => button.textContent),
      ).toEqual(['بدء التنفيذ', 'إلغاء الخدمة']),
    );
    const history = screen.getByRole('list', { name: 'سجل حالة الخدمة' });
    expect(within(history).getAllByRole('listitem')[0]).toHaveTextContent(
      'تغيّرت الحالة من «مطلوبة» إلى «معتمدة»',
    );
  });

  it('rejects only with a reason, which the history then shows', async () => {
    const api = showApi(service(), {
      status: 200,
      data: {
        data: service({
          status: 'rejected',
          status_reason: 'الأسرة استفادت من الخدمة هذا الشهر',
          overdue: false,
          status_history: [
            ...service().status_history,
            {
              from: 'requested',
              to: 'rejected',
              reason: 'الأسرة استفادت من الخدمة هذا الشهر',
              at: LATER,
              by: { id: 1, name: 'نورة الخدمات' },
            },
          ],
        }),
      },
    });
    const { user } = open(api);
    await user.click(await screen.findByRole('button', { name: 'رفض الخدمة' }));
    const dialog = await screen.findByRole('dialog', { name: 'رفض الخدمة؟' });
    await user.click(within(dialog).getByRole('button', { name: 'رفض الخدمة' }));
    expect(await within(dialog).findByText('يجب ذكر السبب')).toBeInTheDocument();
    expect(api.callsTo(serviceEndpoints.status, { params: { id: 41 } })).toHaveLength(0);

    await user.type(within(dialog).getByLabelText(/السبب/), 'الأسرة استفادت من الخدمة هذا الشهر');
    await user.click(within(dialog).getByRole('button', { name: 'رفض الخدمة' }));
    await waitFor(() =>
      expect(api.callsTo(serviceEndpoints.status, { params: { id: 41 } })[0]?.body).toEqual({
        status: 'rejected',
        reason: 'الأسرة استفادت من الخدمة هذا الشهر',
      }),
    );
    // A rejected service is closed: no more actions, no edit.
    await waitFor(() =>
      expect(screen.queryByRole('group', { name: 'إجراءات حالة الخدمة' })).not.toBeInTheDocument(),
    );
    expect(screen.queryByRole('link', { name: 'تعديل' })).not.toBeInTheDocument();
    const history = screen.getByRole('list', { name: 'سجل حالة الخدمة' });
    expect(within(history).getAllByRole('listitem')[0]).toHaveTextContent(
      'السبب: الأسرة استفادت من الخدمة هذا الشهر',
    );
  });

  it('shows a refused transition’s Arabic message and keeps the dialog open', async () => {
    const api = showApi(service(), {
      status: 409,
      data: { message: 'لا يمكن نقل الخدمة من حالة «منفذة» إلى حالة «معتمدة»' },
    });
    const { user } = open(api);
    await user.click(await screen.findByRole('button', { name: 'اعتماد الخدمة' }));
    const dialog = await screen.findByRole('dialog', { name: 'اعتماد الخدمة؟' });
    await user.click(within(dialog).getByRole('button', { name: 'اعتماد الخدمة' }));
    expect(
      await screen.findByText('لا يمكن نقل الخدمة من حالة «منفذة» إلى حالة «معتمدة»'),
    ).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'اعتماد الخدمة؟' })).toBeInTheDocument();
  });
});
