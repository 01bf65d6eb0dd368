import { screen, waitFor, within } from '@testing-library/react';
import { createFakeApi, listReply } from 'shared-ui/testing';
import { financialCategoryEndpoints } from 'shared-contracts/finance';
import FinancialCategoriesPage from '../src/features/categories/pages/financial-categories-page';
import { categories, category } from '../src/testing/fixtures';
import { renderPage } from '../src/testing/render-page';

describe('financial categories page', () => {
  it('lists income and expense categories apart and adds one in a direction', async () => {
    const api = createFakeApi();
    api.on(financialCategoryEndpoints.list, listReply(categories()));
    api.on(financialCategoryEndpoints.create, {
      status: 201,
      data: {
        message: 'تمت إضافة التصنيف المالي بنجاح',
        data: category({
          id: 12,
          code: null,
          name: 'إيجارات',
          direction: 'expense',
          is_zakat: false,
        }),
      },
    });
    const { user } = renderPage(<FinancialCategoriesPage />, {
      route: '/financial/categories',
      api,
    });
    const income = await screen.findByRole('table', { name: 'تصنيفات الإيرادات' });
    await waitFor(() => expect(within(income).getAllByRole('row')).toHaveLength(3));
    const expense = screen.getByRole('table', { name: 'تصنيفات المصروفات' });
    expect(within(expense).getByText('قرطاسية')).toBeInTheDocument();
    expect(within(expense).getByText('موقوف')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'إضافة تصنيف مصروف' }));
    const dialog = await screen.findByRole('dialog', { name: 'إضافة تصنيف مالي' });
    expect(within(dialog).getByLabelText(/النوع/)).toHaveValue('expense');
    await user.click(within(dialog).getByRole('button', { name: 'إضافة التصنيف' }));
    expect(await within(dialog).findByText('هذا الحقل مطلوب')).toBeInTheDocument();
    expect(api.callsTo(financialCategoryEndpoints.create)).toHaveLength(0);

    await user.type(within(dialog).getByLabelText(/اسم التصنيف/), 'إيجارات');
    await user.click(within(dialog).getByRole('button', { name: 'إضافة التصنيف' }));
    await waitFor(() =>
      expect(api.lastCallTo(financialCategoryEndpoints.create)?.body).toMatchObject({
        name: 'إيجارات',
        direction: 'expense',
        is_zakat: false,
        active: true,
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
