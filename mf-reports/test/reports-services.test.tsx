import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createFakeApi } from 'shared-ui/testing';
import { stripBidiMarks } from 'shared-ui';
import ReportsServicesPage from '../src/features/reports/pages/reports-services-page';
import ReportsServicesArchivePage from '../src/features/reports/pages/reports-services-archive-page';
import ReportsServicesArchiveShowPage from '../src/features/reports/pages/reports-services-archive-show-page';
import { REPORTS_KEYS, employee } from '../src/testing/fixtures';
import { servicesArchive, servicesReport } from '../src/testing/services-report-fixtures';
import { currentLocation, renderPage } from '../src/testing/render-page';

// jsdom has no canvas: Chart.js is a stand-in; the charts' tables carry the figures.
jest.mock('chart.js', () => {
  class Chart {
    static register() {}
    options: Record<string, unknown> = {};
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

const list = (rows: unknown[]) => ({
  status: 200,
  data: { data: rows, meta: { page: 1, per_page: 100, total: rows.length, last_page: 1 } },
});
const STAMP = '2026-01-01T08:00:00.000Z';
const catalogueRow = (id: number, name: string) => ({
  id,
  name,
  manager: null,
  description: null,
  active: true,
  service_types_count: 1,
  created_at: STAMP,
  updated_at: STAMP,
});

describe('services report page', () => {
  function open(
    path = '/reports/services?from=2026-01-01&to=2026-02-28&department_id=3',
    permissions = REPORTS_KEYS,
  ) {
    const api = createFakeApi();
    api.on('GET', '/reports/services', { status: 200, data: { data: servicesReport() } });
    api.on(
      'GET',
      '/service-departments',
      list([catalogueRow(3, 'الرعاية الاجتماعية'), catalogueRow(4, 'الصحة')]),
    );
    api.on('GET', '/service-axes', list([catalogueRow(5, 'الإغاثة')]));
    api.on('GET', '/service-types', list([]));
    api.on('POST', '/reports/services/archives', {
      status: 201,
      data: { message: 'تمت أرشفة التقرير', data: servicesArchive() },
    });
    const rendered = renderPage(<ReportsServicesPage />, {
      route: '/reports/services',
      path,
      api,
      user: employee(permissions),
      routes: [{ path: '/reports/services/archive/:id', element: <h1>نسخة مؤرشفة</h1> }],
    });
    return Object.assign(api, { router: rendered.router });
  }

  it('reads its filters from the address and shows the summary, statuses, months, types and overdue', async () => {
    const api = open();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'تقرير الخدمات' }),
    ).toBeInTheDocument();
    await screen.findByRole('heading', { name: 'الملخص' });
    expect(api.lastCallTo('GET', '/reports/services')?.query).toEqual({
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
    await screen.findByRole('heading', { name: 'الملخص' });
    const department = await screen.findByLabelText('القسم');
    await within(department).findByRole('option', { name: 'الصحة' });
    fireEvent.change(department, { target: { value: '4' } });
    fireEvent.change(screen.getByLabelText('المدينة'), { target: { value: 'jeddah' } });
    fireEvent.click(screen.getByRole('button', { name: 'عرض التقرير' }));
    await waitFor(() => expect(currentLocation(api.router)).toContain('department_id=4'));
    expect(currentLocation(api.router)).toContain('city=jeddah');
    await waitFor(() =>
      expect(api.lastCallTo('GET', '/reports/services')?.query).toMatchObject({
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
    await screen.findByRole('heading', { name: 'الملخص' });
    expect(screen.queryByLabelText('القسم')).not.toBeInTheDocument();
    expect(screen.getByLabelText('المدينة')).toBeInTheDocument();
  });

  it('«أرشفة التقرير» archives with the current filters and links to the archive', async () => {
    const api = open();
    await screen.findByRole('heading', { name: 'الملخص' });
    fireEvent.click(screen.getByRole('button', { name: 'أرشفة التقرير' }));
    const link = await screen.findByRole('link', { name: 'خدمات الربع الأول' });
    expect(link).toHaveAttribute('href', '/reports/services/archive/8');
    expect(api.lastCallTo('POST', '/reports/services/archives')?.body).toEqual({
      from: '2026-01-01',
      to: '2026-02-28',
      department_id: 3,
    });
  });
});

describe('services archive pages', () => {
  it('the archive renders the snapshot as stored, marked with its date, without the live report', async () => {
    const api = createFakeApi();
    api.on('GET', '/reports/services/archives/8', {
      status: 200,
      data: { data: servicesArchive() },
    });
    renderPage(<ReportsServicesArchiveShowPage />, {
      route: '/reports/services/archive/:id',
      path: '/reports/services/archive/8',
      api,
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'خدمات الربع الأول' }),
    ).toBeInTheDocument();
    const note = screen.getByRole('note', { name: 'نسخة مؤرشفة' });
    expect(within(note).getByText(/^نسخة مؤرشفة بتاريخ/)).toBeInTheDocument();
    expect(plain(note.textContent)).toContain('والتأخر محسوب في');
    expect(
      plain(
        within(screen.getByRole('table', { name: 'الخدمات حسب النوع' })).getByRole('row', {
          name: /سلة غذائية/,
        }).textContent,
      ),
    ).toContain('الإغاثة');
    expect(api.callsTo('GET', '/reports/services')).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'تصدير إلى إكسل' })).toBeInTheDocument();
  });

  it('the archive list names each copy and links to it', async () => {
    const api = createFakeApi();
    const { snapshot: _snapshot, ...item } = servicesArchive();
    api.on('GET', '/reports/services/archives', {
      status: 200,
      data: { data: [item], meta: { page: 1, per_page: 50, total: 1, last_page: 1 } },
    });
    renderPage(<ReportsServicesArchivePage />, {
      route: '/reports/services/archive',
      path: '/reports/services/archive',
      api,
    });
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
