import Fastify from 'fastify';
import { sql } from 'kysely';
import { MESSAGES } from '../src/http/errors';
import { installAccessControl } from '../src/http/access-control';
import { migrateModules, seedModules } from '../src/app';
import { DEMO_ACCOUNTS } from '../src/demo-fixtures';
import { describeEachFreshDatabase, TEST_ADMIN } from './support/harness';

// On an empty database: the migrations and the seed below are the app's own start, not a template's.
describeEachFreshDatabase(
  'the app: conventions, health, OpenAPI, migrations and seed',
  (h) => {
    describe('HTTP conventions', () => {
      test('malformed JSON is 400 with an Arabic message, not 500', async () => {
        for (const rawBody of ['{bad', '{"email": "a@b.co",}', '[1,', '"unterminated']) {
          const response = await h.request('POST', '/api/auth/create/sanctum/token', { rawBody });
          expect(response.statusCode).toBe(400);
          expect(response.json()).toEqual({ message: MESSAGES.malformedJson });
        }
        const employee = await h.createEmployee({ permissions: ['show_permissions_employees'] });
        const authenticated = await h.request('POST', '/api/employees', {
          token: employee.token,
          rawBody: '{"name":',
        });
        expect(authenticated.statusCode).toBe(400);
      });

      test('a JSON body that is not an object is a 422, not a crash', async () => {
        for (const rawBody of ['null', '42', '"text"', '[]']) {
          const response = await h.request('POST', '/api/auth/create/sanctum/token', { rawBody });
          expect(response.statusCode).toBe(422);
          expect(response.json<{ message: string }>().message).toBe(MESSAGES.validation);
        }
      });

      test('prototype poisoning is refused', async () => {
        const response = await h.request('POST', '/api/auth/create/sanctum/token', {
          rawBody: '{"email":"a@b.co","password":"x","__proto__":{"admin":true}}',
        });
        expect(response.statusCode).toBe(400);
      });

      test('other content types are 415, oversized bodies 413, both in Arabic', async () => {
        const text = await h.request('POST', '/api/auth/create/sanctum/token', {
          rawBody: 'email=a',
          headers: { 'content-type': 'text/plain' },
        });
        expect(text.statusCode).toBe(415);
        expect(text.json()).toEqual({ message: MESSAGES.unsupportedMediaType });
        const huge = await h.request('POST', '/api/auth/create/sanctum/token', {
          body: { email: 'a@b.co', password: 'x'.repeat(2 * 1024 * 1024) },
        });
        expect(huge.statusCode).toBe(413);
        expect(huge.json()).toEqual({ message: MESSAGES.payloadTooLarge });
      });

      test('unknown routes are an Arabic 404, inside and outside the prefix, with or without a token', async () => {
        const employee = await h.createEmployee();
        for (const [method, url] of [
          ['GET', '/api/nothing-here'],
          ['POST', '/api/employees/1/explode'],
          ['DELETE', '/api/employees/1'],
          ['GET', '/'],
          ['GET', '/user'],
        ] as const) {
          for (const token of [undefined, employee.token]) {
            const response = await h.request(method, url, { token });
            expect(response.statusCode).toBe(404);
            expect(response.json()).toEqual({ message: MESSAGES.notFound });
          }
        }
      });

      test('the unknown-route 404 does not look at the body', async () => {
        const response = await h.request('POST', '/api/nothing-here', { rawBody: '{bad' });
        expect([400, 404]).toContain(response.statusCode);
        expect(response.statusCode).not.toBe(500);
      });
    });

    describe('GET /health and GET /openapi.json', () => {
      test('health is public and checks the database', async () => {
        const response = await h.request('GET', '/api/health');
        expect(response.statusCode).toBe(200);
        expect(response.json()).toEqual({ status: 'ok', database: 'ok' });
      });

      test('the OpenAPI 3.1 document lists every declared route with its access rule and zod-derived schemas', async () => {
        const response = await h.request('GET', '/api/openapi.json');
        expect(response.statusCode).toBe(200);
        const document = response.json<{
          openapi: string;
          servers: { url: string }[];
          paths: Record<string, Record<string, Record<string, unknown>>>;
        }>();
        expect(document.openapi).toBe('3.1.0');
        expect(document.servers).toEqual([{ url: '/api' }]);

        const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
          Object.keys(methods).map(
            (method) => `${method.toUpperCase()} /api${path.replace(/\{(\w+)\}/g, ':$1')}`,
          ),
        );
        expect(operations.sort()).toEqual(
          h.app.routeDeclarations.map((d) => `${d.method} ${d.url}`).sort(),
        );

        const createEmployee = document.paths['/employees']?.post as {
          'x-permissions': string[];
          requestBody: {
            content: {
              'application/json': {
                schema: { properties: Record<string, unknown>; required: string[] };
              };
            };
          };
        };
        expect(createEmployee['x-permissions']).toEqual(['show_permissions_employees']);
        const bodySchema = createEmployee.requestBody.content['application/json'].schema;
        expect(Object.keys(bodySchema.properties)).toEqual(
          expect.arrayContaining(['name', 'email', 'password', 'permissions']),
        );
        expect(bodySchema.required).toEqual(expect.arrayContaining(['name', 'email', 'password']));
        expect(document.paths['/activity-log']?.get?.['x-super-admin-only']).toBe(true);
        expect(document.paths['/user']?.get?.['x-allow-inactive']).toBe(true);
        expect(document.paths['/employees/{id}']?.get?.parameters).toEqual([
          { name: 'id', in: 'path', required: true, schema: { type: 'integer', minimum: 1 } },
        ]);
      });
    });

    describe('migrations and seed', () => {
      test('running the migrations again does nothing', async () => {
        const schema =
          h.target === 'pglite'
            ? 'public'
            : ((await sql<{ s: string }>`select current_schema() as s`.execute(h.db)).rows[0]?.s ??
              'public');
        expect(await migrateModules(h.db, schema)).toEqual([]);
      });

      test('the seed only runs on an empty employees table', async () => {
        const before = await h.db.selectFrom('employees').select('id').execute();
        expect(
          await seedModules(h.db, {
            admin: { email: 'other@ataa.test', password: 'Whatever123' },
            demo: true,
          }),
        ).toEqual({
          seeded: false,
          employees: 0,
        });
        expect(await h.db.selectFrom('employees').select('id').execute()).toHaveLength(
          before.length,
        );
      });

      test('the first super admin and the demo employees can sign in (inactive one refused)', async () => {
        const admin = await h.login(TEST_ADMIN.email, TEST_ADMIN.password, '10.40.0.1');
        expect(admin.statusCode).toBe(200);
        for (const [index, account] of DEMO_ACCOUNTS.entries()) {
          const response = await h.login(account.email, account.password, `10.40.1.${index}`);
          expect(response.statusCode).toBe(account.active ? 200 : 403);
          if (account.active) {
            expect(
              response
                .json<{ data: { employee: { permissions: string[] } } }>()
                .data.employee.permissions.sort(),
            ).toEqual([...account.permissions].sort());
          }
        }
      });
    });
  },
  { seedDemo: true },
);

describe('route declarations are mandatory', () => {
  const build = () => {
    const app = Fastify();
    installAccessControl(app, async () => null);
    return app;
  };

  test('a route without an access rule fails at startup', async () => {
    const app = build();
    await expect(
      (async () => {
        app.get('/undeclared', async () => 'oops');
        await app.ready();
      })(),
    ).rejects.toThrow(/GET \/undeclared declares no access rule/);
    await app.close().catch(() => undefined);
  });

  test.each([
    [{ public: true as const, permissions: ['show_index' as const] }, /more than one access rule/],
    [{ permissions: [] }, /empty permissions list/],
    [{ permissions: ['fly_planes'] }, /unknown permission keys: fly_planes/],
    [{ public: true as const, allowInactive: true as const }, /allowInactive means nothing/],
  ])('a wrong declaration fails at startup: %j', async (config, message) => {
    const app = build();
    await expect(
      (async () => {
        // @ts-expect-error -- deliberately wrong declarations, which the types would also refuse
        app.get('/wrong', { config }, async () => 'oops');
        await app.ready();
      })(),
    ).rejects.toThrow(message);
    await app.close().catch(() => undefined);
  });
});
