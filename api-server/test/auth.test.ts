import {
  ARABIC_MESSAGES,
  PERMISSION_KEYS,
  currentUserResponseSchema,
  loginResponseSchema,
} from 'shared-contracts';
import { MESSAGES } from '../src/http/errors';
import { AUTH_MESSAGES } from '../src/modules/auth';
import { hashToken } from '../src/modules/sessions';
import { describeEachDatabase, TEST_ADMIN, TEST_PASSWORD } from './support/harness';

describeEachDatabase('auth', (h) => {
  describe('POST /auth/create/sanctum/token', () => {
    test('signs the super admin in: message, token and the employee as the host stores it', async () => {
      const response = await h.login(TEST_ADMIN.email, TEST_ADMIN.password, '10.1.0.1');
      expect(response.statusCode).toBe(200);
      const body = loginResponseSchema.parse(response.json());
      expect(body.message).toBe(AUTH_MESSAGES.loggedIn);
      expect(body.data.token).toMatch(/^[A-Za-z0-9_-]{43,}$/);
      expect(body.data.employee).toMatchObject({
        name: 'مدير النظام',
        email: TEST_ADMIN.email,
        active: true,
        role: 'Super Admin',
        roles: [{ slug: 'super-admin', name: 'Super Admin' }],
      });
      expect(body.data.employee.permissions).toEqual([...PERMISSION_KEYS]);
      expect(body.data.employee.last_login_at).toEqual(expect.any(String));
      expect(JSON.stringify(body)).not.toContain('password');

      // Only the SHA-256 of the token is stored, with an expiry of TOKEN_TTL_HOURS.
      const stored = await h.db
        .selectFrom('api_tokens')
        .selectAll()
        .where('token_hash', '=', hashToken(body.data.token))
        .executeTakeFirstOrThrow();
      const ttlHours = (stored.expires_at.getTime() - stored.created_at.getTime()) / 3_600_000;
      expect(ttlHours).toBeCloseTo(12, 1);
      expect(stored.ip).toBe('10.1.0.1');
      expect(stored.user_agent).toBe('jest-test-agent');
      const raw = await h.db.selectFrom('api_tokens').select('token_hash').execute();
      expect(raw.some((row) => row.token_hash.includes(body.data.token))).toBe(false);
    });

    test('accepts the email in any letter case', async () => {
      const response = await h.login(
        TEST_ADMIN.email.toUpperCase(),
        TEST_ADMIN.password,
        '10.1.0.2',
      );
      expect(response.statusCode).toBe(200);
    });

    test('wrong password and unknown email get the same 401 Arabic message', async () => {
      const wrongPassword = await h.login(TEST_ADMIN.email, 'not-the-password', '10.1.1.1');
      const unknownEmail = await h.login('nobody@ataa.test', 'whatever-123', '10.1.1.1');
      for (const response of [wrongPassword, unknownEmail]) {
        expect(response.statusCode).toBe(401);
        expect(response.json()).toEqual({ message: AUTH_MESSAGES.badCredentials });
      }
    });

    test('a malformed body is a 422 with Arabic field errors, and nothing is written', async () => {
      const before = await Promise.all([
        h.activityRows(),
        h.db.selectFrom('login_throttle').selectAll().execute(),
      ]);
      for (const body of [
        {},
        { email: 'not-an-email', password: '' },
        { email: 42, password: ['x'] },
      ]) {
        const response = await h.request('POST', '/api/auth/create/sanctum/token', {
          body,
          remoteAddress: '10.1.2.1',
        });
        expect(response.statusCode).toBe(422);
        const json = response.json<{ message: string; errors: Record<string, string[]> }>();
        expect(json.message).toBe(MESSAGES.validation);
        expect(Object.keys(json.errors).sort()).toEqual(['email', 'password']);
      }
      const missing = await h.request('POST', '/api/auth/create/sanctum/token', {
        body: { email: 'a@b.co' },
        remoteAddress: '10.1.2.1',
      });
      expect(missing.json()).toEqual({
        message: MESSAGES.validation,
        errors: { password: [ARABIC_MESSAGES.required] },
      });
      const after = await Promise.all([
        h.activityRows(),
        h.db.selectFrom('login_throttle').selectAll().execute(),
      ]);
      expect(after[0]).toHaveLength(before[0].length);
      expect(after[1]).toHaveLength(before[1].length);
    });

    test('an inactive employee with the right password gets 403 and no token', async () => {
      const inactive = await h.createEmployee({ active: false, permissions: ['show_index'] });
      const tokensBefore = await h.db
        .selectFrom('api_tokens')
        .select('id')
        .where('employee_id', '=', inactive.row.id)
        .execute();
      const response = await h.login(inactive.row.email, TEST_PASSWORD, '10.1.3.1');
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: AUTH_MESSAGES.suspended });
      const tokensAfter = await h.db
        .selectFrom('api_tokens')
        .select('id')
        .where('employee_id', '=', inactive.row.id)
        .execute();
      expect(tokensAfter).toHaveLength(tokensBefore.length);
    });

    test('passwords are stored as argon2id hashes', async () => {
      const row = await h.db
        .selectFrom('employees')
        .select('password_hash')
        .where('email', '=', TEST_ADMIN.email)
        .executeTakeFirstOrThrow();
      expect(row.password_hash).toMatch(/^\$argon2id\$/);
    });
  });

  describe('rate limiting (defaults; the throttle in detail: security-access-login-throttle.test.ts)', () => {
    test('five attempts at one email from one address → 429 from that address for the window, in Arabic', async () => {
      const target = await h.createEmployee({ permissions: ['show_index'] });
      // Spaced past the email's growing delay (default 1 s after the third failure) by clearing it.
      for (let attempt = 0; attempt < 5; attempt += 1) {
        await h.db
          .updateTable('login_throttle')
          .set({ next_attempt_at: null })
          .where('key', '=', `email:${target.row.email}`)
          .execute();
        expect((await h.login(target.row.email, 'wrong-password', '10.2.0.1')).statusCode).toBe(
          401,
        );
      }
      await h.db
        .updateTable('login_throttle')
        .set({ next_attempt_at: null })
        .where('key', '=', `email:${target.row.email}`)
        .execute();
      const limited = await h.login(target.row.email, TEST_PASSWORD, '10.2.0.1');
      expect(limited.statusCode).toBe(429);
      expect(limited.json<{ message: string }>().message).toMatch(
        /^تم تجاوز عدد محاولات تسجيل الدخول.*بعد 15 دقيقة$/,
      );
      const retryAfter = Number(limited.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(14 * 60);
      expect(retryAfter).toBeLessThanOrEqual(15 * 60);
      // The owner elsewhere is not locked out by that address.
      expect((await h.login(target.row.email, TEST_PASSWORD, '10.2.0.2')).statusCode).toBe(200);
    });

    test('a successful login clears the count for that email', async () => {
      const target = await h.createEmployee({ permissions: ['show_index'] });
      for (let attempt = 0; attempt < 3; attempt += 1)
        await h.login(target.row.email, 'wrong-password', '10.4.0.1');
      expect((await h.login(target.row.email, TEST_PASSWORD, '10.4.0.1')).statusCode).toBe(200);
      for (let attempt = 0; attempt < 3; attempt += 1) {
        expect((await h.login(target.row.email, 'wrong-password', '10.4.0.3')).statusCode).toBe(
          401,
        );
      }
      expect((await h.login(target.row.email, TEST_PASSWORD, '10.4.0.4')).statusCode).toBe(200);
    });
  });

  describe('tokens', () => {
    test('logout revokes the token: the next call is 401', async () => {
      const login = await h.login(TEST_ADMIN.email, TEST_ADMIN.password, '10.5.0.1');
      const token = login.json<{ data: { token: string } }>().data.token;
      expect((await h.request('GET', '/api/user', { token })).statusCode).toBe(200);

      const logout = await h.request('POST', '/api/auth/profile/logout', { token });
      expect(logout.statusCode).toBe(200);
      expect(logout.json()).toEqual({ message: AUTH_MESSAGES.loggedOut });

      const after = await h.request('GET', '/api/user', { token });
      expect(after.statusCode).toBe(401);
      expect(after.json()).toEqual({ message: MESSAGES.unauthenticated });
      const stored = await h.db
        .selectFrom('api_tokens')
        .select('revoked_at')
        .where('token_hash', '=', hashToken(token))
        .executeTakeFirstOrThrow();
      expect(stored.revoked_at).toBeInstanceOf(Date);
    });

    test('logout accepts an empty JSON body (Content-Type set, nothing sent)', async () => {
      const employee = await h.createEmployee();
      const response = await h.request('POST', '/api/auth/profile/logout', {
        token: employee.token,
        headers: { 'content-type': 'application/json' },
      });
      expect(response.statusCode).toBe(200);
    });

    test('an expired token is 401', async () => {
      const employee = await h.createEmployee({ permissions: ['show_index'] });
      const expired = await h.tokenFor(employee.row.id, new Date(Date.now() - 1000));
      const response = await h.request('GET', '/api/user', { token: expired });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: MESSAGES.unauthenticated });
    });

    test('no token, a garbage token and a wrong scheme are 401', async () => {
      const employee = await h.createEmployee();
      for (const authorization of [
        undefined,
        'Bearer nonsense',
        `Basic ${employee.token}`,
        `Bearer ${employee.token}x`,
      ]) {
        const response = await h.request('GET', '/api/user', {
          headers: authorization ? { authorization } : {},
        });
        expect(response.statusCode).toBe(401);
      }
    });

    test('GET /user answers with the employee and is_active', async () => {
      const employee = await h.createEmployee({
        permissions: ['show_families', 'show_index'],
        role: 'باحث اجتماعي',
      });
      const response = await h.request('GET', '/api/user', { token: employee.token });
      expect(response.statusCode).toBe(200);
      const body = currentUserResponseSchema.parse(response.json());
      expect(body.data).toMatchObject({
        id: employee.row.id,
        is_active: true,
        active: true,
        role: 'باحث اجتماعي',
      });
      expect(response.headers['cache-control']).toBe('no-store');
    });
  });

  describe('inactive employees', () => {
    test('403 everywhere but GET /user (is_active false) and logout', async () => {
      const inactive = await h.createEmployee({
        active: false,
        permissions: [...PERMISSION_KEYS],
        role: 'Super Admin',
      });

      const user = await h.request('GET', '/api/user', { token: inactive.token });
      expect(user.statusCode).toBe(200);
      expect(user.json<{ data: { is_active: boolean } }>().data.is_active).toBe(false);

      for (const [method, url] of [
        ['GET', '/api/employees'],
        ['GET', `/api/employees/${inactive.row.id}`],
        ['PUT', '/api/profile'],
        ['GET', '/api/activity-log'],
      ] as const) {
        const response = await h.request(method, url, { token: inactive.token, body: {} });
        expect(response.statusCode).toBe(403);
        expect(response.json()).toEqual({ message: MESSAGES.inactive });
      }

      const logout = await h.request('POST', '/api/auth/profile/logout', { token: inactive.token });
      expect(logout.statusCode).toBe(200);
    });
  });

  describe('PUT /profile', () => {
    test('changes the name', async () => {
      const employee = await h.createEmployee();
      const response = await h.request('PUT', '/api/profile', {
        token: employee.token,
        body: { name: 'ريم الزهراني' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json<{ data: { name: string } }>().data.name).toBe('ريم الزهراني');
      const log = (await h.activityRows('profile_update')).filter(
        (row) => row.employee_id === employee.row.id,
      );
      expect(log).toHaveLength(1);
      expect(log[0]?.changes).toEqual({ name: [employee.row.name, 'ريم الزهراني'] });
    });

    test('a password change needs the right current password, then other sessions end', async () => {
      const employee = await h.createEmployee();
      const otherSession = await h.tokenFor(employee.row.id);

      const missing = await h.request('PUT', '/api/profile', {
        token: employee.token,
        body: { password: 'NewPassw0rd!', password_confirmation: 'NewPassw0rd!' },
      });
      expect(missing.statusCode).toBe(422);
      expect(missing.json<{ errors: Record<string, string[]> }>().errors.current_password).toEqual([
        'أدخل كلمة المرور الحالية',
      ]);

      const wrong = await h.request('PUT', '/api/profile', {
        token: employee.token,
        body: {
          current_password: 'not-the-password',
          password: 'NewPassw0rd!',
          password_confirmation: 'NewPassw0rd!',
        },
      });
      expect(wrong.statusCode).toBe(422);
      expect(wrong.json()).toEqual({
        message: MESSAGES.validation,
        errors: { current_password: [AUTH_MESSAGES.wrongCurrentPassword] },
      });

      const mismatch = await h.request('PUT', '/api/profile', {
        token: employee.token,
        body: {
          current_password: TEST_PASSWORD,
          password: 'NewPassw0rd!',
          password_confirmation: 'Other1234!',
        },
      });
      expect(mismatch.statusCode).toBe(422);
      expect(Object.keys(mismatch.json<{ errors: object }>().errors)).toEqual([
        'password_confirmation',
      ]);

      const ok = await h.request('PUT', '/api/profile', {
        token: employee.token,
        body: {
          current_password: TEST_PASSWORD,
          password: 'NewPassw0rd!',
          password_confirmation: 'NewPassw0rd!',
        },
      });
      expect(ok.statusCode).toBe(200);
      expect((await h.request('GET', '/api/user', { token: employee.token })).statusCode).toBe(200);
      expect((await h.request('GET', '/api/user', { token: otherSession })).statusCode).toBe(401);
      expect((await h.login(employee.row.email, 'NewPassw0rd!', '10.6.0.1')).statusCode).toBe(200);

      const log = (await h.activityRows('profile_update')).filter(
        (row) => row.employee_id === employee.row.id,
      );
      expect(log.at(-1)?.changes).toEqual({ password: ['[تم التغيير]', '[تم التغيير]'] });
      expect(JSON.stringify(log)).not.toContain('$argon2');
    });
  });
});
