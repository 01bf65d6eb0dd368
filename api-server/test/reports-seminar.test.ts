import type { SeminarStatus } from 'shared-contracts/engagement';
import {
  REPORT_ARCHIVE_MESSAGES,
  REPORT_MESSAGES,
  type SeminarReportArchive,
} from 'shared-contracts/reports';
import {
  BENEFICIARY_KEYS,
  approvedFamily,
  familyBody,
  type CreatedFamily,
} from './support/beneficiaries';
import type { TestHarness } from './support/harness';
import { insertSeminarType, insertServiceAxis } from './support/report-fixtures';
import { describeReport } from './support/reports';

/** A family's members by relationship (the default body: head 1980-04-12, spouse 1985-09-01, son 2015-02-20). */
async function membersOf(h: TestHarness, family: CreatedFamily) {
  const rows = await h.db
    .selectFrom('family_members')
    .select(['id', 'relationship', 'full_name'])
    .where('family_id', '=', family.id)
    .execute();
  const of = (relationship: string) => {
    const row = rows.find((item) => item.relationship === relationship);
    if (!row) throw new Error(`no ${relationship}`);
    return row;
  };
  return { head: of('head'), spouse: of('spouse'), son: of('son') };
}

const period = { from: '2026-03-01', to: '2026-03-31' };

/**
 * The seminar report against a hand-computed fixture (March 2026):
 *
 * | seminar | type | axis | status | capacity | registered | waiting | attended | no-show |
 * | S1 05/03 | توعية | التمكين | held | 10 | 4 (head1 45♂, spouse1 40♀, son1 11♂, guest) | 1 | 3 | 1 (son1) |
 * | S2 20/03 | تدريب | —      | held | 4  | 2 (head2 45♂ attended, spouse2 40♀ unmarked) | 0 | 1 | 0 |
 * | S3 28/03 | توعية | التمكين | open | 5  | 1 (son2 11♂) | 0 | 0 | 0 |
 * | S4 10/03 cancelled (counted apart), S5 02/04 outside the period |
 *
 * Attendance rate over the held seminars: 4 ÷ 6 = 66.7 %; fill rate 7 ÷ 19 = 36.8 %.
 */
