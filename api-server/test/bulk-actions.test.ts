import { countOf, REASON_REQUIRED_MESSAGE, todayIso } from 'shared-contracts';
import { SEASON_MESSAGES } from 'shared-contracts/beneficiaries';
import {
  BULK_MAX_ITEMS,
  BULK_MESSAGES,
  BULK_SYNC_LIMIT,
  bulkJobResponseSchema,
  bulkResultSchema,
  bulkSummary,
  type BulkJob,
} from 'shared-contracts/resources/bulk-actions-contracts';
import {
  BENEFICIARY_KEYS,
  approvedFamily,
  createFamily,
  setStatus,
  type CreatedFamily,
} from './support/beneficiaries';
import { describeEachDatabase } from './support/harness';
import { SEASON_API_MESSAGES } from '../src/modules/seasons';

describe('bulk summary', () => {
  test('counts what was done and what was refused in Arabic', () => {
    const ids = (n: number) => Array.from({ length: n }, (_, i) => i + 1);
    const failed = (n: number) => ids(n).map((id) => ({ id, label: null, message: 'x' }));
    expect(bulkSummary({ done: ids(38), failed: failed(2) }, 'family')).toBe(
      'تم تحديث 38 أسرة، وتعذر تحديث أسرتين',
    );
    expect(bulkSummary({ done: ids(3), failed: [] }, 'family')).toBe('تم تحديث 3 أسر');
    expect(bulkSummary({ done: [], failed: failed(1) }, 'service')).toBe(
      `تعذر تحديث ${countOf(1, 'service')}`,
    );
  });
});

