import { MESSAGES } from '../src/http/errors';
import { BENEFICIARY_KEYS, approvedFamily, createFamily } from './support/beneficiaries';
import { listActivityLog } from './support/activity-log';
import { describeEachDatabase, TEST_ADMIN } from './support/harness';

// GET /activity-log?filter[family_id]=…: the rows about one family, for the family page's
// "آخر نشاط على ملف الأسرة" panel (mf-admin's contribution to the families.show slot).

describeEachDatabase('activity log: filter[family_id]', (h) => {
  let adminToken = '';
  let researcherToken = '';
  let researcherId = 0;

  beforeAll(async () => {
    const login = await h.login(TEST_ADMIN.email, TEST_ADMIN.password);
    adminToken = login.json<{ data: { token: string } }>().data.token;
    const researcher = await h.createEmployee({
      name: 'نورة الباحثة',
      permissions: ['show_index', ...BENEFICIARY_KEYS],
    });
    researcherToken = researcher.token;
    researcherId = researcher.row.id;
  });

  const list = (query: Record<string, string>) => listActivityLog(h, adminToken, query);

  test('returns only the rows about that family, newest first, with who did what', async () => {
    const family = await approvedFamily(h, researcherToken);
    const other = await createFamily(h, researcherToken);

    const rows = (await list({ 'filter[family_id]': String(family.id) })).data;
    // Its creation and its approval; never the other family's rows or the logins.
    expect(rows.map((row) => row.action)).toEqual(['status_change', 'create']);
    for (const row of rows) {
      expect(row).toMatchObject({
        entity_type: 'family',
        entity_id: String(family.id),
        employee_id: researcherId,
        employee_name: 'نورة الباحثة',
      });
    }
    const ids = rows.map((row) => row.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));

    const otherRows = (await list({ 'filter[family_id]': String(other.id) })).data;
    expect(otherRows.map((row) => row.action)).toEqual(['create']);
    expect(otherRows[0]?.entity_id).toBe(String(other.id));
  });

  test('combines with the other filters and with paging (the panel asks for the last 10)', async () => {
    const family = await approvedFamily(h, researcherToken);
    const filter = { 'filter[family_id]': String(family.id) };
    expect((await list({ ...filter, 'filter[action]': 'create' })).data).toHaveLength(1);
    expect((await list({ ...filter, 'filter[employee_id]': '999999' })).meta.total).toBe(0);
    const page = await list({ ...filter, per_page: '1' });
    expect(page.meta).toEqual({ page: 1, per_page: 1, total: 2, last_page: 2 });
    expect(page.data[0]?.action).toBe('status_change');
  });

  test('a family nobody touched has no rows; a bad id is a 422 in Arabic', async () => {
    expect((await list({ 'filter[family_id]': '2147483000' })).meta.total).toBe(0);
    for (const bad of ['x', '0', '-3']) {
      const response = await h.request('GET', '/api/activity-log', {
        token: adminToken,
        query: { 'filter[family_id]': bad },
      });
      expect(response.statusCode).toBe(422);
      const body = response.json<{ message: string; errors: Record<string, string[]> }>();
      expect(body.message).toBe(MESSAGES.validation);
      expect(Object.keys(body.errors)).toEqual(['filter[family_id]']);
    }
  });

  test('stays super-admin only: a researcher who may see the family may not read its log here', async () => {
    const family = await createFamily(h, researcherToken);
    const response = await h.request('GET', '/api/activity-log', {
      token: researcherToken,
      query: { 'filter[family_id]': String(family.id) },
    });
    expect(response.statusCode).toBe(403);
  });
});
