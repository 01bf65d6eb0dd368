import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { financialServicesReportEndpoints } from 'shared-contracts/reports';
import ReportsFinancialServicesPage from '../src/features/reports/pages/reports-financial-services-page';
import ReportsFinancialServicesArchivePage from '../src/features/reports/pages/reports-financial-services-archive-page';
import ReportsFinancialServicesArchiveShowPage from '../src/features/reports/pages/reports-financial-services-archive-show-page';
import {
  financialServicesArchive,
  financialServicesReport,
} from '../src/testing/services-report-fixtures';
import { currentLocation } from '../src/testing/render-page';
import {
  archivedMarkInNote,
  archiveReport,
  openArchiveList,
  openArchiveShow,
  openLiveReport,
  plain,
  reportLoaded,
} from '../src/testing/report-test-support';

describe('financial-services report page', () => {
  function open(path = '/reports/financial-services?from=2026-01-01&to=2026-02-28&city=riyadh') {
    return openLiveReport(<ReportsFinancialServicesPage />, {
      kind: 'financial-services',
      path,
      report: financialServicesReport(),
      archive: financialServicesArchive(),
    });
  }

  it('reads its filters from the address and shows the amounts exactly as the API gave them', async () => {
    const api = open();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'تقرير الخدمات المالية' }),
    ).toBeInTheDocument();
    await reportLoaded();
    expect(api.lastCallTo(financialServicesReportEndpoints.show)?.query).toEqual({
      from: '2026-01-01',
      to: '2026-02-28',
      city: 'riyadh',
    });
    const summary = plain(screen.getByRole('region', { name: 'الملخص' }).textContent);
    expect(summary).toContain('700.00');
    expect(summary).toContain('350.00');
    expect(summary).toContain('بلا تكلفة مسجلة');
    const families = screen.getByRole('table', { name: 'المصروف لكل أسرة' });
    const row = plain(
      within(families).getByRole('row', { name: /عبدالله محمد القحطاني/ }).textContent,
    );
    expect(row).toContain('F-1447-00011');
    expect(row).toContain('350.75');
    const seasons = screen.getByRole('table', { name: 'الصرف مقابل الميزانية' });
    const season = plain(within(seasons).getByRole('row', { name: /سلة رمضان/ }).textContent);
    expect(season).toContain('1,000.00');
    expect(season).toContain('250.50');
    expect(season).toContain('749.50');
    expect(season).toContain('25.1٪');
    expect(
      plain(
        within(screen.getByRole('table', { name: 'المصروف حسب نوع الخدمة' })).getByRole('row', {
          name: /إحالة طبية/,
        }).textContent,
      ),
    ).toContain('300.10');
    expect(
      within(screen.getByRole('table', { name: 'المصروف حسب القسم' })).getByRole('rowheader', {
        name: 'الصحة',
      }),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('table', { name: 'المصروف لكل مستفيد' })).getByRole('rowheader', {
        name: 'هيا علي الحربي',
      }),
    ).toBeInTheDocument();
  });

  it('applies a city to the address; archives with the current filters', async () => {
    const api = open();
    await reportLoaded();
    fireEvent.change(screen.getByLabelText('المدينة'), { target: { value: 'jeddah' } });
    fireEvent.click(screen.getByRole('button', { name: 'عرض التقرير' }));
    await waitFor(() => expect(currentLocation(api.router)).toContain('city=jeddah'));
    await waitFor(() =>
      expect(api.lastCallTo(financialServicesReportEndpoints.show)?.query.city).toBe('jeddah'),
    );
    const link = await archiveReport('الخدمات المالية يناير وفبراير');
    expect(link).toHaveAttribute('href', '/reports/financial-services/archive/9');
    expect(api.lastCallTo(financialServicesReportEndpoints.archive)?.body).toEqual({
      from: '2026-01-01',
      to: '2026-02-28',
      city: 'jeddah',
    });
  });
});

describe('financial-services archive pages', () => {
  it('the archive renders the snapshot as stored, without the live report', async () => {
    const api = openArchiveShow(
      <ReportsFinancialServicesArchiveShowPage />,
      'financial-services',
      financialServicesArchive(),
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'الخدمات المالية يناير وفبراير' }),
    ).toBeInTheDocument();
    expect(archivedMarkInNote()).toBeInTheDocument();
    expect(plain(screen.getByRole('region', { name: 'الملخص' }).textContent)).toContain('700.00');
    expect(api.callsTo(financialServicesReportEndpoints.show)).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'طباعة' })).toBeInTheDocument();
  });

  it('the archive list links to each copy', async () => {
    openArchiveList(<ReportsFinancialServicesArchivePage />, 'financial-services', [
      financialServicesArchive(),
    ]);
    expect(
      await screen.findByRole('link', { name: 'الخدمات المالية يناير وفبراير' }),
    ).toHaveAttribute('href', '/reports/financial-services/archive/9');
  });
});
