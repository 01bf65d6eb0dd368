import { todayIso } from 'shared-contracts';
import {
  VISIT_EXPORT_COLUMNS,
  VISIT_MESSAGES,
  visitListResponseSchema,
  visitResponseSchema,
  visitUpdateSchema,
  type Visit,
} from 'shared-contracts/resources/visits-contracts';
import {
  BENEFICIARY_KEYS,
  createFamily,
  parseCsv,
  readXlsx,
  type CreatedFamily,
} from './support/beneficiaries';
import { MESSAGES } from '../src/http/errors';
import { describeEachDatabase } from './support/harness';

const DAY_MS = 24 * 60 * 60 * 1000;
const daysFromToday = (days: number) =>
  new Date(Date.parse(`${todayIso()}T00:00:00.000Z`) + days * DAY_MS).toISOString().slice(0, 10);

describe('visit contracts', () => {
  const base = { planned_date: '2026-11-20', researcher_id: 1, purpose: 'reassessment' };

  test('recording needs the date with the outcome, and the checklist only after a visit', () => {
    const noDate = visitUpdateSchema.safeParse({ ...base, outcome: 'visited' });
    expect(noDate.error?.issues.map((issue) => [issue.path[0], issue.message])).toEqual([
      ['visited_on', VISIT_MESSAGES.visitedOnRequired],
    ]);
    const notHome = visitUpdateSchema.safeParse({
      ...base,
      outcome: 'not_home',
      visited_on: daysFromToday(-1),
      furniture: 'partial',
    });
    expect(notHome.error?.issues[0]?.message).toBe(VISIT_MESSAGES.checklistNeedsVisit);
    const future = visitUpdateSchema.safeParse({
      ...base,
      outcome: 'visited',
      visited_on: daysFromToday(2),
    });
    expect(future.error?.issues[0]?.message).toBe(VISIT_MESSAGES.visitedInFuture);
  });

  test('the next reassessment date only after an assessment visit, and after it', () => {
    const followUp = visitUpdateSchema.safeParse({
      ...base,
      purpose: 'follow_up',
      outcome: 'visited',
      visited_on: daysFromToday(-1),
      next_reassessment_date: daysFromToday(180),
    });
    expect(followUp.error?.issues[0]?.message).toBe(VISIT_MESSAGES.reassessmentNeedsVisit);
    const before = visitUpdateSchema.safeParse({
      ...base,
      outcome: 'visited',
      visited_on: daysFromToday(-1),
      next_reassessment_date: daysFromToday(-3),
    });
    expect(before.error?.issues[0]?.message).toBe(VISIT_MESSAGES.reassessmentBeforeVisit);
  });
});

