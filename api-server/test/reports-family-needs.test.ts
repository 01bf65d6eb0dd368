import { sql } from 'kysely';
import { PERMISSION_KEYS } from 'shared-contracts';
import { SEED_CALORIE_SETTINGS, findActivityFieldLabel } from 'shared-contracts/admin';
import { REPORTS_ACTIVITY_FIELD_LABELS } from 'shared-contracts/reports';
import {
  FAMILY_NEEDS_MESSAGES,
  REPORT_ARCHIVE_MESSAGES,
  REPORT_TABLE_LIMIT,
  familyNeedsArchiveSchema,
  familyNeedsReportSchema,
  reportArchiveItemSchema,
  type FamilyNeedsReport,
} from 'shared-contracts/reports';
import { z } from 'zod';
import { MESSAGES } from '../src/http/errors';
import {
  BENEFICIARY_KEYS,
  approvedFamily,
  createFamily,
  familyBody,
  isZip,
  readXlsx,
  validId,
  nextSerial,
  type CreatedFamily,
} from './support/beneficiaries';
import { describeEachDatabase, type TestEmployee } from './support/harness';

const reportEnvelope = z.object({ data: familyNeedsReportSchema });
const archiveEnvelope = z.object({
  message: z.string().optional(),
  data: familyNeedsArchiveSchema,
});
const archiveList = z.object({
  data: z.array(reportArchiveItemSchema),
  meta: z.object({ total: z.number() }),
});

/**
 * The logged fields with no Arabic label: in the activity-format tables once they spread
 * `REPORTS_ACTIVITY_FIELD_LABELS`, until then in the reports' own table.
 */
function unlabelled(
  entityType: 'family_needs_report' | 'report_archive',
  changes: unknown,
): string[] {
  const own: Record<string, string> = REPORTS_ACTIVITY_FIELD_LABELS[entityType];
  return Object.keys((changes ?? {}) as object).filter(
    (field) => findActivityFieldLabel(entityType, field) === undefined && own[field] === undefined,
  );
}

/** The reference §3 worked example: ages at 2026-01-01 are 45, 38 (lactating), 12, 7 and 0. */
function workedExampleFamily() {
  const n = nextSerial();
  return familyBody({
    district: 'riyadh_olaya',
    head: {
      full_name: 'عبدالله محمد سعد القحطاني',
      national_id: validId(n),
      gender: 'male',
      birth_date: '1980-06-01',
      marital_status: 'married',
      education_level: 'secondary',
      employment_status: 'unemployed',
    },
    members: [
      {
        full_name: 'نورة علي سعد القحطاني',
        relationship: 'spouse',
        gender: 'female',
        birth_date: '1987-06-01',
        is_lactating: true,
        national_id: validId(n + 500_000),
      },
      {
        full_name: 'سعد عبدالله محمد القحطاني',
        relationship: 'son',
        gender: 'male',
        birth_date: '2013-06-01',
        national_id: validId(n + 600_000),
      },
      {
        full_name: 'سارة عبدالله محمد القحطاني',
        relationship: 'daughter',
        gender: 'female',
        birth_date: '2018-06-01',
        national_id: validId(n + 700_000),
      },
      {
        full_name: 'ريم عبدالله محمد القحطاني',
        relationship: 'daughter',
        gender: 'female',
        birth_date: '2025-06-01',
        national_id: validId(n + 800_000),
      },
    ],
    needs: [{ need_type: 'food', priority: 'high' }],
  });
}

/**
 * Issue 16: the family-needs report against the reference's worked example (9,830 kcal/day),
 * its export, and archives that stay byte-identical after the data and the calorie table change.
 */
