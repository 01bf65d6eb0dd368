import { ARABIC_MESSAGES, PERMISSION_KEYS, PASSWORD_MESSAGES } from 'shared-contracts';
import { EMPLOYEE_RULE_MESSAGES, keysNotHeldMessage } from 'shared-contracts/admin';
import { MESSAGES } from '../src/http/errors';
import { revokeInactiveTokensMigration } from '../src/modules/sessions/migrations/2026_11_23_sessions_revoke_inactive';
import { describeEachDatabase, TEST_PASSWORD, type TestEmployee } from './support/harness';

/**
 * An employee holding show_permissions_employees (like the demo's
 * hr@ataa.local) could grant themself every key and reset any non-super-admin's password;
 * deactivation left sessions alive; passwords had no maximum length.
 */
describeEachDatabase('security: who may change an employee account', (h) => {
  let hr: TestEmployee;
  let adminToken = '';

  const permissionsOf = async (id: number) =>
    (
      await h.db
        .selectFrom('employees')
        .select('permissions')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).permissions;
  const passwordHashOf = async (id: number) =>
    (
      await h.db
        .selectFrom('employees')
        .select('password_hash')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).password_hash;
  const put = (token: string, id: number, body: Record<string, unknown>) =>
    h.request('PUT', `/api/employees/${id}`, { token, body });
  const create = (token: string, body: Record<string, unknown>) =>
    h.request('POST', '/api/employees', {
      token,
      body: {
        name: 'موظف جديد',
        email: `new.${Math.random().toString(36).slice(2, 8)}@ataa.test`,
        password: 'Str0ngPass!',
        ...body,
      },
    });
  const userStatus = async (token: string) =>
    (await h.request('GET', '/api/user', { token })).statusCode;

  beforeAll(async () => {
    // As the demo's hr@ataa.local: the administrator key and the dashboard, nothing else.
    hr = await h.createEmployee({
      permissions: ['show_index', 'show_permissions_employees'],
      role: 'مسؤول شؤون الموظفين',
    });
    adminToken = await h.adminToken();
  });

  describe('no self-service', () => {
    test('an administrator cannot grant themself keys (422), not even one', async () => {
      for (const permissions of [
        [...PERMISSION_KEYS],
        ['show_index', 'show_permissions_employees', 'show_families'],
      ]) {
        const response = await put(hr.token, hr.row.id, { permissions });
        expect(response.statusCode).toBe(422);
        expect(response.json()).toEqual({
          message: EMPLOYEE_RULE_MESSAGES.cannotChangeOwnPermissions,
          errors: { permissions: [EMPLOYEE_RULE_MESSAGES.cannotChangeOwnPermissions] },
        });
      }
      expect(await permissionsOf(hr.row.id)).toEqual(['show_index', 'show_permissions_employees']);
      // Sending the keys one holds unchanged (as the form does) is no change.
      expect(
        (
          await put(hr.token, hr.row.id, {
            permissions: ['show_permissions_employees', 'show_index'],
            name: 'فهد الحربي',
          })
        ).statusCode,
      ).toBe(200);
    });

    test('nobody deactivates themself, a super admin included', async () => {
      const self = await put(hr.token, hr.row.id, { active: false });
      expect(self.statusCode).toBe(422);
      expect(self.json()).toEqual({
        message: EMPLOYEE_RULE_MESSAGES.cannotDeactivateSelf,
        errors: { active: [EMPLOYEE_RULE_MESSAGES.cannotDeactivateSelf] },
      });
      const admin = await h.db
        .selectFrom('employees')
        .select('id')
        .where('role', '=', 'Super Admin')
        .executeTakeFirstOrThrow();
      expect((await put(adminToken, admin.id, { active: false })).statusCode).toBe(422);
      expect((await put(adminToken, admin.id, { permissions: ['show_index'] })).statusCode).toBe(
        422,
      );
      expect(await userStatus(hr.token)).toBe(200);
    });
  });

  describe('keys: only those one holds, and the administrator key only from a super admin', () => {
    test('granting a key the administrator does not hold is 403, on update and on create', async () => {
      const target = await h.createEmployee({ permissions: ['show_index'] });
      const update = await put(hr.token, target.row.id, {
        permissions: ['show_index', 'show_financial', 'show_families'],
      });
      expect(update.statusCode).toBe(403);
      expect(update.json()).toEqual({
        message: keysNotHeldMessage(['show_families', 'show_financial']),
      });
      expect(await permissionsOf(target.row.id)).toEqual(['show_index']);

      const before = await h.db.selectFrom('employees').select('id').execute();
      const created = await create(hr.token, { permissions: ['show_index', 'show_reports'] });
      expect(created.statusCode).toBe(403);
      expect(created.json()).toEqual({ message: keysNotHeldMessage(['show_reports']) });
      expect(await h.db.selectFrom('employees').select('id').execute()).toHaveLength(before.length);
    });

    test('removing a key the administrator does not hold is 403 too; their own keys they may move', async () => {
      const target = await h.createEmployee({ permissions: ['show_index', 'show_families'] });
      expect((await put(hr.token, target.row.id, { permissions: ['show_index'] })).statusCode).toBe(
        403,
      );
      expect(await permissionsOf(target.row.id)).toEqual(['show_index', 'show_families']);
      const allowed = await put(hr.token, target.row.id, { permissions: ['show_families'] });
      expect(allowed.statusCode).toBe(200);
      expect(await permissionsOf(target.row.id)).toEqual(['show_families']);
      expect((await create(hr.token, { permissions: ['show_index'] })).statusCode).toBe(201);
    });

    test('only a super admin grants or removes show_permissions_employees', async () => {
      const target = await h.createEmployee({ permissions: ['show_index'] });
      const grant = await put(hr.token, target.row.id, {
        permissions: ['show_index', 'show_permissions_employees'],
      });
      expect(grant.statusCode).toBe(403);
      expect(grant.json()).toEqual({
        message: EMPLOYEE_RULE_MESSAGES.adminPermissionSuperAdminOnly,
      });
      expect(await permissionsOf(target.row.id)).toEqual(['show_index']);
      const createAdmin = await create(hr.token, { permissions: ['show_permissions_employees'] });
      expect(createAdmin.statusCode).toBe(403);
      expect(createAdmin.json()).toEqual({
        message: EMPLOYEE_RULE_MESSAGES.adminPermissionSuperAdminOnly,
      });

      const colleague = await h.createEmployee({
        permissions: ['show_index', 'show_permissions_employees'],
      });
      expect(
        (await put(hr.token, colleague.row.id, { permissions: ['show_index'] })).statusCode,
      ).toBe(403);
      expect(await permissionsOf(colleague.row.id)).toEqual([
        'show_index',
        'show_permissions_employees',
      ]);

      const byAdmin = await put(adminToken, target.row.id, {
        permissions: ['show_index', 'show_permissions_employees'],
      });
      expect(byAdmin.statusCode).toBe(200);
      expect(await permissionsOf(target.row.id)).toEqual([
        'show_index',
        'show_permissions_employees',
      ]);
    });

    test('the escalation of the finding: hr makes a helper with every key, then signs in as them', async () => {
      const everything = await create(hr.token, {
        email: 'helper@ataa.test',
        permissions: [...PERMISSION_KEYS],
      });
      expect(everything.statusCode).toBe(403);
      expect(
        await h.db
          .selectFrom('employees')
          .select('id')
          .where('email', '=', 'helper@ataa.test')
          .executeTakeFirst(),
      ).toBeUndefined();
    });
  });

  describe('passwords of other accounts', () => {
    test("only a super admin resets another administrator's password", async () => {
      const colleague = await h.createEmployee({
        permissions: ['show_index', 'show_permissions_employees'],
      });
      const hashBefore = await passwordHashOf(colleague.row.id);
      const byHr = await put(hr.token, colleague.row.id, { password: 'Takeover-2026' });
      expect(byHr.statusCode).toBe(403);
      expect(byHr.json()).toEqual({ message: EMPLOYEE_RULE_MESSAGES.adminPasswordSuperAdminOnly });
      expect(await passwordHashOf(colleague.row.id)).toBe(hashBefore);
      expect(await userStatus(colleague.token)).toBe(200);
      expect((await h.login(colleague.row.email, 'Takeover-2026', '10.31.0.1')).statusCode).toBe(
        401,
      );

      expect(
        (await put(adminToken, colleague.row.id, { password: 'Reset-By-Admin-1' })).statusCode,
      ).toBe(200);
      expect(await userStatus(colleague.token)).toBe(401);
    });

    test('nor the password of an employee holding keys the administrator lacks (signing in as them would grant those keys)', async () => {
      const accountant = await h.createEmployee({
        permissions: ['show_financial', 'show_reports'],
      });
      const response = await put(hr.token, accountant.row.id, { password: 'Takeover-2026' });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: EMPLOYEE_RULE_MESSAGES.widerAccountPassword });
      expect(await userStatus(accountant.token)).toBe(200);
    });

    test('a reset the administrator may make ends every session of that employee', async () => {
      const clerk = await h.createEmployee({ permissions: ['show_index'] });
      const secondSession = await h.tokenFor(clerk.row.id);
      expect(await userStatus(clerk.token)).toBe(200);
      expect((await put(hr.token, clerk.row.id, { password: 'New-Passw0rd-1' })).statusCode).toBe(
        200,
      );
      expect(await userStatus(clerk.token)).toBe(401);
      expect(await userStatus(secondSession)).toBe(401);
      expect((await h.login(clerk.row.email, 'New-Passw0rd-1', '10.32.0.1')).statusCode).toBe(200);
    });
  });

  describe('deactivation ends sessions for good (finding 8)', () => {
    test('deactivating revokes every token; reactivating brings none back; a new login works', async () => {
      const clerk = await h.createEmployee({ permissions: ['show_index'] });
      const secondSession = await h.tokenFor(clerk.row.id);
      expect(await userStatus(clerk.token)).toBe(200);

      expect((await put(hr.token, clerk.row.id, { active: false })).statusCode).toBe(200);
      expect(await userStatus(clerk.token)).toBe(401);
      expect(await userStatus(secondSession)).toBe(401);
      const open = await h.db
        .selectFrom('api_tokens')
        .select('id')
        .where('employee_id', '=', clerk.row.id)
        .where('revoked_at', 'is', null)
        .execute();
      expect(open).toEqual([]);

      expect((await put(hr.token, clerk.row.id, { active: true })).statusCode).toBe(200);
      expect(await userStatus(clerk.token)).toBe(401);
      expect(await userStatus(secondSession)).toBe(401);
      expect((await h.login(clerk.row.email, TEST_PASSWORD, '10.33.0.1')).statusCode).toBe(200);
    });

    test('the migration ends the sessions of employees deactivated before this rule', async () => {
      const inactive = await h.createEmployee({ active: false, permissions: ['show_index'] });
      const active = await h.createEmployee({ permissions: ['show_index'] });
      await revokeInactiveTokensMigration.up(h.db);
      expect(await userStatus(inactive.token)).toBe(401);
      expect(await userStatus(active.token)).toBe(200);
    });
  });

  describe('password length: 8 to 128 characters everywhere (finding 10)', () => {
    const errorsOf = (response: { json<T>(): T }) =>
      response.json<{ errors: Record<string, string[]> }>().errors;

    test('creating and resetting: 7 and 129 refused in Arabic, 8 and 128 accepted', async () => {
      const short = await create(adminToken, { password: 'x'.repeat(7) });
      expect(short.statusCode).toBe(422);
      expect(errorsOf(short).password).toEqual([ARABIC_MESSAGES.stringMin(8)]);
      const long = await create(adminToken, { password: 'x'.repeat(129) });
      expect(long.statusCode).toBe(422);
      expect(errorsOf(long).password).toEqual([PASSWORD_MESSAGES.tooLong]);
      expect((await create(adminToken, { password: 'x'.repeat(8) })).statusCode).toBe(201);
      const longest = await create(adminToken, {
        email: 'longest@ataa.test',
        password: 'y'.repeat(128),
      });
      expect(longest.statusCode).toBe(201);
      expect((await h.login('longest@ataa.test', 'y'.repeat(128), '10.34.0.1')).statusCode).toBe(
        200,
      );

      const target = await h.createEmployee({ permissions: [] });
      const reset = await put(adminToken, target.row.id, { password: 'z'.repeat(129) });
      expect(reset.statusCode).toBe(422);
      expect(errorsOf(reset).password).toEqual([PASSWORD_MESSAGES.tooLong]);
    });

    test('the profile: a new or current password over 128 is refused before any hashing', async () => {
      const employee = await h.createEmployee({ permissions: [] });
      const hashBefore = await passwordHashOf(employee.row.id);
      const newTooLong = await h.request('PUT', '/api/profile', {
        token: employee.token,
        body: {
          current_password: TEST_PASSWORD,
          password: 'p'.repeat(129),
          password_confirmation: 'p'.repeat(129),
        },
      });
      expect(newTooLong.statusCode).toBe(422);
      expect(errorsOf(newTooLong).password).toEqual([PASSWORD_MESSAGES.tooLong]);
      const currentTooLong = await h.request('PUT', '/api/profile', {
        token: employee.token,
        body: {
          current_password: 'c'.repeat(10_000),
          password: 'Fine-Passw0rd',
          password_confirmation: 'Fine-Passw0rd',
        },
      });
      expect(currentTooLong.statusCode).toBe(422);
      expect(errorsOf(currentTooLong).current_password).toEqual([PASSWORD_MESSAGES.tooLong]);
      expect(await passwordHashOf(employee.row.id)).toBe(hashBefore);
    });

    test('login: a password over 128 characters is a 422 that counts no attempt', async () => {
      const employee = await h.createEmployee({ permissions: [] });
      const rowsBefore = await h.db.selectFrom('login_throttle').selectAll().execute();
      const response = await h.login(employee.row.email, 'q'.repeat(100_000), '10.35.0.1');
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({
        message: MESSAGES.validation,
        errors: { password: [PASSWORD_MESSAGES.tooLong] },
      });
      expect(await h.db.selectFrom('login_throttle').selectAll().execute()).toEqual(rowsBefore);
    });
  });
});