describeEachDatabase('bulk actions', (h) => {
  let editor = '';
  let researcherId = 0;
  let otherResearcherId = 0;
  let noSeasons = '';
  let reader = '';
  let families: CreatedFamily[] = [];

  const bulk = (body: unknown, token = editor) =>
    h.request('POST', '/api/families/bulk', { token, body });

  beforeAll(async () => {
    const employee = await h.createEmployee({ name: 'منى المشرفة', permissions: BENEFICIARY_KEYS });
    editor = employee.token;
    researcherId = (
      await h.createEmployee({
        name: 'سلمى الباحثة',
        permissions: ['show_families', 'edit_families'],
      })
    ).row.id;
    otherResearcherId = (
      await h.createEmployee({
        name: 'هند الباحثة',
        permissions: ['show_families', 'edit_families'],
      })
    ).row.id;
    noSeasons = (await h.createEmployee({ permissions: ['show_families', 'edit_families'] })).token;
    reader = (await h.createEmployee({ permissions: ['show_families'] })).token;
    families = [];
    for (let i = 0; i < 4; i += 1) families.push(await createFamily(h, editor));
  });

  test('assigns a researcher to every family chosen: all done, each with its own log row naming the bulk action', async () => {
    const ids = families.slice(0, 3).map((family) => family.id);
    const response = await bulk({ action: 'assign_researcher', researcher_id: researcherId, ids });
    expect(response.statusCode).toBe(200);
    const body = response.json<{ message: string; data: unknown }>();
    const result = bulkResultSchema.parse(body.data);
    expect(result).toEqual({ total: 3, done: ids, failed: [] });
    expect(body.message).toBe('تم تحديث 3 أسر');

    const rows = (await h.activityRows('update')).filter(
      (row) => row.entity_type === 'family' && ids.includes(Number(row.entity_id)),
    );
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      expect(row.entity_label).toContain('إجراء جماعي: إسناد باحث اجتماعي');
      expect(row.changes).toMatchObject({ researcher: [null, 'سلمى الباحثة'] });
    }
    const shown = await h.request('GET', `/api/families/${ids[0]}`, { token: editor });
    expect(shown.json<{ data: { researcher: { id: number } } }>().data.researcher.id).toBe(
      researcherId,
    );
  });

  test('some refused by their state, the rest done, each refusal with its Arabic reason and label', async () => {
    const [first, second, third, fourth] = families as [
      CreatedFamily,
      CreatedFamily,
      CreatedFamily,
      CreatedFamily,
    ];
    // The second is archived: read-only. The first already has this researcher.
    expect((await setStatus(h, editor, second.id, 'archived', 'انتقلت')).statusCode).toBe(200);
    const response = await bulk({
      action: 'assign_researcher',
      researcher_id: researcherId,
      ids: [first.id, second.id, fourth.id, 99_999_999],
    });
    expect(response.statusCode).toBe(200);
    const result = bulkResultSchema.parse(response.json<{ data: unknown }>().data);
    expect(result.total).toBe(4);
    expect(result.done).toEqual([fourth.id]);
    expect(result.failed).toEqual([
      {
        id: first.id,
        label: expect.stringContaining(first.file_number),
        message: BULK_MESSAGES.alreadyAssigned,
      },
      {
        id: second.id,
        label: expect.stringContaining(second.file_number),
        message: expect.stringContaining('مؤرشفة'),
      },
      { id: 99_999_999, label: null, message: BULK_MESSAGES.familyNotFound },
    ]);

    // A status change: the one whose workflow refuses it is reported, the others move.
    const status = await bulk({
      action: 'change_status',
      status: 'approved',
      ids: [third.id, second.id],
    });
    const changed = bulkResultSchema.parse(status.json<{ data: unknown }>().data);
    expect(changed.done).toEqual([third.id]);
    expect(changed.failed[0]?.message).toContain('لا يمكن نقل الأسرة');
    expect(status.json<{ message: string }>().message).toBe(
      'تم تحديث أسرة واحدة، وتعذر تحديث أسرة واحدة',
    );
  });

  test('permissions: the endpoint refuses a reader; enrolling needs the seasons permission', async () => {
    const ids = [families[0]?.id];
    const refused = await bulk(
      { action: 'assign_researcher', researcher_id: researcherId, ids },
      reader,
    );
    expect(refused.statusCode).toBe(403);
    const enrol = await bulk({ action: 'enrol_in_season', season_id: 1, ids }, noSeasons);
    expect(enrol.statusCode).toBe(403);
    expect(enrol.json<{ message: string }>().message).toBe(BULK_MESSAGES.seasonPermission);
  });

  test('bad input changes nothing: no selection, a missing reason, more than the limit', async () => {
    const before = await h.rowCounts(['families', 'activity_log']);
    const none = await bulk({ action: 'assign_researcher', researcher_id: researcherId });
    expect(none.statusCode).toBe(422);
    expect(none.json<{ errors: Record<string, string[]> }>().errors.ids).toEqual([
      BULK_MESSAGES.selectionRequired,
    ]);
    const noReason = await bulk({
      action: 'change_status',
      status: 'suspended',
      ids: [families[0]?.id],
    });
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json<{ errors: Record<string, string[]> }>().errors.reason).toEqual([
      REASON_REQUIRED_MESSAGE,
    ]);
    const tooMany = await bulk({
      action: 'assign_researcher',
      researcher_id: researcherId,
      ids: Array.from({ length: BULK_MAX_ITEMS + 1 }, (_, i) => i + 1),
    });
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json<{ errors: Record<string, string[]> }>().errors.ids).toEqual([
      BULK_MESSAGES.tooMany,
    ]);
    expect(BULK_MESSAGES.tooMany).toBe(
      'لا يمكن تنفيذ إجراء جماعي على أكثر من 1,000 سجل في الطلب الواحد',
    );
    expect(await h.rowCounts(['families', 'activity_log'])).toEqual(before);
  });

  test('a filter selection: every family the list filter matches, as GET /families reads it', async () => {
    const mine = await approvedFamily(h, editor);
    const also = await approvedFamily(h, editor);
    expect(
      (
        await bulk({
          action: 'assign_researcher',
          researcher_id: otherResearcherId,
          ids: [mine.id, also.id],
        })
      ).statusCode,
    ).toBe(200);
    const listed = await h.request('GET', '/api/families', {
      token: editor,
      query: { 'filter[researcher_id]': String(otherResearcherId) },
    });
    const matching = listed.json<{ meta: { total: number } }>().meta.total;
    expect(matching).toBe(2);

    const response = await bulk({
      action: 'change_status',
      status: 'suspended',
      reason: 'مراجعة دورية',
      filter: { 'filter[researcher_id]': String(otherResearcherId), page: '3' },
    });
    expect(response.statusCode).toBe(200);
    const result = bulkResultSchema.parse(response.json<{ data: unknown }>().data);
    expect(result.total).toBe(2);
    expect([...result.done].sort()).toEqual([mine.id, also.id].sort());

    // The export of ticked rows reads the list with their ids.
    const chosen = await h.request('GET', '/api/families', {
      token: editor,
      query: { 'filter[ids]': `${mine.id},${also.id}` },
    });
    expect(
      chosen
        .json<{ data: { id: number }[] }>()
        .data.map((family) => family.id)
        .sort(),
    ).toEqual([mine.id, also.id].sort());

    const nothing = await bulk({
      action: 'change_status',
      status: 'suspended',
      reason: 'مراجعة',
      filter: { search: 'لا أحد بهذا الاسم إطلاقا' },
    });
    expect(nothing.statusCode).toBe(422);
    expect(nothing.json<{ message: string }>().message).toBe(BULK_MESSAGES.nothingMatches);
  });

  test(`more than ${BULK_SYNC_LIMIT} items run as a job: 202, its progress, then its result`, async () => {
    const real = await createFamily(h, editor);
    const missing = Array.from({ length: BULK_SYNC_LIMIT }, (_, i) => 90_000_000 + i);
    const response = await bulk({
      action: 'assign_researcher',
      researcher_id: researcherId,
      ids: [real.id, ...missing],
    });
    expect(response.statusCode).toBe(202);
    const started = response.json<{ message: string; data: BulkJob }>();
    expect(started.message).toContain(BULK_MESSAGES.started);
    expect(started.data).toMatchObject({ total: BULK_SYNC_LIMIT + 1, resource: 'families' });

    const url = `/api/bulk-actions/${started.data.job_id}`;
    // Another employee does not see it.
    expect((await h.request('GET', url, { token: reader })).statusCode).toBe(404);
    let job = started.data;
    const deadline = Date.now() + 60_000;
    while (job.status !== 'done' && job.status !== 'failed' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const polled = await h.request('GET', url, { token: editor });
      expect(polled.statusCode).toBe(200);
      job = bulkJobResponseSchema.parse(polled.json()).data;
      expect(job.processed).toBeLessThanOrEqual(job.total);
    }
    expect(job.status).toBe('done');
    expect(job.processed).toBe(BULK_SYNC_LIMIT + 1);
    expect(job.result?.done).toEqual([real.id]);
    expect(job.result?.failed).toHaveLength(BULK_SYNC_LIMIT);
    expect(job.result?.failed[0]).toEqual({
      id: missing[0],
      label: null,
      message: BULK_MESSAGES.familyNotFound,
    });
    const rows = (await h.activityRows('update')).filter(
      (row) => row.entity_type === 'family' && row.entity_id === String(real.id),
    );
    expect(rows[0]?.entity_label).toContain('إجراء جماعي');
  }, 60_000);
});

