import { placeLabelOf } from 'shared-contracts/reports';
import { BENEFICIARY_KEYS, approvedFamily, familyBody } from './support/beneficiaries';
import { describeReport } from './support/reports';

const period = { from: '2026-01-01', to: '2026-01-30' };

/**
 * The needs report's «حسب الحي»: a district's name repeats across cities («الروضة» in Riyadh,
 * Jeddah and Tabuk), so the groups are city and district together and each reads with its city,
 * on screen (the API's labels) and in the export alike.
 */
describeReport('reports: family needs by city and district', 'family-needs', period, (h, suite) => {
  beforeAll(async () => {
    const setup = await h.createEmployee({ permissions: [...BENEFICIARY_KEYS] });
    const places = [
      ['riyadh', 'riyadh_rawdah'],
      ['riyadh', 'riyadh_rawdah'],
      ['jeddah', 'jeddah_rawdah'],
      ['tabuk', 'tabuk_rawdah'],
      ['riyadh', 'riyadh_aziziyah'],
      ['jeddah', 'jeddah_aziziyah'],
    ];
    for (const [city, district] of places)
      await approvedFamily(h, setup.token, familyBody({ city, district }));
  });

  test('one group per city and district, each labelled with its city; no label twice', async () => {
    const answer = await suite.report();
    const groups = answer.by_district.map((place) => [
      place.city,
      place.district,
      placeLabelOf(place),
      place.families,
    ]);
    expect(groups).toEqual(
      expect.arrayContaining([
        ['riyadh', 'riyadh_rawdah', 'الرياض — الروضة', 2],
        ['jeddah', 'jeddah_rawdah', 'جدة — الروضة', 1],
        ['tabuk', 'tabuk_rawdah', 'تبوك — الروضة', 1],
        ['riyadh', 'riyadh_aziziyah', 'الرياض — العزيزية', 1],
        ['jeddah', 'jeddah_aziziyah', 'جدة — العزيزية', 1],
      ]),
    );
    expect(groups).toHaveLength(5);
    const labels = answer.by_district.map(placeLabelOf);
    expect(new Set(labels).size).toBe(labels.length);
  });

  test('the export lists the same groups with their city after the families', async () => {
    const sheet = await suite.exportSheet();
    const heading = sheet.rows.findIndex((row) => row[0] === 'حسب المدينة والحي');
    expect(heading).toBeGreaterThan(0);
    const places = sheet.rows.slice(heading + 1).map((row) => [row[0], row[2], row[3]]);
    expect(places).toEqual(
      expect.arrayContaining([
        ['الرياض — الروضة', 'الرياض', 'الروضة'],
        ['جدة — الروضة', 'جدة', 'الروضة'],
        ['تبوك — الروضة', 'تبوك', 'الروضة'],
      ]),
    );
    expect(places).toHaveLength(5);
  });
});