describeReport('reports: seminar', 'seminar', period, (h, suite) => {
  const { report } = suite;
  let awareness = 0;
  let training = 0;
  let axis = 0;
  const seminars: Record<string, number> = {};
  let son2 = 0;

  beforeAll(async () => {
    const setup = await h.createEmployee({ permissions: [...BENEFICIARY_KEYS] });
    const one = await membersOf(h, await approvedFamily(h, setup.token, familyBody()));
    const twoFamily = await approvedFamily(h, setup.token, familyBody());
    const two = await membersOf(h, twoFamily);
    son2 = two.son.id;

    const type = (name: string) => insertSeminarType(h.db, { name, search_text: name });
    awareness = await type('توعية');
    training = await type('تدريب');
    axis = await insertServiceAxis(h.db, { name: 'التمكين', search_text: 'التمكين', active: true });
    const seminar = async (
      key: string,
      typeId: number,
      axisId: number | null,
      day: string,
      capacity: number,
      status: SeminarStatus,
    ) => {
      seminars[key] = (
        await h.db
          .insertInto('seminars')
          .values({
            title: `ندوة ${key}`,
            search_text: `ندوة ${key}`,
            seminar_type_id: typeId,
            axis_id: axisId,
            venue: 'قاعة الجمعية',
            starts_at: `${day}T10:00`,
            ends_at: `${day}T12:00`,
            capacity,
            status,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    };
    await seminar('S1', awareness, axis, '2026-03-05', 10, 'held');
    await seminar('S2', training, null, '2026-03-20', 4, 'held');
    await seminar('S3', awareness, axis, '2026-03-28', 5, 'open');
    await seminar('S4', awareness, axis, '2026-03-10', 10, 'cancelled');
    await seminar('S5', awareness, axis, '2026-04-02', 10, 'held');

    let position = 0;
    const seat = async (
      key: string,
      person: { id: number; full_name: string } | string,
      state: 'registered' | 'waiting',
      attendance: 'attended' | 'no_show' | null,
    ) => {
      position += 1;
      const member = typeof person === 'string' ? null : person;
      await h.db
        .insertInto('seminar_audience')
        .values({
          seminar_id: seminars[key] ?? 0,
          member_id: member?.id ?? null,
          person_name: member?.full_name ?? (person as string),
          guest_phone: member ? null : `05000000${String(position).padStart(2, '0')}`,
          state,
          position,
          attendance,
        })
        .execute();
    };
    await seat('S1', one.head, 'registered', 'attended');
    await seat('S1', one.spouse, 'registered', 'attended');
    await seat('S1', one.son, 'registered', 'no_show');
    await seat('S1', 'ضيف الندوة', 'registered', 'attended');
    await seat('S1', 'ضيف منتظر', 'waiting', null);
    await seat('S2', two.head, 'registered', 'attended');
    await seat('S2', two.spouse, 'registered', null);
    await seat('S3', two.son, 'registered', null);
    await seat('S4', one.head, 'registered', null);
    await seat('S5', one.head, 'registered', 'attended');
  });

  test('per seminar: registrations, attendance and rates; cancelled counted apart', async () => {
    const answer = await report();
    expect(answer.period).toEqual({ ...period, days: 31 });
    expect(answer.rows.map((row) => row.seminar.title)).toEqual(['ندوة S1', 'ندوة S2', 'ندوة S3']);
    const [s1, s2, s3] = answer.rows;
    expect(s1).toMatchObject({
      status: 'held',
      status_label: 'منعقدة',
      seminar_type: { id: awareness, name: 'توعية' },
      axis: { id: axis, name: 'التمكين' },
      capacity: 10,
      registered: 4,
      waiting: 1,
      attended: 3,
      no_show: 1,
      unmarked: 0,
      attendance_rate: 75,
      fill_rate: 40,
    });
    expect(s2).toMatchObject({
      axis: null,
      registered: 2,
      attended: 1,
      unmarked: 1,
      attendance_rate: 50,
      fill_rate: 50,
    });
    // Not held yet: no attendance rate.
    expect(s3).toMatchObject({ registered: 1, attendance_rate: null, fill_rate: 20 });
    expect(answer.totals).toEqual({
      seminars: 3,
      held: 2,
      cancelled: 1,
      capacity: 19,
      registered: 7,
      waiting: 1,
      attended: 4,
      no_show: 1,
      held_registered: 6,
      attendance_rate: 66.7,
      fill_rate: 36.8,
    });
  });

  test('per type and per axis (a seminar without an axis grouped as «بلا محور»)', async () => {
    const answer = await report();
    expect(answer.by_type).toEqual([
      {
        seminar_type: { id: awareness, name: 'توعية' },
        seminars: 2,
        held: 1,
        capacity: 15,
        registered: 5,
        waiting: 1,
        attended: 3,
        no_show: 1,
        held_registered: 4,
        attendance_rate: 75,
        fill_rate: 33.3,
      },
      {
        seminar_type: { id: training, name: 'تدريب' },
        seminars: 1,
        held: 1,
        capacity: 4,
        registered: 2,
        waiting: 0,
        attended: 1,
        no_show: 0,
        held_registered: 2,
        attendance_rate: 50,
        fill_rate: 50,
      },
    ]);
    expect(answer.by_axis.map((row) => [row.axis_label, row.seminars, row.registered])).toEqual([
      ['التمكين', 2, 5],
      ['بلا محور', 1, 2],
    ]);
    expect(answer.by_axis[1]?.axis).toBeNull();
  });

  test('the registered audience by sex and age band on the seminar day (guests unknown)', async () => {
    const answer = await report();
    expect(answer.by_sex).toEqual([
      { sex: 'male', label: 'ذكور', registered: 4, attended: 2 },
      { sex: 'female', label: 'إناث', registered: 2, attended: 1 },
      { sex: 'unknown', label: 'غير محدد', registered: 1, attended: 1 },
    ]);
    const band = (code: string) => answer.by_age_band.find((row) => row.band === code);
    // Sons born 2015-02-20: 11 in March 2026.
    expect(band('child')).toMatchObject({ male: 2, female: 0, registered: 2, attended: 0 });
    // Spouses born 1985-09-01: 40.
    expect(band('adult')).toMatchObject({ male: 0, female: 2, registered: 2, attended: 1 });
    // Heads born 1980-04-12: 45.
    expect(band('middle')).toMatchObject({ male: 2, female: 0, registered: 2, attended: 2 });
    expect(band('unknown')).toMatchObject({ unknown: 1, registered: 1, attended: 1 });
    expect(band('youth')).toMatchObject({ registered: 0 });
    expect(answer.by_age_band.map((row) => row.band)).toEqual([
      'child',
      'teen',
      'youth',
      'adult',
      'middle',
      'senior',
      'unknown',
    ]);
  });

  test('filters: seminar type and axis; an unknown id is 422 in Arabic', async () => {
    expect(
      (await report({ ...period, seminar_type_id: String(training) })).rows.map(
        (row) => row.seminar.title,
      ),
    ).toEqual(['ندوة S2']);
    const byAxis = await report({ ...period, axis_id: String(axis) });
    expect(byAxis.rows.map((row) => row.seminar.title)).toEqual(['ندوة S1', 'ندوة S3']);
    expect(byAxis.parameters).toEqual({
      seminar_type_id: null,
      seminar_type_name: null,
      axis_id: axis,
      axis_name: 'التمكين',
    });
    const unknown = await suite.invalidQueryErrors({ ...period, seminar_type_id: '999999' });
    expect(unknown.seminar_type_id).toEqual(['نوع الندوة غير موجود']);
    await suite.invalidQueryErrors({ ...period, axis_id: 'x' });
  });

  test('401, 403 and 422 on the report and its export', async () => {
    await suite.expectReportRefusals();
    const reversed = await suite.invalidQueryErrors({ from: '2026-04-01', to: '2026-03-01' });
    expect(reversed.to).toEqual([REPORT_MESSAGES.periodOrder]);
    await suite.expectExportRefusals();
  });

  test('the export: an XLSX with a row per seminar and the totals, logged', async () => {
    const sheet = await suite.exportSheet();
    expect(sheet.header).toContain('نسبة الحضور %');
    const cells = sheet.rows.flat();
    expect(cells).toContain('ندوة S1');
    expect(cells).toContain(66.7);
    expect(cells).toContain('تقرير حي');
    expect(await suite.exportLog('seminar_report')).toHaveLength(1);
  });

  let archived: SeminarReportArchive;

  test('archiving: 401, 403, 422; 201 stores the report as computed', async () => {
    await suite.expectArchiveRefusals({ from: '2026-04-01', to: '2026-03-01' });
    const live = await report();
    const answer = await suite.createArchive({ ...period, title: 'ندوات مارس' });
    expect(answer.message).toBe(REPORT_ARCHIVE_MESSAGES.created);
    archived = answer.data;
    expect(archived.snapshot).toEqual(live);
    expect(archived).toMatchObject({ kind: 'seminar', title: 'ندوات مارس', row_count: 3 });
  });

  test('the archive stays byte-identical after attendance changes, while the live report moves', async () => {
    const before = (await suite.showArchive(archived.id)).payload;
    // S3 is held and son2 attends.
    await h.db
      .updateTable('seminars')
      .set({ status: 'held' })
      .where('id', '=', seminars.S3 ?? 0)
      .execute();
    await h.db
      .updateTable('seminar_audience')
      .set({ attendance: 'attended' })
      .where('seminar_id', '=', seminars.S3 ?? 0)
      .where('member_id', '=', son2)
      .execute();
    const live = await report();
    expect(live.totals).toMatchObject({ held: 3, attended: 5, held_registered: 7 });
    expect(live.totals.attendance_rate).toBe(71.4);
    const after = await suite.showArchive(archived.id);
    expect(after.payload).toBe(before);
    expect(suite.parseArchive(after).data.snapshot.totals.attendance_rate).toBe(66.7);
    await suite.expectArchiveImmutable(archived.id);
  });

  test('the archive list, show and export: 200, 401, 403, 404, 422', async () => {
    const list = await suite.listArchives();
    expect(list.data.map((item) => item.id)).toEqual([archived.id]);
    await suite.expectArchiveListRefusals({ 'filter[from]': 'أمس' });
    await suite.expectArchiveShowRefusals(archived.id);
    const cells = await suite.archiveFileCells(archived);
    // The archived rate, not today's 71.4.
    expect(cells).toContain(66.7);
    expect(cells).not.toContain(71.4);
  });
});
