import { screen, waitFor } from '@testing-library/react';
import {
  lastTwelveMonthsPeriod,
  financeOptionEndpoints,
  financialCategoryEndpoints,
  financialRecordEndpoints,
  financialReportEndpoints,
} from 'shared-contracts/finance';
import { createFakeApi, listReply } from 'shared-ui/testing';
import FinancialListPage from '../src/features/records/pages/financial-list-page';
import { categories, familyOption, record, recordList, report } from '../src/testing/fixtures';
import { renderPage } from '../src/testing/render-page';

// What was loaded, in order: a module's factory runs when it is first imported.
const mockLoaded: string[] = [];
jest.mock('chart.js', () => {
  mockLoaded.push('chart.js');
  return {};
});
jest.mock('../src/features/report/pages/financial-report-page', () => {
  mockLoaded.push('report page');
  return { __esModule: true, default: () => null };
});

beforeEach(() => {
  mockLoaded.length = 0;
});

function listApi() {
  const api = createFakeApi();
  api.on(financialRecordEndpoints.list, { status: 200, data: recordList([record({ id: 40 })]) });
  api.on(financialCategoryEndpoints.list, listReply(categories()));
  api.on(financeOptionEndpoints.families, listReply([familyOption()]));
  api.on(financialReportEndpoints.show, { status: 200, data: { data: report() } });
  return api;
}

describe('the financial report loads before its first visit', () => {
  it("loads the report page and Chart.js while the list is shown (its header's button leads there)", async () => {
    renderPage(<FinancialListPage />, { route: '/financial', api: listApi() });
    await screen.findByRole('link', { name: '#40' });
    expect(screen.getByRole('link', { name: 'التقرير المالي' })).toHaveAttribute(
      'href',
      '/financial/report',
    );
    await waitFor(() => expect(mockLoaded).toEqual(['chart.js', 'report page']));
  });

  it("fetches the report's figures once the pointer reaches its button, not after the click", async () => {
    const api = listApi();
    const { user } = renderPage(<FinancialListPage />, { route: '/financial', api });
    const button = await screen.findByRole('link', { name: 'التقرير المالي' });
    expect(api.callsTo(financialReportEndpoints.show)).toHaveLength(0);
    await user.hover(button);
    await waitFor(() =>
      expect(api.lastCallTo(financialReportEndpoints.show)?.query).toEqual(
        lastTwelveMonthsPeriod(),
      ),
    );
    // An answer on its way or just fetched is not asked for again.
    await user.unhover(button);
    await user.hover(button);
    expect(api.callsTo(financialReportEndpoints.show)).toHaveLength(1);
  });

  it("starts Chart.js with the report page's code, not after the report's figures", async () => {
    jest.resetModules();
    const { loadReportPage } = await import('../src/lib/report-preload');
    const page = await loadReportPage();
    expect(typeof page.default).toBe('function');
    expect(mockLoaded).toEqual(['chart.js', 'report page']);
  });
});
