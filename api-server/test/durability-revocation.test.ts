import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/app';
import type { AppConfig, DatabaseConfig } from '../src/config';
import { insertEmployee } from '../src/modules/employees';
import {
  hashPassword,
  hashToken,
  revocationChannel,
  sessionCacheFor,
} from '../src/modules/sessions';
import { TEST_ADMIN, TEST_PASSWORD } from './support/harness';
import { dropPostgresSchema, POSTGRES_URL_ENV } from './support/postgres-probe';

/**
 * With two API processes on one PostgreSQL, a logout, password reset or deactivation
 * in one is refused by the other within 1 s, although the other had the session cached (10 s
 * by default). Two apps on one schema stand for the two processes: each has its own cache and
 * its own LISTEN connection, exactly as two processes would.
 */

const postgresUrl = process.env[POSTGRES_URL_ENV];

const appConfig = (database: DatabaseConfig): AppConfig => ({
  prefix: '/api',
  database,
  admin: { ...TEST_ADMIN },
  seedDemo: false,
  tokenTtlHours: 12,
});

function request(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  token: string,
  payload?: unknown,
) {
  return app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}` },
    payload: payload as Record<string, unknown> | undefined,
    remoteAddress: '10.1.0.1',
  });
}

async function login(app: FastifyInstance, email: string): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/create/sanctum/token',
    payload: { email, password: TEST_PASSWORD },
    remoteAddress: '10.1.0.2',
  });
  expect(response.statusCode).toBe(200);
  return response.json<{ data: { token: string } }>().data.token;
}

/** Milliseconds until `app` refuses `token`; fails after 1 s. */
async function refusedWithin(app: FastifyInstance, token: string, limitMs = 1000): Promise<number> {
  const started = Date.now();
  for (;;) {
    const status = (await request(app, 'GET', '/api/user', token)).statusCode;
    const elapsed = Date.now() - started;
    if (status === 401) return elapsed;
    expect(status).toBe(200);
    if (elapsed > limitMs) throw new Error(`token still accepted after ${elapsed} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

if (postgresUrl) {
  describe('durability: session revocation across two API processes on one PostgreSQL', () => {
    const schema = `ataa_test_revoke_${randomBytes(4).toString('hex')}`;
    const database: DatabaseConfig = {
      kind: 'postgres',
      connectionString: postgresUrl,
      schema,
      maxConnections: 4,
    };
    let first: FastifyInstance;
    let second: FastifyInstance;
    let adminToken: string;

    beforeAll(async () => {
      first = await buildApp(appConfig(database));
      second = await buildApp(appConfig(database));
      const admin = await first.inject({
        method: 'POST',
        url: '/api/auth/create/sanctum/token',
        payload: TEST_ADMIN,
        remoteAddress: '10.1.0.3',
      });
      adminToken = admin.json<{ data: { token: string } }>().data.token;
    }, 60_000);

    afterAll(async () => {
      await first.close();
      await second.close();
      await dropPostgresSchema(postgresUrl, schema);
    });

    let serial = 0;
    async function cachedOnSecond(): Promise<{ id: number; token: string }> {
      serial += 1;
      const email = `revoke${serial}@ataa.test`;
      const row = await insertEmployee(first.db, {
        name: 'موظف اختبار',
        email,
        passwordHash: await hashPassword(TEST_PASSWORD),
        active: true,
        role: null,
        permissions: ['show_families'],
      });
      const token = await login(first, email);
      expect((await request(second, 'GET', '/api/user', token)).statusCode).toBe(200);
      // The second process serves it from its cache now: without the channel it would for 10 s.
      expect(sessionCacheFor(second.db).get(hashToken(token), Date.now())).toBeDefined();
      return { id: row.id, token };
    }

    test('logout on one process: the other refuses the token within 1 s', async () => {
      const { token } = await cachedOnSecond();
      expect((await request(first, 'POST', '/api/auth/profile/logout', token)).statusCode).toBe(
        200,
      );
      const elapsed = await refusedWithin(second, token);
      expect(elapsed).toBeLessThan(1000);
    });

    test('deactivation and a password reset by an administrator on one process reach the other', async () => {
      const deactivated = await cachedOnSecond();
      expect(
        (
          await request(first, 'PUT', `/api/employees/${deactivated.id}`, adminToken, {
            active: false,
          })
        ).statusCode,
      ).toBe(200);
      expect(await refusedWithin(second, deactivated.token)).toBeLessThan(1000);

      const reset = await cachedOnSecond();
      expect(
        (
          await request(second, 'PUT', `/api/employees/${reset.id}`, adminToken, {
            password: 'Fresh-Passw0rd',
          })
        ).statusCode,
      ).toBe(200);
      // This time the change was made on the second process and the first had cached it.
      expect(await refusedWithin(first, reset.token)).toBeLessThan(1000);
    });

    test('while the channel is down the cache is off, not stale', async () => {
      const caches = [sessionCacheFor(first.db), sessionCacheFor(second.db)];
      expect(caches.map((cache) => cache.isSuspended)).toEqual([false, false]);
      const client = new pg.Client({ connectionString: postgresUrl });
      await client.connect();
      try {
        // Cut both processes' LISTEN connections, as a network failure or a server restart would.
        const cut = await client.query(
          `select pg_terminate_backend(pid) from pg_stat_activity where query = $1`,
          [`listen "${revocationChannel(schema)}"`],
        );
        expect(cut.rowCount).toBe(2);
      } finally {
        await client.end();
      }
      const started = Date.now();
      while (!caches.every((cache) => cache.isSuspended) && Date.now() - started < 2000)
        await new Promise((resolve) => setTimeout(resolve, 10));
      expect(caches.map((cache) => cache.isSuspended)).toEqual([true, true]);
      // Suspended: nothing is cached, so nothing can be served stale.
      expect((await request(second, 'GET', '/api/user', adminToken)).statusCode).toBe(200);
      expect(caches[1]?.get(hashToken(adminToken), Date.now())).toBeUndefined();
      // Back within a few seconds (reconnect every second), and revocation works again.
      while (caches.some((cache) => cache.isSuspended) && Date.now() - started < 8000)
        await new Promise((resolve) => setTimeout(resolve, 50));
      expect(caches.map((cache) => cache.isSuspended)).toEqual([false, false]);
      const { token } = await cachedOnSecond();
      expect((await request(first, 'POST', '/api/auth/profile/logout', token)).statusCode).toBe(
        200,
      );
      expect(await refusedWithin(second, token)).toBeLessThan(1000);
    }, 20_000);
  });
} else {
  describe('durability: session revocation (no PostgreSQL reachable: PGlite, one process)', () => {
    test('PGlite is single-process: the cache is never suspended and publishes nothing', async () => {
      const app = await buildApp(appConfig({ kind: 'pglite' }));
      try {
        const cache = sessionCacheFor(app.db);
        expect(cache.isSuspended).toBe(false);
        expect(cache.onForget).toBeUndefined();
      } finally {
        await app.close();
      }
    }, 60_000);
  });
}
