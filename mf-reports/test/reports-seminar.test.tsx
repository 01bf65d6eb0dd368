import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createFakeApi, listReply } from 'shared-ui/testing';
import { stripBidiMarks } from 'shared-ui';
import ReportsSeminarPage from '../src/features/reports/pages/reports-seminar-page';
import ReportsSeminarArchivePage from '../src/features/reports/pages/reports-seminar-archive-page';
import ReportsSeminarArchiveShowPage from '../src/features/reports/pages/reports-seminar-archive-show-page';
import { employee } from '../src/testing/fixtures';
import { seminarArchive, seminarReport } from '../src/testing/engagement-report-fixtures';
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

const catalogueRow = (id: number, name: string) => ({
  id,
  name,
  description: null,
  active: true,
  seminars_count: 1,
  service_types_count: 1,
  created_at: '2026-01-01T08:00:00.000Z',
  updated_at: '2026-01-01T08:00:00.000Z',
});

describe('seminar report page', () => {
  function open(
    path = '/reports/seminar?from=2026-03-01&to=2026-03-31',
    user = employee(['show_reports', 'show_seminars', 'show_services']),
  ) {
    const api = createFakeApi();
    api.on('GET', '/reports/seminar', { status: 200, data: { data: seminarReport() } });
    api.on(
      'GET',
      '/seminar-types',
      listReply([catalogueRow(5, 'توعية'), catalogueRow(7, 'تدريب')]),
    );
    api.on('GET', '/service-axes', listReply([catalogueRow(6, 'التمكين')]));
    api.on('POST', '/reports/seminar/archives', {
      status: 201,
      data: { message: 'تمت أرشفة التقرير', data: seminarArchive() },
    });
    const rendered = renderPage(<ReportsSeminarPage />, {
      route: '/reports/seminar',
      path,
      api,
      user,
      routes: [{ path: '/reports/seminar/archive/:id', element: <h1>نسخة مؤرشفة</h1> }],
    });
    return Object.assign(api, { router: rendered.router });
  }

  it('shows the summary, the audience by sex and age band, per type and axis, and each seminar', async () => {
    const api = open();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'تقرير الندوات' }),
    ).toBeInTheDocument();
    const summary = (await screen.findByRole('heading', { name: 'الملخص' })).closest('section');
    expect(plain(summary?.textContent ?? '')).toContain('66.7٪');
    expect(plain(summary?.textContent ?? '')).toContain('36.8٪');
    expect(screen.getByText(/ألغيت في الفترة ندوة واحدة/)).toBeInTheDocument();
    expect(api.lastCallTo('GET', '/reports/seminar')?.query).toEqual({
      from: '2026-03-01',
      to: '2026-03-31',
    });
    const seminars = screen.getByRole('table', { name: '3 ندوات' });
    const held = within(seminars).getByRole('row', { name: /إدارة ميزانية الأسرة/ });
    expect(plain(held.textContent)).toContain('75٪');
    // Not held yet: no attendance rate.
    const open_ = within(seminars).getByRole('row', { name: /صحة الأسرة/ });
    expect(plain(open_.textContent)).toContain('—');
    const bands = screen.getByRole('table', { name: 'الجمهور حسب الفئة العمرية' });
    const middle = within(bands).getByRole('row', { name: /متوسطو العمر/ });
    expect(
      within(middle)
        .getAllByRole('cell')
        .map((cell) => plain(cell.textContent)),
    ).toEqual(['2', '0', '0', '2', '2']);
    expect(
      within(screen.getByRole('table', { name: 'حسب المحور' })).getByRole('rowheader', {
        name: 'بلا محور',
      }),
    ).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'المسجلون حسب الجنس' })).toBeInTheDocument();
  });

  it('filters by seminar type and axis into the address', async () => {
    const api = open();
    await screen.findByRole('heading', { name: 'الملخص' });
    const type = await screen.findByLabelText('نوع الندوة');
    await waitFor(() =>
      expect(within(type).getByRole('option', { name: 'تدريب' })).toBeInTheDocument(),
    );
    fireEvent.change(type, { target: { value: '7' } });
    const axis = await screen.findByLabelText('المحور');
    await waitFor(() =>
      expect(within(axis).getByRole('option', { name: 'التمكين' })).toBeInTheDocument(),
    );
    fireEvent.change(axis, { target: { value: '6' } });
    fireEvent.click(screen.getByRole('button', { name: 'عرض التقرير' }));
    await waitFor(() => expect(currentLocation(api.router)).toContain('seminar_type_id=7'));
    await waitFor(() =>
      expect(api.lastCallTo('GET', '/reports/seminar')?.query).toEqual({
        from: '2026-03-01',
        to: '2026-03-31',
        seminar_type_id: '7',
        axis_id: '6',
      }),
    );
  });

  it('offers no type filter without the seminars key; archives the report as filtered', async () => {
    const api = open(
      '/reports/seminar?from=2026-03-01&to=2026-03-31&axis_id=6',
      employee(['show_reports']),
    );
    await screen.findByRole('heading', { name: 'الملخص' });
    expect(screen.queryByLabelText('نوع الندوة')).not.toBeInTheDocument();
    expect(api.callsTo('GET', '/seminar-types')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'أرشفة التقرير' }));
    const link = await screen.findByRole('link', { name: 'ندوات مارس' });
    expect(link).toHaveAttribute('href', '/reports/seminar/archive/9');
    expect(api.lastCallTo('POST', '/reports/seminar/archives')?.body).toEqual({
      from: '2026-03-01',
      to: '2026-03-31',
      axis_id: 6,
    });
  });
});

describe('seminar report archives', () => {
  it('an archive renders its snapshot, marked with its date, without the live report', async () => {
    const api = createFakeApi();
    api.on('GET', '/reports/seminar/archives/9', {
      status: 200,
      data: { data: seminarArchive() },
    });
    renderPage(<ReportsSeminarArchiveShowPage />, {
      route: '/reports/seminar/archive/:id',
      path: '/reports/seminar/archive/9',
      api,
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'ندوات مارس' }),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('note', { name: 'نسخة مؤرشفة' })).getByText(/^نسخة مؤرشفة بتاريخ/),
    ).toBeInTheDocument();
    const row = within(screen.getByRole('table', { name: '3 ندوات' })).getByRole('row', {
      name: /مهارات سوق العمل/,
    });
    expect(plain(row.textContent)).toContain('50٪');
    expect(api.callsTo('GET', '/reports/seminar')).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'طباعة' })).toBeInTheDocument();
  });

  it('the archive list links each stored copy', async () => {
    const api = createFakeApi();
    const { snapshot, ...item } = seminarArchive();
    api.on('GET', '/reports/seminar/archives', listReply([item]));
    renderPage(<ReportsSeminarArchivePage />, { route: '/reports/seminar/archive', api });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'أرشيف تقرير الندوات' }),
    ).toBeInTheDocument();
    const link = await screen.findByRole('link', { name: 'ندوات مارس' });
    expect(link).toHaveAttribute('href', '/reports/seminar/archive/9');
    expect(plain(link.closest('tr')?.textContent ?? '')).toContain(String(snapshot.rows.length));
  });
});
