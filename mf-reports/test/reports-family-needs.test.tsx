import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { IRREVERSIBLE_NOTE } from 'shared-ui';
import { familyNeedsReportEndpoints } from 'shared-contracts/reports';
import ReportsFamilyNeedsPage from '../src/features/reports/pages/reports-family-needs-page';
import ReportsFamilyNeedsArchiveShowPage from '../src/features/reports/pages/reports-family-needs-archive-show-page';
import ReportsGeneralPage from '../src/features/reports/pages/reports-general-page';
import { employee } from '../src/testing/fixtures';
import { familyNeedsArchive, familyNeedsReport } from '../src/testing/report-fixtures';
import { currentLocation, renderPage } from '../src/testing/render-page';
import {
  archivedMarkInNote,
  archiveReport,
  openArchiveShow,
  openLiveReport,
  plain,
  reportLoaded,
} from '../src/testing/report-test-support';

describe('family-needs report page', () => {
  function open(
    path = '/reports/family-needs?from=2026-03-01&to=2026-03-30&city=riyadh',
    report = familyNeedsReport(),
  ) {
    return openLiveReport(<ReportsFamilyNeedsPage />, {
      kind: 'family-needs',
      path,
      report,
      archive: (call) => ({
        status: 201,
        data: {
          message: 'تمت أرشفة التقرير',
          data: {
            ...familyNeedsArchive(),
            title: (call.body as { title?: string }).title ?? 'احتياجات شهر مارس',
          },
        },
      }),
    });
  }

  it('reads its filters from the address and shows the summary, districts, basket and families', async () => {
    const api = open();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'تقرير احتياجات الأسر' }),
    ).toBeInTheDocument();
    await reportLoaded();
    expect(api.lastCallTo(familyNeedsReportEndpoints.show)?.query).toEqual({
      from: '2026-03-01',
      to: '2026-03-30',
      city: 'riyadh',
    });
    const families = screen.getByRole('table', { name: 'احتياج كل أسرة' });
    const row = within(families).getByRole('row', { name: /عبدالله محمد القحطاني/ });
    expect(plain(row.textContent)).toContain('9,830');
    expect(plain(row.textContent)).toContain('294,900');
    expect(plain(row.textContent)).toContain('مواد غذائية');
    expect(
      within(screen.getByRole('table', { name: 'الاحتياج حسب المدينة والحي' })).getByRole(
        'rowheader',
        { name: 'الرياض — الملز' },
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('table', { name: /سلة/ })).toBeInTheDocument();
    expect(screen.getByText(/الإصدار 2/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'طباعة' })).toBeInTheDocument();
    // Every row of the table came: no note about the rest.
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
  });

  it('a table of its first rows says how many of how many it shows, and where the rest are', async () => {
    open(undefined, familyNeedsReport({ rows_total: 70_000 }));
    await reportLoaded();
    expect(plain(screen.getByRole('note').textContent)).toBe(
      'يعرض الجدول أول 2 من 70,000 أسرة. الصفوف كلها في ملف التصدير إلى إكسل.',
    );
  });

  it('offers the medical family categories only to who may see medical fields', async () => {
    const optionsOf = () =>
      within(screen.getByLabelText('فئة الأسرة'))
        .getAllByRole('option')
        .map((option) => option.textContent);
    open();
    await reportLoaded();
    expect(optionsOf()).toContain('أيتام');
    expect(optionsOf()).not.toContain('مرضى مزمنون');
    expect(optionsOf()).not.toContain('ذوو الإعاقة');
  });

  it('applies new filters to the address; a reversed period is refused in Arabic', async () => {
    const api = open();
    await reportLoaded();
    fireEvent.change(screen.getByLabelText('الحي'), { target: { value: 'riyadh_malaz' } });
    fireEvent.click(screen.getByRole('button', { name: 'عرض التقرير' }));
    await waitFor(() => expect(currentLocation(api.router)).toContain('district=riyadh_malaz'));
    await waitFor(() =>
      expect(api.lastCallTo(familyNeedsReportEndpoints.show)?.query.district).toBe('riyadh_malaz'),
    );

    fireEvent.change(screen.getByLabelText(/^من/), { target: { value: '2026-04-10' } });
    fireEvent.click(screen.getByRole('button', { name: 'عرض التقرير' }));
    expect(await screen.findByText('تاريخ النهاية يجب ألا يسبق تاريخ البداية')).toBeInTheDocument();
  });

  it('«أرشفة التقرير» archives with the current filters and links to the new archive', async () => {
    const api = open();
    await reportLoaded();
    const link = await archiveReport('احتياجات شهر مارس');
    expect(link).toHaveAttribute('href', '/reports/family-needs/archive/7');
    expect(api.lastCallTo(familyNeedsReportEndpoints.archive)?.body).toEqual({
      from: '2026-03-01',
      to: '2026-03-30',
      city: 'riyadh',
    });
  });

  it('«أرشفة التقرير» asks first, says it cannot be undone, and archives nothing on «إلغاء»', async () => {
    const api = open();
    await reportLoaded();
    fireEvent.click(screen.getByRole('button', { name: 'أرشفة التقرير' }));
    const dialog = await screen.findByRole('dialog', { name: 'أرشفة التقرير؟' });
    expect(dialog).toHaveTextContent(IRREVERSIBLE_NOTE);
    fireEvent.click(within(dialog).getByRole('button', { name: 'إلغاء' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo(familyNeedsReportEndpoints.archive)).toHaveLength(0);
  });
});

describe('family-needs archive page', () => {
  it('renders the snapshot as stored, marked as an archive of its date, without asking for the live report', async () => {
    const snapshot = familyNeedsReport();
    const api = openArchiveShow(
      <ReportsFamilyNeedsArchiveShowPage />,
      'family-needs',
      familyNeedsArchive(snapshot),
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'احتياجات شهر مارس' }),
    ).toBeInTheDocument();
    expect(archivedMarkInNote()).toBeInTheDocument();
    const row = within(screen.getByRole('table', { name: 'احتياج كل أسرة' })).getByRole('row', {
      name: /عبدالله محمد القحطاني/,
    });
    expect(plain(row.textContent)).toContain('9,830');
    expect(api.callsTo(familyNeedsReportEndpoints.show)).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'طباعة' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'تصدير إلى إكسل' })).toBeInTheDocument();
  });
});

describe('reports list page', () => {
  it('lists the six reports with their titles and archives, none under construction', async () => {
    renderPage(<ReportsGeneralPage />, { route: '/reports' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'التقارير العامة' }),
    ).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'تقرير احتياجات الأسر' })).toHaveAttribute(
      'href',
      '/reports/family-needs',
    );
    const archives = screen.getAllByRole('link', { name: 'الأرشيف' });
    expect(archives).toHaveLength(6);
    expect(archives[0]).toHaveAttribute('href', '/reports/family-needs/archive');
    for (const title of [
      'تقرير الخدمات المالية',
      'تقرير الخدمات',
      'التقرير الطبي',
      'تقرير الاستبيانات',
      'تقرير الندوات',
    ])
      expect(screen.getByRole('link', { name: title })).toBeInTheDocument();
    // Every report is built: none says «قيد الإنشاء».
    expect(screen.queryByText(/قيد الإنشاء/)).not.toBeInTheDocument();
  });

  it('shows nothing the employee may not open', async () => {
    renderPage(<ReportsGeneralPage />, { route: '/reports', user: employee(['show_index']) });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'التقارير العامة' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'تقرير احتياجات الأسر' })).not.toBeInTheDocument();
  });
});
