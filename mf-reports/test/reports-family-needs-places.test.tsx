import { screen, within } from '@testing-library/react';
import ReportsFamilyNeedsPage from '../src/features/reports/pages/reports-family-needs-page';
import { familyNeedsReport } from '../src/testing/report-fixtures';
import { openLiveReport, reportLoaded } from '../src/testing/report-test-support';

/** A group of the needs report in `city` / `district` (figures do not matter here). */
function place(city: [string, string], district: [string, string], families: number) {
  const [first] = familyNeedsReport().by_district;
  if (!first) throw new Error('the fixture has districts');
  return {
    ...first,
    city: city[0],
    city_label: city[1],
    district: district[0],
    district_label: district[1],
    families,
  };
}

describe('family-needs report: districts by city', () => {
  it('labels every district with its city, so «الروضة» of two cities reads as two places', async () => {
    const report = familyNeedsReport({
      by_district: [
        place(['riyadh', 'الرياض'], ['riyadh_rawdah', 'الروضة'], 2),
        place(['jeddah', 'جدة'], ['jeddah_rawdah', 'الروضة'], 1),
        place(['tabuk', 'تبوك'], ['tabuk_rawdah', 'الروضة'], 1),
      ],
    });
    openLiveReport(<ReportsFamilyNeedsPage />, {
      kind: 'family-needs',
      path: '/reports/family-needs?from=2026-03-01&to=2026-03-30',
      report,
    });
    await reportLoaded();
    expect(screen.getByRole('heading', { name: 'حسب المدينة والحي' })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'الاحتياج حسب المدينة والحي' });
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual(['الرياض — الروضة', 'جدة — الروضة', 'تبوك — الروضة']);
    expect(within(table).getByRole('columnheader', { name: 'المدينة والحي' })).toBeInTheDocument();
    // Each family too reads its district with its city.
    const families = screen.getByRole('table', { name: 'احتياج كل أسرة' });
    expect(within(families).getByRole('row', { name: /عبدالله محمد القحطاني/ })).toHaveTextContent(
      'الرياض — العليا',
    );
  });
});
