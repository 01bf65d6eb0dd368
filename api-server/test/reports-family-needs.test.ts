import { sql } from 'kysely';
import { SEED_CALORIE_SETTINGS } from 'shared-contracts/admin';
import {
  FAMILY_NEEDS_MESSAGES,
  REPORT_ARCHIVE_MESSAGES,
  REPORT_TABLE_LIMIT,
  type FamilyNeedsArchive,
} from 'shared-contracts/reports';
import {
  BENEFICIARY_KEYS,
  approvedFamily,
  createFamily,
  familyBody,
  familyOf,
  readXlsx,
  type CreatedFamily,
} from './support/beneficiaries';
import type { TestEmployee } from './support/harness';
import {
  describeReport,
  archiveCount,
  unlabelledFields,
  type ValidationErrors,
} from './support/reports';

/**
 * The worked example of docs/family-needs.md: ages at 2026-01-01 are 45, 38 (lactating), 12, 7 and
 * 0.
 */
function workedExampleFamily() {
  return familyOf(
    {
      full_name: 'عبدالله محمد سعد القحطاني',
      gender: 'male',
      birth_date: '1980-06-01',
      marital_status: 'married',
      education_level: 'secondary',
      employment_status: 'unemployed',
    },
    [
      {
        full_name: 'نورة علي سعد القحطاني',
        relationship: 'spouse',
        gender: 'female',
        birth_date: '1987-06-01',
        is_lactating: true,
      },
      {
        full_name: 'سعد عبدالله محمد القحطاني',
        relationship: 'son',
        gender: 'male',
        birth_date: '2013-06-01',
      },
      {
        full_name: 'سارة عبدالله محمد القحطاني',
        relationship: 'daughter',
        gender: 'female',
        birth_date: '2018-06-01',
      },
      {
        full_name: 'ريم عبدالله محمد القحطاني',
        relationship: 'daughter',
        gender: 'female',
        birth_date: '2025-06-01',
      },
    ],
    { district: 'riyadh_olaya', needs: [{ need_type: 'food', priority: 'high' }] },
  );
}

const period = { from: '2026-01-01', to: '2026-01-30' };

/**
 * The family-needs report against the worked example of docs/family-needs.md (9,830 kcal/day),
 * its export, and archives that stay byte-identical after the data and the calorie table change.
 */
