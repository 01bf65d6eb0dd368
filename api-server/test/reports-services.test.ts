import { sql } from 'kysely';
import { PERMISSION_KEYS } from 'shared-contracts';
import {
  REPORT_ARCHIVE_MESSAGES,
  SERVICES_REPORT_MESSAGES,
  reportArchiveItemSchema,
  servicesReportArchiveSchema,
  servicesReportSchema,
  type ServicesReport,
} from 'shared-contracts/reports';
import { z } from 'zod';
import { MESSAGES } from '../src/http/errors';
import {
  BENEFICIARY_KEYS,
  approvedFamily,
  familyBody,
  isZip,
  readXlsx,
  type CreatedFamily,
} from './support/beneficiaries';
import { describeEachDatabase, type TestEmployee, type TestHarness } from './support/harness';

const reportEnvelope = z.object({ data: servicesReportSchema });
const archiveEnvelope = z.object({
  message: z.string().optional(),
  data: servicesReportArchiveSchema,
});
const archiveList = z.object({
  data: z.array(reportArchiveItemSchema),
  meta: z.object({ total: z.number() }),
});

interface Seeded {
  families: [CreatedFamily, CreatedFamily];
  departments: [number, number];
  axes: [number, number];
  /** سلة غذائية (D1, A1), إحالة طبية (D2, A1), دورة تدريبية (D1, A2). */
  types: [number, number, number];
  seasonId: number;
  services: number[];
}

/**
 * The hand-computed fixture (period 2026-01-01 → 2026-02-28, overdue judged on 2026-02-28):
 *   #1 F1 basket   req 01-05 delivered 01-10 (5 d)   250.50
 *   #2 F1 basket   req 01-20 delivered 02-03 (14 d)  100.25  for member m1
 *   #3 F2 referral req 01-25 delivered 01-27 (2 d)   300.10  for member m2
 *   #4 F2 course   req 02-01 approved, expected 02-10 → overdue 18 days
 *   #5 F1 referral req 02-15 requested, expected 03-15 → not overdue
 *   #6 F1 course   req 02-20 rejected
 *   #7 F2 basket   req 2025-12-20 delivered 01-02 (outside the request period)  49.15
 *   #8 F1 basket   req 02-10 delivered 02-12 (2 d)   no cost
 *   #9 F2 referral req 03-05 (outside)
 * F1 lives in Riyadh and is enrolled in the season «سلة رمضان» (budget 1000.00, January);
 * F2 lives in Jeddah.
 */