describeEachDatabase('bulk actions on services', (h) => {
  let token = '';
  let typeId = 0;
  let family: CreatedFamily;

  const post = (url: string, body: unknown) => h.request('POST', `/api${url}`, { token, body });
  const idOf = async (response: Awaited<ReturnType<typeof post>>) => {
    if (response.statusCode !== 201) throw new Error(`${response.statusCode} ${response.payload}`);
    return response.json<{ data: { id: number } }>().data.id;
  };

  beforeAll(async () => {
    token = (
      await h.createEmployee({
        permissions: ['show_services', 'show_departments', 'show_axise', ...BENEFICIARY_KEYS],
      })
    ).token;
    const departmentId = await idOf(await post('/service-departments', { name: 'الرعاية' }));
    const axisId = await idOf(await post('/service-axes', { name: 'الإغاثة' }));
    typeId = await idOf(
      await post('/service-types', {
        name: 'سلة غذائية',
        axis_id: axisId,
        department_id: departmentId,
      }),
    );
    family = await approvedFamily(h, token);
  });

  const requested = () =>
    post('/services', {
      service_type_id: typeId,
      family_id: family.id,
      request_date: '2026-11-01',
    }).then(idOf);

  test('approves the requested services; one already rejected is refused by its workflow', async () => {
    const [first, second, rejected] = [await requested(), await requested(), await requested()];
    expect(
      (await post(`/services/${rejected}/status`, { status: 'rejected', reason: 'مكررة' }))
        .statusCode,
    ).toBe(200);
    const response = await post('/services/bulk', {
      action: 'approve',
      ids: [first, second, rejected],
    });
    expect(response.statusCode).toBe(200);
    const result = bulkResultSchema.parse(response.json<{ data: unknown }>().data);
    expect(result.done).toEqual([first, second]);
    expect(result.failed).toEqual([
      {
        id: rejected,
        label: expect.stringContaining('سلة غذائية'),
        message: expect.stringContaining('مرفوضة'),
      },
    ]);
    expect(response.json<{ message: string }>().message).toBe(
      `تم تحديث خدمتين، وتعذر تحديث ${countOf(1, 'service', { case: 'oblique' })}`,
    );
    const rows = (await h.activityRows('status_change')).filter(
      (row) => row.entity_type === 'service' && row.entity_id === String(first),
    );
    expect(rows[0]?.entity_label).toContain('إجراء جماعي: اعتماد');
  });

  test("rejecting needs a reason; a filter selects the list's services", async () => {
    const missing = await post('/services/bulk', { action: 'reject', ids: [1] });
    expect(missing.statusCode).toBe(422);
    expect(missing.json<{ errors: Record<string, string[]> }>().errors.reason).toEqual([
      REASON_REQUIRED_MESSAGE,
    ]);
    const response = await post('/services/bulk', {
      action: 'cancel',
      reason: 'أوقفت الجمعية البرنامج',
      filter: { 'filter[family_id]': String(family.id), 'filter[status]': 'approved' },
    });
    expect(response.statusCode).toBe(200);
    const result = bulkResultSchema.parse(response.json<{ data: unknown }>().data);
    expect(result.total).toBe(2);
    expect(result.failed).toEqual([]);
  });
});

