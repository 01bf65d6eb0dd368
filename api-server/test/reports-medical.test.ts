import { sql } from 'kysely';
import type { ServiceStatus } from 'shared-contracts/services';
import {
  MEDICAL_MESSAGES,
  REPORT_ARCHIVE_MESSAGES,
  REPORT_TABLE_LIMIT,
  type MedicalReport,
  type MedicalArchive,
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
import { insertServiceCatalogue, insertServiceType } from './support/report-fixtures';
import { describeReport, archiveCount, unlabelledFields } from './support/reports';

const ENTITY = 'medical_report_individuals';

/**
 * The hand-computed fixture (ages on 2026-03-31, the period's last day):
 * - A (riyadh_olaya): head ♂ 45 chronic_illness; spouse ♀ 40 healthy; son ♂ 11 disabled
 *   [physical, hearing].
 * - B (riyadh_malaz): head ♂ 45 —; spouse ♀ 40 bedridden [visual]; son ♂ 11 —; daughter ♀ 2 —
 *   [physical].
 * - D (jeddah_safa): head ♂ 76 chronic_illness, alone.
 * - E (riyadh_malaz): head ♂ 45, spouse ♀ 40, son ♂ 11, nothing recorded.
 * - C (jeddah, pending review): head chronic_illness — not a beneficiary, never counted.
 * Medical services of 2026-01-01…2026-03-31: referral for A's son delivered 150.50 (Jan), referral
 * for A's head requested (Feb), medicine for B's spouse delivered 300.25 (Feb), medicine for D's
 * head in progress 100.00 (Mar), referral for family B cancelled (Mar); outside: medicine for A's
 * son in Dec 2025, and a food basket (not medical) in Jan.
 */
function familyA() {
  return familyOf(
    {
      full_name: 'أحمد سالم علي الغامدي',
      gender: 'male',
      birth_date: '1980-04-12',
      marital_status: 'married',
      health_status: 'chronic_illness',
    },
    [
      {
        full_name: 'مريم حسن علي الغامدي',
        relationship: 'spouse',
        gender: 'female',
        birth_date: '1985-09-01',
        health_status: 'healthy',
      },
      {
        full_name: 'سالم أحمد سالم الغامدي',
        relationship: 'son',
        gender: 'male',
        birth_date: '2015-02-20',
        health_status: 'disabled',
        disabilities: ['physical', 'hearing'],
      },
    ],
    { district: 'riyadh_olaya' },
  );
}

function familyB() {
  return familyOf(
    {
      full_name: 'فهد ناصر محمد الدوسري',
      gender: 'male',
      birth_date: '1980-04-12',
      marital_status: 'married',
    },
    [
      {
        full_name: 'نوف سعد محمد الدوسري',
        relationship: 'spouse',
        gender: 'female',
        birth_date: '1985-09-01',
        health_status: 'bedridden',
        disabilities: ['visual'],
      },
      {
        full_name: 'ناصر فهد ناصر الدوسري',
        relationship: 'son',
        gender: 'male',
        birth_date: '2015-02-20',
      },
      {
        full_name: 'لمى فهد ناصر الدوسري',
        relationship: 'daughter',
        gender: 'female',
        birth_date: '2023-05-01',
        // A two-year-old with no ID recorded.
        national_id: undefined,
        disabilities: ['physical'],
      },
    ],
    { district: 'riyadh_malaz' },
  );
}

function lonelyHead(city: string, district: string) {
  return familyOf(
    {
      full_name: 'عبدالرحمن صالح عمر الزهراني',
      gender: 'male',
      birth_date: '1950-01-01',
      marital_status: 'widowed',
      health_status: 'chronic_illness',
    },
    [],
    { city, district, housing_ownership: 'owned', monthly_rent: null },
  );
}

const period = { from: '2026-01-01', to: '2026-03-31' };

describeReport('reports: medical', 'medical', period, (h, suite) => {
  const { get } = suite;
  let admin: TestEmployee;
  let researcher: TestEmployee;
  let a: CreatedFamily;
  let b: CreatedFamily;
  let d: CreatedFamily;

  const report = (
    who: TestEmployee,
    query: Record<string, string> = period,
  ): Promise<MedicalReport> => suite.report(query, who);
  const views = () =>
    h.db
      .selectFrom('activity_log')
      .selectAll()
      .where('entity_type', '=', ENTITY)
      .orderBy('id')
      .execute();
  const memberId = (family: CreatedFamily, name: string) => {
    const member = family.members.find((item) => item.full_name === name);
    if (!member) throw new Error(`no member ${name}`);
    return member.id;
  };

  beforeAll(async () => {
    // A super admin holding no medical key: the rule lets a super admin see every field.
    admin = await h.createEmployee({
      name: 'مدير النظام',
      role: 'Super Admin',
      permissions: ['show_reports'],
    });
    researcher = await h.createEmployee({
      name: 'نورة الباحثة',
      permissions: ['show_reports', 'edit_families'],
    });
    const setup = await h.createEmployee({ permissions: BENEFICIARY_KEYS });
    a = await approvedFamily(h, setup.token, familyA());
    b = await approvedFamily(h, setup.token, familyB());
    await createFamily(h, setup.token, lonelyHead('jeddah', 'jeddah_marwah'));
    d = await approvedFamily(h, setup.token, lonelyHead('jeddah', 'jeddah_safa'));
    await approvedFamily(h, setup.token, familyBody({ district: 'riyadh_malaz' }));

    const { departmentId, axisId } = await insertServiceCatalogue(
      h.db,
      { name: 'الصحة', name_normalized: 'الصحه' },
      { name: 'الرعاية الصحية', name_normalized: 'الرعايه الصحيه' },
    );
    const type = (name: string, isMedical: boolean) =>
      insertServiceType(h.db, {
        name,
        department_id: departmentId,
        axis_id: axisId,
        is_medical: isMedical,
      });
    const referral = await type('إحالة طبية', true);
    const medicine = await type('صرف أدوية', true);
    const basket = await type('سلة غذائية', false);
    const aSon = memberId(a, 'سالم أحمد سالم الغامدي');
    const service = (
      typeId: number,
      family: CreatedFamily,
      member: number | null,
      requestDate: string,
      status: ServiceStatus,
      cost: string | null,
    ) => ({
      service_type_id: typeId,
      family_id: family.id,
      member_id: member,
      request_date: requestDate,
      quantity: 1,
      delivery_date: status === 'delivered' ? requestDate : null,
      status,
      cost,
    });
    await h.db
      .insertInto('services')
      .values([
        service(referral, a, aSon, '2026-01-10', 'delivered', '150.50'),
        service(referral, a, memberId(a, 'أحمد سالم علي الغامدي'), '2026-02-05', 'requested', null),
        service(
          medicine,
          b,
          memberId(b, 'نوف سعد محمد الدوسري'),
          '2026-02-15',
          'delivered',
          '300.25',
        ),
        service(
          medicine,
          d,
          memberId(d, 'عبدالرحمن صالح عمر الزهراني'),
          '2026-03-01',
          'in_progress',
          '100.00',
        ),
        service(referral, b, null, '2026-03-20', 'cancelled', null),
        service(medicine, a, aSon, '2025-12-31', 'delivered', '999.00'),
        service(basket, a, null, '2026-01-15', 'delivered', '200.00'),
      ])
      .execute();
  }, 120_000);

  test('the hand-computed fixture: summary, conditions, disabilities, sex × age, areas, services', async () => {
    const answer = await report(researcher);
    expect(answer.period).toEqual({ ...period, days: 90 });
    expect(answer.parameters).toEqual({ city: null, district: null, sex: null, age_band: null });
    expect(answer.summary).toEqual({
      families: 4,
      members: 11,
      members_with_condition: 4,
      members_with_disability: 3,
      members_unrecorded: 6,
      families_affected: 3,
      services: 5,
      services_delivered: 2,
      services_open: 2,
      services_cost: '450.75',
      families_served: 3,
    });
    expect(answer.by_condition).toEqual([
      { code: 'chronic_illness', label: 'مرض مزمن', members: 2, male: 2, female: 0 },
      { code: 'disabled', label: 'ذو إعاقة', members: 1, male: 1, female: 0 },
      { code: 'healthy', label: 'سليم', members: 1, male: 0, female: 1 },
      { code: 'bedridden', label: 'طريح الفراش', members: 1, male: 0, female: 1 },
      { code: null, label: 'غير مسجلة', members: 6, male: 4, female: 2 },
    ]);
    expect(answer.by_disability).toEqual([
      { code: 'physical', label: 'حركية', members: 2, male: 1, female: 1 },
      { code: 'visual', label: 'بصرية', members: 1, male: 0, female: 1 },
      { code: 'hearing', label: 'سمعية', members: 1, male: 1, female: 0 },
    ]);
    expect(
      answer.by_sex_age.map((cell) => [
        cell.sex,
        cell.age_band,
        cell.members,
        cell.with_condition,
        cell.with_disability,
      ]),
    ).toEqual([
      ['male', 'under_5', 0, 0, 0],
      ['male', 'age_5_17', 3, 1, 1],
      ['male', 'age_18_59', 3, 1, 0],
      ['male', 'age_60_plus', 1, 1, 0],
      ['female', 'under_5', 1, 0, 1],
      ['female', 'age_5_17', 0, 0, 0],
      ['female', 'age_18_59', 3, 1, 1],
      ['female', 'age_60_plus', 0, 0, 0],
    ]);
    expect(answer.by_sex_age[1]).toMatchObject({
      sex_label: 'ذكر',
      age_band_label: 'من 5 إلى 17 سنة',
    });
    expect(answer.by_area).toEqual([
      {
        city: 'riyadh',
        city_label: 'الرياض',
        district: 'riyadh_olaya',
        district_label: 'العليا',
        members: 3,
        with_condition: 2,
        with_disability: 1,
        services: 2,
      },
      {
        city: 'riyadh',
        city_label: 'الرياض',
        district: 'riyadh_malaz',
        district_label: 'الملز',
        members: 7,
        with_condition: 1,
        with_disability: 2,
        services: 2,
      },
      {
        city: 'jeddah',
        city_label: 'جدة',
        district: 'jeddah_safa',
        district_label: 'الصفا',
        members: 1,
        with_condition: 1,
        with_disability: 0,
        services: 1,
      },
    ]);
    expect(
      answer.services_by_type.map((row) => [row.type_name, row.services, row.delivered, row.cost]),
    ).toEqual([
      ['إحالة طبية', 3, 1, '150.50'],
      ['صرف أدوية', 2, 1, '300.25'],
    ]);
    expect(answer.services_by_status.map((row) => [row.status, row.label, row.services])).toEqual([
      ['requested', 'مطلوبة', 1],
      ['approved', 'معتمدة', 0],
      ['in_progress', 'قيد التنفيذ', 1],
      ['delivered', 'منفذة', 2],
      ['rejected', 'مرفوضة', 0],
      ['cancelled', 'ملغاة', 1],
    ]);
    expect(answer.services_by_month).toEqual([
      { month: '2026-01', services: 1, delivered: 1 },
      { month: '2026-02', services: 2, delivered: 1 },
      { month: '2026-03', services: 2, delivered: 0 },
    ]);
    expect(
      answer.individuals?.map((person) => [
        person.full_name,
        person.family.file_number,
        person.health_status_label,
        person.disability_labels,
        person.age,
        person.services,
      ]),
    ).toEqual([
      ['أحمد سالم علي الغامدي', a.file_number, 'مرض مزمن', [], 45, 1],
      ['سالم أحمد سالم الغامدي', a.file_number, 'ذو إعاقة', ['حركية', 'سمعية'], 11, 1],
      ['لمى فهد ناصر الدوسري', b.file_number, 'غير مسجلة', ['حركية'], 2, 0],
      ['نوف سعد محمد الدوسري', b.file_number, 'طريح الفراش', ['بصرية'], 40, 1],
      ['عبدالرحمن صالح عمر الزهراني', d.file_number, 'مرض مزمن', [], 76, 1],
    ]);
  });

  test('filters: sex, age band, district, city; services follow the member for sex and age', async () => {
    const women = await report(researcher, { ...period, sex: 'female' });
    expect(women.summary).toMatchObject({ members: 4, members_with_condition: 1, services: 1 });
    expect(women.parameters.sex).toBe('female');
    const children = await report(researcher, { ...period, age_band: 'age_5_17' });
    expect(children.summary).toMatchObject({
      members: 3,
      members_with_disability: 1,
      services: 1,
    });
    expect(children.individuals?.map((person) => person.full_name)).toEqual([
      'سالم أحمد سالم الغامدي',
    ]);
    const malaz = await report(researcher, { ...period, district: 'riyadh_malaz' });
    expect(malaz.summary).toMatchObject({ families: 2, members: 7, services: 2 });
    const jeddah = await report(researcher, { ...period, city: 'jeddah' });
    expect(jeddah.summary).toMatchObject({ families: 1, members: 1, services_cost: '0.00' });
    const nowhere = await report(researcher, { ...period, city: 'no_such_city' });
    expect(nowhere.summary.members).toBe(0);
    expect(nowhere.individuals).toEqual([]);
  });

  test('the individuals: for a super admin and an employee who edits families; null for a reports-only reader', async () => {
    const before = (await views()).length;
    expect((await report(admin)).individuals).toHaveLength(5);
    expect((await report(researcher)).individuals).toHaveLength(5);
    const plain = await report(suite.reader);
    expect(plain.individuals).toBeNull();
    // The aggregates are the same for every reader.
    expect(plain.by_condition).toEqual((await report(admin)).by_condition);
    const logged = await views();
    // admin, researcher, admin again — never the reader.
    expect(logged).toHaveLength(before + 3);
    expect(logged.map((row) => row.employee_id)).not.toContain(suite.reader.row.id);
    const last = logged.at(-1);
    expect(last).toMatchObject({
      action: 'view',
      entity_type: ENTITY,
      employee_id: admin.row.id,
      entity_id: null,
    });
    expect(last?.changes?.rows).toEqual([null, 5]);
    expect(unlabelledFields(ENTITY, last?.changes)).toEqual([]);
    // The log's label states the period in words, never as raw ISO dates.
    expect(last?.entity_label).toBe('التقرير الطبي (من 1 يناير 2026 إلى 31 مارس 2026)');
  });

  test('401, 403 and 422 in Arabic on the report and its export', async () => {
    await suite.expectReportRefusals();
    const reversed = await suite.invalidQueryErrors({ from: '2026-02-01', to: '2026-01-01' });
    expect(reversed.to).toEqual([MEDICAL_MESSAGES.periodOrder]);
    const wrongs: Record<string, string>[] = [
      { sex: 'other' },
      { age_band: 'elderly' },
      { city: 'Riyadh!' },
    ];
    for (const wrong of wrongs) {
      const errors = await suite.invalidQueryErrors({ ...period, ...wrong });
      const field = Object.keys(wrong)[0] as string;
      expect(errors[field]?.[0]).toMatch(/[\u0600-\u06FF]/);
    }
    await suite.invalidQueryErrors({});
    await suite.expectExportRefusals();
  });

  test('the export: the individuals only for who may see them; logged', async () => {
    const sheet = await suite.exportSheet(researcher);
    expect(sheet.header).toEqual([
      'القسم',
      'البند',
      'العدد',
      'تفصيل',
      'رقم الملف',
      'الحالة الصحية',
      'الإعاقات',
    ]);
    const cells = sheet.rows.flat();
    // Amounts in a sentence read in riyals («التكلفة 150.50 ريال»), never a bare 150.5.
    const costs = cells.filter((cell) => typeof cell === 'string' && cell.includes('، التكلفة '));
    expect(costs).not.toEqual([]);
    for (const cell of costs) expect(cell).toMatch(/^منفذة \d+، التكلفة [\d,]+(\.\d\d)? ريال$/);
    expect(cells).toContain('سالم أحمد سالم الغامدي');
    expect(cells).toContain('حركية، سمعية');
    expect(cells).toContain('450.75');
    expect(sheet.rows.filter((row) => row[0] === 'قائمة الأفراد')).toHaveLength(5);

    const limited = await get('/reports/medical/export', suite.reader.token, period);
    expect(limited.statusCode).toBe(200);
    const limitedRows = (await readXlsx(limited)).rows;
    const limitedCells = limitedRows.flat();
    expect(limitedCells).toContain('مرض مزمن');
    expect(limitedCells).not.toContain('سالم أحمد سالم الغامدي');
    expect(limitedRows.filter((row) => row[0] === 'قائمة الأفراد')).toEqual([]);

    const log = await suite.exportLog('medical_report');
    expect(log).toHaveLength(2);
    expect(unlabelledFields('medical_report', log[0]?.changes)).toEqual([]);
  });

  let archiveId = 0;
  let archived: MedicalArchive;

  test('archiving: 401, 403, 422 write nothing; 201 stores the report as the super admin saw it', async () => {
    const before = await archiveCount(h);
    await suite.expectArchiveRefusals({ ...period, sex: 'x' }, admin);
    expect(await archiveCount(h)).toBe(before);

    const live = await report(admin);
    const answer = await suite.createArchive(
      { ...period, title: 'التقرير الطبي للربع الأول' },
      admin,
    );
    expect(answer.message).toBe(REPORT_ARCHIVE_MESSAGES.created);
    archived = answer.data;
    archiveId = archived.id;
    expect(archived.snapshot).toEqual(live);
    expect(archived).toMatchObject({
      kind: 'medical',
      title: 'التقرير الطبي للربع الأول',
      row_count: 30,
    });
    expect(archived.calorie_settings_version_id).toBeNull();
  });

  test('an archive made by a super admin: individuals for the researcher (logged with the archive), null for the reader (not logged), in the view and the export', async () => {
    const before = (await views()).length;
    const forResearcher = suite.parseArchive(await suite.showArchive(archiveId, researcher));
    expect(forResearcher.data.snapshot.individuals).toHaveLength(5);
    const forReader = suite.parseArchive(await suite.showArchive(archiveId));
    expect(forReader.data.snapshot.individuals).toBeNull();
    expect(forReader.data.snapshot.summary).toEqual(archived.snapshot.summary);
    const logged = await views();
    expect(logged).toHaveLength(before + 1);
    expect(logged.at(-1)).toMatchObject({
      employee_id: researcher.row.id,
      entity_id: String(archiveId),
    });
    expect(logged.at(-1)?.changes?.archive_id).toEqual([null, archiveId]);

    const readerFile = await suite.archiveFileCells(archived);
    expect(readerFile).not.toContain('نوف سعد محمد الدوسري');
    const researcherFile = await suite.archiveFileCells(archived, researcher);
    expect(researcherFile).toContain('نوف سعد محمد الدوسري');
  });

  test('an archive stays byte-identical after a member’s health status changes, while the live report moves', async () => {
    const before = (await suite.showArchive(archiveId, admin)).payload;
    await sql`update family_members set health_status = 'chronic_illness' where id = ${memberId(a, 'مريم حسن علي الغامدي')}`.execute(
      h.db,
    );
    const live = await report(admin);
    expect(live.summary.members_with_condition).toBe(5);
    expect(live.individuals).toHaveLength(6);
    const after = await suite.showArchive(archiveId, admin);
    expect(after.payload).toBe(before);
    expect(suite.parseArchive(after).data.snapshot.summary.members_with_condition).toBe(4);
  });

  test('the archive list and show: 200, 401, 403, 404 and 422', async () => {
    const list = await suite.listArchives();
    expect(list.data.map((item) => item.id)).toEqual([archiveId]);
    expect(
      (await suite.listArchives({ 'filter[created_by]': String(admin.row.id) })).meta.total,
    ).toBe(1);
    await suite.expectArchiveListRefusals({ 'filter[from]': 'أمس' });
    await suite.expectArchiveShowRefusals(archiveId);
    expect(
      (await get('/reports/medical/archives/999999/export', suite.reader.token)).statusCode,
    ).toBe(404);
  });
  // Last: it adds members the tests above do not expect.
  test('age bands at their boundaries on the period’s last day; a long list of individuals: the first rows and the full count, every row exported', async () => {
    const cell = (answer: MedicalReport, band: string) =>
      answer.by_sex_age.find((item) => item.sex === 'female' && item.age_band === band)?.members ??
      0;
    const before = await report(researcher);
    // Born on the day that makes them 5, 18 and 60 on 31 March 2026, and the day after (4, 17,
    // 59); and on 29 February 2008: 18 on 28 February 2026 and later, so 18 here.
    const born = [
      '2021-03-31',
      '2021-04-01',
      '2008-03-31',
      '2008-04-01',
      '1966-03-31',
      '1966-04-01',
      '2008-02-29',
    ];
    const insertMembers = (dates: string[], healthStatus: string | null) =>
      h.db
        .insertInto('family_members')
        .values(
          dates.map((birthDate, index) => ({
            family_id: d.id,
            relationship: 'daughter',
            full_name: `عضو اختبار ${index + 1}`,
            name_normalized: `عضو اختبار ${index + 1}`,
            gender: 'female',
            birth_date: birthDate,
            health_status: healthStatus,
          })),
        )
        .execute();
    await insertMembers(born, null);
    const after = await report(researcher);
    expect(cell(after, 'under_5') - cell(before, 'under_5')).toBe(1);
    expect(cell(after, 'age_5_17') - cell(before, 'age_5_17')).toBe(2);
    expect(cell(after, 'age_18_59') - cell(before, 'age_18_59')).toBe(3);
    expect(cell(after, 'age_60_plus') - cell(before, 'age_60_plus')).toBe(1);
    expect(after.individuals_total).toBe(before.individuals_total);

    const extra = REPORT_TABLE_LIMIT + 5;
    await insertMembers(
      Array.from({ length: extra }, () => '1990-01-01'),
      'chronic_illness',
    );
    const long = await report(researcher);
    const total = (before.individuals_total ?? 0) + extra;
    expect(long.individuals).toHaveLength(REPORT_TABLE_LIMIT);
    expect(long.individuals_total).toBe(total);
    expect(long.summary.members_with_condition).toBe(before.summary.members_with_condition + extra);
    expect((await report(suite.reader)).individuals_total).toBeNull();
    const sheet = await suite.exportSheet(researcher);
    expect(sheet.rows.filter((row) => row[0] === 'قائمة الأفراد')).toHaveLength(total);
  });
});
