import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { listReply } from 'shared-ui/testing';
import { seminarReportEndpoints } from 'shared-contracts/reports';
import { seminarTypeEndpoints } from 'shared-contracts/engagement';
import { serviceAxisEndpoints } from 'shared-contracts/services';
import ReportsSeminarPage from '../src/features/reports/pages/reports-seminar-page';
import ReportsSeminarArchivePage from '../src/features/reports/pages/reports-seminar-archive-page';
import ReportsSeminarArchiveShowPage from '../src/features/reports/pages/reports-seminar-archive-show-page';
import { employee } from '../src/testing/fixtures';
import { seminarArchive, seminarReport } from '../src/testing/engagement-report-fixtures';
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

describe('seminar report page', () => {
  function open(
    path = '/reports/seminar?from=2026-03-01&to=2026-03-31',
    user = employee(['show_reports', 'show_seminars', 'show_services']),
  ) {
    return openLiveReport(<ReportsSeminarPage />, {
      kind: 'seminar',
      path,
      report: seminarReport(),
      archive: seminarArchive(),
      lists: [
        [
          seminarTypeEndpoints.list,
          listReply([catalogueRow(5, 'توعية'), catalogueRow(7, 'تدريب')]),
        ],
        [serviceAxisEndpoints.list, listReply([catalogueRow(6, 'التمكين')])],
      ],
      user,
    });
  }

  it('shows the summary, the audience by sex and age band, per type and axis, and each seminar', async () => {
    const api = open();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'تقرير الندوات' }),
    ).toBeInTheDocument();
    const summary = (await reportLoaded()).closest('section');
    expect(plain(summary?.textContent ?? '')).toContain('66.7٪');
    expect(plain(summary?.textContent ?? '')).toContain('36.8٪');
    expect(screen.getByText(/ألغيت في الفترة ندوة واحدة/)).toBeInTheDocument();
    expect(api.lastCallTo(seminarReportEndpoints.show)?.query).toEqual({
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
    await reportLoaded();
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
      expect(api.lastCallTo(seminarReportEndpoints.show)?.query).toEqual({
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
    await reportLoaded();
    expect(screen.queryByLabelText('نوع الندوة')).not.toBeInTheDocument();
    expect(api.callsTo(seminarTypeEndpoints.list)).toHaveLength(0);
    const link = await archiveReport('ندوات مارس');
    expect(link).toHaveAttribute('href', '/reports/seminar/archive/9');
    expect(api.lastCallTo(seminarReportEndpoints.archive)?.body).toEqual({
      from: '2026-03-01',
      to: '2026-03-31',
      axis_id: 6,
    });
  });
});

describe('seminar report archives', () => {
  it('an archive renders its snapshot, marked with its date, without the live report', async () => {
    const api = openArchiveShow(<ReportsSeminarArchiveShowPage />, 'seminar', seminarArchive());
    expect(
      await screen.findByRole('heading', { level: 1, name: 'ندوات مارس' }),
    ).toBeInTheDocument();
    expect(archivedMarkInNote()).toBeInTheDocument();
    const row = within(screen.getByRole('table', { name: '3 ندوات' })).getByRole('row', {
      name: /مهارات سوق العمل/,
    });
    expect(plain(row.textContent)).toContain('50٪');
    expect(api.callsTo(seminarReportEndpoints.show)).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'طباعة' })).toBeInTheDocument();
  });

  it('the archive list links each stored copy', async () => {
    const archive = seminarArchive();
    openArchiveList(<ReportsSeminarArchivePage />, 'seminar', [archive]);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'أرشيف تقرير الندوات' }),
    ).toBeInTheDocument();
    const link = await screen.findByRole('link', { name: 'ندوات مارس' });
    expect(link).toHaveAttribute('href', '/reports/seminar/archive/9');
    expect(plain(link.closest('tr')?.textContent ?? '')).toContain(
      String(archive.snapshot.rows.length),
    );
  });
});
