import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createFakeApi } from 'shared-ui/testing';
import { stripBidiMarks } from 'shared-ui';
import FinancialReportPage from '../src/features/report/pages/financial-report-page';
import { REPORT_ORGANISATION_NAME } from 'shared-ui';
import { financialReportEndpoints } from 'shared-contracts/finance';
import { report } from '../src/testing/fixtures';
import { renderPage } from '../src/testing/render-page';

// jsdom has no canvas: Chart.js records what the report asks it to draw.
const mockDrawn: {
  type: string;
  labels: string[];
  data: (number | null)[][];
  reverse?: boolean;
}[] = [];
jest.mock('chart.js', () => {
  class Chart {
    static register() {}
    options: Record<string, unknown>;
    constructor(
      _canvas: unknown,
      config: {
        type: string;
        data: { labels: string[]; datasets: { data: (number | null)[] }[] };
        options: { scales?: { x?: { reverse?: boolean } } } & Record<string, unknown>;
      },
    ) {
      this.options = config.options;
      mockDrawn.push({
        type: config.type,
        labels: config.data.labels,
        data: config.data.datasets.map((d) => d.data),
        reverse: config.options.scales?.x?.reverse,
      });
    }
    resize() {}
    destroy() {}
  }
  const part = { id: 'part' };
  return new Proxy({ Chart }, { get: (target, key) => (key === 'Chart' ? target.Chart : part) });
});

const plain = (text: string | null) =>
  stripBidiMarks(text ?? '')
    .replace(/\s+/g, ' ')
    .trim();
const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      Array.from(row.querySelectorAll('th, td')).map((cell) => plain(cell.textContent)),
    );

function reportApi() {
  const api = createFakeApi();
  api.on(financialReportEndpoints.show, { status: 200, data: { data: report() } });
  return api;
}

beforeEach(() => {
  mockDrawn.length = 0;
});

