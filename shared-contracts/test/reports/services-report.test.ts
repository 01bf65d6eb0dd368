import {
  BUILT_REPORT_KINDS,
  GREGORIAN_MONTHS_AR,
  SERVICES_REPORT_MESSAGES,
  monthLabelAr,
  servicesReportArchiveInputSchema,
  servicesReportEndpoints,
  servicesReportExportQuerySchema,
  servicesReportQuerySchema,
  servicesReportSchema,
} from '../../src/reports';

describe('services report: filters', () => {
  test('the period and the optional ids and city; a blank value is no filter', () => {
    expect(
      servicesReportQuerySchema.parse({
        from: '2026-01-01',
        to: '2026-02-28',
        department_id: '3',
        axis_id: '',
        service_type_id: '٧',
        city: 'riyadh',
      }),
    ).toEqual({
      from: '2026-01-01',
      to: '2026-02-28',
      department_id: 3,
      service_type_id: 7,
      city: 'riyadh',
    });
  });

  test('a reversed period, a malformed id and a missing date are refused in Arabic', () => {
    const reversed = servicesReportQuerySchema.safeParse({ from: '2026-02-01', to: '2026-01-01' });
    expect(reversed.error?.issues[0]?.message).toBe(SERVICES_REPORT_MESSAGES.periodOrder);
    const badId = servicesReportQuerySchema.safeParse({
      from: '2026-01-01',
      to: '2026-01-31',
      season_id: 'رمضان',
    });
    expect(badId.error?.issues[0]?.path).toEqual(['season_id']);
    expect(badId.error?.issues[0]?.message).toMatch(/[\u0600-\u06FF]/);
    expect(servicesReportQuerySchema.safeParse({ to: '2026-01-31' }).success).toBe(false);
  });

  test('export defaults to XLSX; an archive may carry a title', () => {
    expect(
      servicesReportExportQuerySchema.parse({ from: '2026-01-01', to: '2026-01-31' }).format,
    ).toBe('xlsx');
    expect(
      servicesReportArchiveInputSchema.parse({
        from: '2026-01-01',
        to: '2026-01-31',
        title: 'خدمات يناير',
      }).title,
    ).toBe('خدمات يناير');
  });
});

describe('services report: endpoints and answer', () => {
  test('six literal paths under /reports/services, built', () => {
    expect(servicesReportEndpoints.show.path).toBe('/reports/services');
    expect(servicesReportEndpoints.archiveExport.path).toBe(
      '/reports/services/archives/:id/export',
    );
    expect(servicesReportEndpoints.archive.method).toBe('POST');
    expect(BUILT_REPORT_KINDS).toContain('services');
  });

  test('month labels in Arabic', () => {
    expect(GREGORIAN_MONTHS_AR).toHaveLength(12);
    expect(monthLabelAr('2026-03')).toBe('مارس 2026');
    expect(monthLabelAr('2025-12')).toBe('ديسمبر 2025');
  });

  test('an answer without figures still parses; a days figure is never negative', () => {
    const group = {
      requested: 0,
      delivered: 0,
      open: 0,
      overdue: 0,
      average_days: null,
      median_days: null,
    };
    const empty = {
      kind: 'services',
      period: { from: '2026-01-01', to: '2026-01-31', days: 31 },
      parameters: {
        season_id: null,
        season_name: null,
        department_id: null,
        department_name: null,
        axis_id: null,
        axis_name: null,
        service_type_id: null,
        service_type_name: null,
        city: null,
        city_label: null,
      },
      as_of: '2026-01-31',
      totals: { ...group, families: 0, rejected: 0, cancelled: 0 },
      by_status: [],
      by_type: [],
      by_department: [],
      by_axis: [],
      by_month: [{ month: '2026-01', label: 'يناير 2026', requested: 0, delivered: 0 }],
      overdue: [],
    };
    expect(servicesReportSchema.safeParse(empty).success).toBe(true);
    expect(
      servicesReportSchema.safeParse({ ...empty, totals: { ...empty.totals, average_days: -1 } })
        .success,
    ).toBe(false);
  });
});
