import {
  activityLogEndpoints,
  activityLogListQuery,
  activityLogQuerySchema,
  employeeEndpoints,
  employeeListQuery,
  employeeListQuerySchema,
} from '../../src/admin';
import {
  CURRENT_USER_QUERY_KEY,
  authEndpoints,
  systemEndpoints,
} from '../../src/auth/auth-endpoints';
import { endpointQueryKey } from '../../src/core/call-endpoint';

describe('auth, employees and activity-log declarations', () => {
  test('the three session calls exactly as the shell expects them, and who may make them', () => {
    expect(authEndpoints.login).toMatchObject({
      method: 'POST',
      path: '/auth/create/sanctum/token',
      access: { kind: 'public' },
    });
    expect(authEndpoints.logout).toMatchObject({
      method: 'POST',
      path: '/auth/profile/logout',
      access: { kind: 'authenticated' },
      allowInactive: true,
    });
    expect(authEndpoints.currentUser).toMatchObject({
      method: 'GET',
      path: '/user',
      access: { kind: 'authenticated' },
      allowInactive: true,
    });
    // Only those two let an inactive employee through.
    expect(
      Object.values(authEndpoints)
        .filter((endpoint) => 'allowInactive' in endpoint)
        .map((endpoint) => endpoint.id),
    ).toEqual(['auth.logout', 'auth.currentUser']);
    expect(systemEndpoints.health).toMatchObject({
      method: 'GET',
      path: '/health',
      access: { kind: 'public' },
    });
  });

  test('employees need show_permissions_employees; the log is for super admins', () => {
    for (const endpoint of Object.values(employeeEndpoints)) {
      expect(endpoint.access).toEqual({ kind: 'permissions', all: ['show_permissions_employees'] });
    }
    expect(employeeEndpoints.create.status).toBe(201);
    expect(activityLogEndpoints.list.access).toEqual({ kind: 'super-admin' });
  });

  test('the current-user cache entry is the GET /user query key', () => {
    expect(CURRENT_USER_QUERY_KEY).toEqual(endpointQueryKey(authEndpoints.currentUser));
    expect(CURRENT_USER_QUERY_KEY[0]).toBe('auth');
  });

  test('GET /user answers the employee with is_active', () => {
    const answer = {
      data: {
        id: 1,
        name: 'مدير',
        email: 'a@b.sa',
        active: true,
        permissions: [],
        is_active: false,
      },
    };
    expect(authEndpoints.currentUser.response.parse(answer)).toEqual(answer);
    expect(authEndpoints.currentUser.response.safeParse({ data: { id: 1 } }).success).toBe(false);
  });
});

describe('the pages’ URL state is what the API reads', () => {
  test('employees: every state the page writes parses with the same meaning', () => {
    const params = employeeListQuery.toParams({
      page: 3,
      per_page: 50,
      search: 'نورة',
      sort: 'email',
      order: 'desc',
      filter: { active: false },
    });
    expect(employeeListQuerySchema.parse(params)).toEqual({
      page: 3,
      per_page: 50,
      search: 'نورة',
      sort: 'email',
      order: 'desc',
      'filter[active]': false,
    });
    // Defaults are left out of the URL; the API's defaults are the page's.
    expect(employeeListQuery.toParams(employeeListQuery.fromParams(new URLSearchParams()))).toEqual(
      {},
    );
    expect(employeeListQuerySchema.parse({})).toMatchObject({
      page: 1,
      per_page: 20,
      order: 'asc',
      sort: 'created_at',
    });
  });

  test('activity log: filters, family included, parse with the same meaning', () => {
    const params = activityLogListQuery.toParams({
      page: 2,
      filter: {
        employee_id: 4,
        family_id: 7,
        action: 'update',
        entity_type: 'family',
        from: '2025-01-01',
        to: '2025-01-31',
      },
    });
    expect(activityLogQuerySchema.parse(params)).toEqual({
      page: 2,
      per_page: 20,
      order: 'desc',
      'filter[employee_id]': 4,
      'filter[family_id]': 7,
      'filter[action]': 'update',
      'filter[entity_type]': 'family',
      'filter[from]': '2025-01-01',
      'filter[to]': '2025-01-31',
    });
  });
});