describe('financial report page', () => {
  it('asks for the period in the address and draws months right to left with the same figures in a table', async () => {
    const api = reportApi();
    renderPage(<FinancialReportPage />, {
      route: '/financial/report',
      path: '/financial/report?from=2026-01-01&to=2026-03-31',
      api,
    });
    const table = await screen.findByRole('table', { name: 'الإيرادات والمصروفات حسب الشهر' });
    expect(api.lastCallTo(financialReportEndpoints.show)?.query).toEqual({
      from: '2026-01-01',
      to: '2026-03-31',
    });
    // The table alternative: every month (zeros included), the exact amounts the API sent.
    expect(rowsOf(table)).toEqual([
      ['يناير 2026', '1,000.10 ر.س.', '500.00 ر.س.'],
      ['فبراير 2026', '0.00 ر.س.', '0.00 ر.س.'],
      ['مارس 2026', '500.20 ر.س.', '200.10 ر.س.'],
    ]);
    expect(rowsOf(screen.getByRole('table', { name: 'الرصيد حسب الشهر' }))).toEqual([
      ['يناير 2026', '500.10 ر.س.'],
      ['فبراير 2026', '0.00 ر.س.'],
      ['مارس 2026', '300.10 ر.س.'],
    ]);
    // The charts draw the same figures, the first month at the right.
    await waitFor(() => expect(mockDrawn.length).toBeGreaterThanOrEqual(2));
    const bar = mockDrawn.find((chart) => chart.type === 'bar' && chart.labels[0] === 'يناير 2026');
    expect(bar).toMatchObject({
      reverse: true,
      data: [
        [1000.1, 0, 500.2],
        [500, 0, 200.1],
      ],
    });
    expect(mockDrawn.find((chart) => chart.type === 'line')?.data).toEqual([[500.1, 0, 300.1]]);
    expect(
      screen.getAllByRole('img', { name: /الإيرادات والمصروفات حسب الشهر: رسم بياني بالأعمدة/ }),
    ).toHaveLength(1);
  });

  it('shows categories, restricted funds, the zakat fund and the top beneficiaries', async () => {
    renderPage(<FinancialReportPage />, {
      route: '/financial/report',
      path: '/financial/report?from=2026-01-01&to=2026-03-31',
      api: reportApi(),
    });
    const income = await screen.findByRole('table', { name: 'الإيرادات حسب التصنيف' });
    expect(rowsOf(income)).toEqual([
      ['زكاة', 'إيراد', '3', '1,500.30 ر.س.'],
      ['إجمالي الإيرادات', '', '', '1,500.30 ر.س.'],
    ]);
    expect(
      rowsOf(screen.getByRole('table', { name: 'الأموال المقيدة: الوارد مقابل المنصرف لكل غرض' })),
    ).toEqual([['كفالة الأيتام', '1,000.10 ر.س.', '0.30 ر.س.', '999.80 ر.س.']]);
    const zakat = screen.getByRole('region', { name: 'صندوق الزكاة' });
    expect(
      within(zakat)
        .getAllByRole('definition')
        .map((dd) => plain(dd.textContent)),
    ).toEqual(['1,500.30 ر.س.', '700.10 ر.س.', '800.20 ر.س.']);
    const top = screen.getByRole('table', { name: 'الأسر الأكثر استفادة من المصروفات في الفترة' });
    expect(rowsOf(top)).toEqual([
      ['محمد أحمد الشهري', 'F-1446-00007', '3', '700.10 ر.س.', '700.10 ر.س.'],
    ]);
  });

  it('prints with a header naming the organisation, period, who printed it, and exports the period', async () => {
    const api = reportApi();
    api.on(financialReportEndpoints.export, { status: 200, data: new Blob(['xlsx']) });
    Object.assign(URL, {
      createObjectURL: jest.fn(() => 'blob:report'),
      revokeObjectURL: jest.fn(),
    });
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const print = jest.fn();
    window.print = print;
    const { user } = renderPage(<FinancialReportPage />, {
      route: '/financial/report',
      path: '/financial/report?from=2026-01-01&to=2026-03-31',
      api,
    });
    await screen.findByRole('table', { name: 'الإيرادات والمصروفات حسب الشهر' });
    const header = document.querySelector('[data-report-print-header]');
    expect(header).toHaveTextContent(REPORT_ORGANISATION_NAME);
    expect(header).toHaveTextContent('من 1 يناير 2026 إلى 31 مارس 2026');
    expect(header).toHaveTextContent('خالد المحاسب');
    expect(header?.closest('[data-report-print-root]')).not.toBeNull();

    await user.click(screen.getByRole('button', { name: 'طباعة' }));
    expect(print).toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'تصدير إلى إكسل' }));
    expect(await screen.findByText('تم تصدير الملف')).toBeInTheDocument();
    expect(api.callsTo(financialReportEndpoints.export)[0]?.params).toEqual({
      from: '2026-01-01',
      to: '2026-03-31',
    });
  });

  it('refuses a backwards period with the API’s Arabic message, and applies a valid one', async () => {
    const api = reportApi();
    const { user, searchParams } = renderPage(<FinancialReportPage />, {
      route: '/financial/report',
      path: '/financial/report?from=2026-01-01&to=2026-03-31',
      api,
    });
    await screen.findByRole('table', { name: 'الإيرادات والمصروفات حسب الشهر' });
    const form = screen.getByRole('form', { name: 'فترة التقرير' });
    fireEvent.change(within(form).getByLabelText(/^من/), { target: { value: '2026-05-01' } });
    await user.click(within(form).getByRole('button', { name: 'عرض التقرير' }));
    expect(
      await within(form).findByText('تاريخ البداية يجب أن يسبق تاريخ النهاية أو يساويه'),
    ).toBeInTheDocument();
    expect(searchParams().get('from')).toBe('2026-01-01');

    fireEvent.change(within(form).getByLabelText(/^إلى/), { target: { value: '2026-06-30' } });
    await user.click(within(form).getByRole('button', { name: 'عرض التقرير' }));
    await waitFor(() => expect(searchParams().get('to')).toBe('2026-06-30'));
    await waitFor(() =>
      expect(api.lastCallTo(financialReportEndpoints.show)?.query).toEqual({
        from: '2026-05-01',
        to: '2026-06-30',
      }),
    );
  });
});