describeEachDatabase('reports: family needs and archives', (h) => {
  let reader: TestEmployee;
  let outsider: TestEmployee;
  let setup: TestEmployee;
  let example: CreatedFamily;
  let other: CreatedFamily;
  const period = { from: '2026-01-01', to: '2026-01-30' };

  const get = (url: string, token: string | undefined, query?: Record<string, string>) =>
    h.request('GET', `/api${url}`, { token, query });
  const report = async (query: Record<string, string> = period): Promise<FamilyNeedsReport> => {
    const response = await get('/reports/family-needs', reader.token, query);
    if (response.statusCode !== 200) throw new Error(response.payload);
    return reportEnvelope.parse(response.json()).data;
  };
  const archiveCount = async () =>
    (await sql<{ n: number }>`select count(*)::int as n from report_archives`.execute(h.db)).rows[0]
      ?.n ?? 0;

  beforeAll(async () => {
    reader = await h.createEmployee({ name: 'منيرة التقارير', permissions: ['show_reports'] });
    outsider = await h.createEmployee({
      name: 'موظف بلا تقارير',
      permissions: PERMISSION_KEYS.filter((key) => key !== 'show_reports'),
    });
    setup = await h.createEmployee({ permissions: [...BENEFICIARY_KEYS, 'show_calorie_settings'] });
    example = await approvedFamily(h, setup.token, workedExampleFamily());
    other = await approvedFamily(h, setup.token, familyBody({ district: 'riyadh_malaz' }));
    // Not approved: never in the report.
    await createFamily(h, setup.token, familyBody({ district: 'riyadh_olaya' }));
  });

  test('the worked example: 9,830 kcal a day against 10,500 planned, for 30 days', async () => {
    const answer = await report();
    expect(answer.rows).toHaveLength(2);
    expect(answer.rows_total).toBe(2);
    // The greatest need first.
    expect(answer.rows.map((item) => item.family.id)).toEqual([example.id, other.id]);
    const row = answer.rows.find((item) => item.family.id === example.id);
    expect(row).toMatchObject({
      members: 5,
      members_unbanded: 0,
      daily_kcal: 9830,
      planning_daily_kcal: 10_500,
      period_kcal: 294_900,
      planning_period_kcal: 315_000,
      rations: 140.4,
      district: 'riyadh_olaya',
      district_label: 'العليا',
      recorded_needs: ['مواد غذائية'],
    });
    expect(answer.period).toEqual({ ...period, days: 30 });
    const active = await h.db
      .selectFrom('calorie_setting_versions')
      .select('id')
      .orderBy('version_number', 'desc')
      .executeTakeFirstOrThrow();
    expect(answer.calorie_settings.id).toBe(active.id);
    expect(answer.calorie_settings.planning_figure).toBe(SEED_CALORIE_SETTINGS.planning_figure);
    // The other family: father born 1980-04-12 (45: 2,460), mother 1985-09-01 (40: 1,990), son 2015-02-20 (10: 2,370).
    const second = answer.rows.find((item) => item.family.id === other.id);
    expect(second?.daily_kcal).toBe(2460 + 1990 + 2370);
    expect(answer.totals).toMatchObject({
      families: 2,
      members: 8,
      daily_kcal: 9830 + 6820,
      period_kcal: (9830 + 6820) * 30,
    });
    expect(answer.totals.basket.find((item) => item.code === 'cereal')?.grams_per_ration).toBe(400);
    expect(answer.by_district.map((item) => [item.district, item.daily_kcal])).toEqual([
      ['riyadh_olaya', 9830],
      ['riyadh_malaz', 6820],
    ]);
    expect(answer.by_season).toEqual([]);
  });

  test('filters: a district, a city, a category; unknown codes select nothing', async () => {
    expect(
      (await report({ ...period, district: 'riyadh_malaz' })).rows.map((row) => row.family.id),
    ).toEqual([other.id]);
    expect((await report({ ...period, city: 'riyadh' })).rows).toHaveLength(2);
    expect((await report({ ...period, category: 'low_income' })).rows).toHaveLength(2);
    expect((await report({ ...period, category: 'orphans_xyz' })).rows).toHaveLength(0);
  });

  test('401, 403 and 422 in Arabic', async () => {
    expect((await get('/reports/family-needs', undefined, period)).json()).toEqual({
      message: MESSAGES.unauthenticated,
    });
    const forbidden = await get('/reports/family-needs', outsider.token, period);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toEqual({ message: MESSAGES.forbidden });
    const reversed = await get('/reports/family-needs', reader.token, {
      from: '2026-02-01',
      to: '2026-01-01',
    });
    expect(reversed.statusCode).toBe(422);
    expect(reversed.json<{ errors: Record<string, string[]> }>().errors.to).toEqual([
      FAMILY_NEEDS_MESSAGES.periodOrder,
    ]);
    const missing = await get('/reports/family-needs', reader.token, {});
    expect(missing.statusCode).toBe(422);
    expect(Object.keys(missing.json<{ errors: Record<string, string[]> }>().errors)).toEqual(
      expect.arrayContaining(['from', 'to']),
    );
    const season = await get('/reports/family-needs', reader.token, {
      ...period,
      season_id: '999999',
    });
    expect(season.statusCode).toBe(422);
    expect(season.json<{ errors: Record<string, string[]> }>().errors.season_id).toEqual([
      'البرنامج الموسمي غير موجود',
    ]);
    expect((await get('/reports/family-needs/export', undefined, period)).statusCode).toBe(401);
    expect((await get('/reports/family-needs/export', outsider.token, period)).statusCode).toBe(
      403,
    );
    expect(
      (await get('/reports/family-needs/export', reader.token, { ...period, format: 'pdf' }))
        .statusCode,
    ).toBe(422);
  });

  test('the export: XLSX, right to left, one row per family, logged with Arabic labels', async () => {
    const response = await get('/reports/family-needs/export', reader.token, period);
    expect(response.statusCode).toBe(200);
    expect(isZip(response)).toBe(true);
    const sheet = await readXlsx(response);
    expect(sheet.rightToLeft).toBe(true);
    expect(sheet.header).toContain('الاحتياج اليومي (سعرة)');
    expect(sheet.rows.some((row) => row.includes(9830))).toBe(true);
    const log = await h.db
      .selectFrom('activity_log')
      .selectAll()
      .where('action', '=', 'export')
      .where('entity_type', '=', 'family_needs_report')
      .execute();
    expect(log).toHaveLength(1);
    expect(unlabelled('family_needs_report', log[0]?.changes)).toEqual([]);
  });

  let archiveId = 0;
  let archived: z.infer<typeof familyNeedsArchiveSchema>;

  test('archiving: 401, 403, 422 write nothing; 201 stores the report as computed', async () => {
    const before = await archiveCount();
    const url = '/api/reports/family-needs/archives';
    expect((await h.request('POST', url, { body: period })).statusCode).toBe(401);
    expect((await h.request('POST', url, { token: outsider.token, body: period })).statusCode).toBe(
      403,
    );
    const invalid = await h.request('POST', url, {
      token: reader.token,
      body: { from: '2026-02-01', to: '2026-01-01', title: 'x' },
    });
    expect(invalid.statusCode).toBe(422);
    const errors = invalid.json<{ errors: Record<string, string[]> }>().errors;
    expect(errors.to).toEqual([FAMILY_NEEDS_MESSAGES.periodOrder]);
    expect(errors.title?.[0]).toMatch(/[\u0600-\u06FF]/);
    expect(await archiveCount()).toBe(before);

    const live = await report();
    const created = await h.request('POST', url, {
      token: reader.token,
      body: { ...period, title: 'احتياجات يناير' },
    });
    expect(created.statusCode).toBe(201);
    const answer = archiveEnvelope.parse(created.json());
    expect(answer.message).toBe(REPORT_ARCHIVE_MESSAGES.created);
    archived = answer.data;
    archiveId = archived.id;
    expect(archived.snapshot).toEqual(live);
    expect(archived).toMatchObject({
      kind: 'family-needs',
      title: 'احتياجات يناير',
      period_from: period.from,
      period_to: period.to,
      row_count: 2,
    });
    expect(archived.calorie_settings_version_id).toBe(live.calorie_settings.id);
    expect(archived.created_by?.id).toBe(reader.row.id);
    expect(await archiveCount()).toBe(before + 1);

    const log = await h.db
      .selectFrom('activity_log')
      .selectAll()
      .where('action', '=', 'archive')
      .where('entity_id', '=', String(archiveId))
      .execute();
    expect(log).toHaveLength(1);
    expect(unlabelled('report_archive', log[0]?.changes)).toEqual([]);
  });

  test('an archive stays byte-identical after a member and the calorie settings change, while the live report moves', async () => {
    const stored = await get(`/reports/family-needs/archives/${archiveId}`, reader.token);
    const before = stored.payload;
    // The mother stops breastfeeding, and a new calorie table raises the adult male band.
    await sql`update family_members set is_lactating = false where family_id = ${example.id} and relationship = 'spouse'`.execute(
      h.db,
    );
    const bands = SEED_CALORIE_SETTINGS.bands.map((band) =>
      band.sex === 'male' && band.age_from === 20 ? { ...band, kcal: 2600 } : band,
    );
    const saved = await h.request('POST', '/api/calorie-settings', {
      token: setup.token,
      body: { ...SEED_CALORIE_SETTINGS, note: 'تعديل لاختبار الأرشيف', bands },
    });
    expect(saved.statusCode).toBe(201);

    const live = await report();
    expect(live.rows.find((row) => row.family.id === example.id)?.daily_kcal).toBe(
      9830 - 500 + 140,
    );
    expect(live.calorie_settings.id).not.toBe(archived.calorie_settings_version_id);

    const after = await get(`/reports/family-needs/archives/${archiveId}`, reader.token);
    expect(after.payload).toBe(before);
    expect(archiveEnvelope.parse(after.json()).data).toEqual(archived);
    // The database refuses any edit of an archive.
    await expect(
      sql`update report_archives set title = 'تعديل' where id = ${archiveId}`.execute(h.db),
    ).rejects.toThrow();
  });

  test('the archive list: paged, filtered by period and author; 401 and 403', async () => {
    const list = async (query: Record<string, string>) =>
      archiveList.parse((await get('/reports/family-needs/archives', reader.token, query)).json());
    expect((await list({})).data.map((item) => item.id)).toContain(archiveId);
    expect(
      (await list({ 'filter[from]': '2026-01-15', 'filter[to]': '2026-03-01' })).data.map(
        (item) => item.id,
      ),
    ).toContain(archiveId);
    expect((await list({ 'filter[from]': '2026-02-01' })).data).toEqual([]);
    expect((await list({ 'filter[created_by]': String(reader.row.id) })).meta.total).toBe(1);
    expect((await list({ 'filter[created_by]': String(outsider.row.id) })).meta.total).toBe(0);
    expect(
      (await get('/reports/family-needs/archives', reader.token, { 'filter[from]': 'أمس' }))
        .statusCode,
    ).toBe(422);
    expect((await get('/reports/family-needs/archives', undefined)).statusCode).toBe(401);
    expect((await get('/reports/family-needs/archives', outsider.token)).statusCode).toBe(403);
  });

  test('show and export an archive: 404 in Arabic for an unknown one, 401, 403; the file says it is an archive', async () => {
    const missing = await get('/reports/family-needs/archives/999999', reader.token);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: REPORT_ARCHIVE_MESSAGES.notFound });
    expect((await get(`/reports/family-needs/archives/${archiveId}`, undefined)).statusCode).toBe(
      401,
    );
    expect(
      (await get(`/reports/family-needs/archives/${archiveId}`, outsider.token)).statusCode,
    ).toBe(403);
    expect(
      (await get(`/reports/family-needs/archives/${archiveId}/export`, outsider.token)).statusCode,
    ).toBe(403);
    expect(
      (
        await get(`/reports/family-needs/archives/${archiveId}/export`, reader.token, {
          format: 'doc',
        })
      ).statusCode,
    ).toBe(422);

    const response = await get(`/reports/family-needs/archives/${archiveId}/export`, reader.token);
    expect(response.statusCode).toBe(200);
    const sheet = await readXlsx(response);
    const cells = sheet.rows.flat();
    expect(cells).toContain(`نسخة مؤرشفة بتاريخ ${archived.created_at.slice(0, 10)}`);
    // The archived figures, not today's.
    expect(cells).toContain(9830);
    const log = await h.db
      .selectFrom('activity_log')
      .selectAll()
      .where('action', '=', 'export')
      .where('entity_type', '=', 'report_archive')
      .execute();
    expect(log).toHaveLength(1);
    expect(unlabelled('report_archive', log[0]?.changes)).toEqual([]);
  });

  test('a kind that does not exist has no route, and an archive of another kind is not found: 404 in Arabic', async () => {
    for (const url of [
      '/reports/no-such-report',
      '/reports/no-such-report/archives',
      '/reports/no-such-report/archives/1',
      // an id of another kind's archive (none of this kind exists here)
      '/reports/medical/archives/1',
    ]) {
      const response = await get(url, reader.token);
      expect(response.statusCode).toBe(404);
      expect(response.json<{ message: string }>().message).toMatch(/[\u0600-\u06FF]/);
    }
  });

  // Last: it adds families the tests above do not expect.
  test('a long table: the page gets its first rows and the full count; the export and the archive keep every row', async () => {
    // REPORT_TABLE_LIMIT + 5 more approved families, copies of `other` without members (0 kcal).
    const columns = (
      await sql<{ column_name: string }>`
        select column_name from information_schema.columns
        where table_schema = current_schema() and table_name = 'families'
          and column_name <> 'id' and is_generated = 'NEVER'`.execute(h.db)
    ).rows.map((row) => row.column_name);
    const values = columns.map((column) =>
      column === 'file_number' ? sql`f.file_number || '-' || g` : sql.ref(`f.${column}`),
    );
    await sql`
      insert into families (${sql.join(columns.map((column) => sql.ref(column)))})
      select ${sql.join(values)} from families f
      cross join generate_series(1, ${REPORT_TABLE_LIMIT + 5}) g
      where f.id = ${other.id}`.execute(h.db);
    const total = 2 + REPORT_TABLE_LIMIT + 5;

    const answer = await report();
    expect(answer.rows).toHaveLength(REPORT_TABLE_LIMIT);
    expect(answer.rows_total).toBe(total);
    expect(answer.totals.families).toBe(total);
    const needs = answer.rows.map((row) => row.daily_kcal);
    expect(needs).toEqual([...needs].sort((a, b) => b - a));

    const exported = await readXlsx(await get('/reports/family-needs/export', reader.token, period));
    const copies = (rows: unknown[][]) =>
      rows.filter((row) => String(row[0]).startsWith(`${other.file_number}-`)).length;
    expect(copies(exported.rows)).toBe(REPORT_TABLE_LIMIT + 5);

    const created = await h.request('POST', '/api/reports/family-needs/archives', {
      token: reader.token,
      body: period,
    });
    expect(created.statusCode).toBe(201);
    const archive = archiveEnvelope.parse(created.json()).data;
    expect(archive.row_count).toBe(total);
    expect(archive.snapshot.rows).toHaveLength(REPORT_TABLE_LIMIT);
    expect(archive.snapshot.rows_total).toBe(total);
    const stored = await sql<{ rows: number }>`
      select jsonb_array_length(snapshot->'rows')::int as rows from report_archives
      where id = ${archive.id}`.execute(h.db);
    expect(stored.rows[0]?.rows).toBe(total);
    const shown = archiveEnvelope.parse(
      (await get(`/reports/family-needs/archives/${archive.id}`, reader.token)).json(),
    ).data;
    expect(shown.snapshot.rows).toHaveLength(REPORT_TABLE_LIMIT);
    const archiveFile = await readXlsx(
      await get(`/reports/family-needs/archives/${archive.id}/export`, reader.token),
    );
    expect(copies(archiveFile.rows)).toBe(REPORT_TABLE_LIMIT + 5);
  });
});
