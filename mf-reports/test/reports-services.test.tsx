import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { listReply } from 'shared-ui/testing';
import { servicesReportEndpoints } from 'shared-contracts/reports';
import {
  serviceAxisEndpoints,
  serviceDepartmentEndpoints,
  serviceTypeEndpoints,
} from 'shared-contracts/services';
import ReportsServicesPage from '../src/features/reports/pages/reports-services-page';
import ReportsServicesArchivePage from '../src/features/reports/pages/reports-services-archive-page';
import ReportsServicesArchiveShowPage from '../src/features/reports/pages/reports-services-archive-show-page';
import { REPORTS_KEYS, employee } from '../src/testing/fixtures';
import { servicesArchive, servicesReport } from '../src/testing/services-report-fixtures';
import { currentLocation } from '../src/testing/render-page';
import {
  archivedMarkInNote,
  archiveReport,
  catalogueRow,
  openArchiveList,
  openArchiveShow,
  openLiveReport,
  plain,
  reportLoaded,
} from '../src/testing/report-test-support';

describe('services report page', () => {
  function open(
    path = '/reports/services?from=2026-01-01&to=2026-02-28&department_id=3',
    permissions = REPORTS_KEYS,
  ) {
    return openLiveReport(<ReportsServicesPage />, {
      kind: 'services',
      path,
      report: servicesReport(),
      archive: servicesArchive(),
      lists: [
        [
          serviceDepartmentEndpoints.list,
          listReply([catalogueRow(3, 'الرعاية الاجتماعية'), catalogueRow(4, 'الصحة')], {
            per_page: 100,
          }),
        ],
        [serviceAxisEndpoints.list, listReply([catalogueRow(5, 'الإغاثة')], { per_page: 100 })],
        [serviceTypeEndpoints.list, listReply([], { per_page: 100 })],
      ],
      user: employee(permissions),
    });
  }

  it('reads its filters from the address and shows the summary, statuses, months, types and overdue', async () => {
    const api = open();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'تقرير الخدمات' }),
    ).toBeInTheDocument();
    await reportLoaded();
    expect(api.lastCallTo(servicesReportEndpoints.show)?.query).toEqual({
      from: '2026-01-01',
      to: '2026-02-28',
      department_id: '3',
    });
    const summary = screen.getByRole('region', { name: 'الملخص' });
    expect(plain(summary.textContent)).toContain('متوسط أيام التنفيذ5.8');
    expect(plain(summary.textContent)).toContain('وسيط أيام التنفيذ3.5');
    expect(plain(summary.textContent)).toContain('القسم: الرعاية الاجتماعية');
    const types = screen.getByRole('table', { name: 'الخدمات حسب النوع' });
    const basket = within(types).getByRole('row', { name: /سلة غذائية/ });
    expect(plain(basket.textContent)).toBe('سلة غذائيةالرعاية الاجتماعيةالإغاثة330075');
    expect(plain(within(types).getByRole('row', { name: /دورة تدريبية/ }).textContent)).toContain(
      '—',
    );
    expect(
      within(screen.getByRole('table', { name: 'الخدمات حسب الحالة' })).getByRole('rowheader', {
        name: 'منفذة',
      }),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('table', { name: 'الخدمات حسب شهر الطلب' })).getByRole('rowheader', {
        name: 'فبراير 2026',
      }),
    ).toBeInTheDocument();
    const overdue = screen.getByRole('table', { name: /^الخدمات المتأخرة/ });
    expect(
      plain(within(overdue).getByRole('row', { name: /خالد سعد الحربي/ }).textContent),
    ).toContain('18');
    expect(screen.getByRole('button', { name: 'طباعة' })).toBeInTheDocument();
  });

  it('applies the department and city to the address; a reversed period is refused in Arabic', async () => {
    const api = open('/reports/services?from=2026-01-01&to=2026-02-28', [
      ...REPORTS_KEYS,
      'show_services',
      'show_departments',
      'show_axise',
    ]);
    await reportLoaded();
    const department = await screen.findByLabelText('القسم');
    await within(department).findByRole('option', { name: 'الصحة' });
    fireEvent.change(department, { target: { value: '4' } });
    fireEvent.change(screen.getByLabelText('المدينة'), { target: { value: 'jeddah' } });
    fireEvent.click(screen.getByRole('button', { name: 'عرض التقرير' }));
    await waitFor(() => expect(currentLocation(api.router)).toContain('department_id=4'));
    expect(currentLocation(api.router)).toContain('city=jeddah');
    await waitFor(() =>
      expect(api.lastCallTo(servicesReportEndpoints.show)?.query).toMatchObject({
        department_id: '4',
        city: 'jeddah',
      }),
    );

    fireEvent.change(screen.getByLabelText(/^من/), { target: { value: '2026-04-10' } });
    fireEvent.click(screen.getByRole('button', { name: 'عرض التقرير' }));
    expect(await screen.findByText('تاريخ النهاية يجب ألا يسبق تاريخ البداية')).toBeInTheDocument();
  });

  it('without the catalogue permissions, the department filter is not offered', async () => {
    open();
    await reportLoaded();
    expect(screen.queryByLabelText('القسم')).not.toBeInTheDocument();
    expect(screen.getByLabelText('المدينة')).toBeInTheDocument();
  });

  it('«أرشفة التقرير» archives with the current filters and links to the archive', async () => {
    const api = open();
    await reportLoaded();
    const link = await archiveReport('خدمات الربع الأول');
    expect(link).toHaveAttribute('href', '/reports/services/archive/8');
    expect(api.lastCallTo(servicesReportEndpoints.archive)?.body).toEqual({
      from: '2026-01-01',
      to: '2026-02-28',
      department_id: 3,
    });
  });
});

describe('services archive pages', () => {
  it('the archive renders the snapshot as stored, marked with its date, without the live report', async () => {
    const api = openArchiveShow(<ReportsServicesArchiveShowPage />, 'services', servicesArchive());
    expect(
      await screen.findByRole('heading', { level: 1, name: 'خدمات الربع الأول' }),
    ).toBeInTheDocument();
    expect(archivedMarkInNote()).toBeInTheDocument();
    expect(plain(screen.getByRole('note', { name: 'نسخة مؤرشفة' }).textContent)).toContain(
      'والتأخر محسوب في',
    );
    expect(
      plain(
        within(screen.getByRole('table', { name: 'الخدمات حسب النوع' })).getByRole('row', {
          name: /سلة غذائية/,
        }).textContent,
      ),
    ).toContain('الإغاثة');
    expect(api.callsTo(servicesReportEndpoints.show)).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'تصدير إلى إكسل' })).toBeInTheDocument();
  });

  it('the archive list names each copy and links to it', async () => {
    openArchiveList(<ReportsServicesArchivePage />, 'services', [servicesArchive()]);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'أرشيف تقرير الخدمات' }),
    ).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'خدمات الربع الأول' })).toHaveAttribute(
      'href',
      '/reports/services/archive/8',
    );
    expect(screen.getByRole('columnheader', { name: 'أنواع الخدمات' })).toBeInTheDocument();
  });
});
