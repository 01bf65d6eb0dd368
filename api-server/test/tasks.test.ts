import { todayIso, type PermissionKey } from 'shared-contracts';
import {
  myTaskCountResponseSchema,
  myTasksResponseSchema,
  type MyTasks,
  type TaskKind,
} from 'shared-contracts/resources/tasks-contracts';
import { visitResponseSchema } from 'shared-contracts/resources/visits-contracts';
import { BENEFICIARY_KEYS, approvedFamily, type CreatedFamily } from './support/beneficiaries';
import { pdf, upload } from './support/documents';
import { describeEachDatabase } from './support/harness';

const DAY_MS = 24 * 60 * 60 * 1000;
const daysFromToday = (days: number) =>
  new Date(Date.parse(`${todayIso()}T00:00:00.000Z`) + days * DAY_MS).toISOString().slice(0, 10);

describeEachDatabase('my tasks', (h) => {
  let researcher = { token: '', id: 0 };
  let officer = { token: '', id: 0 };
  let seminarOfficer = { token: '', id: 0 };
  let outsider = '';
  let family: CreatedFamily;
  let basketTypeId = 0;
  let medicalTypeId = 0;
  let seminarTypeId = 0;

  const tasks = async (token: string, query: Record<string, string> = {}): Promise<MyTasks> => {
    const response = await h.request('GET', '/api/my/tasks', { token, query });
    if (response.statusCode !== 200) throw new Error(`${response.statusCode} ${response.payload}`);
    return myTasksResponseSchema.parse(response.json()).data;
  };
  const count = async (token: string): Promise<number> => {
    const response = await h.request('GET', '/api/my/tasks/count', { token });
    if (response.statusCode !== 200) throw new Error(`${response.statusCode} ${response.payload}`);
    return myTaskCountResponseSchema.parse(response.json()).data.total;
  };
  const group = (answer: MyTasks, kind: TaskKind) =>
    answer.groups.find((entry) => entry.kind === kind);
  const keys = (answer: MyTasks, kind: TaskKind) =>
    group(answer, kind)?.tasks.map((task) => task.key) ?? [];

  beforeAll(async () => {
    const make = async (name: string, permissions: PermissionKey[]) => {
      const employee = await h.createEmployee({ name, permissions });
      return { token: employee.token, id: employee.row.id };
    };
    researcher = await make('سارة الباحثة', [...BENEFICIARY_KEYS, 'import_families']);
    officer = await make('خالد مسؤول الخدمات', ['show_services', 'show_families']);
    seminarOfficer = await make('منى منسقة الندوات', ['show_seminars']);
    outsider = (await h.createEmployee({ permissions: ['show_financial'] })).token;
    family = await approvedFamily(h, researcher.token);
    // The catalogue, made by someone who manages it.
    const manager = await h.createEmployee({
      permissions: ['show_services', 'show_departments', 'show_axise', 'show_seminars'],
    });
    const post = async (url: string, body: Record<string, unknown>): Promise<number> => {
      const response = await h.request('POST', `/api${url}`, { token: manager.token, body });
      if (response.statusCode !== 201)
        throw new Error(`${response.statusCode} ${response.payload}`);
      return response.json<{ data: { id: number } }>().data.id;
    };
    const departmentId = await post('/service-departments', { name: 'الرعاية الاجتماعية' });
    const axisId = await post('/service-axes', { name: 'الإغاثة' });
    const type = (body: Record<string, unknown>) =>
      post('/service-types', { axis_id: axisId, department_id: departmentId, ...body });
    basketTypeId = await type({ name: 'سلة غذائية' });
    medicalTypeId = await type({ name: 'إحالة طبية', is_medical: true });
    seminarTypeId = await post('/seminar-types', { name: 'ندوة توعوية' });
  });

  test('without a session: 401 on both calls', async () => {
    for (const url of ['/api/my/tasks', '/api/my/tasks/count']) {
      expect((await h.request('GET', url)).statusCode).toBe(401);
    }
  });

  test('an employee with nothing waiting and no key of any kind gets nothing', async () => {
    expect(await tasks(outsider)).toEqual({ total: 0, groups: [] });
    expect(await count(outsider)).toBe(0);
  });

  test('a visit due for the researcher appears (overdue), and goes once recorded', async () => {
    const before = await count(researcher.token);
    const planned = await h.request('POST', `/api/families/${family.id}/visits`, {
      token: researcher.token,
      body: { planned_date: daysFromToday(-1), researcher_id: researcher.id, purpose: 'follow_up' },
    });
    expect(planned.statusCode).toBe(201);
    const visit = visitResponseSchema.parse(planned.json()).data;
    // Another researcher's visit and one beyond the week are not the researcher's tasks.
    await h.request('POST', `/api/families/${family.id}/visits`, {
      token: researcher.token,
      body: { planned_date: daysFromToday(20), researcher_id: researcher.id, purpose: 'follow_up' },
    });

    const answer = await tasks(researcher.token);
    expect(group(answer, 'visit')?.tasks).toEqual([
      {
        key: `visit-${visit.id}`,
        kind: 'visit',
        title: 'زيارة ميدانية: متابعة',
        reference: { label: 'رقم الملف', value: family.file_number },
        link: `/families/show/${family.id}`,
        due_date: daysFromToday(-1),
        overdue: true,
      },
    ]);
    expect(await count(researcher.token)).toBe(before + 1);
    expect(keys(await tasks(officer.token), 'visit')).toEqual([]);

    const recorded = await h.request('PUT', `/api/visits/${visit.id}`, {
      token: researcher.token,
      body: {
        planned_date: daysFromToday(-1),
        researcher_id: researcher.id,
        purpose: 'follow_up',
        outcome: 'not_home',
        visited_on: daysFromToday(-1),
      },
    });
    expect(recorded.statusCode).toBe(200);
    expect(keys(await tasks(researcher.token), 'visit')).toEqual([]);
    expect(await count(researcher.token)).toBe(before);
  });

  test('a reassessment due for the assigned researcher appears, and goes when a visit sets the next date', async () => {
    await h.db
      .updateTable('families')
      .set({ assigned_researcher_id: researcher.id, next_reassessment_date: daysFromToday(3) })
      .where('id', '=', family.id)
      .execute();
    const answer = await tasks(researcher.token);
    expect(group(answer, 'reassessment')?.tasks).toEqual([
      expect.objectContaining({
        key: `reassessment-${family.id}`,
        title: 'إعادة تقييم الأسرة',
        link: `/families/show/${family.id}`,
        due_date: daysFromToday(3),
        overdue: false,
      }),
    ]);
    // Not the officer's: they are not the family's researcher.
    expect(keys(await tasks(officer.token), 'reassessment')).toEqual([]);

    const planned = await h.request('POST', `/api/families/${family.id}/visits`, {
      token: researcher.token,
      body: {
        planned_date: daysFromToday(-2),
        researcher_id: researcher.id,
        purpose: 'reassessment',
      },
    });
    const visit = visitResponseSchema.parse(planned.json()).data;
    const recorded = await h.request('PUT', `/api/visits/${visit.id}`, {
      token: researcher.token,
      body: {
        planned_date: daysFromToday(-2),
        researcher_id: researcher.id,
        purpose: 'reassessment',
        outcome: 'visited',
        visited_on: daysFromToday(-1),
        next_reassessment_date: daysFromToday(180),
      },
    });
    expect(recorded.statusCode).toBe(200);
    const after = await tasks(researcher.token);
    expect(keys(after, 'reassessment')).toEqual([]);
    expect(keys(after, 'visit')).toEqual([]);
  });

  test('a requested service waits for whoever approves services, and goes once approved', async () => {
    const response = await h.request('POST', '/api/services', {
      token: officer.token,
      body: {
        service_type_id: basketTypeId,
        family_id: family.id,
        request_date: daysFromToday(-3),
      },
    });
    expect(response.statusCode).toBe(201);
    const id = response.json<{ data: { id: number } }>().data.id;
    const before = await count(officer.token);
    const approval = group(await tasks(officer.token), 'service_approval');
    expect(approval?.tasks).toContainEqual(
      expect.objectContaining({
        key: `service_approval-${id}`,
        link: `/services/show/${id}`,
        reference: { label: 'رقم الملف', value: family.file_number },
        due_date: daysFromToday(-3),
      }),
    );
    // The researcher cannot open services: no service task, even one they could approve.
    expect(group(await tasks(researcher.token), 'service_approval')).toBeUndefined();

    const approved = await h.request('POST', `/api/services/${id}/status`, {
      token: officer.token,
      body: { status: 'approved' },
    });
    expect(approved.statusCode).toBe(200);
    expect(keys(await tasks(officer.token), 'service_approval')).not.toContain(
      `service_approval-${id}`,
    );
    expect(await count(officer.token)).toBe(before - 1);
  });

  test('a started service past its expected date waits for its requester, and goes once delivered', async () => {
    const response = await h.request('POST', '/api/services', {
      token: officer.token,
      body: {
        service_type_id: medicalTypeId,
        family_id: family.id,
        request_date: daysFromToday(-10),
        expected_date: daysFromToday(-2),
      },
    });
    expect(response.statusCode).toBe(201);
    const id = response.json<{ data: { id: number } }>().data.id;
    const move = (status: string, extra: Record<string, unknown> = {}) =>
      h.request('POST', `/api/services/${id}/status`, {
        token: officer.token,
        body: { status, ...extra },
      });
    expect((await move('approved')).statusCode).toBe(200);
    const overdue = group(await tasks(officer.token), 'service_overdue');
    expect(overdue?.tasks).toContainEqual(
      expect.objectContaining({ key: `service_overdue-${id}`, overdue: true }),
    );
    // A service the researcher requested would still need show_services to be opened.
    expect(group(await tasks(researcher.token), 'service_overdue')).toBeUndefined();

    expect((await move('in_progress')).statusCode).toBe(200);
    expect((await move('delivered', { delivery_date: daysFromToday(0) })).statusCode).toBe(200);
    expect(keys(await tasks(officer.token), 'service_overdue')).not.toContain(
      `service_overdue-${id}`,
    );
  });

  test('an import with undecided duplicates waits for whoever uploaded it, until decided', async () => {
    const upload = await h.db
      .insertInto('family_imports')
      .values({
        kind: 'families',
        status: 'ready',
        file_name: 'families.xlsx',
        file_size: 100,
        total_rows: 1,
        created_by: researcher.id,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const row = await h.db
      .insertInto('family_import_rows')
      .values({ import_id: upload.id, row_number: 2, state: 'duplicate', cells: '{}' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const waiting = group(await tasks(researcher.token), 'import_duplicates');
    expect(waiting?.tasks).toEqual([
      expect.objectContaining({
        key: `import_duplicates-${upload.id}`,
        reference: { label: 'رقم الاستيراد', value: String(upload.id) },
        link: `/families/import/${upload.id}`,
        overdue: false,
      }),
    ]);
    expect(group(await tasks(officer.token), 'import_duplicates')).toBeUndefined();

    await h.db
      .updateTable('family_import_rows')
      .set({ resolution: 'skip', state: 'skipped' })
      .where('id', '=', row.id)
      .execute();
    expect(group(await tasks(researcher.token), 'import_duplicates')).toBeUndefined();
  });

  test('a seminar its organiser runs within the week waits for them, not once cancelled', async () => {
    const at = (days: number, time: string) => `${daysFromToday(days)}T${time}`;
    const insert = (starts: number, title: string) =>
      h.db
        .insertInto('seminars')
        .values({
          title,
          seminar_type_id: seminarTypeId,
          venue: 'القاعة الكبرى',
          starts_at: at(starts, '10:00'),
          ends_at: at(starts, '12:00'),
          capacity: 20,
          status: 'planned',
          search_text: title,
          created_by: seminarOfficer.id,
          updated_by: seminarOfficer.id,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    const soon = await insert(2, 'التوعية المالية');
    await insert(30, 'ندوة بعيدة');
    const answer = await tasks(seminarOfficer.token);
    expect(answer.groups.map((entry) => entry.kind)).toEqual(['seminar']);
    expect(group(answer, 'seminar')?.tasks).toEqual([
      {
        key: `seminar-${soon.id}`,
        kind: 'seminar',
        title: 'ندوة «التوعية المالية»',
        reference: null,
        link: `/seminar/show/${soon.id}`,
        due_date: daysFromToday(2),
        overdue: false,
      },
    ]);
    expect(await count(seminarOfficer.token)).toBe(1);

    await h.db
      .updateTable('seminars')
      .set({ status: 'cancelled' })
      .where('id', '=', soon.id)
      .execute();
    expect(await count(seminarOfficer.token)).toBe(0);
  });

  describe('family documents expiring', () => {
    /** A document on `familyId`, uploaded by the researcher (who edits families), expiring then. */
    const uploadDocument = async (familyId: number, kind: string, expiresOn: string) => {
      const response = await upload(h, `families/${familyId}`, {
        token: researcher.token,
        kind,
        file: pdf(),
        fileName: 'document.pdf',
        fields: { expires_on: expiresOn },
      });
      if (response.statusCode !== 201)
        throw new Error(`${response.statusCode} ${response.payload}`);
      return response.json<{ data: { id: number } }>().data.id;
    };
    const assign = (familyId: number, employeeId: number) =>
      h.db
        .updateTable('families')
        .set({ assigned_researcher_id: employeeId })
        .where('id', '=', familyId)
        .execute();

    test('a document expiring within 30 days on the researcher’s family appears, and goes when deleted', async () => {
      await assign(family.id, researcher.id);
      const before = await count(researcher.token);
      const soon = await uploadDocument(family.id, 'national_id', daysFromToday(10));
      const expired = await uploadDocument(family.id, 'lease', daysFromToday(-3));
      await uploadDocument(family.id, 'income_proof', daysFromToday(31));

      const answer = await tasks(researcher.token, { 'filter[kind]': 'document_expiry' });
      expect(answer.groups.map((entry) => entry.kind)).toEqual(['document_expiry']);
      expect(group(answer, 'document_expiry')?.tasks).toEqual([
        {
          key: `document_expiry-${expired}`,
          kind: 'document_expiry',
          title: `وثيقة «عقد الإيجار» منتهية الصلاحية في ملف أسرة ${String(family.head_name)}`,
          reference: { label: 'رقم الملف', value: family.file_number },
          link: `/families/show/${family.id}#documents`,
          due_date: daysFromToday(-3),
          overdue: true,
        },
        {
          key: `document_expiry-${soon}`,
          kind: 'document_expiry',
          title: `وثيقة «الهوية الوطنية» تنتهي صلاحيتها قريبًا في ملف أسرة ${String(family.head_name)}`,
          reference: { label: 'رقم الملف', value: family.file_number },
          link: `/families/show/${family.id}#documents`,
          due_date: daysFromToday(10),
          overdue: false,
        },
      ]);
      expect(await count(researcher.token)).toBe(before + 2);

      // Deleted: gone. Its expiry moved past the 30 days (a renewed document): gone.
      const deleted = await h.request('DELETE', `/api/documents/${soon}`, {
        token: researcher.token,
        body: { reason: 'رُفعت نسخة أحدث' },
      });
      expect(deleted.statusCode).toBe(200);
      await h.db
        .updateTable('documents')
        .set({ expires_on: daysFromToday(31) })
        .where('id', '=', expired)
        .execute();
      expect(keys(await tasks(researcher.token), 'document_expiry')).toEqual([]);
      expect(await count(researcher.token)).toBe(before);
    });

    test('not for another researcher’s family, nor a medical kind for who may not see medical fields', async () => {
      // The officer opens families but is nobody's researcher, and sees no medical fields.
      const other = await approvedFamily(h, researcher.token);
      await assign(other.id, researcher.id);
      const report = await uploadDocument(other.id, 'medical_report', daysFromToday(5));
      const card = await uploadDocument(other.id, 'family_card', daysFromToday(6));
      expect(keys(await tasks(officer.token), 'document_expiry')).toEqual([]);
      expect(keys(await tasks(researcher.token), 'document_expiry')).toEqual([
        `document_expiry-${report}`,
        `document_expiry-${card}`,
      ]);

      // Made the officer's family: the family card is theirs, the medical report is not.
      await assign(other.id, officer.id);
      const officerBefore = await count(officer.token);
      const answer = await tasks(officer.token, { 'filter[kind]': 'document_expiry' });
      expect(keys(answer, 'document_expiry')).toEqual([`document_expiry-${card}`]);
      expect(group(answer, 'document_expiry')?.count).toBe(1);
      expect(JSON.stringify(answer)).not.toContain('تقرير طبي');
      expect(keys(await tasks(researcher.token), 'document_expiry')).toEqual([]);
      // The bell counts the same: the medical report is not among the officer's tasks.
      await h.db.deleteFrom('documents').where('id', '=', card).execute();
      expect(await count(officer.token)).toBe(officerBefore - 1);

      // Without show_families, no documents kind at all (the family page cannot be opened).
      await assign(other.id, seminarOfficer.id);
      expect(group(await tasks(seminarOfficer.token), 'document_expiry')).toBeUndefined();
      await h.db.deleteFrom('documents').where('id', '=', report).execute();
    });
  });

  test('filters by kind, sorts by due date either way, and refuses an unknown kind', async () => {
    const plan = (days: number) =>
      h.request('POST', `/api/families/${family.id}/visits`, {
        token: researcher.token,
        body: {
          planned_date: daysFromToday(days),
          researcher_id: researcher.id,
          purpose: 'complaint',
        },
      });
    await plan(5);
    await plan(-4);
    const ascending = await tasks(researcher.token, { 'filter[kind]': 'visit' });
    expect(ascending.groups.map((entry) => entry.kind)).toEqual(['visit']);
    const dates = ascending.groups[0]?.tasks.map((task) => task.due_date);
    expect(dates).toEqual([daysFromToday(-4), daysFromToday(5)]);
    const descending = await tasks(researcher.token, {
      'filter[kind]': 'visit',
      sort: 'due_date',
      order: 'desc',
    });
    expect(descending.groups[0]?.tasks.map((task) => task.due_date)).toEqual(
      [...(dates ?? [])].reverse(),
    );
    const bad = await h.request('GET', '/api/my/tasks', {
      token: researcher.token,
      query: { 'filter[kind]': 'salaries' },
    });
    expect(bad.statusCode).toBe(422);
  });
});
