import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createFakeApi, listReply } from 'shared-ui/testing';
import { stripBidiMarks } from 'shared-ui';
import {
  financeOptionEndpoints,
  financialCategoryEndpoints,
  financialRecordEndpoints,
} from 'shared-contracts/finance';
import FinancialListPage from '../src/features/records/pages/financial-list-page';
import { categories, familyOption, record, recordList } from '../src/testing/fixtures';
import { renderPage } from '../src/testing/render-page';

const ORIGINAL = record({ id: 41, status: 'refunded', reversed_by_id: 42 });
const REVERSAL = record({
  id: 42,
  amount: '-1250.50',
  occurred_on: '2026-04-02',
  reverses_id: 41,
  notes: 'إيداع مكرر',
});

function listApi() {
  const api = createFakeApi();
  api.on(financialRecordEndpoints.list, {
    status: 200,
    data: recordList([
      ORIGINAL,
      REVERSAL,
      record({ id: 40, amount: '0.30', direction: 'expense' }),
    ]),
  });
  api.on(financialCategoryEndpoints.list, listReply(categories()));
  api.on(financeOptionEndpoints.families, listReply([familyOption()]));
  return api;
}

const lastListQuery = (api: ReturnType<typeof listApi>) =>
  api.lastCallTo(financialRecordEndpoints.list)?.query;
const plain = (text: string | null) =>
  stripBidiMarks(text ?? '')
    .replace(/\s+/g, ' ')
    .trim();

describe('financial records list', () => {
  it('sends every filter to the API and keeps it in the URL', async () => {
    const api = listApi();
    const { user, searchParams } = renderPage(<FinancialListPage />, { route: '/financial', api });
    await screen.findByRole('link', { name: '#40' });

    // The period is in the bar; the rest behind the disclosure.
    const more = screen.getByRole('button', { name: 'المزيد من عوامل التصفية' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('combobox', { name: 'النوع' })).not.toBeInTheDocument();
    await user.click(more);
    await user.selectOptions(screen.getByRole('combobox', { name: 'النوع' }), 'expense');
    await waitFor(() => expect(searchParams().get('filter[direction]')).toBe('expense'));
    // The category select follows the direction: expense categories only, active ones.
    const categorySelect = screen.getByLabelText('التصنيف');
    const offered = within(categorySelect)
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(offered).toEqual(['كل التصنيفات', 'صرف الزكاة للمستحقين', 'مساعدات نقدية']);
    await user.selectOptions(categorySelect, '7');
    await user.selectOptions(screen.getByLabelText('الحالة'), 'completed');
    await user.selectOptions(screen.getByLabelText('طريقة الدفع'), 'cheque');
    fireEvent.change(screen.getByLabelText('من تاريخ'), { target: { value: '2026-01-01' } });
    fireEvent.change(screen.getByLabelText('إلى تاريخ'), { target: { value: '2026-03-31' } });
    // Amounts are typed as people type them and sent on leaving the field, as exact text.
    await user.type(screen.getByLabelText('المبلغ من'), '١٠٠');
    await user.tab();
    await user.type(screen.getByLabelText('المبلغ إلى'), '5000.50{Enter}');
    await user.click(screen.getByLabelText('الأموال المقيدة فقط'));

    await waitFor(() =>
      expect(lastListQuery(api)).toEqual({
        'filter[direction]': 'expense',
        'filter[category_id]': '7',
        'filter[status]': 'completed',
        'filter[payment_method]': 'cheque',
        'filter[from]': '2026-01-01',
        'filter[to]': '2026-03-31',
        'filter[amount_min]': '100.00',
        'filter[amount_max]': '5000.50',
        'filter[restricted]': 'true',
      }),
    );
    expect(searchParams().get('filter[amount_max]')).toBe('5000.50');

    await user.click(screen.getByRole('button', { name: 'مسح التصفية' }));
    await waitFor(() => expect(lastListQuery(api)).toEqual({}));
  });

  it('shows the totals of the whole filtered set above the table, exactly as the API summed them', async () => {
    const api = listApi();
    renderPage(<FinancialListPage />, { route: '/financial', api });
    const region = await screen.findByRole('region', { name: 'إجماليات السجلات المطابقة' });
    const figures = within(region)
      .getAllByRole('definition')
      .map((dd) => plain(dd.textContent));
    // 0.10 + 0.20 summed in SQL is 0.30: shown as sent, never re-added in JavaScript.
    expect(figures).toEqual(['1,250.80 ر.س.', '0.30 ر.س.', '1,250.50 ر.س.']);
    expect(
      within(region).getByText(/محسوبة من القيود المكتملة والمستردة \(3 قيود\)/),
    ).toHaveTextContent('لا تشمل القيود المعلّقة (قيد واحد)');
    // The table comes after the totals.
    const table = screen.getByRole('table', { name: 'السجلات المالية' });
    expect(region.compareDocumentPosition(table) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('shows a reversing entry right after its original, each linking to the other', async () => {
    const api = listApi();
    renderPage(<FinancialListPage />, { route: '/financial', api });
    const table = await screen.findByRole('table', { name: 'السجلات المالية' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(plain(rows[0]!.textContent)).toContain('معكوس بالقيد #42');
    expect(plain(rows[0]!.textContent)).toContain('مسترد');
    expect(plain(rows[1]!.textContent)).toContain('قيد عكسي');
    expect(plain(rows[1]!.textContent)).toContain('-1,250.50 ر.س.');
    expect(within(rows[1]!).getByRole('link', { name: /يعكس القيد/ })).toHaveAttribute(
      'href',
      '/financial/show/41',
    );
  });

  it('opens filtered by a family from its page, naming it, and exports the filtered set', async () => {
    const api = listApi();
    api.on(financialRecordEndpoints.export, { status: 200, data: new Blob(['xlsx']) });
    Object.assign(URL, {
      createObjectURL: jest.fn(() => 'blob:records'),
      revokeObjectURL: jest.fn(),
    });
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { user } = renderPage(<FinancialListPage />, {
      route: '/financial',
      path: '/financial?filter%5Bfamily_id%5D=7&filter%5Bdirection%5D=income',
      api,
    });
    const chip = await screen.findByRole('group', { name: 'تصفية الأسرة' });
    await waitFor(() => expect(chip).toHaveTextContent('محمد أحمد الشهري (F-1446-00007)'));
    expect(chip).not.toHaveTextContent('#7');
    await waitFor(() =>
      expect(lastListQuery(api)).toEqual({
        'filter[direction]': 'income',
        'filter[family_id]': '7',
      }),
    );
    await user.click(screen.getByRole('button', { name: 'تصدير إلى إكسل' }));
    expect(await screen.findByText('تم تصدير الملف')).toBeInTheDocument();
    expect(api.callsTo(financialRecordEndpoints.export)[0]?.params).toEqual({
      'filter[direction]': 'income',
      'filter[family_id]': '7',
    });
  });

  it('says when a date range is backwards, under «إلى تاريخ»', async () => {
    const api = listApi();
    renderPage(<FinancialListPage />, {
      route: '/financial',
      path: '/financial?filter%5Bfrom%5D=2026-03-01&filter%5Bto%5D=2026-01-01',
      api,
    });
    expect(
      await screen.findByText('تاريخ البداية يجب أن يسبق تاريخ النهاية أو يساويه'),
    ).toBeInTheDocument();
  });
});