describeEachDatabase("bulk actions on a season's beneficiaries", (h) => {
  let token = '';
  let reader = '';
  let seasonId = 0;
  /** The season's beneficiaries, by family, in enrolment order. */
  let beneficiaries: { id: number; family: CreatedFamily }[] = [];

  const bulk = (body: unknown, as: string | null = token, id = seasonId) =>
    h.request('POST', `/api/seasons/${id}/beneficiaries/bulk`, {
      ...(as === null ? {} : { token: as }),
      body,
    });
  const resultOf = (response: { json: <T>() => T }) =>
    bulkResultSchema.parse(response.json<{ data: unknown }>().data);
  const handover = {
    action: 'record_distribution',
    kind: 'items',
    items: [{ item: 'clothing_voucher', quantity: 2 }],
    distributed_at: todayIso(),
  };

  beforeAll(async () => {
    token = (await h.createEmployee({ name: 'فهد الموزع', permissions: BENEFICIARY_KEYS })).token;
    reader = (await h.createEmployee({ permissions: ['show_seasonal', 'show_families'] })).token;
    const families: CreatedFamily[] = [];
    for (let i = 0; i < 6; i += 1) families.push(await approvedFamily(h, token));
    const created = await h.request('POST', '/api/seasons', {
      token,
      body: {
        name: 'كسوة العيد 1448',
        kind: 'eid_clothing',
        hijri_year: 1448,
        start_date: '2026-03-01',
        end_date: '2026-04-10',
        eligibility: { statuses: ['approved'] },
      },
    });
    if (created.statusCode !== 201) throw new Error(created.payload);
    seasonId = created.json<{ data: { id: number } }>().data.id;
    const enrolled = await h.request('POST', `/api/seasons/${seasonId}/beneficiaries`, {
      token,
      body: { mode: 'families', family_ids: families.map((family) => family.id) },
    });
    if (enrolled.statusCode !== 200) throw new Error(enrolled.payload);
    for (const step of ['approved', 'distributing']) {
      const moved = await h.request('POST', `/api/seasons/${seasonId}/status`, {
        token,
        body: { status: step },
      });
      if (moved.statusCode !== 200) throw new Error(moved.payload);
    }
    const list = await h.request('GET', `/api/seasons/${seasonId}/beneficiaries`, {
      token,
      query: { per_page: '50' },
    });
    const rows = list.json<{ data: { id: number; family: { id: number } }[] }>().data;
    beneficiaries = families.map((family) => ({
      family,
      id: rows.find((row) => row.family.id === family.id)?.id ?? 0,
    }));
  }, 60_000);

  test('records a handover for each chosen beneficiary: all done, received by the head, one log row each naming the bulk action', async () => {
    const chosen = beneficiaries.slice(0, 2);
    const ids = chosen.map((item) => item.id);
    const response = await bulk({ ...handover, ids });
    expect(response.statusCode).toBe(200);
    expect(resultOf(response)).toEqual({ total: 2, done: ids, failed: [] });
    expect(response.json<{ message: string }>().message).toBe('تم تحديث أسرتين');

    const distributions = await h.request('GET', `/api/seasons/${seasonId}/distributions`, {
      token,
    });
    const rows = distributions.json<{
      data: { beneficiary_id: number; received_by_name: string; family: { head_name: string } }[];
    }>().data;
    for (const id of ids) {
      const row = rows.find((item) => item.beneficiary_id === id);
      expect(row?.received_by_name).toBe(row?.family.head_name);
    }
    const logged = (await h.activityRows('distribute')).filter((row) =>
      chosen.some((item) => row.family_id === item.family.id),
    );
    expect(logged).toHaveLength(2);
    for (const row of logged) expect(row.entity_label).toContain('إجراء جماعي: تسجيل الصرف');
  });

  test('some refused by their state, the rest done: a served family cannot be excluded, an excluded one cannot receive', async () => {
    const [served, , third, fourth] = beneficiaries as [
      { id: number; family: CreatedFamily },
      unknown,
      { id: number; family: CreatedFamily },
      { id: number; family: CreatedFamily },
    ];
    const excluded = await bulk({
      action: 'exclude',
      reason: 'انتقلت خارج المدينة',
      ids: [served.id, third.id, 99_999_999],
    });
    expect(excluded.statusCode).toBe(200);
    expect(resultOf(excluded)).toEqual({
      total: 3,
      done: [third.id],
      failed: [
        {
          id: served.id,
          label: expect.stringContaining(served.family.file_number),
          message: SEASON_API_MESSAGES.cannotExcludeReceived,
        },
        { id: 99_999_999, label: null, message: SEASON_API_MESSAGES.beneficiaryNotFound },
      ],
    });
    const rows = (await h.activityRows('exclude')).filter(
      (row) => row.entity_type === 'season_beneficiary' && row.entity_id === String(third.id),
    );
    expect(rows[0]?.entity_label).toContain('إجراء جماعي: الاستبعاد من البرنامج');

    const handed = await bulk({ ...handover, ids: [third.id, fourth.id] });
    expect(resultOf(handed)).toEqual({
      total: 2,
      done: [fourth.id],
      failed: [
        {
          id: third.id,
          label: expect.stringContaining(third.family.file_number),
          message: SEASON_API_MESSAGES.excludedCannotReceive,
        },
      ],
    });
    expect(handed.json<{ message: string }>().message).toBe(
      'تم تحديث أسرة واحدة، وتعذر تحديث أسرة واحدة',
    );
  });

  test("a filter selection: every beneficiary the season's list filter matches", async () => {
    const listed = await h.request('GET', `/api/seasons/${seasonId}/beneficiaries`, {
      token,
      query: { 'filter[status]': 'enrolled' },
    });
    const matching = listed.json<{ data: { id: number }[] }>().data.map((row) => row.id);
    expect(matching).toHaveLength(2);
    const response = await bulk({
      ...handover,
      kind: 'cash',
      cash_amount: '150.50',
      filter: { 'filter[status]': 'enrolled', page: '2' },
    });
    expect(response.statusCode).toBe(200);
    const result = resultOf(response);
    expect(result.total).toBe(2);
    expect([...result.done].sort()).toEqual([...matching].sort());

    const nothing = await bulk({ ...handover, filter: { 'filter[status]': 'enrolled' } });
    expect(nothing.statusCode).toBe(422);
    expect(nothing.json<{ message: string }>().message).toBe(BULK_MESSAGES.nothingMatches);
  });

  test('401 without a session, 403 without the seasons edit permission, 404 for an unknown season', async () => {
    const ids = [beneficiaries[0]?.id];
    expect((await bulk({ action: 'exclude', reason: 'سبب كاف', ids }, null)).statusCode).toBe(401);
    expect((await bulk({ action: 'exclude', reason: 'سبب كاف', ids }, reader)).statusCode).toBe(
      403,
    );
    const unknown = await bulk({ action: 'exclude', reason: 'سبب كاف', ids }, token, 99_999_999);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json<{ message: string }>().message).toBe(SEASON_API_MESSAGES.notFound);
  });

  test('422 changes nothing: no reason, no items, no cash amount, more than the limit', async () => {
    const before = await h.rowCounts(['season_beneficiaries', 'distributions', 'activity_log']);
    const ids = [beneficiaries[4]?.id ?? 0];
    const noReason = await bulk({ action: 'exclude', ids });
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json<{ errors: Record<string, string[]> }>().errors.reason).toEqual([
      REASON_REQUIRED_MESSAGE,
    ]);
    const noItems = await bulk({ ...handover, items: [], ids });
    expect(noItems.statusCode).toBe(422);
    expect(noItems.json<{ errors: Record<string, string[]> }>().errors.items).toEqual([
      SEASON_MESSAGES.itemsRequired,
    ]);
    const noCash = await bulk({ ...handover, kind: 'cash', ids });
    expect(noCash.json<{ errors: Record<string, string[]> }>().errors.cash_amount).toEqual([
      SEASON_MESSAGES.cashRequired,
    ]);
    const tooMany = await bulk({
      action: 'exclude',
      reason: 'سبب كاف',
      ids: Array.from({ length: BULK_MAX_ITEMS + 1 }, (_, i) => i + 1),
    });
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json<{ errors: Record<string, string[]> }>().errors.ids).toEqual([
      BULK_MESSAGES.tooMany,
    ]);
    expect(await h.rowCounts(['season_beneficiaries', 'distributions', 'activity_log'])).toEqual(
      before,
    );
  });

  test(`more than ${BULK_SYNC_LIMIT} run as a job, which keeps the season and the handover`, async () => {
    const real = beneficiaries[5] as { id: number; family: CreatedFamily };
    const missing = Array.from({ length: BULK_SYNC_LIMIT }, (_, i) => 90_000_000 + i);
    // A second handover to a family already served (the filter's test served it) is allowed.
    const response = await bulk({
      ...handover,
      notes: 'الدفعة الثانية',
      ids: [real.id, ...missing],
    });
    expect(response.statusCode).toBe(202);
    let job = response.json<{ data: BulkJob }>().data;
    expect(job.resource).toBe('season_beneficiaries');
    const deadline = Date.now() + 60_000;
    while (job.status !== 'done' && job.status !== 'failed' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const polled = await h.request('GET', `/api/bulk-actions/${job.job_id}`, { token });
      job = bulkJobResponseSchema.parse(polled.json()).data;
    }
    expect(job.status).toBe('done');
    expect(job.result?.done).toEqual([real.id]);
    expect(job.result?.failed[0]).toEqual({
      id: missing[0],
      label: null,
      message: SEASON_API_MESSAGES.beneficiaryNotFound,
    });
  }, 60_000);
});
