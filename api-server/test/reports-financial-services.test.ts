import { sql } from 'kysely';
import { PERMISSION_KEYS } from 'shared-contracts';
import {
  FINANCIAL_SERVICES_REPORT_MESSAGES,
  REPORT_ARCHIVE_MESSAGES,
  financialServicesReportArchiveSchema,
  financialServicesReportSchema,
  reportArchiveItemSchema,
  type FinancialServicesReport,
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

const reportEnvelope = z.object({ data: financialServicesReportSchema });
const archiveEnvelope = z.object({
  message: z.string().optional(),
  data: financialServicesReportArchiveSchema,
});
const archiveList = z.object({
  data: z.array(reportArchiveItemSchema),
  meta: z.object({ total: z.number() }),
});

// The same fixture as reports-services.test.ts (each suite has its own database).

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

describeEachDatabase('reports: financial services', (h) => {
  let reader: TestEmployee;
  let outsider: TestEmployee;
  let seeded: Seeded;
  const period = { from: '2026-01-01', to: '2026-02-28' };

  const get = (url: string, token: string | undefined, query?: Record<string, string>) =>
    h.request('GET', `/api${url}`, { token, query });
  const report = async (
    query: Record<string, string> = period,
  ): Promise<FinancialServicesReport> => {
    const response = await get('/reports/financial-services', reader.token, query);
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
    // A budgeted season of another year and one without a budget: neither is compared.
    for (const [name, start, end, budget] of [
      ['كسوة العيد 1446', '2025-03-01', '2025-03-31', '500.00'],
      ['حقيبة الشتاء', '2026-01-01', '2026-02-28', null],
    ] as const)
      await h.db
        .insertInto('seasons')
        .values({
          name,
          name_normalized: name,
          kind: 'other',
          hijri_year: 1447,
          start_date: start,
          end_date: end,
          budget,
          eligibility: JSON.stringify({
            categories: [],
            max_per_capita_income: null,
            member_min_age: null,
            member_max_age: null,
            statuses: [],
          }),
          status: 'approved',
        })
        .execute();
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
      },
      {
        family: { id: f2.id, file_number: f2.file_number, head_name: expect.any(String) },
        city: 'jeddah',
        city_label: 'جدة',
        services: 2,
        spent: '349.25',
        beneficiaries: 1,
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
    expect((await get('/reports/financial-services', undefined, period)).json()).toEqual({
      message: MESSAGES.unauthenticated,
    });
    const forbidden = await get('/reports/financial-services', outsider.token, period);
    expect([forbidden.statusCode, forbidden.json()]).toEqual([
      403,
      { message: MESSAGES.forbidden },
    ]);
    const reversed = await get('/reports/financial-services', reader.token, {
      from: '2026-02-01',
      to: '2026-01-01',
    });
    expect(reversed.statusCode).toBe(422);
    expect(reversed.json<{ errors: Record<string, string[]> }>().errors.to?.[0]).toMatch(
      /[\u0600-\u06FF]/,
    );
    const season = await get('/reports/financial-services', reader.token, {
      ...period,
      season_id: '999999',
    });
    expect(season.statusCode).toBe(422);
    expect(season.json<{ errors: Record<string, string[]> }>().errors.season_id).toEqual([
      FINANCIAL_SERVICES_REPORT_MESSAGES.seasonNotFound,
    ]);
    expect(
      (await get('/reports/financial-services', reader.token, { ...period, city: '!!' }))
        .statusCode,
    ).toBe(422);
    expect((await get('/reports/financial-services/export', undefined, period)).statusCode).toBe(
      401,
    );
    expect(
      (await get('/reports/financial-services/export', outsider.token, period)).statusCode,
    ).toBe(403);
    expect(
      (await get('/reports/financial-services/export', reader.token, { ...period, format: 'pdf' }))
        .statusCode,
    ).toBe(422);
  });

  test('the export: XLSX, one row per family with exact amounts, logged as financial_services_report', async () => {
    const response = await get('/reports/financial-services/export', reader.token, period);
    expect(response.statusCode).toBe(200);
    expect(isZip(response)).toBe(true);
    const sheet = await readXlsx(response);
    expect(sheet.rightToLeft).toBe(true);
    expect(sheet.header).toContain('المصروف (ريال)');
    const cells = sheet.rows.flat();
    expect(cells).toEqual(expect.arrayContaining(['350.75', '349.25', '700.00', 'سلة رمضان']));
    const log = await h.db
      .selectFrom('activity_log')
      .selectAll()
      .where('action', '=', 'export')
      .where('entity_type', '=', 'financial_services_report')
      .execute();
    expect(log).toHaveLength(1);
  });

  test('an archive stays byte-identical after a service cost changes, while the live report moves', async () => {
    const url = '/api/reports/financial-services/archives';
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
    const created = await h.request('POST', url, { token: reader.token, body: period });
    expect(created.statusCode).toBe(201);
    const archived = archiveEnvelope.parse(created.json()).data;
    expect(archived.snapshot).toEqual(live);
    expect(archived).toMatchObject({
      kind: 'financial-services',
      title: 'تقرير الخدمات المالية من 2026-01-01 إلى 2026-02-28',
      row_count: 2,
    });
    const before = (await get(`/reports/financial-services/archives/${archived.id}`, reader.token))
      .payload;

    // The basket #1 cost 260.50, not 250.50.
    await sql`update services set cost = 260.50 where id = ${seeded.services[0] ?? 0}`.execute(
      h.db,
    );
    const moved = await report();
    expect([moved.totals.spent, moved.by_season[0]?.remaining]).toEqual(['710.00', '739.50']);

    const after = await get(`/reports/financial-services/archives/${archived.id}`, reader.token);
    expect(after.payload).toBe(before);
    expect(archiveEnvelope.parse(after.json()).data.snapshot.totals.spent).toBe('700.00');

    const list = archiveList.parse(
      (await get('/reports/financial-services/archives', reader.token)).json(),
    );
    expect(list.data.map((item) => item.id)).toEqual([archived.id]);
    expect((await get('/reports/financial-services/archives', undefined)).statusCode).toBe(401);
    expect((await get('/reports/financial-services/archives', outsider.token)).statusCode).toBe(
      403,
    );
    expect(
      (await get('/reports/financial-services/archives', reader.token, { 'filter[to]': 'غداً' }))
        .statusCode,
    ).toBe(422);
    expect(
      (await get(`/reports/financial-services/archives/${archived.id}`, undefined)).statusCode,
    ).toBe(401);
    expect(
      (await get(`/reports/financial-services/archives/${archived.id}`, outsider.token)).statusCode,
    ).toBe(403);
    const missing = await get('/reports/financial-services/archives/999999', reader.token);
    expect([missing.statusCode, missing.json()]).toEqual([
      404,
      { message: REPORT_ARCHIVE_MESSAGES.notFound },
    ]);

    const file = await get(
      `/reports/financial-services/archives/${archived.id}/export`,
      reader.token,
    );
    expect(file.statusCode).toBe(200);
    expect(isZip(file)).toBe(true);
    const cells = (await readXlsx(file)).rows.flat();
    expect(cells).toContain(`نسخة مؤرشفة بتاريخ ${archived.created_at.slice(0, 10)}`);
    expect(cells).toContain('700.00');
    expect(cells).not.toContain('710.00');
    expect(
      (await get(`/reports/financial-services/archives/${archived.id}/export`, outsider.token))
        .statusCode,
    ).toBe(403);
    expect(
      (
        await get(`/reports/financial-services/archives/${archived.id}/export`, reader.token, {
          format: 'doc',
        })
      ).statusCode,
    ).toBe(422);
  });
});
