import { sql } from 'kysely';
import { FINANCIAL_SERVICES_REPORT_MESSAGES } from 'shared-contracts/reports';
import { insertSeason, seedServicesFixture, type ServicesFixture } from './support/report-fixtures';
import { describeReport } from './support/reports';

const period = { from: '2026-01-01', to: '2026-02-28' };

// The services report's fixture, `seedServicesFixture` (each suite has its own database).
describeReport('reports: financial services', 'financial-services', period, (h, suite) => {
  const { report } = suite;
  let seeded: ServicesFixture;

  beforeAll(async () => {
    seeded = await seedServicesFixture(h);
    // A budgeted season of another year and one without a budget: neither is compared.
    for (const [name, start, end, budget] of [
      ['كسوة العيد 1446', '2025-03-01', '2025-03-31', '500.00'],
      ['حقيبة الشتاء', '2026-01-01', '2026-02-28', null],
    ] as const)
      await insertSeason(h.db, {
        name,
        kind: 'other',
        hijri_year: 1447,
        start_date: start,
        end_date: end,
        budget,
      });
  });

  test('money spent by type, department, axis, family and beneficiary, exact to the halala', async () => {
    const answer = await report();
    const [f1, f2] = seeded.families;
    const [basket, referral] = seeded.types;
    const [d1, d2] = seeded.departments;
    const [a1] = seeded.axes;
    // Delivered 2026-01-01 → 2026-02-28: #1 250.50, #2 100.25, #3 300.10, #7 49.15, #8 (no cost).
    expect(answer.totals).toEqual({
      services: 5,
      spent: '700.00',
      families: 2,
      beneficiaries: 2,
      unpriced: 1,
      average_per_family: '350.00',
    });
    expect(answer.by_type).toEqual([
      {
        service_type: { id: basket, name: 'سلة غذائية' },
        department_name: 'الرعاية الاجتماعية',
        axis_name: 'الإغاثة',
        services: 4,
        spent: '399.90',
      },
      {
        service_type: { id: referral, name: 'إحالة طبية' },
        department_name: 'الصحة',
        axis_name: 'الإغاثة',
        services: 1,
        spent: '300.10',
      },
    ]);
    expect(answer.by_department).toEqual([
      { department: { id: d1, name: 'الرعاية الاجتماعية' }, services: 4, spent: '399.90' },
      { department: { id: d2, name: 'الصحة' }, services: 1, spent: '300.10' },
    ]);
    expect(answer.by_axis).toEqual([
      { axis: { id: a1, name: 'الإغاثة' }, services: 5, spent: '700.00' },
    ]);
    expect(answer.by_family).toEqual([
      {
        family: { id: f1.id, file_number: f1.file_number, head_name: expect.any(String) },
        city: 'riyadh',
        city_label: 'الرياض',
        services: 3,
        spent: '350.75',
        beneficiaries: 1,
        medical: false,
      },
      {
        family: { id: f2.id, file_number: f2.file_number, head_name: expect.any(String) },
        city: 'jeddah',
        city_label: 'جدة',
        services: 2,
        spent: '349.25',
        beneficiaries: 1,
        medical: false,
      },
    ]);
    expect(answer.by_beneficiary.map((row) => [row.family.id, row.services, row.spent])).toEqual([
      [f2.id, 1, '300.10'],
      [f1.id, 1, '100.25'],
    ]);
    // «سلة رمضان» (January, 1000.00): F1's January delivery #1 only.
    expect(answer.by_season).toEqual([
      {
        season: { id: seeded.seasonId, name: 'سلة رمضان' },
        start_date: '2026-01-01',
        end_date: '2026-01-31',
        budget: '1000.00',
        spent: '250.50',
        remaining: '749.50',
        used_percent: 25.1,
        services: 1,
      },
    ]);
  });

  test('filters: season, department, axis, type and city; an unknown id selects nothing', async () => {
    const [, d2] = seeded.departments;
    const [, a2] = seeded.axes;
    const [basket] = seeded.types;
    const season = await report({ ...period, season_id: String(seeded.seasonId) });
    expect([season.totals.spent, season.totals.services, season.parameters.season_name]).toEqual([
      '350.75',
      3,
      'سلة رمضان',
    ]);
    expect(season.by_season.map((row) => row.spent)).toEqual(['250.50']);
    expect((await report({ ...period, department_id: String(d2) })).totals.spent).toBe('300.10');
    expect((await report({ ...period, axis_id: String(a2) })).totals).toMatchObject({
      services: 0,
      spent: '0.00',
      average_per_family: '0.00',
    });
    expect((await report({ ...period, service_type_id: String(basket) })).totals.spent).toBe(
      '399.90',
    );
    expect((await report({ ...period, city: 'jeddah' })).totals.spent).toBe('349.25');
    expect((await report({ ...period, service_type_id: '999999' })).by_family).toEqual([]);
    // January only: #1, #3, #7.
    expect((await report({ from: '2026-01-01', to: '2026-01-31' })).totals.spent).toBe('599.75');
  });

  test('401, 403 and 422 in Arabic', async () => {
    await suite.expectReportRefusals();
    const reversed = await suite.invalidQueryErrors({ from: '2026-02-01', to: '2026-01-01' });
    expect(reversed.to?.[0]).toMatch(/[\u0600-\u06FF]/);
    const season = await suite.invalidQueryErrors({ ...period, season_id: '999999' });
    expect(season.season_id).toEqual([FINANCIAL_SERVICES_REPORT_MESSAGES.seasonNotFound]);
    await suite.invalidQueryErrors({ ...period, city: '!!' });
    await suite.expectExportRefusals();
  });

  test('the export: XLSX, one row per family with exact amounts, logged as financial_services_report', async () => {
    const sheet = await suite.exportSheet();
    expect(sheet.header).toContain('المصروف (ريال)');
    const cells = sheet.rows.flat();
    expect(cells).toEqual(expect.arrayContaining(['350.75', '349.25', '700.00', 'سلة رمضان']));
    // A season's budget line reads in riyals, never bare numbers.
    const budgets = cells.filter(
      (cell) => typeof cell === 'string' && cell.startsWith('الميزانية '),
    );
    expect(budgets).not.toEqual([]);
    for (const line of budgets)
      expect(line).toMatch(/^الميزانية [\d,.]+ ريال — المتبقي -?[\d,.]+ ريال$/);
    expect(await suite.exportLog('financial_services_report')).toHaveLength(1);
  });

  test('an archive stays byte-identical after a service cost changes, while the live report moves', async () => {
    await suite.expectArchiveRefusals({ from: '2026-02-01', to: '2026-01-01' });
    const live = await report();
    const archived = (await suite.createArchive()).data;
    expect(archived.snapshot).toEqual(live);
    expect(archived).toMatchObject({
      kind: 'financial-services',
      // A person reads the period in words, never as raw ISO dates.
      title: 'تقرير الخدمات المالية من 1 يناير 2026 إلى 28 فبراير 2026',
      row_count: 2,
    });
    const before = (await suite.showArchive(archived.id)).payload;

    // The basket #1 cost 260.50, not 250.50.
    await sql`update services set cost = 260.50 where id = ${seeded.services[0] ?? 0}`.execute(
      h.db,
    );
    const moved = await report();
    expect([moved.totals.spent, moved.by_season[0]?.remaining]).toEqual(['710.00', '739.50']);

    const after = await suite.showArchive(archived.id);
    expect(after.payload).toBe(before);
    expect(suite.parseArchive(after).data.snapshot.totals.spent).toBe('700.00');

    const list = await suite.listArchives();
    expect(list.data.map((item) => item.id)).toEqual([archived.id]);
    await suite.expectArchiveListRefusals({ 'filter[to]': 'غداً' });
    await suite.expectArchiveShowRefusals(archived.id);
    const cells = await suite.archiveFileCells(archived);
    expect(cells).toContain('700.00');
    expect(cells).not.toContain('710.00');
  });
});
