import { describeEachDatabase } from './support/harness';

// The auth cache must never make a revocation or an account change late (session-cache.ts).
describeEachDatabase('session cache keeps revocation immediate', (h) => {
  test('logout: a token served from the cache a moment ago is refused at once', async () => {
    const employee = await h.createEmployee({ permissions: ['show_families'] });
    expect((await h.request('GET', '/api/user', { token: employee.token })).statusCode).toBe(200);
    expect((await h.request('GET', '/api/user', { token: employee.token })).statusCode).toBe(200);
    expect(
      (await h.request('POST', '/api/auth/profile/logout', { token: employee.token })).statusCode,
    ).toBe(200);
    expect((await h.request('GET', '/api/user', { token: employee.token })).statusCode).toBe(401);
  });

  test('deactivation and permission changes by an administrator apply to the next request', async () => {
    const admin = await h.adminToken();
    const employee = await h.createEmployee({
      permissions: ['show_permissions_employees', 'show_families'],
    });
    expect((await h.request('GET', '/api/employees', { token: employee.token })).statusCode).toBe(
      200,
    );

    const removeKey = await h.request('PUT', `/api/employees/${employee.row.id}`, {
      token: admin,
      body: { permissions: ['show_families'] },
    });
    expect(removeKey.statusCode).toBe(200);
    expect((await h.request('GET', '/api/employees', { token: employee.token })).statusCode).toBe(
      403,
    );

    // Served from the cache a moment before the deactivation, refused at once after it: the
    // deactivation revoked the token and forgot the cached session.
    expect((await h.request('GET', '/api/user', { token: employee.token })).statusCode).toBe(200);
    const deactivate = await h.request('PUT', `/api/employees/${employee.row.id}`, {
      token: admin,
      body: { active: false },
    });
    expect(deactivate.statusCode).toBe(200);
    expect((await h.request('GET', '/api/user', { token: employee.token })).statusCode).toBe(401);

    const reactivate = await h.request('PUT', `/api/employees/${employee.row.id}`, {
      token: admin,
      body: { active: true },
    });
    expect(reactivate.statusCode).toBe(200);
    expect((await h.request('GET', '/api/user', { token: employee.token })).statusCode).toBe(401);
  });

  test('a password reset by an administrator ends a session served from the cache', async () => {
    const admin = await h.adminToken();
    const employee = await h.createEmployee({ permissions: ['show_families'] });
    expect((await h.request('GET', '/api/user', { token: employee.token })).statusCode).toBe(200);
    expect((await h.request('GET', '/api/user', { token: employee.token })).statusCode).toBe(200);
    const reset = await h.request('PUT', `/api/employees/${employee.row.id}`, {
      token: admin,
      body: { password: 'Fresh-Passw0rd' },
    });
    expect(reset.statusCode).toBe(200);
    expect((await h.request('GET', '/api/user', { token: employee.token })).statusCode).toBe(401);
  });

  test('a changed name shows in GET /user at once', async () => {
    const employee = await h.createEmployee({ permissions: [] });
    await h.request('GET', '/api/user', { token: employee.token });
    const update = await h.request('PUT', '/api/profile', {
      token: employee.token,
      body: { name: 'اسم جديد للموظف' },
    });
    expect(update.statusCode).toBe(200);
    const user = await h.request('GET', '/api/user', { token: employee.token });
    expect(user.json<{ data: { name: string } }>().data.name).toBe('اسم جديد للموظف');
  });
});
