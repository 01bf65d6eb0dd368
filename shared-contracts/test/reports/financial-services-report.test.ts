import {
  BUILT_REPORT_KINDS,
  FINANCIAL_SERVICES_EXPORT_COLUMNS,
  decimalTextSchema,
  financialServicesReportEndpoints,
  financialServicesReportQuerySchema,
  financialServicesReportSchema,
} from '../../src/reports';

describe('financial-services report', () => {
  test('the filters are those of the services report', () => {
    expect(
      financialServicesReportQuerySchema.parse({
        from: '2026-01-01',
        to: '2026-03-31',
        season_id: '4',
        city: '',
      }),
    ).toEqual({ from: '2026-01-01', to: '2026-03-31', season_id: 4 });
    expect(
      financialServicesReportQuerySchema.safeParse({ from: '2026-01-01', to: '2040-01-01' })
        .success,
    ).toBe(false);
  });

  test('money is an exact decimal string with two decimals, never a float', () => {
    for (const ok of ['0.00', '700.00', '1250.50', '-30.00'])
      expect(decimalTextSchema.parse(ok)).toBe(ok);
    for (const bad of ['700', '700.5', '1e3', 'NaN', ''])
      expect(decimalTextSchema.safeParse(bad).success).toBe(false);
    expect(decimalTextSchema.safeParse(700).success).toBe(false);
  });

  test('endpoints under /reports/financial-services; the export names its money column', () => {
    expect(financialServicesReportEndpoints.show.path).toBe('/reports/financial-services');
    expect(financialServicesReportEndpoints.archives.path).toBe(
      '/reports/financial-services/archives',
    );
    expect(BUILT_REPORT_KINDS).toContain('financial-services');
    expect(FINANCIAL_SERVICES_EXPORT_COLUMNS.map((column) => column.header)).toContain(
      'المصروف (ريال)',
    );
  });

  test('a season row states budget, spent and remaining as decimals', () => {
    const season = {
      season: { id: 1, name: 'سلة رمضان' },
      start_date: '2026-01-01',
      end_date: '2026-01-31',
      budget: '1000.00',
      spent: '250.50',
      remaining: '749.50',
      used_percent: 25.1,
      services: 1,
    };
    const shape = financialServicesReportSchema.shape.by_season.element;
    expect(shape.parse(season)).toEqual(season);
    expect(shape.safeParse({ ...season, spent: 250.5 }).success).toBe(false);
  });
});
