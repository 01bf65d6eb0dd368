import {
  BUILT_REPORT_KINDS,
  SEMINAR_AGE_BANDS,
  SEMINAR_REPORT_EXPORT_COLUMNS,
  rateOf,
  seminarAgeBandOf,
  seminarReportEndpoints,
  seminarReportQuerySchema,
} from '../../src/reports';

describe('seminar report: rates, age bands, filters and endpoints', () => {
  test('rates in percent with one decimal, null without a denominator', () => {
    expect(rateOf(4, 6)).toBe(66.7);
    expect(rateOf(7, 19)).toBe(36.8);
    expect(rateOf(3, 4)).toBe(75);
    expect(rateOf(0, 5)).toBe(0);
    expect(rateOf(1, 0)).toBeNull();
  });

  test('the age bands cover every age once, in order', () => {
    expect(seminarAgeBandOf(0)).toBe('child');
    expect(seminarAgeBandOf(11)).toBe('child');
    expect(seminarAgeBandOf(13)).toBe('teen');
    expect(seminarAgeBandOf(18)).toBe('youth');
    expect(seminarAgeBandOf(40)).toBe('adult');
    expect(seminarAgeBandOf(45)).toBe('middle');
    expect(seminarAgeBandOf(60)).toBe('senior');
    expect(seminarAgeBandOf(undefined)).toBe('unknown');
    for (let age = 0; age <= 120; age += 1)
      expect(SEMINAR_AGE_BANDS.filter((band) => age >= band.from && age <= band.to)).toHaveLength(
        1,
      );
  });

  test('the query: a period, a seminar type and an axis', () => {
    expect(
      seminarReportQuerySchema.parse({
        from: '2026-03-01',
        to: '2026-03-31',
        seminar_type_id: '2',
        axis_id: '',
      }),
    ).toEqual({ from: '2026-03-01', to: '2026-03-31', seminar_type_id: 2 });
    expect(seminarReportQuerySchema.safeParse({ from: '2026-03-01' }).success).toBe(false);
    expect(
      seminarReportQuerySchema.safeParse({ from: '2016-01-01', to: '2026-03-31' }).success,
    ).toBe(false);
  });

  test('six literal endpoints under /reports/seminar, built, exported with Arabic headers', () => {
    expect(seminarReportEndpoints.export.path).toBe('/reports/seminar/export');
    expect(seminarReportEndpoints.archives.method).toBe('GET');
    expect(seminarReportEndpoints.archive.method).toBe('POST');
    expect(BUILT_REPORT_KINDS).toContain('seminar');
    for (const column of SEMINAR_REPORT_EXPORT_COLUMNS)
      expect(column.header).toMatch(/[\u0600-\u06FF]/);
  });
});
