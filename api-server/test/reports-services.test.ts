import { sql } from 'kysely';
import { SERVICES_REPORT_MESSAGES } from 'shared-contracts/reports';
import { seedServicesFixture, type ServicesFixture } from './support/report-fixtures';
import { describeReport } from './support/reports';

const period = { from: '2026-01-01', to: '2026-02-28' };

// The hand-computed fixture (services #1–#9, F1, F2): `seedServicesFixture`.
describeReport('reports: services', 'services', period, (h, suite) => {
  const { report } = suite;
  let seeded: ServicesFixture;

  beforeAll(async () => {
    seeded = await seedServicesFixture(h);
  });

  test('counts by status, type, department, axis and month; delivery times; overdue', async () => {
    const answer = await report();
    const [basket, referral, course] = seeded.types;
    const [d1, d2] = seeded.departments;
    const [a1, a2] = seeded.axes;
    expect(answer.period).toEqual({ ...period, days: 59 });
    expect(answer.as_of).toBe('2026-02-28');
    expect(answer.totals).toEqual({
      requested: 7,
      delivered: 4,
      open: 2,
      overdue: 1,
      families: 2,
      rejected: 1,
      cancelled: 0,
      // 5, 14, 2, 2 days: mean 5.75 → 5.8, median (2 + 5) / 2.
      average_days: 5.8,
      median_days: 3.5,
    });
    expect(answer.by_status.map((row) => [row.status, row.count])).toEqual([
      ['requested', 1],
      ['approved', 1],
      ['in_progress', 0],
      ['delivered', 4],
      ['rejected', 1],
      ['cancelled', 0],
    ]);
    expect(answer.by_status[3]?.label).toBe('منفذة');
    expect(answer.by_type).toEqual([
      {
        service_type: { id: basket, name: 'سلة غذائية' },
        department_name: 'الرعاية الاجتماعية',
        axis_name: 'الإغاثة',
        requested: 3,
        delivered: 3,
        open: 0,
        overdue: 0,
        average_days: 7,
        median_days: 5,
      },
      {
        service_type: { id: referral, name: 'إحالة طبية' },
        department_name: 'الصحة',
        axis_name: 'الإغاثة',
        requested: 2,
        delivered: 1,
        open: 1,
        overdue: 0,
        average_days: 2,
        median_days: 2,
      },
      {
        service_type: { id: course, name: 'دورة تدريبية' },
        department_name: 'الرعاية الاجتماعية',
        axis_name: 'التمكين',
        requested: 2,
        delivered: 0,
        open: 1,
        overdue: 1,
        average_days: null,
        median_days: null,
      },
    ]);
    expect(
      answer.by_department.map((row) => [
        row.department.id,
        row.requested,
        row.delivered,
        row.open,
        row.overdue,
      ]),
    ).toEqual([
      [d1, 5, 3, 1, 1],
      [d2, 2, 1, 1, 0],
    ]);
    expect(
      answer.by_axis.map((row) => [row.axis.id, row.requested, row.delivered, row.overdue]),
    ).toEqual([
      [a1, 5, 4, 0],
      [a2, 2, 0, 1],
    ]);
    expect(answer.by_month).toEqual([
      { month: '2026-01', label: 'يناير 2026', requested: 3, delivered: 3 },
      { month: '2026-02', label: 'فبراير 2026', requested: 4, delivered: 1 },
    ]);
    expect(answer.overdue).toEqual([
      {
        service_id: seeded.services[3],
        family: {
          id: seeded.families[1].id,
          file_number: seeded.families[1].file_number,
          head_name: expect.any(String),
        },
        service_type_name: 'دورة تدريبية',
        status: 'approved',
        status_label: 'معتمدة',
        request_date: '2026-02-01',
        expected_date: '2026-02-10',
        days_overdue: 18,
        medical: false,
      },
    ]);
  });

  test('filters: department, axis, type, city and season; an unknown id selects nothing', async () => {
    const [d1, d2] = seeded.departments;
    const [, a2] = seeded.axes;
    const [, , course] = seeded.types;
    expect((await report({ ...period, department_id: String(d2) })).totals.requested).toBe(2);
    const byDepartment = await report({ ...period, department_id: String(d1) });
    expect(byDepartment.totals.requested).toBe(5);
    expect(byDepartment.parameters.department_name).toBe('الرعاية الاجتماعية');
    expect((await report({ ...period, axis_id: String(a2) })).totals.requested).toBe(2);
    expect((await report({ ...period, service_type_id: String(course) })).totals.overdue).toBe(1);
    const jeddah = await report({ ...period, city: 'jeddah' });
    expect([jeddah.totals.requested, jeddah.parameters.city_label]).toEqual([2, 'جدة']);
    const season = await report({ ...period, season_id: String(seeded.seasonId) });
    expect([season.totals.requested, season.parameters.season_name]).toEqual([5, 'سلة رمضان']);
    const unknown = await report({ ...period, department_id: '999999' });
    expect(unknown.totals.requested).toBe(0);
    expect(unknown.by_status.every((row) => row.count === 0)).toBe(true);
    expect(unknown.totals.average_days).toBeNull();
    // A period that has not ended judges overdue on today: #5 (expected 2026-03-15) is overdue too.
    expect((await report({ from: '2026-01-01', to: '2036-01-01' })).totals.overdue).toBe(2);
  });

  test('401, 403 and 422 in Arabic', async () => {
    await suite.expectReportRefusals();
    const reversed = await suite.invalidQueryErrors({ from: '2026-02-01', to: '2026-01-01' });
    expect(reversed.to).toEqual([SERVICES_REPORT_MESSAGES.periodOrder]);
    const malformed = await suite.invalidQueryErrors({ ...period, department_id: 'قسم' });
    expect(malformed.department_id?.[0]).toMatch(/[\u0600-\u06FF]/);
    const season = await suite.invalidQueryErrors({ ...period, season_id: '999999' });
    expect(season.season_id).toEqual([SERVICES_REPORT_MESSAGES.seasonNotFound]);
    await suite.expectExportRefusals();
  });

  test('the export: XLSX, one row per type, the totals, logged as services_report', async () => {
    const sheet = await suite.exportSheet();
    expect(sheet.header).toContain('متوسط أيام التنفيذ');
    const basket = sheet.rows.find((row) => row.includes('سلة غذائية'));
    expect(basket).toEqual(expect.arrayContaining([3, 7, 5]));
    expect(sheet.rows.some((row) => row.includes('الإجمالي') && row.includes(5.8))).toBe(true);
    expect(await suite.exportLog('services_report')).toHaveLength(1);
  });

  test('an archive stays byte-identical after a service changes, while the live report moves', async () => {
    await suite.expectArchiveRefusals({ from: '2026-02-01', to: '2026-01-01' });
    const live = await report();
    const archived = (await suite.createArchive({ ...period, title: 'خدمات الربع الأول' })).data;
    expect(archived.snapshot).toEqual(live);
    expect(archived).toMatchObject({ kind: 'services', title: 'خدمات الربع الأول', row_count: 3 });
    const before = (await suite.showArchive(archived.id)).payload;

    // The overdue course is delivered on 2026-02-20.
    await sql`update services set status = 'delivered', delivery_date = '2026-02-20'
      where id = ${seeded.services[3] ?? 0}`.execute(h.db);
    const moved = await report();
    expect([moved.totals.delivered, moved.totals.overdue, moved.overdue]).toEqual([5, 0, []]);

    const after = await suite.showArchive(archived.id);
    expect(after.statusCode).toBe(200);
    expect(after.payload).toBe(before);
    expect(suite.parseArchive(after).data.snapshot.totals.overdue).toBe(1);

    const list = await suite.listArchives();
    expect(list.data.map((item) => item.id)).toEqual([archived.id]);
    await suite.expectArchiveListRefusals({ 'filter[from]': 'أمس' });
    await suite.expectArchiveShowRefusals(archived.id);
    await suite.archiveFileCells(archived);
  });
});
