import { screen, waitFor, within } from '@testing-library/react';
import { createFakeApi } from 'shared-ui/testing';
import { financialRecordEndpoints } from 'shared-contracts/finance';
import FinancialShowPage from '../src/features/records/pages/financial-show-page';
import { record } from '../src/testing/fixtures';
import { currentLocation, renderPage } from '../src/testing/render-page';

function showApi(shown = record()) {
  const api = createFakeApi();
  api.on(
    financialRecordEndpoints.show,
    { params: { id: shown.id } },
    { status: 200, data: { data: shown } },
  );
  return api;
}

describe('financial record page', () => {
  it('offers a completed record the reversal, never the edit, and opens the reversing entry', async () => {
    const api = showApi();
    const reversal = record({ id: 42, amount: '-1250.50', reverses_id: 41, notes: 'إيداع مكرر' });
    api.on(
      financialRecordEndpoints.reverse,
      { params: { id: 41 } },
      {
        status: 201,
        data: { message: 'تم تسجيل القيد العكسي', data: reversal },
      },
    );
    api.on(
      financialRecordEndpoints.show,
      { params: { id: 42 } },
      { status: 200, data: { data: reversal } },
    );
    const { user, router } = renderPage(<FinancialShowPage />, {
      route: '/financial/show/:id',
      path: '/financial/show/41',
      api,
    });
    await screen.findByRole('heading', { name: /إيراد: زكاة/ });
    expect(screen.queryByRole('link', { name: 'تعديل' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'إلغاء القيد' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'قيد عكسي' }));
    const dialog = await screen.findByRole('dialog', { name: 'قيد عكسي للقيد رقم 41' });
    await user.type(within(dialog).getByLabelText(/سبب القيد العكسي/), 'إيداع مكرر');
    await user.click(within(dialog).getByRole('button', { name: 'تسجيل القيد العكسي' }));
    await waitFor(() =>
      expect(
        api.lastCallTo(financialRecordEndpoints.reverse, { params: { id: 41 } })?.body,
      ).toEqual({
        reason: 'إيداع مكرر',
      }),
    );
    await waitFor(() => expect(currentLocation(router)).toBe('/financial/show/42'));
  });

  it('cancels a pending record with a reason in a dialog', async () => {
    const pending = record({ id: 43, status: 'pending', family: null });
    const cancelled = record({ ...pending, status: 'cancelled', cancel_reason: 'تعهد لم يُدفع' });
    let current = pending;
    const api = createFakeApi();
    api.on(financialRecordEndpoints.show, { params: { id: 43 } }, () => ({
      status: 200,
      data: { data: current },
    }));
    api.on(financialRecordEndpoints.cancel, { params: { id: 43 } }, () => {
      current = cancelled;
      return { status: 200, data: { message: 'تم إلغاء القيد المالي', data: cancelled } };
    });
    const { user } = renderPage(<FinancialShowPage />, {
      route: '/financial/show/:id',
      path: '/financial/show/43',
      api,
    });
    expect(await screen.findByRole('link', { name: 'تعديل' })).toHaveAttribute(
      'href',
      '/financial/edit/43',
    );
    await user.click(screen.getByRole('button', { name: 'إلغاء القيد' }));
    const dialog = await screen.findByRole('dialog', { name: 'إلغاء القيد رقم 43' });
    await user.type(within(dialog).getByLabelText(/سبب الإلغاء/), 'تعهد لم يُدفع');
    await user.click(within(dialog).getByRole('button', { name: 'إلغاء القيد' }));
    await waitFor(() =>
      expect(api.lastCallTo(financialRecordEndpoints.cancel, { params: { id: 43 } })?.body).toEqual(
        {
          reason: 'تعهد لم يُدفع',
        },
      ),
    );
    expect(await screen.findByText('ألغي هذا القيد. السبب: تعهد لم يُدفع')).toBeInTheDocument();
  });

  it('shows a reversing entry beside its original', async () => {
    const reversal = record({ id: 42, amount: '-1250.50', reverses_id: 41 });
    const api = showApi(reversal);
    api.on(
      financialRecordEndpoints.show,
      { params: { id: 41 } },
      {
        status: 200,
        data: { data: record({ status: 'refunded', reversed_by_id: 42 }) },
      },
    );
    renderPage(<FinancialShowPage />, {
      route: '/financial/show/:id',
      path: '/financial/show/42',
      api,
    });
    const pair = await screen.findByRole('region', { name: 'القيد الأصلي المعكوس' });
    expect(within(pair).getByRole('link', { name: /القيد/ })).toHaveAttribute(
      'href',
      '/financial/show/41',
    );
    expect(await within(pair).findByText('مسترد')).toBeInTheDocument();
    // A reversing entry is neither edited nor reversed again.
    expect(screen.queryByRole('button', { name: 'قيد عكسي' })).not.toBeInTheDocument();
  });
});
