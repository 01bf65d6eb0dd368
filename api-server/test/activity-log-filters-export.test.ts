import ExcelJS from 'exceljs';
import { PERMISSION_KEYS } from 'shared-contracts';
import { MESSAGES } from '../src/http/errors';
import { listActivityLog } from './support/activity-log';
import { describeEachDatabase, TEST_ADMIN } from './support/harness';

/** The activity log's entity-id filter, search and XLSX export (super admins only). */
describeEachDatabase('activity log filters and export', (h) => {
  let adminToken = '';
  let groupId = 0;

  beforeAll(async () => {
    const login = await h.login(TEST_ADMIN.email, TEST_ADMIN.password, '10.50.0.1');
    adminToken = login.json<{ data: { token: string } }>().data.token;
    const group = await h.request('POST', '/api/permission-groups', {
      token: adminToken,
      body: { name: 'مجموعة التدقيق', permissions: ['show_index'] },
    });
    groupId = group.json<{ data: { id: number } }>().data.id;
    await h.request('PUT', `/api/permission-groups/${groupId}`, {
      token: adminToken,
      body: { name: 'مجموعة التدقيق', permissions: ['show_index', 'show_reports'] },
    });
  });

  const list = async (query: Record<string, string>) =>
    (await listActivityLog(h, adminToken, query)).data;

  test('filters by entity type and id, and searches labels and names (Arabic-normalised)', async () => {
    const rows = await list({
      'filter[entity_type]': 'permission_group',
      'filter[entity_id]': String(groupId),
    });
    expect(rows.map((row) => row.action)).toEqual(['update', 'create']);
    const found = await list({ search: 'مجموعه التدقيق' });
    expect(found.length).toBeGreaterThanOrEqual(2);
    expect(found.every((row) => row.entity_label === 'مجموعة التدقيق')).toBe(true);
    expect(await list({ search: 'لا يوجد شيء بهذا الاسم' })).toEqual([]);
  });

  test('only a super admin reads or exports the log: 401 and 403 for everyone else, even with every key', async () => {
    const everyKey = await h.createEmployee({
      name: 'موظف بكل الصلاحيات',
      permissions: [...PERMISSION_KEYS],
    });
    for (const url of ['/api/activity-log', '/api/activity-log/export']) {
      expect((await h.request('GET', url)).statusCode).toBe(401);
      const refused = await h.request('GET', url, { token: everyKey.token });
      expect(refused.statusCode).toBe(403);
      expect(refused.json<{ message: string }>().message).toMatch(/[\u0600-\u06FF]/);
    }
  });

  test('a reversed date range is 422 in Arabic for the export too', async () => {
    const response = await h.request('GET', '/api/activity-log/export', {
      token: adminToken,
      query: { 'filter[from]': '2026-02-01', 'filter[to]': '2026-01-01' },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json<{ message: string }>().message).toBe(MESSAGES.validation);
  });

  test('the XLSX export holds the filtered rows with Arabic labels and changes, and is logged', async () => {
    const response = await h.request('GET', '/api/activity-log/export', {
      token: adminToken,
      query: { 'filter[entity_type]': 'permission_group', 'filter[entity_id]': String(groupId) },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ExcelJS.Buffer);
    const sheet = workbook.worksheets[0];
    const values = (row: number) => (sheet?.getRow(row).values as unknown[]).slice(1);
    expect(values(1)).toEqual([
      'الرقم',
      'الوقت',
      'الموظف',
      'الإجراء',
      'نوع السجل',
      'رقم السجل',
      'السجل',
      'التغييرات',
      'عنوان الجهاز على الشبكة',
    ]);
    expect(sheet?.rowCount).toBe(3);
    const update = values(2);
    expect(update[3]).toBe('تعديل');
    expect(update[4]).toBe('مجموعة صلاحيات');
    expect(String(update[7])).toBe(
      'الصلاحيات: عرض لوحة التحكم ← عرض لوحة التحكم، عرض التقارير وأرشيفها',
    );

    const [logged] = await h.activityRows('export');
    expect(logged).toMatchObject({
      entity_type: 'activity_log',
      entity_label: 'تصدير سجل النشاط (سجلان)',
    });
    expect(logged?.changes).toMatchObject({
      filters: [null, { entity_type: 'permission_group', entity_id: String(groupId) }],
      rows: [null, 2],
      format: [null, 'xlsx'],
    });
  });

  test('no route edits or deletes a log row', async () => {
    for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
      expect(
        (await h.request(method, '/api/activity-log/1', { token: adminToken, body: {} }))
          .statusCode,
      ).toBe(404);
    }
  });
});