async function seedServices(h: TestHarness, token: string): Promise<Seeded> {
  const post = async (url: string, body: unknown) => {
    const response = await h.request('POST', `/api${url}`, { token, body });
    if (response.statusCode !== 201) throw new Error(`${url}: ${response.payload}`);
    return response.json<{ data: { id: number } }>().data.id;
  };
  const f1 = await approvedFamily(
    h,
    token,
    familyBody({ city: 'riyadh', district: 'riyadh_malaz' }),
  );
  const f2 = await approvedFamily(
    h,
    token,
    familyBody({ city: 'jeddah', district: 'jeddah_safa' }),
  );
  const d1 = await post('/service-departments', { name: 'الرعاية الاجتماعية' });
  const d2 = await post('/service-departments', { name: 'الصحة' });
  const a1 = await post('/service-axes', { name: 'الإغاثة' });
  const a2 = await post('/service-axes', { name: 'التمكين' });
  const basket = await post('/service-types', {
    name: 'سلة غذائية',
    department_id: d1,
    axis_id: a1,
  });
  const referral = await post('/service-types', {
    name: 'إحالة طبية',
    department_id: d2,
    axis_id: a1,
  });
  const course = await post('/service-types', {
    name: 'دورة تدريبية',
    department_id: d1,
    axis_id: a2,
  });
  const m1 = f1.members.find((member) => member.relationship === 'son')?.id ?? null;
  const m2 = f2.members.find((member) => member.relationship === 'spouse')?.id ?? null;
  const rows = [
    [f1.id, basket, null, '2026-01-05', 'delivered', '2026-01-10', null, '250.50'],
    [f1.id, basket, m1, '2026-01-20', 'delivered', '2026-02-03', null, '100.25'],
    [f2.id, referral, m2, '2026-01-25', 'delivered', '2026-01-27', null, '300.10'],
    [f2.id, course, null, '2026-02-01', 'approved', null, '2026-02-10', null],
    [f1.id, referral, null, '2026-02-15', 'requested', null, '2026-03-15', null],
    [f1.id, course, null, '2026-02-20', 'rejected', null, null, null],
    [f2.id, basket, null, '2025-12-20', 'delivered', '2026-01-02', null, '49.15'],
    [f1.id, basket, null, '2026-02-10', 'delivered', '2026-02-12', null, null],
    [f2.id, referral, null, '2026-03-05', 'requested', null, null, null],
  ] as const;
  const services: number[] = [];
  for (const [family, type, member, request, status, delivery, expected, cost] of rows) {
    const row = await h.db
      .insertInto('services')
      .values({
        family_id: family,
        service_type_id: type,
        member_id: member,
        request_date: request,
        status,
        delivery_date: delivery,
        expected_date: expected,
        cost,
        quantity: 1,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    services.push(row.id);
  }
  const season = await h.db
    .insertInto('seasons')
    .values({
      name: 'سلة رمضان',
      name_normalized: 'سله رمضان',
      kind: 'ramadan_basket',
      hijri_year: 1447,
      start_date: '2026-01-01',
      end_date: '2026-01-31',
      budget: '1000.00',
      eligibility: JSON.stringify({
        categories: [],
        max_per_capita_income: null,
        member_min_age: null,
        member_max_age: null,
        statuses: [],
      }),
      status: 'approved',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await h.db
    .insertInto('season_beneficiaries')
    .values({ season_id: season.id, family_id: f1.id, status: 'enrolled', voucher_code: 'V-0001' })
    .execute();
  return {
    families: [f1, f2],
    departments: [d1, d2],
    axes: [a1, a2],
    types: [basket, referral, course],
    seasonId: season.id,
    services,
  };
}

describeEachDatabase('reports: services', (h) => {
  let reader: TestEmployee;
  let outsider: TestEmployee;
  let seeded: Seeded;
  const period = { from: '2026-01-01', to: '2026-02-28' };

  const get = (url: string, token: string | undefined, query?: Record<string, string>) =>
    h.request('GET', `/api${url}`, { token, query });
  const report = async (query: Record<string, string> = period): Promise<ServicesReport> => {
    const response = await get('/reports/services', reader.token, query);
    if (response.statusCode !== 200) throw new Error(response.payload);
    return reportEnvelope.parse(response.json()).data;
  };

  beforeAll(async () => {
    reader = await h.createEmployee({ name: 'منيرة التقارير', permissions: ['show_reports'] });
    outsider = await h.createEmployee({
      permissions: PERMISSION_KEYS.filter((key) => key !== 'show_reports'),
    });
    const setup = await h.createEmployee({
      permissions: [...BENEFICIARY_KEYS, 'show_services', 'show_departments', 'show_axise'],
    });
    seeded = await seedServices(h, setup.token);
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
    expect((await get('/reports/services', undefined, period)).json()).toEqual({
      message: MESSAGES.unauthenticated,
    });
    const forbidden = await get('/reports/services', outsider.token, period);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toEqual({ message: MESSAGES.forbidden });
    const reversed = await get('/reports/services', reader.token, {
      from: '2026-02-01',
      to: '2026-01-01',
    });
    expect(reversed.statusCode).toBe(422);
    expect(reversed.json<{ errors: Record<string, string[]> }>().errors.to).toEqual([
      SERVICES_REPORT_MESSAGES.periodOrder,
    ]);
    const malformed = await get('/reports/services', reader.token, {
      ...period,
      department_id: 'قسم',
    });
    expect(malformed.statusCode).toBe(422);
    expect(
      malformed.json<{ errors: Record<string, string[]> }>().errors.department_id?.[0],
    ).toMatch(/[\u0600-\u06FF]/);
    const season = await get('/reports/services', reader.token, { ...period, season_id: '999999' });
    expect(season.statusCode).toBe(422);
    expect(season.json<{ errors: Record<string, string[]> }>().errors.season_id).toEqual([
      SERVICES_REPORT_MESSAGES.seasonNotFound,
    ]);
    expect((await get('/reports/services/export', undefined, period)).statusCode).toBe(401);
    expect((await get('/reports/services/export', outsider.token, period)).statusCode).toBe(403);
    expect(
      (await get('/reports/services/export', reader.token, { ...period, format: 'pdf' }))
        .statusCode,
    ).toBe(422);
  });

  test('the export: XLSX, one row per type, the totals, logged as services_report', async () => {
    const response = await get('/reports/services/export', reader.token, period);
    expect(response.statusCode).toBe(200);
    expect(isZip(response)).toBe(true);
    const sheet = await readXlsx(response);
    expect(sheet.rightToLeft).toBe(true);
    expect(sheet.header).toContain('متوسط أيام التنفيذ');
    const basket = sheet.rows.find((row) => row.includes('سلة غذائية'));
    expect(basket).toEqual(expect.arrayContaining([3, 7, 5]));
    expect(sheet.rows.some((row) => row.includes('الإجمالي') && row.includes(5.8))).toBe(true);
    const log = await h.db
      .selectFrom('activity_log')
      .selectAll()
      .where('action', '=', 'export')
      .where('entity_type', '=', 'services_report')
      .execute();
    expect(log).toHaveLength(1);
  });

  test('an archive stays byte-identical after a service changes, while the live report moves', async () => {
    const url = '/api/reports/services/archives';
    expect((await h.request('POST', url, { body: period })).statusCode).toBe(401);
    expect((await h.request('POST', url, { token: outsider.token, body: period })).statusCode).toBe(
      403,
    );
    expect(
      (
        await h.request('POST', url, {
          token: reader.token,
          body: { from: '2026-02-01', to: '2026-01-01' },
        })
      ).statusCode,
    ).toBe(422);
    const live = await report();
    const created = await h.request('POST', url, {
      token: reader.token,
      body: { ...period, title: 'خدمات الربع الأول' },
    });
    expect(created.statusCode).toBe(201);
    const archived = archiveEnvelope.parse(created.json()).data;
    expect(archived.snapshot).toEqual(live);
    expect(archived).toMatchObject({ kind: 'services', title: 'خدمات الربع الأول', row_count: 3 });
    const before = (await get(`/reports/services/archives/${archived.id}`, reader.token)).payload;

    // The overdue course is delivered on 2026-02-20.
    await sql`update services set status = 'delivered', delivery_date = '2026-02-20'
      where id = ${seeded.services[3] ?? 0}`.execute(h.db);
    const moved = await report();
    expect([moved.totals.delivered, moved.totals.overdue, moved.overdue]).toEqual([5, 0, []]);

    const after = await get(`/reports/services/archives/${archived.id}`, reader.token);
    expect(after.statusCode).toBe(200);
    expect(after.payload).toBe(before);
    expect(archiveEnvelope.parse(after.json()).data.snapshot.totals.overdue).toBe(1);

    const list = archiveList.parse((await get('/reports/services/archives', reader.token)).json());
    expect(list.data.map((item) => item.id)).toEqual([archived.id]);
    expect((await get('/reports/services/archives', undefined)).statusCode).toBe(401);
    expect((await get('/reports/services/archives', outsider.token)).statusCode).toBe(403);
    expect(
      (await get('/reports/services/archives', reader.token, { 'filter[from]': 'أمس' })).statusCode,
    ).toBe(422);
    expect(
      (await get(`/reports/services/archives/${archived.id}`, outsider.token)).statusCode,
    ).toBe(403);
    const missing = await get('/reports/services/archives/999999', reader.token);
    expect([missing.statusCode, missing.json()]).toEqual([
      404,
      { message: REPORT_ARCHIVE_MESSAGES.notFound },
    ]);

    const file = await get(`/reports/services/archives/${archived.id}/export`, reader.token);
    expect(file.statusCode).toBe(200);
    const cells = (await readXlsx(file)).rows.flat();
    expect(cells).toContain(`نسخة مؤرشفة بتاريخ ${archived.created_at.slice(0, 10)}`);
    expect(
      (await get(`/reports/services/archives/${archived.id}/export`, undefined)).statusCode,
    ).toBe(401);
    expect(
      (await get(`/reports/services/archives/${archived.id}/export`, outsider.token)).statusCode,
    ).toBe(403);
    expect(
      (
        await get(`/reports/services/archives/${archived.id}/export`, reader.token, {
          format: 'doc',
        })
      ).statusCode,
    ).toBe(422);
  });
});
