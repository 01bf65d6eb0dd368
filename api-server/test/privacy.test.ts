import { sql } from 'kysely';
import { countOf } from 'shared-contracts';
import {
  BULK_MESSAGES,
  BULK_SYNC_LIMIT,
  bulkJobResponseSchema,
  type BulkJob,
} from 'shared-contracts/resources/bulk-actions-contracts';
import {
  ANONYMISED_FAMILY_NAME,
  FAMILY_ERASURE_MESSAGES,
} from 'shared-contracts/resources/family-erasure-contracts';
import {
  PRIVACY_MESSAGES as M,
  RETENTION_DEFAULT_YEARS,
  dueFamilyListResponseSchema,
  retentionResponseSchema,
} from 'shared-contracts/resources/privacy-contracts';
import { myTasksResponseSchema } from 'shared-contracts/resources/tasks-contracts';
import { nextSerial } from './support/beneficiaries';
import { describeEachDatabase, type TestHarness } from './support/harness';

/**
 * A family inserted as it stood `age` ago (its row's times, no log row of its own): the listing
 * rule reads these and the timeline, and the log's rows cannot be back-dated.
 */
async function oldFamily(
  h: TestHarness,
  status: string,
  age: string,
): Promise<{ id: number; file_number: string }> {
  const fileNumber = `R-${nextSerial()}`;
  const { rows } = await sql<{ id: number }>`
    insert into families (file_number, status, head_name, search_text, created_at, updated_at, status_changed_at)
    values (${fileNumber}, ${status}, 'أسرة قديمة', ${fileNumber.toLowerCase()},
            now() - ${age}::interval, now() - ${age}::interval, now() - ${age}::interval)
    returning id`.execute(h.db);
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('insert family');
  return { id, file_number: fileNumber };
}

/** A row on the family's timeline `age` ago (an insert: the log takes those). */
async function activityAt(h: TestHarness, familyId: number, age: string): Promise<void> {
  await sql`
    insert into activity_log (occurred_at, action, entity_type, entity_id, entity_label, family_id)
    values (now() - ${age}::interval, 'create', 'service', '1', 'خدمة', ${familyId})`.execute(h.db);
}

const JUST_OUTSIDE = `${RETENTION_DEFAULT_YEARS} years 2 days`;
const JUST_INSIDE = `${RETENTION_DEFAULT_YEARS} years -2 days`;

