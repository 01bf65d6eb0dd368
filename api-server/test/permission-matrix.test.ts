import { PERMISSION_KEYS, type PermissionKey } from 'shared-contracts';
import type { RouteDeclaration } from '../src/http/access-control';
import { MESSAGES } from '../src/http/errors';
import { describeEachDatabase, type TestHarness } from './support/harness';

/**
 * docs/architecture.md#tests-and-ci: every route × (no token → 401, a token without one of its keys
 * → 403, inactive → 403), generated from the declarations the app collected at startup — a new
 * route is covered the moment it is registered, with nothing to add here.
 */

/** A concrete URL for a pattern: ids that do not exist, so a permitted call ends in 404, not a change. */
const concreteUrl = (declaration: RouteDeclaration) =>
  declaration.url.replace(/:[A-Za-z_]+/g, '999999');

const label = (declaration: RouteDeclaration) => `${declaration.method} ${declaration.url}`;

async function call(h: TestHarness, declaration: RouteDeclaration, token?: string) {
  const response = await h.request(declaration.method as 'GET', concreteUrl(declaration), {
    token,
    body: declaration.method === 'GET' ? undefined : {},
  });
  // Exports answer a file (XLSX), everything else JSON.
  const isJson = String(response.headers['content-type'] ?? '').startsWith('application/json');
  return {
    status: response.statusCode,
    message: isJson ? response.json<{ message?: string }>().message : undefined,
  };
}

describeEachDatabase('permission matrix', (h) => {
  const declared = () => h.app.routeDeclarations;
  const guarded = () => declared().filter((declaration) => declaration.access.kind !== 'public');

  /** Collects every mismatch, so one run names all offending routes at once. */
  async function expectEach(
    routes: readonly RouteDeclaration[],
    check: (declaration: RouteDeclaration) => Promise<string | null>,
  ): Promise<void> {
    expect(routes.length).toBeGreaterThan(0);
    const failures: string[] = [];
    for (const declaration of routes) {
      const failure = await check(declaration);
      if (failure) failures.push(`${label(declaration)}: ${failure}`);
    }
    expect(failures).toEqual([]);
  }

  test('the declarations include the three session calls, once each, all routable', () => {
    const labels = declared().map(label);
    expect(labels).toEqual(
      expect.arrayContaining([
        'POST /api/auth/create/sanctum/token',
        'POST /api/auth/profile/logout',
        'GET /api/user',
        'GET /api/employees',
        'GET /api/activity-log',
      ]),
    );
    // (An undeclared route cannot exist: the onRoute hook refuses it at startup — see app.test.ts.)
    for (const declaration of declared()) {
      expect(h.app.hasRoute({ method: declaration.method as 'GET', url: declaration.url })).toBe(
        true,
      );
    }
    expect(new Set(labels).size).toBe(labels.length);
  });

  test('public routes answer without a token', async () => {
    await expectEach(
      declared().filter((declaration) => declaration.access.kind === 'public'),
      async (declaration) => {
        const { status } = await call(h, declaration);
        return status === 401 || status === 403 ? `got ${status}` : null;
      },
    );
  });

  test('no token → 401 on every non-public route', async () => {
    await expectEach(guarded(), async (declaration) => {
      const { status, message } = await call(h, declaration);
      return status === 401 && message === MESSAGES.unauthenticated
        ? null
        : `got ${status} ${message}`;
    });
  });

  test('a token lacking any one required key → 403 (for each key of each route)', async () => {
    const routes = guarded().filter((declaration) => declaration.access.kind === 'permissions');
    const lackingToken = new Map<string, string>();
    /** A token holding every key except `missing` (cached per set). */
    const tokenWithout = async (missing: readonly PermissionKey[]) => {
      const cacheKey = [...missing].sort().join(',');
      let token = lackingToken.get(cacheKey);
      if (!token) {
        const employee = await h.createEmployee({
          permissions: PERMISSION_KEYS.filter((key) => !missing.includes(key)),
        });
        token = employee.token;
        lackingToken.set(cacheKey, token);
      }
      return token;
    };
    await expectEach(routes, async (declaration) => {
      if (declaration.access.kind !== 'permissions') return null;
      for (const missing of declaration.access.permissions) {
        const { status, message } = await call(h, declaration, await tokenWithout([missing]));
        if (status !== 403 || message !== MESSAGES.forbidden)
          return `without ${missing}: got ${status} ${message}`;
      }
      // anyOf: holding none of those keys (and every other key) is refused.
      const anyOf = declaration.access.anyOf;
      if (anyOf) {
        const { status, message } = await call(h, declaration, await tokenWithout(anyOf));
        if (status !== 403 || message !== MESSAGES.forbidden)
          return `without any of ${anyOf.join('|')}: got ${status} ${message}`;
      }
      return null;
    });
  });

  test('routes with anyOf are declared (the beneficiaries lookups and duplicate checks)', () => {
    const withAnyOf = guarded().filter(
      (declaration) => declaration.access.kind === 'permissions' && declaration.access.anyOf,
    );
    expect(withAnyOf.map(label)).toEqual(
      expect.arrayContaining([
        'GET /api/lookups/beneficiaries',
        'GET /api/families/checks/national-id',
      ]),
    );
  });

  test('super-admin-only routes → 403 for a non-super-admin holding every key', async () => {
    const everyKey = await h.createEmployee({
      permissions: [...PERMISSION_KEYS],
      role: 'Administrator',
    });
    await expectEach(
      guarded().filter((declaration) => declaration.access.kind === 'super-admin'),
      async (declaration) => {
        const { status, message } = await call(h, declaration, everyKey.token);
        return status === 403 && message === MESSAGES.forbidden ? null : `got ${status} ${message}`;
      },
    );
  });

  test('an inactive employee (every key, super admin) → 403 except where inactive is allowed', async () => {
    const inactive = await h.createEmployee({
      permissions: [...PERMISSION_KEYS],
      role: 'Super Admin',
      active: false,
    });
    await expectEach(guarded(), async (declaration) => {
      // Logout revokes the token it is called with: give each call its own.
      const token = await h.tokenFor(inactive.row.id);
      const { status, message } = await call(h, declaration, token);
      if (declaration.allowInactive)
        return status === 401 || status === 403 ? `got ${status}` : null;
      return status === 403 && message === MESSAGES.inactive ? null : `got ${status} ${message}`;
    });
  });

  test('exactly the required keys (with any single anyOf key, or the super admin role) are enough', async () => {
    await expectEach(guarded(), async (declaration) => {
      const access = declaration.access;
      // Every required key plus each anyOf key on its own (one employee per alternative).
      const alternatives: (readonly PermissionKey[])[] =
        access.kind === 'permissions'
          ? access.anyOf
            ? access.anyOf.map((key) => [...access.permissions, key])
            : [access.permissions]
          : [[]];
      for (const permissions of alternatives) {
        const employee = await h.createEmployee({
          permissions,
          // Spellings docs/shell.md#permissions accepts: case-insensitive, spaces removed.
          role: access.kind === 'super-admin' ? 'super admin' : null,
        });
        const { status } = await call(h, declaration, employee.token);
        if (status === 401 || status === 403)
          return `with [${permissions.join(', ')}]: got ${status}`;
      }
      return null;
    });
    // One employee per route (a password hash each): its time grows with the routes.
  }, 60_000);
});