describeReport('reports: family needs and archives', 'family-needs', period, (h, suite) => {
  const { get, report } = suite;
  let setup: TestEmployee;
  let example: CreatedFamily;
  let other: CreatedFamily;

  beforeAll(async () => {
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
    await suite.expectReportRefusals();
    const reversed = await suite.invalidQueryErrors({ from: '2026-02-01', to: '2026-01-01' });
    expect(reversed.to).toEqual([FAMILY_NEEDS_MESSAGES.periodOrder]);
    const missing = await suite.invalidQueryErrors({});
    expect(Object.keys(missing)).toEqual(expect.arrayContaining(['from', 'to']));
    const season = await suite.invalidQueryErrors({ ...period, season_id: '999999' });
    expect(season.season_id).toEqual(['البرنامج الموسمي غير موجود']);
    await suite.expectExportRefusals();
  });

  test('the export: XLSX, right to left, one row per family, logged with Arabic labels', async () => {
    const sheet = await suite.exportSheet();
    expect(sheet.header).toContain('الاحتياج اليومي (سعرة)');
    expect(sheet.rows.some((row) => row.includes(9830))).toBe(true);
    const log = await suite.exportLog('family_needs_report');
    expect(log).toHaveLength(1);
    expect(unlabelledFields('family_needs_report', log[0]?.changes)).toEqual([]);
  });

  let archiveId = 0;
  let archived: FamilyNeedsArchive;

  test('archiving: 401, 403, 422 write nothing; 201 stores the report as computed', async () => {
    const before = await archiveCount(h);
    const invalid = await suite.expectArchiveRefusals({
      from: '2026-02-01',
      to: '2026-01-01',
      title: 'x',
    });
    const errors = invalid.json<{ errors: ValidationErrors }>().errors;
    expect(errors.to).toEqual([FAMILY_NEEDS_MESSAGES.periodOrder]);
    expect(errors.title?.[0]).toMatch(/[\u0600-\u06FF]/);
    expect(await archiveCount(h)).toBe(before);

    const live = await report();
    const answer = await suite.createArchive({ ...period, title: 'احتياجات يناير' });
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
    expect(archived.created_by?.id).toBe(suite.reader.row.id);
    expect(await archiveCount(h)).toBe(before + 1);

    const log = await h.db
      .selectFrom('activity_log')
      .selectAll()
      .where('action', '=', 'archive')
      .where('entity_id', '=', String(archiveId))
      .execute();
    expect(log).toHaveLength(1);
    expect(unlabelledFields('report_archive', log[0]?.changes)).toEqual([]);
  });

  test('an archive stays byte-identical after a member and the calorie settings change, while the live report moves', async () => {
    const before = (await suite.showArchive(archiveId)).payload;
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

    const after = await suite.showArchive(archiveId);
    expect(after.payload).toBe(before);
    expect(suite.parseArchive(after).data).toEqual(archived);
    await suite.expectArchiveImmutable(archiveId);
  });

  test('the archive list: paged, filtered by period and author; 401 and 403', async () => {
    const list = (query: Record<string, string>) => suite.listArchives(query);
    expect((await list({})).data.map((item) => item.id)).toContain(archiveId);
    expect(
      (await list({ 'filter[from]': '2026-01-15', 'filter[to]': '2026-03-01' })).data.map(
        (item) => item.id,
      ),
    ).toContain(archiveId);
    expect((await list({ 'filter[from]': '2026-02-01' })).data).toEqual([]);
    expect((await list({ 'filter[created_by]': String(suite.reader.row.id) })).meta.total).toBe(1);
    expect((await list({ 'filter[created_by]': String(suite.outsider.row.id) })).meta.total).toBe(
      0,
    );
    await suite.expectArchiveListRefusals({ 'filter[from]': 'أمس' });
  });

  test('show and export an archive: 404 in Arabic for an unknown one, 401, 403; the file says it is an archive', async () => {
    await suite.expectArchiveShowRefusals(archiveId);
    // The archived figures, not today's.
    expect(await suite.archiveFileCells(archived)).toContain(9830);
    const log = await suite.exportLog('report_archive');
    expect(log).toHaveLength(1);
    expect(unlabelledFields('report_archive', log[0]?.changes)).toEqual([]);
  });

  test('a kind that does not exist has no route, and an archive of another kind is not found: 404 in Arabic', async () => {
    for (const url of [
      '/reports/no-such-report',
      '/reports/no-such-report/archives',
      '/reports/no-such-report/archives/1',
      // an id of another kind's archive (none of this kind exists here)
      '/reports/medical/archives/1',
    ]) {
      const response = await get(url, suite.reader.token);
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

    const exported = await suite.exportSheet();
    const copies = (rows: unknown[][]) =>
      rows.filter((row) => String(row[0]).startsWith(`${other.file_number}-`)).length;
    expect(copies(exported.rows)).toBe(REPORT_TABLE_LIMIT + 5);

    const archive = (await suite.createArchive()).data;
    expect(archive.row_count).toBe(total);
    expect(archive.snapshot.rows).toHaveLength(REPORT_TABLE_LIMIT);
    expect(archive.snapshot.rows_total).toBe(total);
    const stored = await sql<{ rows: number }>`
      select jsonb_array_length(snapshot->'rows')::int as rows from report_archives
      where id = ${archive.id}`.execute(h.db);
    expect(stored.rows[0]?.rows).toBe(total);
    const shown = suite.parseArchive(await suite.showArchive(archive.id)).data;
    expect(shown.snapshot.rows).toHaveLength(REPORT_TABLE_LIMIT);
    const archiveFile = await readXlsx(
      await get(`/reports/family-needs/archives/${archive.id}/export`, suite.reader.token),
    );
    expect(copies(archiveFile.rows)).toBe(REPORT_TABLE_LIMIT + 5);
  });
});
