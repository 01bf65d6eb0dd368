import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { listReply } from 'shared-ui/testing';
import { surveyReportEndpoints } from 'shared-contracts/reports';
import { surveyEndpoints } from 'shared-contracts/engagement';
import ReportsSurveyPage from '../src/features/reports/pages/reports-survey-page';
import ReportsSurveyArchivePage from '../src/features/reports/pages/reports-survey-archive-page';
import ReportsSurveyArchiveShowPage from '../src/features/reports/pages/reports-survey-archive-show-page';
import { employee } from '../src/testing/fixtures';
import { surveyArchive, surveyReport } from '../src/testing/engagement-report-fixtures';
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

const surveyOptions = {
  types: [{ id: 1, name: 'رضا' }],
  templates: [
    { id: 3, title: 'رضا الأسر', target: 'family', version: { id: 9, version: 2 } },
    { id: 4, title: 'تقييم ندوة', target: 'family', version: { id: 10, version: 1 } },
  ],
  seasons: [],
  service_types: [],
  seminars: [],
};

describe('survey report page', () => {
  function open(
    path = '/reports/survey?from=2026-01-01&to=2026-03-31',
    user = employee(['show_reports', 'show_surveys']),
  ) {
    return openLiveReport(<ReportsSurveyPage />, {
      kind: 'survey',
      path,
      report: surveyReport(),
      archive: surveyArchive(),
      lists: [
        [surveyEndpoints.options, { status: 200, data: { data: surveyOptions } }],
        [surveyEndpoints.list, listReply([])],
      ],
      user,
    });
  }

  it('shows the summary, satisfaction by month, the surveys and each question’s results', async () => {
    const api = open();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'تقرير الاستبيانات' }),
    ).toBeInTheDocument();
    await reportLoaded();
    expect(api.lastCallTo(surveyReportEndpoints.show)?.query).toEqual({
      from: '2026-01-01',
      to: '2026-03-31',
    });
    const surveys = screen.getByRole('table', { name: 'استبيانان' });
    const row = within(surveys).getByRole('row', { name: /رضا الربع الأول/ });
    expect(plain(row.textContent)).toContain('3.5');
    expect(plain(row.textContent)).toContain('مفتوح');
    const channel = screen.getByRole('table', { name: /طريقة التواصل/ });
    const sms = within(channel).getByRole('row', { name: /رسالة/ });
    expect(plain(sms.textContent)).toContain('66.7');
    // Texts counted, not listed; a number's average.
    expect(screen.getByText(/عدد الإجابات النصية: 2/)).toBeInTheDocument();
    expect(screen.getByText('المتوسط 3 (إجابتان)')).toBeInTheDocument();
    // The satisfaction chart's table: one row per month of the period.
    const months = screen.getByRole('table', { name: 'متوسط الرضا حسب الشهر (من 5)' });
    expect(within(months).getAllByRole('row')).toHaveLength(4);
    expect(plain(months.textContent)).toContain('3.33');
    expect(screen.getByRole('heading', { name: 'تقييم ندوة فبراير' })).toBeInTheDocument();
  });

  it('filters by template (the survey choice follows it) into the address', async () => {
    const api = open();
    await reportLoaded();
    const template = await screen.findByLabelText('قالب الاستبيان');
    await waitFor(() =>
      expect(within(template).getByRole('option', { name: 'تقييم ندوة' })).toBeInTheDocument(),
    );
    fireEvent.change(template, { target: { value: '4' } });
    fireEvent.click(screen.getByRole('button', { name: 'عرض التقرير' }));
    await waitFor(() => expect(currentLocation(api.router)).toContain('template_id=4'));
    await waitFor(() =>
      expect(api.lastCallTo(surveyReportEndpoints.show)?.query.template_id).toBe('4'),
    );
    await waitFor(() =>
      expect(api.lastCallTo(surveyEndpoints.list)?.query['filter[template_id]']).toBe('4'),
    );
  });

  it('offers no template filter without the surveys key, and archives the report as filtered', async () => {
    const api = open('/reports/survey?from=2026-01-01&to=2026-03-31', employee(['show_reports']));
    await reportLoaded();
    expect(screen.queryByLabelText('قالب الاستبيان')).not.toBeInTheDocument();
    expect(api.callsTo(surveyEndpoints.options)).toHaveLength(0);
    const link = await archiveReport('استبيانات الربع الأول');
    expect(link).toHaveAttribute('href', '/reports/survey/archive/8');
    expect(api.lastCallTo(surveyReportEndpoints.archive)?.body).toEqual({
      from: '2026-01-01',
      to: '2026-03-31',
    });
  });
});

describe('survey report archives', () => {
  it('an archive renders its snapshot, marked with its date, without the live report', async () => {
    const api = openArchiveShow(<ReportsSurveyArchiveShowPage />, 'survey', surveyArchive());
    expect(
      await screen.findByRole('heading', { level: 1, name: 'استبيانات الربع الأول' }),
    ).toBeInTheDocument();
    expect(archivedMarkInNote()).toBeInTheDocument();
    expect(plain(screen.getByRole('table', { name: /طريقة التواصل/ }).textContent)).toContain(
      '66.7',
    );
    expect(api.callsTo(surveyReportEndpoints.show)).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'تصدير إلى إكسل' })).toBeInTheDocument();
  });

  it('the archive list links each stored copy', async () => {
    openArchiveList(<ReportsSurveyArchivePage />, 'survey', [surveyArchive()]);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'أرشيف تقرير الاستبيانات' }),
    ).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'استبيانات الربع الأول' })).toHaveAttribute(
      'href',
      '/reports/survey/archive/8',
    );
    expect(screen.getByRole('columnheader', { name: 'الاستبيانات' })).toBeInTheDocument();
  });
});
