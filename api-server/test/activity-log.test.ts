import { sql } from 'kysely';
import { MESSAGES } from '../src/http/errors';
import { listActivityLog } from './support/activity-log';
import { describeEachDatabase, TEST_ADMIN } from './support/harness';

describeEachDatabase('activity log', (h) => {
  let adminToken = '';
  let adminId = 0;

  beforeAll(async () => {
    const login = await h.login(TEST_ADMIN.email, TEST_ADMIN.password, '10.30.0.1');
    const data = login.json<{ data: { token: string; employee: { id: number } } }>().data;
    adminToken = data.token;
    adminId = data.employee.id;
  });

  const list = (query: Record<string, string> = {}) => listActivityLog(h, adminToken, query);

  test('login, failed login and logout are recorded with ip and user agent', async () => {
    await h.login(TEST_ADMIN.email, 'wrong-password', '10.30.0.2');
    const session = await h.login(TEST_ADMIN.email, TEST_ADMIN.password, '10.30.0.3');
    const token = session.json<{ data: { token: string } }>().data.token;
    await h.request('POST', '/api/auth/profile/logout', { token, remoteAddress: '10.30.0.4' });

    const rows = (await list({ per_page: '10' })).data;
    const [logout, login, failed] = rows;
    expect(logout).toMatchObject({
      action: 'logout',
      employee_id: adminId,
      employee_name: 'مدير النظام',
      ip: '10.30.0.4',
    });
    expect(login).toMatchObject({
      action: 'login',
      employee_id: adminId,
      entity_type: 'employee',
      entity_id: String(adminId),
      ip: '10.30.0.3',
      user_agent: 'jest-test-agent',
    });
    // A failed login has no employee: the address it came from and the email tried.
    expect(failed).toMatchObject({
      action: 'login_failed',
      employee_id: null,
      employee_name: null,
      entity_label: TEST_ADMIN.email,
      ip: '10.30.0.2',
    });
  });

  test('employee changes are recorded as field diffs by whoever made them', async () => {
    const created = await h.request('POST', '/api/employees', {
      token: adminToken,
      body: {
        name: 'هند السبيعي',
        email: 'hind@ataa.test',
        password: 'Str0ngPass!',
        permissions: ['show_index'],
      },
    });
    const id = created.json<{ data: { id: number } }>().data.id;
    await h.request('PUT', `/api/employees/${id}`, { token: adminToken, body: { active: false } });

    const rows = (await list({ 'filter[entity_type]': 'employee', 'filter[action]': 'update' }))
      .data;
    expect(rows[0]).toMatchObject({
      action: 'update',
      employee_id: adminId,
      entity_id: String(id),
      entity_label: 'هند السبيعي',
      changes: { active: [true, false] },
    });
    const createRow = (await list({ 'filter[action]': 'create' })).data.find(
      (row) => row.entity_id === String(id),
    );
    expect(createRow?.changes).toMatchObject({
      name: [null, 'هند السبيعي'],
      password: [null, '[تم التغيير]'],
    });
  });

  test('filters by employee, action and date range; paginates newest first', async () => {
    const other = await h.createEmployee({ permissions: ['show_index'] });
    await h.request('POST', '/api/auth/profile/logout', { token: other.token });

    const byEmployee = await list({ 'filter[employee_id]': String(other.row.id) });
    expect(byEmployee.data.map((row) => row.action)).toEqual(['logout']);

    const today = new Date().toISOString().slice(0, 10);
    const all = await list();
    expect((await list({ 'filter[from]': today, 'filter[to]': today })).meta.total).toBe(
      all.meta.total,
    );
    expect((await list({ 'filter[to]': '2000-01-01' })).meta.total).toBe(0);
    expect((await list({ 'filter[from]': '2999-01-01' })).meta.total).toBe(0);

    const firstPage = await list({ per_page: '2' });
    expect(firstPage.meta).toEqual({
      page: 1,
      per_page: 2,
      total: all.meta.total,
      last_page: Math.ceil(all.meta.total / 2),
    });
    const ids = all.data.map((row) => row.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect((await list({ order: 'asc', per_page: '1' })).data[0]?.id).toBe(Math.min(...ids));
  });

  test('bad filters are 422 in Arabic', async () => {
    const response = await h.request('GET', '/api/activity-log', {
      token: adminToken,
      query: { 'filter[from]': '2025-13-40', 'filter[employee_id]': 'x' },
    });
    expect(response.statusCode).toBe(422);
    const body = response.json<{ message: string; errors: Record<string, string[]> }>();
    expect(body.message).toBe(MESSAGES.validation);
    expect(Object.keys(body.errors).sort()).toEqual(['filter[employee_id]', 'filter[from]']);
    const reversed = await h.request('GET', '/api/activity-log', {
      token: adminToken,
      query: { 'filter[from]': '2025-02-01', 'filter[to]': '2025-01-01' },
    });
    expect(reversed.json<{ errors: Record<string, string[]> }>().errors['filter[to]']).toEqual([
      'تاريخ البداية يجب أن يسبق تاريخ النهاية',
    ]);
  });

  test('the table is append-only, enforced by the database', async () => {
    await expect(sql`update activity_log set action = 'tampered'`.execute(h.db)).rejects.toThrow(
      /append-only/,
    );
    await expect(sql`delete from activity_log`.execute(h.db)).rejects.toThrow(/append-only/);
    // A row trigger never sees TRUNCATE: refused by its own statement trigger, also
    // when it would come through a foreign key (TRUNCATE employees CASCADE).
    const before = (await list()).meta.total;
    await expect(sql`truncate activity_log`.execute(h.db)).rejects.toThrow(/append-only/);
    await expect(sql`truncate employees cascade`.execute(h.db)).rejects.toThrow(/append-only/);
    expect((await list()).meta.total).toBe(before);
  });

  test('a change that fails leaves no log row (same transaction)', async () => {
    const victim = await h.createEmployee({ name: 'سعاد المطيري' });
    // The database refuses this one update after the handler has written its log row.
    await sql`create function refuse_boom() returns trigger language plpgsql as $$
      begin if new.name = 'انفجار' then raise exception 'refused by test'; end if; return new; end; $$`.execute(
      h.db,
    );
    await sql`create trigger refuse_boom before update on employees for each row execute function refuse_boom()`.execute(
      h.db,
    );
    try {
      const before = (await list()).meta.total;
      const response = await h.request('PUT', `/api/employees/${victim.row.id}`, {
        token: adminToken,
        body: { name: 'انفجار' },
      });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ message: MESSAGES.internal });
      expect((await list()).meta.total).toBe(before);
    } finally {
      await sql`drop trigger refuse_boom on employees`.execute(h.db);
      await sql`drop function refuse_boom()`.execute(h.db);
    }
  });
});
