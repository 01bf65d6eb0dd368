import { screen, waitFor, within } from '@testing-library/react';
import { ARABIC_MESSAGES } from 'shared-contracts';
import type { ServiceDetail } from 'shared-contracts/services';
import { createFakeApi } from 'shared-ui/testing';
import { serviceEndpoints } from 'shared-contracts/services';
import ServicesShowPage from '../src/features/services/pages/services-show-page';
import { service } from '../src/testing/fixtures';
import { renderPage } from '../src/testing/render-page';

const DELIVERED = service({
  status: 'delivered',
  approval_date: '2025-02-21',
  delivery_date: '2025-02-24',
  overdue: false,
  member: { id: 12, name: 'سارة محمد الشهري' },
});

/** The API's service 41; an edit answers with the service as sent, and later reads see it. */
function showApi(record: ServiceDetail) {
  const api = createFakeApi();
  let current = record;
  api.on(serviceEndpoints.show, { params: { id: 41 } }, () => ({
    status: 200,
    data: { data: current },
  }));
  api.on(serviceEndpoints.update, { params: { id: 41 } }, (call) => {
    const body = call.body as { beneficiary_satisfaction: number };
    current = { ...current, beneficiary_satisfaction: body.beneficiary_satisfaction };
    return { status: 200, data: { message: 'تم تحديث بيانات الخدمة بنجاح', data: current } };
  });
  return api;
}

const open = (api: ReturnType<typeof showApi>) =>
  renderPage(<ServicesShowPage />, { route: '/services/show/:id', path: '/services/show/41', api });

describe('service page: the beneficiary’s satisfaction', () => {
  it('a delivered service records it from its page in a dialog, changing nothing else', async () => {
    const api = showApi(DELIVERED);
    const { user } = open(api);
    await user.click(await screen.findByRole('button', { name: 'تسجيل رضا المستفيد' }));
    const dialog = await screen.findByRole('dialog', { name: 'تسجيل رضا المستفيد' });
    // Required: nothing is sent without a choice, and the field says why.
    await user.click(within(dialog).getByRole('button', { name: 'حفظ' }));
    expect(within(dialog).getByText(ARABIC_MESSAGES.required)).toBeInTheDocument();
    expect(api.callsTo(serviceEndpoints.update, { params: { id: 41 } })).toHaveLength(0);

    await user.selectOptions(within(dialog).getByLabelText(/رضا المستفيد/), '4');
    await user.click(within(dialog).getByRole('button', { name: 'حفظ' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo(serviceEndpoints.update, { params: { id: 41 } })[0]?.body).toEqual({
      service_type_id: 3,
      family_id: 7,
      member_id: 12,
      requested_by_id: 1,
      provider_id: null,
      implementing_org_id: null,
      request_date: '2025-02-20',
      approval_date: '2025-02-21',
      expected_date: '2025-02-25',
      delivery_date: '2025-02-24',
      quantity: 2,
      cost: 501,
      details: null,
      follow_up_recommendations: null,
      beneficiary_satisfaction: 4,
    });
    expect(await screen.findByRole('button', { name: 'تعديل رضا المستفيد' })).toBeInTheDocument();
  });

  it('is not offered before the service is delivered', async () => {
    open(showApi(service({ status: 'in_progress', approval_date: '2025-02-21' })));
    await screen.findByRole('heading', { level: 1, name: /سلة غذائية/ });
    expect(screen.queryByRole('button', { name: /رضا المستفيد/ })).not.toBeInTheDocument();
  });
});