/** docs/personal-data.md#retention: the setting, the families due, their erasure in bulk, the task. */
describeEachDatabase('privacy: retention and erasure in bulk', (h) => {
  let officer = '';
  let reader = '';
  let eraser = '';

  const dueIds = async (token = officer, query = 'per_page=100') => {
    const response = await h.request('GET', `/api/privacy/due-families?${query}`, { token });
    expect(response.statusCode).toBe(200);
    return dueFamilyListResponseSchema.parse(response.json());
  };

  beforeAll(async () => {
    officer = (
      await h.createEmployee({
        permissions: ['show_families', 'manage_personal_data', 'anonymise_families'],
      })
    ).token;
    reader = (await h.createEmployee({ permissions: ['show_families', 'manage_personal_data'] }))
      .token;
    eraser = (await h.createEmployee({ permissions: ['show_families', 'anonymise_families'] }))
      .token;
  });

  test('the setting: 5 years by default; 401 without a session, 403 without the key', async () => {
    const read = await h.request('GET', '/api/privacy/retention', { token: reader });
    expect(read.statusCode).toBe(200);
    expect(retentionResponseSchema.parse(read.json()).data).toEqual({
      inactive_years: 5,
      updated_at: null,
      updated_by: null,
    });
    expect((await h.request('GET', '/api/privacy/retention')).statusCode).toBe(401);
    expect((await h.request('GET', '/api/privacy/retention', { token: eraser })).statusCode).toBe(
      403,
    );
    const body = { inactive_years: 6 };
    expect((await h.request('PUT', '/api/privacy/retention', { body })).statusCode).toBe(401);
    expect(
      (await h.request('PUT', '/api/privacy/retention', { token: eraser, body })).statusCode,
    ).toBe(403);
    const admin = await h.adminToken();
    expect((await h.request('GET', '/api/privacy/retention', { token: admin })).statusCode).toBe(
      200,
    );
  });

  test('422 in Arabic for a fraction, a number out of bounds or none; nothing changes', async () => {
    for (const [value, message] of [
      [2.5, M.yearsWhole],
      [0, M.yearsRange],
      [31, M.yearsRange],
      ['abc', M.yearsRequired],
      [null, M.yearsRequired],
    ] as const) {
      const response = await h.request('PUT', '/api/privacy/retention', {
        token: officer,
        body: { inactive_years: value },
      });
      expect(response.statusCode).toBe(422);
      expect(response.json().errors.inactive_years).toEqual([message]);
    }
    const read = await h.request('GET', '/api/privacy/retention', { token: officer });
    expect(read.json().data.inactive_years).toBe(5);
  });

  test('the listing rule: archived or rejected, not anonymised, inactive for the period', async () => {
    const outside = await oldFamily(h, 'archived', JUST_OUTSIDE);
    const rejected = await oldFamily(h, 'rejected', JUST_OUTSIDE);
    const inside = await oldFamily(h, 'archived', JUST_INSIDE);
    const approved = await oldFamily(h, 'approved', '10 years');
    const active = await oldFamily(h, 'archived', '10 years');
    await activityAt(h, active.id, '1 year');
    const anonymised = await oldFamily(h, 'archived', '10 years');
    await sql`update families set anonymised_at = now() - interval '1 day' where id = ${anonymised.id}`.execute(
      h.db,
    );

    const list = await dueIds();
    const ids = list.data.map((row) => row.id);
    expect(ids).toEqual(expect.arrayContaining([outside.id, rejected.id]));
    for (const id of [inside.id, approved.id, active.id, anonymised.id])
      expect(ids).not.toContain(id);
    const row = list.data.find((item) => item.id === outside.id);
    expect(row).toMatchObject({ file_number: outside.file_number, status: 'archived' });
    // Oldest activity first.
    const times = list.data.map((item) => Date.parse(item.last_activity_at));
    expect([...times].sort((a, b) => a - b)).toEqual(times);

    const filtered = await dueIds(
      officer,
      `filter[status]=rejected&search=${rejected.file_number}`,
    );
    expect(filtered.data.map((item) => item.id)).toEqual([rejected.id]);

    expect((await h.request('GET', '/api/privacy/due-families')).statusCode).toBe(401);
    expect(
      (await h.request('GET', '/api/privacy/due-families', { token: eraser })).statusCode,
    ).toBe(403);
    const bad = await h.request('GET', '/api/privacy/due-families?sort=head_name', {
      token: officer,
    });
    expect(bad.statusCode).toBe(422);
  });

  test('the officer gets one task counting the families due, linking to the page', async () => {
    const due = (await dueIds()).meta.total;
    expect(due).toBeGreaterThan(0);
    const response = await h.request('GET', '/api/my/tasks?filter[kind]=anonymisation_due', {
      token: officer,
    });
    const tasks = myTasksResponseSchema.parse(response.json()).data;
    expect(tasks.groups).toHaveLength(1);
    expect(tasks.groups[0]?.count).toBe(1);
    expect(tasks.groups[0]?.tasks[0]).toMatchObject({
      kind: 'anonymisation_due',
      link: '/privacy',
      overdue: false,
    });
    expect(tasks.groups[0]?.tasks[0]?.title).toContain(countOf(due, 'family', { case: 'oblique' }));
    // Without the page's key, or without the erasure's, no such task.
    for (const token of [reader, eraser]) {
      const other = await h.request('GET', '/api/my/tasks', { token });
      const kinds = myTasksResponseSchema.parse(other.json()).data.groups.map((g) => g.kind);
      expect(kinds).not.toContain('anonymisation_due');
    }
  });

  test('the erasure in bulk: 401, 403, 422 for no reason or a wrong count', async () => {
    const family = await oldFamily(h, 'archived', '10 years');
    const body = {
      action: 'anonymise',
      ids: [family.id],
      reason: 'انقضت مدة الاحتفاظ',
      confirm_count: 1,
    };
    expect((await h.request('POST', '/api/privacy/anonymise', { body })).statusCode).toBe(401);
    for (const token of [reader, eraser])
      expect((await h.request('POST', '/api/privacy/anonymise', { token, body })).statusCode).toBe(
        403,
      );
    const noReason = await h.request('POST', '/api/privacy/anonymise', {
      token: officer,
      body: { ...body, reason: '' },
    });
    expect(noReason.statusCode).toBe(422);
    const wrongCount = await h.request('POST', '/api/privacy/anonymise', {
      token: officer,
      body: { ...body, confirm_count: 2 },
    });
    expect(wrongCount.statusCode).toBe(422);
    expect(wrongCount.json()).toMatchObject({
      message: BULK_MESSAGES.confirmCountMismatch,
      errors: { confirm_count: [BULK_MESSAGES.confirmCountMismatch] },
    });
    const noCount = await h.request('POST', '/api/privacy/anonymise', {
      token: officer,
      body: { ...body, confirm_count: undefined },
    });
    expect(noCount.statusCode).toBe(422);
    expect(noCount.json().errors.confirm_count).toEqual([BULK_MESSAGES.confirmCountRequired]);
    const row = await h.db
      .selectFrom('families')
      .select('anonymised_at')
      .where('id', '=', family.id)
      .executeTakeFirstOrThrow();
    expect(row.anonymised_at).toBeNull();
  });

  test('erases each family with its log row; a family no longer due is refused; a re-run erases nothing twice', async () => {
    const first = await oldFamily(h, 'archived', '10 years');
    const second = await oldFamily(h, 'rejected', '10 years');
    const revived = await oldFamily(h, 'archived', '10 years');
    // Active again after the list was read: refused by the check in its own transaction.
    await activityAt(h, revived.id, '1 day');
    const ids = [first.id, second.id, revived.id];
    const body = { action: 'anonymise', ids, reason: 'انقضت مدة الاحتفاظ', confirm_count: 3 };
    const response = await h.request('POST', '/api/privacy/anonymise', { token: officer, body });
    expect(response.statusCode).toBe(200);
    const result = response.json().data;
    expect(result.done).toEqual([first.id, second.id]);
    expect(result.failed).toEqual([expect.objectContaining({ id: revived.id, message: M.notDue })]);
    const rows = await h.db
      .selectFrom('families')
      .select(['id', 'head_name', 'anonymised_at'])
      .where('id', 'in', ids)
      .orderBy('id')
      .execute();
    expect(rows.map((row) => [row.head_name, row.anonymised_at !== null])).toEqual([
      [ANONYMISED_FAMILY_NAME, true],
      [ANONYMISED_FAMILY_NAME, true],
      ['أسرة قديمة', false],
    ]);
    const logged = await h.db
      .selectFrom('activity_log')
      .select(['family_id', 'entity_label'])
      .where('action', '=', 'anonymise')
      .where('family_id', 'in', ids)
      .execute();
    expect(logged.map((row) => row.family_id).sort()).toEqual([first.id, second.id].sort());
    expect(logged.every((row) => row.entity_label?.includes('إجراء جماعي'))).toBe(true);

    // Again: the two erased ones are refused as already anonymised, nothing is written twice.
    const again = await h.request('POST', '/api/privacy/anonymise', {
      token: officer,
      body: { ...body, ids: [first.id, second.id], confirm_count: 2 },
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().data.done).toEqual([]);
    expect(again.json().data.failed.map((item: { message: string }) => item.message)).toEqual([
      FAMILY_ERASURE_MESSAGES.alreadyAnonymised,
      FAMILY_ERASURE_MESSAGES.alreadyAnonymised,
    ]);
    const count = await h.db
      .selectFrom('activity_log')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('action', '=', 'anonymise')
      .where('family_id', 'in', ids)
      .executeTakeFirstOrThrow();
    expect(count.n).toBe(2);
    // Gone from the list.
    const listed = (await dueIds()).data.map((row) => row.id);
    expect(listed).not.toContain(first.id);
  });

  test(`more than ${BULK_SYNC_LIMIT} families run as a job that erases each once`, async () => {
    const real = await oldFamily(h, 'archived', '10 years');
    const missing = Array.from({ length: BULK_SYNC_LIMIT }, (_, i) => 900000 + i);
    const ids = [real.id, ...missing];
    const response = await h.request('POST', '/api/privacy/anonymise', {
      token: officer,
      body: { action: 'anonymise', ids, reason: 'انقضت مدة الاحتفاظ', confirm_count: ids.length },
    });
    expect(response.statusCode).toBe(202);
    let job = response.json<{ data: BulkJob }>().data;
    const deadline = Date.now() + 60_000;
    while (job.status !== 'done' && job.status !== 'failed' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const polled = await h.request('GET', `/api/bulk-actions/${job.job_id}`, { token: officer });
      job = bulkJobResponseSchema.parse(polled.json()).data;
    }
    expect(job.status).toBe('done');
    expect(job.action).toBe('anonymise');
    expect(job.result?.done).toEqual([real.id]);
    expect(job.result?.failed).toHaveLength(BULK_SYNC_LIMIT);
    const row = await h.db
      .selectFrom('families')
      .select('head_name')
      .where('id', '=', real.id)
      .executeTakeFirstOrThrow();
    expect(row.head_name).toBe(ANONYMISED_FAMILY_NAME);
  });

  test('changing the setting is logged with its Arabic label and changes the list', async () => {
    const nine = await oldFamily(h, 'archived', '9 years');
    expect((await dueIds()).data.map((row) => row.id)).toContain(nine.id);
    const saved = await h.request('PUT', '/api/privacy/retention', {
      token: officer,
      body: { inactive_years: '10' },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().message).toBe(M.saved);
    const setting = retentionResponseSchema.parse(saved.json()).data;
    expect(setting.inactive_years).toBe(10);
    expect(setting.updated_by).not.toBeNull();
    expect((await dueIds()).data.map((row) => row.id)).not.toContain(nine.id);
    const log = await h.db
      .selectFrom('activity_log')
      .select(['entity_type', 'action', 'changes'])
      .where('entity_type', '=', 'retention_settings')
      .execute();
    expect(log).toEqual([
      { entity_type: 'retention_settings', action: 'update', changes: { inactive_years: [5, 10] } },
    ]);
    // The same value again: nothing changes, nothing is logged.
    const same = await h.request('PUT', '/api/privacy/retention', {
      token: officer,
      body: { inactive_years: 10 },
    });
    expect(same.json().message).toBe(M.unchanged);
    const after = await h.db
      .selectFrom('activity_log')
      .select('id')
      .where('entity_type', '=', 'retention_settings')
      .execute();
    expect(after).toHaveLength(1);
  });
});
