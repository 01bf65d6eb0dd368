import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  MEDICAL_MESSAGES,
  type MedicalReport,
  medicalReportEndpoints,
} from 'shared-contracts/reports';
import ReportsMedicalPage from '../src/features/reports/pages/reports-medical-page';
import ReportsMedicalArchivePage from '../src/features/reports/pages/reports-medical-archive-page';
import ReportsMedicalArchiveShowPage from '../src/features/reports/pages/reports-medical-archive-show-page';
import { medicalArchive, medicalReport } from '../src/testing/medical-report-fixtures';
import { currentLocation } from '../src/testing/render-page';
import {
  archivedMarkInNote,
  openArchiveList,
  openArchiveShow,
  openLiveReport,
  plain,
  reportLoaded,
} from '../src/testing/report-test-support';

const INDIVIDUALS = 'الأفراد ذوو الحالات الصحية والإعاقات';

function open(report: MedicalReport = medicalReport()) {
  return openLiveReport(<ReportsMedicalPage />, {
    kind: 'medical',
    path: '/reports/medical?from=2026-01-01&to=2026-03-31&city=riyadh',
    report,
  });
}

/** The summary figure under a label, as shown. */
function figure(label: string): string {
  const term = screen.getByText(label, { selector: 'dt' });
  return plain(term.nextElementSibling?.textContent ?? null);
}

describe('medical report page', () => {
  it('reads its filters from the address and shows the aggregates and, when present, the individuals', async () => {
    const api = open();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'التقرير الطبي' }),
    ).toBeInTheDocument();
    await reportLoaded();
    expect(api.lastCallTo(medicalReportEndpoints.show)?.query).toEqual({
      from: '2026-01-01',
      to: '2026-03-31',
      city: 'riyadh',
    });
    expect(figure('أفراد بحالة صحية')).toBe('4');
    expect(figure('أفراد ذوو إعاقة')).toBe('3');
    expect(figure('تكلفة الخدمات المنفذة')).toContain('450.75');

    const conditions = screen.getByRole('table', { name: 'الأفراد حسب الحالة الصحية والجنس' });
    expect(plain(within(conditions).getByRole('row', { name: /مرض مزمن/ }).textContent)).toBe(
      'مرض مزمن220',
    );
    expect(within(conditions).getByRole('rowheader', { name: 'غير مسجلة' })).toBeInTheDocument();
    const disabilities = screen.getByRole('table', { name: 'الأفراد حسب نوع الإعاقة والجنس' });
    expect(within(disabilities).getByRole('rowheader', { name: 'حركية' })).toBeInTheDocument();
    const types = screen.getByRole('table', { name: 'الخدمات الطبية حسب النوع' });
    expect(plain(within(types).getByRole('row', { name: /إحالة طبية/ }).textContent)).toContain(
      '150.5',
    );
    expect(
      within(screen.getByRole('table', { name: 'الحالات والخدمات حسب المدينة والحي' })).getByRole(
        'rowheader',
        { name: 'الرياض — العليا' },
      ),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('table', { name: 'الأفراد حسب الجنس والفئة العمرية' })).getByRole(
        'rowheader',
        { name: 'ذكر — من 5 إلى 17 سنة' },
      ),
    ).toBeInTheDocument();

    const individuals = screen.getByRole('table', { name: INDIVIDUALS });
    const row = within(individuals).getByRole('row', { name: /سالم أحمد سالم الغامدي/ });
    expect(plain(row.textContent)).toContain('F-1447-00011');
    expect(plain(row.textContent)).toContain('حركية، سمعية');
    expect(within(row).getByRole('link')).toHaveAttribute('href', '/families/show/11');
    expect(screen.queryByText(MEDICAL_MESSAGES.individualsHidden)).not.toBeInTheDocument();
  });

  it('without the individuals (a reader who may not see medical fields): the aggregates and a note, no list', async () => {
    open(medicalReport({ individuals: null, individuals_total: null }));
    await reportLoaded();
    expect(
      screen.getByRole('table', { name: 'الأفراد حسب الحالة الصحية والجنس' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: INDIVIDUALS })).not.toBeInTheDocument();
    expect(screen.queryByText(/سالم أحمد سالم الغامدي/)).not.toBeInTheDocument();
    expect(screen.getByText(MEDICAL_MESSAGES.individualsHidden)).toBeInTheDocument();
  });

  it('applies the sex and age band filters to the address', async () => {
    const api = open();
    await reportLoaded();
    fireEvent.change(screen.getByLabelText('الجنس'), { target: { value: 'female' } });
    fireEvent.change(screen.getByLabelText('الفئة العمرية'), { target: { value: 'age_18_59' } });
    fireEvent.click(screen.getByRole('button', { name: 'عرض التقرير' }));
    await waitFor(() => expect(currentLocation(api.router)).toContain('sex=female'));
    await waitFor(() =>
      expect(api.lastCallTo(medicalReportEndpoints.show)?.query).toMatchObject({
        sex: 'female',
        age_band: 'age_18_59',
      }),
    );
  });
});

describe('medical archive pages', () => {
  it('an archive shown to a reader who may not see medical fields: the snapshot without the list, marked as an archive', async () => {
    const api = openArchiveShow(
      <ReportsMedicalArchiveShowPage />,
      'medical',
      medicalArchive(medicalReport({ individuals: null, individuals_total: null })),
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'التقرير الطبي للربع الأول' }),
    ).toBeInTheDocument();
    expect(archivedMarkInNote()).toBeInTheDocument();
    expect(figure('أفراد بحالة صحية')).toBe('4');
    expect(screen.queryByRole('table', { name: INDIVIDUALS })).not.toBeInTheDocument();
    expect(api.callsTo(medicalReportEndpoints.show)).toHaveLength(0);
  });

  it('an archive with the individuals lists them', async () => {
    openArchiveShow(<ReportsMedicalArchiveShowPage />, 'medical', medicalArchive());
    const table = await screen.findByRole('table', { name: INDIVIDUALS });
    expect(
      within(table).getByRole('rowheader', { name: 'سالم أحمد سالم الغامدي' }),
    ).toBeInTheDocument();
  });

  it('the archive list links each copy', async () => {
    openArchiveList(<ReportsMedicalArchivePage />, 'medical', [medicalArchive()]);
    expect(await screen.findByRole('link', { name: 'التقرير الطبي للربع الأول' })).toHaveAttribute(
      'href',
      '/reports/medical/archive/9',
    );
    expect(
      screen.getByRole('heading', { level: 1, name: 'أرشيف التقرير الطبي' }),
    ).toBeInTheDocument();
  });
});
