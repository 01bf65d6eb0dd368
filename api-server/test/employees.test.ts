import { employeeSchema, listMetaSchema, PERMISSION_KEYS } from 'shared-contracts';
import { z } from 'zod';
import { MESSAGES } from '../src/http/errors';
import { EMPLOYEE_MESSAGES } from '../src/modules/employees';
import { describeEachDatabase, TEST_ADMIN } from './support/harness';

const itemSchema = z.object({ message: z.string().optional(), data: employeeSchema });
const listSchema = z.object({ data: z.array(employeeSchema), meta: listMetaSchema });

describeEachDatabase('employees', (h) => {
  let managerToken = '';
  let managerId = 0;
  let adminToken = '';

  beforeAll(async () => {
    const manager = await h.createEmployee({
      name: 'فهد الحربي',
      // An administrator grants only keys they hold (security-access-employees.test.ts).
      permissions: ['show_index', 'show_families', 'show_reports', 'show_permissions_employees'],
      role: 'مسؤول شؤون الموظفين',
    });
    managerToken = manager.token;
    managerId = manager.row.id;
    adminToken = await h.adminToken();
  });

  const newEmployee = (overrides: Record<string, unknown> = {}) => ({
    name: 'أحمد بن علي',
    email: `ahmad.${Math.random().toString(36).slice(2, 8)}@ataa.test`,
    password: 'Str0ngPass!',
    permissions: ['show_families', 'show_index'],
    role: 'باحث اجتماعي',
    ...overrides,
  });

  describe('POST /employees', () => {
    test('creates an employee (201), email stored lower-case, password usable, permissions in contract order', async () => {
      const body = newEmployee({ email: 'Mixed.Case@Ataa.Test' });
      const response = await h.request('POST', '/api/employees', { token: managerToken, body });
      expect(response.statusCode).toBe(201);
      const created = itemSchema.parse(response.json());
      expect(created.message).toBe(EMPLOYEE_MESSAGES.created);
      expect(created.data).toMatchObject({
        name: 'أحمد بن علي',
        email: 'mixed.case@ataa.test',
        active: true,
        role: 'باحث اجتماعي',
        permissions: ['show_index', 'show_families'],
        last_login_at: null,
      });
      expect(JSON.stringify(response.json())).not.toMatch(/password/);
      expect((await h.login('mixed.case@ataa.test', 'Str0ngPass!', '10.20.0.1')).statusCode).toBe(
        200,
      );

      const log = (await h.activityRows('create')).find(
        (row) => row.entity_id === String(created.data.id),
      );
      expect(log).toMatchObject({
        employee_id: managerId,
        entity_type: 'employee',
        entity_label: 'أحمد بن علي',
        ip: '127.0.0.1',
      });
      expect(log?.changes).toEqual({
        name: [null, 'أحمد بن علي'],
        email: [null, 'mixed.case@ataa.test'],
        active: [null, true],
        role: [null, 'باحث اجتماعي'],
        permissions: [null, ['show_index', 'show_families']],
        password: [null, '[تم التغيير]'],
      });
    });

    test('a duplicate email (any case) is 409 with the Arabic message, and nothing is written', async () => {
      const first = await h.request('POST', '/api/employees', {
        token: managerToken,
        body: newEmployee(),
      });
      const email = first.json<{ data: { email: string } }>().data.email;
      const logBefore = await h.activityRows();
      const response = await h.request('POST', '/api/employees', {
        token: managerToken,
        body: newEmployee({ email: email.toUpperCase() }),
      });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({
        message: EMPLOYEE_MESSAGES.duplicateEmail,
        errors: { email: [EMPLOYEE_MESSAGES.duplicateEmail] },
      });
      expect(await h.activityRows()).toHaveLength(logBefore.length);
    });

    test('invalid bodies are 422 with Arabic field errors; unknown permission keys are refused', async () => {
      const countBefore = (await h.db.selectFrom('employees').select('id').execute()).length;
      const response = await h.request('POST', '/api/employees', {
        token: managerToken,
        body: {
          name: 'ا',
          email: 'nope',
          password: 'short',
          permissions: ['show_index', 'fly_planes'],
          active: 'yes',
        },
      });
      expect(response.statusCode).toBe(422);
      const body = response.json<{ message: string; errors: Record<string, string[]> }>();
      expect(body.message).toBe(MESSAGES.validation);
      expect(Object.keys(body.errors).sort()).toEqual([
        'active',
        'email',
        'name',
        'password',
        'permissions.1',
      ]);
      expect(body.errors.password).toEqual(['يجب أن يحتوي النص على 8 أحرف على الأقل']);
      expect(body.errors['permissions.1']).toEqual(['القيمة غير صحيحة']);
      expect((await h.db.selectFrom('employees').select('id').execute()).length).toBe(countBefore);
    });

    test('only a super admin may create a super admin', async () => {
      const byManager = await h.request('POST', '/api/employees', {
        token: managerToken,
        body: newEmployee({ role: 'Super Admin' }),
      });
      expect(byManager.statusCode).toBe(403);
      expect(byManager.json()).toEqual({ message: EMPLOYEE_MESSAGES.superAdminOnly });
      const byAdmin = await h.request('POST', '/api/employees', {
        token: adminToken,
        body: newEmployee({ role: 'superadmin' }),
      });
      expect(byAdmin.statusCode).toBe(201);
    });
  });

  describe('GET /employees and /employees/:id', () => {
    beforeAll(async () => {
      for (const [name, active] of [
        ['أَحْمَد الغامدي', true],
        ['إيمان الشهري', true],
        ['مريم العنزي', false],
        ['يحيى المالكي', true],
      ] as const) {
        await h.createEmployee({
          name,
          active,
          email: `${encodeURIComponent(name).slice(0, 12).replace(/%/g, '')}@list.test`,
        });
      }
    });

    test('lists with the list envelope, pagination meta and per_page', async () => {
      const response = await h.request('GET', '/api/employees', {
        token: managerToken,
        query: { per_page: '2', page: '2' },
      });
      expect(response.statusCode).toBe(200);
      const body = listSchema.parse(response.json());
      expect(body.data).toHaveLength(2);
      const total = await h.db.selectFrom('employees').select('id').execute();
      expect(body.meta).toEqual({
        page: 2,
        per_page: 2,
        total: total.length,
        last_page: Math.ceil(total.length / 2),
      });
    });

    test('searches name and email, Arabic-normalised (احمد finds أَحْمَد)', async () => {
      const response = await h.request('GET', '/api/employees', {
        token: managerToken,
        query: { search: 'احمد الغامدى' },
      });
      const body = listSchema.parse(response.json());
      expect(body.data.map((employee) => employee.name)).toEqual(['أَحْمَد الغامدي']);
      const byEmail = listSchema.parse(
        (
          await h.request('GET', '/api/employees', {
            token: managerToken,
            query: { search: 'LIST.TEST' },
          })
        ).json(),
      );
      expect(byEmail.meta.total).toBe(4);
      const wildcard = listSchema.parse(
        (
          await h.request('GET', '/api/employees', { token: managerToken, query: { search: '%' } })
        ).json(),
      );
      expect(wildcard.meta.total).toBe(0);
    });

    test('sorts by name, email or created_at in either order', async () => {
      const list = async (sort: string, order: 'asc' | 'desc') =>
        listSchema.parse(
          (
            await h.request('GET', '/api/employees', {
              token: managerToken,
              query: { search: 'list.test', sort, order },
            })
          ).json(),
        ).data;
      // Text order is the database collation's business; what the API owes is the direction.
      for (const sort of ['name', 'email']) {
        const ascending = await list(sort, 'asc');
        expect(ascending).toHaveLength(4);
        expect((await list(sort, 'desc')).map((employee) => employee.id)).toEqual(
          ascending.map((employee) => employee.id).reverse(),
        );
      }
      const byCreation = (await list('created_at', 'asc')).map((employee) => employee.id);
      expect(byCreation).toEqual([...byCreation].sort((a, b) => a - b));
      const bad = await h.request('GET', '/api/employees', {
        token: managerToken,
        query: { sort: 'password_hash' },
      });
      expect(bad.statusCode).toBe(422);
      expect(bad.json()).toEqual({
        message: MESSAGES.validation,
        errors: { sort: ['القيمة غير صحيحة'] },
      });
    });

    test('filter[active] narrows the list; a bad value is 422', async () => {
      const inactive = listSchema.parse(
        (
          await h.request('GET', '/api/employees', {
            token: managerToken,
            query: { 'filter[active]': 'false' },
          })
        ).json(),
      );
      expect(inactive.data.length).toBeGreaterThan(0);
      expect(inactive.data.every((employee) => !employee.active)).toBe(true);
      const bad = await h.request('GET', '/api/employees', {
        token: managerToken,
        query: { 'filter[active]': 'maybe', page: '0' },
      });
      expect(bad.statusCode).toBe(422);
      expect(Object.keys(bad.json<{ errors: object }>().errors).sort()).toEqual([
        'filter[active]',
        'page',
      ]);
    });

    test('shows one employee; unknown or non-numeric ids are an Arabic 404', async () => {
      const shown = await h.request('GET', `/api/employees/${managerId}`, { token: managerToken });
      expect(itemSchema.parse(shown.json()).data).toMatchObject({
        id: managerId,
        name: 'فهد الحربي',
      });
      for (const id of ['987654', 'abc', '0', '99999999999999999999', '-1']) {
        const response = await h.request('GET', `/api/employees/${id}`, { token: managerToken });
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ message: EMPLOYEE_MESSAGES.notFound });
      }
    });
  });

  describe('PUT /employees/:id', () => {
    test('updates fields and logs old → new, the password only as changed', async () => {
      const created = await h.request('POST', '/api/employees', {
        token: managerToken,
        body: newEmployee({ name: 'سلمان العمري', permissions: ['show_index'] }),
      });
      const id = created.json<{ data: { id: number } }>().data.id;
      const session = await h.tokenFor(id);

      const response = await h.request('PUT', `/api/employees/${id}`, {
        token: managerToken,
        body: {
          name: 'سلمان بن خالد العمري',
          permissions: ['show_reports', 'show_index'],
          active: false,
          password: 'An0therPass!',
        },
      });
      expect(response.statusCode).toBe(200);
      const body = itemSchema.parse(response.json());
      expect(body.message).toBe(EMPLOYEE_MESSAGES.updated);
      expect(body.data).toMatchObject({
        name: 'سلمان بن خالد العمري',
        active: false,
        permissions: ['show_index', 'show_reports'],
      });

      const log = (await h.activityRows('update')).filter((row) => row.entity_id === String(id));
      expect(log).toHaveLength(1);
      expect(log[0]).toMatchObject({
        employee_id: managerId,
        entity_type: 'employee',
        entity_label: 'سلمان بن خالد العمري',
      });
      expect(log[0]?.changes).toEqual({
        name: ['سلمان العمري', 'سلمان بن خالد العمري'],
        active: [true, false],
        permissions: [['show_index'], ['show_index', 'show_reports']],
        password: ['[تم التغيير]', '[تم التغيير]'],
      });
      expect(JSON.stringify(await h.activityRows())).not.toContain('$argon2');
      // A new password ends the employee's sessions.
      expect((await h.request('GET', '/api/user', { token: session })).statusCode).toBe(401);
    });

    test('an update that changes nothing writes no log row', async () => {
      const before = await h.activityRows('update');
      const response = await h.request('PUT', `/api/employees/${managerId}`, {
        token: managerToken,
        body: { name: 'فهد الحربي' },
      });
      expect(response.statusCode).toBe(200);
      expect(await h.activityRows('update')).toHaveLength(before.length);
    });

    test('changing the email to one in use is 409; to its own address in another case is fine', async () => {
      const other = await h.createEmployee();
      const response = await h.request('PUT', `/api/employees/${managerId}`, {
        token: managerToken,
        body: { email: other.row.email.toUpperCase() },
      });
      expect(response.statusCode).toBe(409);
      expect(response.json<{ message: string }>().message).toBe(EMPLOYEE_MESSAGES.duplicateEmail);
      const own = await h.request('PUT', `/api/employees/${other.row.id}`, {
        token: managerToken,
        body: { email: other.row.email.toUpperCase() },
      });
      expect(own.statusCode).toBe(200);
    });

    test('an employee cannot deactivate themself or change their own permissions (422)', async () => {
      const deactivate = await h.request('PUT', `/api/employees/${managerId}`, {
        token: managerToken,
        body: { active: false },
      });
      expect(deactivate.statusCode).toBe(422);
      expect(deactivate.json()).toEqual({
        message: EMPLOYEE_MESSAGES.cannotDeactivateSelf,
        errors: { active: [EMPLOYEE_MESSAGES.cannotDeactivateSelf] },
      });
      const drop = await h.request('PUT', `/api/employees/${managerId}`, {
        token: managerToken,
        body: { permissions: ['show_index'] },
      });
      expect(drop.statusCode).toBe(422);
      expect(drop.json<{ errors: object }>().errors).toEqual({
        permissions: [EMPLOYEE_MESSAGES.cannotChangeOwnPermissions],
      });
      const row = await h.db
        .selectFrom('employees')
        .selectAll()
        .where('id', '=', managerId)
        .executeTakeFirstOrThrow();
      expect(row.active).toBe(true);
      expect(row.permissions).toContain('show_permissions_employees');
    });

    test('super admins: only a super admin may edit or appoint one, and none may demote themself', async () => {
      const admin = await h.db
        .selectFrom('employees')
        .select('id')
        .where('email', '=', TEST_ADMIN.email)
        .executeTakeFirstOrThrow();
      const editAdmin = await h.request('PUT', `/api/employees/${admin.id}`, {
        token: managerToken,
        body: { password: 'Takeover123!' },
      });
      expect(editAdmin.statusCode).toBe(403);
      const promoteSelf = await h.request('PUT', `/api/employees/${managerId}`, {
        token: managerToken,
        body: { role: 'Super Admin' },
      });
      expect(promoteSelf.statusCode).toBe(403);
      expect(promoteSelf.json()).toEqual({ message: EMPLOYEE_MESSAGES.superAdminOnly });

      const demoteSelf = await h.request('PUT', `/api/employees/${admin.id}`, {
        token: adminToken,
        body: { role: 'مدير' },
      });
      expect(demoteSelf.statusCode).toBe(422);
      const byAdmin = await h.request('PUT', `/api/employees/${managerId}`, {
        token: adminToken,
        body: { permissions: [...PERMISSION_KEYS] },
      });
      expect(byAdmin.statusCode).toBe(200);
    });

    test('unknown id → 404, invalid body → 422', async () => {
      expect(
        (
          await h.request('PUT', '/api/employees/424242', {
            token: managerToken,
            body: { name: 'اسم جديد' },
          })
        ).statusCode,
      ).toBe(404);
      const invalid = await h.request('PUT', `/api/employees/${managerId}`, {
        token: managerToken,
        body: { email: 'x', permissions: 'all' },
      });
      expect(invalid.statusCode).toBe(422);
      expect(Object.keys(invalid.json<{ errors: object }>().errors).sort()).toEqual([
        'email',
        'permissions',
      ]);
    });
  });
});