describeEachDatabase('visits', (h) => {
  let editor = '';
  let researcherId = 0;
  let researcherName = '';
  let reader = '';
  let outsider = '';
  let family: CreatedFamily;

  const plan = (familyId: number, body: unknown, token = editor) =>
    h.request('POST', `/api/families/${familyId}/visits`, { token, body });
  const put = (id: number, body: unknown, token = editor) =>
    h.request('PUT', `/api/visits/${id}`, { token, body });
  const list = (query: Record<string, string>, token = editor) =>
    h.request('GET', '/api/visits', { token, query });
  const planned = async (body: Record<string, unknown>): Promise<Visit> => {
    const response = await plan(family.id, body);
    if (response.statusCode !== 201) throw new Error(`${response.statusCode} ${response.payload}`);
    return visitResponseSchema.parse(response.json()).data;
  };

  beforeAll(async () => {
    const employee = await h.createEmployee({
      name: 'نورة الباحثة',
      permissions: BENEFICIARY_KEYS,
    });
    editor = employee.token;
    researcherId = employee.row.id;
    researcherName = employee.row.name;
    reader = (await h.createEmployee({ permissions: ['show_families'] })).token;
    outsider = (await h.createEmployee({ permissions: ['show_financial'] })).token;
    family = await createFamily(h, editor);
  });

  test('plans a visit for a family (201), lists it for the family, logs it on its timeline', async () => {
    const response = await plan(family.id, {
      planned_date: daysFromToday(3),
      researcher_id: researcherId,
      purpose: 'follow_up',
    });
    expect(response.statusCode).toBe(201);
    const { data, message } = visitResponseSchema.parse(response.json());
    expect(message).toBe(VISIT_MESSAGES.created);
    expect(data).toMatchObject({
      family: { id: family.id, file_number: family.file_number },
      researcher: { id: researcherId, name: researcherName },
      purpose: 'follow_up',
      status: 'planned',
      overdue: false,
      outcome: null,
    });

    const ofFamily = await h.request('GET', `/api/families/${family.id}/visits`, { token: reader });
    expect(ofFamily.statusCode).toBe(200);
    expect(visitListResponseSchema.parse(ofFamily.json()).data.map((v) => v.id)).toContain(data.id);

    const rows = (await h.activityRows()).filter(
      (row) => row.entity_type === 'visit' && row.entity_id === String(data.id),
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: 'create', family_id: family.id });
    expect(rows[0]?.changes).toMatchObject({
      purpose: [null, 'متابعة'],
      researcher: [null, researcherName],
    });
    const timeline = await h.request('GET', `/api/families/${family.id}/timeline`, {
      token: editor,
    });
    expect(timeline.payload).toContain('زيارة');
  });

  test('an overdue visit is listed as overdue, then recorded done with its checklist', async () => {
    const visit = await planned({
      planned_date: daysFromToday(-1),
      researcher_id: researcherId,
      purpose: 'reassessment',
    });
    expect(visit.overdue).toBe(true);
    const overdue = visitListResponseSchema.parse(
      (
        await list({ 'filter[overdue]': 'true', 'filter[researcher_id]': String(researcherId) })
      ).json(),
    );
    expect(overdue.data.map((v) => v.id)).toContain(visit.id);

    const next = daysFromToday(180);
    const recorded = await put(visit.id, {
      planned_date: visit.planned_date,
      researcher_id: researcherId,
      purpose: 'reassessment',
      outcome: 'visited',
      visited_on: todayIso(),
      notes: 'الأسرة بحاجة إلى ثلاجة',
      housing_condition: 'fair',
      appliances: 'partial',
      health_needs_seen: 'some',
      children_schooling: 'all',
      next_reassessment_date: next,
    });
    expect(recorded.statusCode).toBe(200);
    const done = visitResponseSchema.parse(recorded.json()).data;
    expect(done).toMatchObject({
      status: 'done',
      overdue: false,
      outcome: 'visited',
      visited_on: todayIso(),
      health_needs_seen: 'some',
    });
    const doneList = visitListResponseSchema.parse(
      (await list({ 'filter[status]': 'done', 'filter[family_id]': String(family.id) })).json(),
    );
    expect(doneList.data.map((v) => v.id)).toContain(visit.id);
    const stillOverdue = visitListResponseSchema.parse(
      (await list({ 'filter[overdue]': 'true' })).json(),
    );
    expect(stillOverdue.data.map((v) => v.id)).not.toContain(visit.id);

    // The family's next reassessment date, with its own activity row.
    const familyAfter = await h.request('GET', `/api/families/${family.id}`, { token: editor });
    expect(familyAfter.json<{ data: { next_reassessment_date: string } }>().data).toMatchObject({
      next_reassessment_date: next,
    });
    const logs = await h.activityRows('update');
    const visitLog = logs.find(
      (row) => row.entity_type === 'visit' && row.entity_id === String(visit.id),
    );
    expect(visitLog?.changes).toMatchObject({
      outcome: [null, 'تمت الزيارة'],
      housing_condition: [null, 'متوسطة'],
      health_needs_seen: [null, 'توجد احتياجات صحية'],
    });
    const familyLog = logs.findLast(
      (row) => row.entity_type === 'family' && row.entity_id === String(family.id),
    );
    expect(familyLog?.changes).toMatchObject({ next_reassessment_date: [null, next] });

    // Saved again unchanged: nothing more is logged.
    const before = await h.rowCounts(['activity_log']);
    const { next_reassessment_date: _next, ...same } = {
      planned_date: visit.planned_date,
      researcher_id: researcherId,
      purpose: 'reassessment',
      outcome: 'visited',
      visited_on: todayIso(),
      notes: 'الأسرة بحاجة إلى ثلاجة',
      housing_condition: 'fair',
      appliances: 'partial',
      health_needs_seen: 'some',
      children_schooling: 'all',
      next_reassessment_date: null,
    };
    expect((await put(visit.id, same)).statusCode).toBe(200);
    expect(await h.rowCounts(['activity_log'])).toEqual(before);
  });

  test('reschedules a visit to another date', async () => {
    const visit = await planned({
      planned_date: daysFromToday(1),
      researcher_id: researcherId,
      purpose: 'complaint',
    });
    const response = await put(visit.id, {
      planned_date: daysFromToday(5),
      researcher_id: researcherId,
      purpose: 'complaint',
    });
    expect(response.statusCode).toBe(200);
    expect(visitResponseSchema.parse(response.json()).data.planned_date).toBe(daysFromToday(5));
    const log = (await h.activityRows('update')).find(
      (row) => row.entity_type === 'visit' && row.entity_id === String(visit.id),
    );
    expect(log?.changes).toEqual({ planned_date: [daysFromToday(1), daysFromToday(5)] });
  });

  test('401 without a session on every route', async () => {
    for (const [method, url] of [
      ['GET', '/api/visits'],
      ['GET', '/api/visits/export'],
      ['GET', `/api/families/${family.id}/visits`],
      ['POST', `/api/families/${family.id}/visits`],
      ['PUT', '/api/visits/1'],
    ] as const) {
      const response = await h.request(method, url, { body: method === 'GET' ? undefined : {} });
      expect(response.statusCode).toBe(401);
      expect(response.json<{ message: string }>().message).toMatch(/[\u0600-\u06FF]/);
    }
  });

  test('403: reading needs show_families, planning and recording edit_families', async () => {
    const visit = await planned({
      planned_date: daysFromToday(2),
      researcher_id: researcherId,
      purpose: 'emergency',
    });
    expect((await list({}, outsider)).statusCode).toBe(403);
    expect(
      (await h.request('GET', `/api/families/${family.id}/visits`, { token: outsider })).statusCode,
    ).toBe(403);
    expect((await h.request('GET', '/api/visits/export', { token: outsider })).statusCode).toBe(
      403,
    );
    const body = {
      planned_date: daysFromToday(2),
      researcher_id: researcherId,
      purpose: 'emergency',
    };
    const refused = await plan(family.id, body, reader);
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ message: string }>().message).toBe(MESSAGES.forbidden);
    expect((await put(visit.id, body, reader)).statusCode).toBe(403);
  });

  test('422 with Arabic messages on the fields, and nothing written', async () => {
    const before = await h.rowCounts(['visits', 'activity_log']);
    const missing = await plan(family.id, { purpose: 'trip' });
    expect(missing.statusCode).toBe(422);
    const errors = missing.json<{ errors: Record<string, string[]> }>().errors;
    expect(Object.keys(errors).sort()).toEqual(['planned_date', 'purpose', 'researcher_id']);
    for (const messages of Object.values(errors)) expect(messages[0]).toMatch(/[\u0600-\u06FF]/);

    const unknownResearcher = await plan(family.id, {
      planned_date: daysFromToday(1),
      researcher_id: 999_999,
      purpose: 'follow_up',
    });
    expect(unknownResearcher.statusCode).toBe(422);
    expect(unknownResearcher.json()).toMatchObject({
      errors: { researcher_id: [VISIT_MESSAGES.researcherNotFound] },
    });
    const badPeriod = await list({ 'filter[from]': '2026-11-30', 'filter[to]': '2026-11-01' });
    expect(badPeriod.statusCode).toBe(422);
    expect(await h.rowCounts(['visits', 'activity_log'])).toEqual(before);

    const noFamily = await plan(999_999, {
      planned_date: daysFromToday(1),
      researcher_id: researcherId,
      purpose: 'follow_up',
    });
    expect(noFamily.statusCode).toBe(404);
    expect(noFamily.json()).toMatchObject({ message: VISIT_MESSAGES.familyNotFound });
  });

  test('the health item is hidden from a reader who may not see medical fields, on every path', async () => {
    const visit = await planned({
      planned_date: daysFromToday(-2),
      researcher_id: researcherId,
      purpose: 'first_assessment',
    });
    await put(visit.id, {
      planned_date: visit.planned_date,
      researcher_id: researcherId,
      purpose: 'first_assessment',
      outcome: 'visited',
      visited_on: daysFromToday(-1),
      health_needs_seen: 'urgent',
    });

    const listed = visitListResponseSchema.parse(
      (await list({ 'filter[family_id]': String(family.id) }, reader)).json(),
    );
    const row = listed.data.find((v) => v.id === visit.id);
    expect(row).toBeDefined();
    expect(row).not.toHaveProperty('health_needs_seen');
    const ofFamily = await h.request('GET', `/api/families/${family.id}/visits`, { token: reader });
    expect(ofFamily.payload).not.toContain('health_needs_seen');
    expect(ofFamily.payload).not.toContain('urgent');

    const csv = await h.request('GET', '/api/visits/export', {
      token: reader,
      query: { format: 'csv', 'filter[family_id]': String(family.id) },
    });
    expect(csv.statusCode).toBe(200);
    const [header] = parseCsv(csv.payload.replace(/^\uFEFF/, ''));
    expect(header).not.toContain('احتياجات صحية ملاحظة');
    expect(csv.payload).not.toContain('احتياج صحي عاجل');

    const timeline = await h.request('GET', `/api/families/${family.id}/timeline`, {
      token: reader,
    });
    expect(timeline.statusCode).toBe(200);
    expect(timeline.payload).not.toContain('احتياج صحي عاجل');

    // The editor (who sees medical fields) gets it everywhere.
    const full = visitListResponseSchema.parse(
      (await list({ 'filter[family_id]': String(family.id) })).json(),
    );
    expect(full.data.find((v) => v.id === visit.id)?.health_needs_seen).toBe('urgent');
    const editorTimeline = await h.request('GET', `/api/families/${family.id}/timeline`, {
      token: editor,
    });
    expect(editorTimeline.payload).toContain('احتياج صحي عاجل');
  });

  test('exports the filtered list as XLSX with Arabic headers and logs the export', async () => {
    const response = await h.request('GET', '/api/visits/export', {
      token: editor,
      query: { 'filter[family_id]': String(family.id), 'filter[status]': 'planned' },
    });
    expect(response.statusCode).toBe(200);
    const sheet = await readXlsx(response);
    expect(sheet.rightToLeft).toBe(true);
    expect(sheet.header).toEqual(VISIT_EXPORT_COLUMNS.map((column) => column.header));
    expect(sheet.rows.length).toBeGreaterThan(0);
    for (const row of sheet.rows) expect(row).toContain('مخططة');
    const exportLog = (await h.activityRows('export')).findLast(
      (row) => row.entity_type === 'visit',
    );
    expect(exportLog?.entity_label).toMatch(/^تصدير قائمة الزيارات الميدانية/);
  });

  test('a period, a due filter and paging like the other lists', async () => {
    const inTen = await planned({
      planned_date: daysFromToday(10),
      researcher_id: researcherId,
      purpose: 'follow_up',
    });
    const due = visitListResponseSchema.parse(
      (await list({ 'filter[due]': 'true', 'filter[family_id]': String(family.id) })).json(),
    );
    expect(due.data.map((v) => v.id)).not.toContain(inTen.id);
    expect(due.data.every((v) => v.status === 'planned')).toBe(true);
    const period = visitListResponseSchema.parse(
      (
        await list({
          'filter[from]': daysFromToday(9),
          'filter[to]': daysFromToday(11),
          'filter[family_id]': String(family.id),
        })
      ).json(),
    );
    expect(period.data.map((v) => v.id)).toEqual([inTen.id]);
    const paged = visitListResponseSchema.parse((await list({ per_page: '2', page: '1' })).json());
    expect(paged.data).toHaveLength(2);
    expect(paged.meta).toMatchObject({ page: 1, per_page: 2 });
    expect(paged.meta.total).toBeGreaterThan(2);
  });
});
