import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import {
  DEFAULT_ADMIN_PASSWORD,
  STARTUP_REFUSALS,
  StartupRefusal,
  type AppConfig,
  type DatabaseConfig,
} from '../src/config';
import { insertEmployee } from '../src/modules/employees';
import { hashPassword } from '../src/modules/sessions';
import { startApiServer } from '../src/server';
import { TEST_ADMIN, TEST_PASSWORD } from './support/harness';
import { newPostgresSchema, POSTGRES_URL_ENV } from './support/postgres-probe';

/**
 * Two API processes on one database (the throttle is shared by every API
 * process on one PostgreSQL), and a production start on a database that was first started for
 * evaluation. PostgreSQL: two apps at once on one schema. PGlite serves one process at a time, so
 * there the second app opens the same data directory after the first has closed.
 */

interface SharedDatabase {
  name: 'pglite' | 'postgres';
  /** Both apps can be open at once. */
  concurrent: boolean;
  open(): Promise<{ database: DatabaseConfig; drop(): Promise<void> }>;
}

const targets: SharedDatabase[] = [
  {
    name: 'pglite',
    concurrent: false,
    async open() {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ataa-shared-'));
      return {
        database: { kind: 'pglite', dataDir: dir },
        drop: async () => fs.rmSync(dir, { recursive: true, force: true }),
      };
    },
  },
];
const postgresUrl = process.env[POSTGRES_URL_ENV];
if (postgresUrl) {
  targets.push({
    name: 'postgres',
    concurrent: true,
    open: async () => newPostgresSchema(postgresUrl),
  });
}

const LIMITS = {
  windowMinutes: 15,
  maxAttemptsPerAddress: 5,
  freeFailuresPerEmail: 3,
  baseDelayMs: 10_000,
  maxDelayMs: 40_000,
};

function login(app: FastifyInstance, email: string, password: string, remoteAddress: string) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/create/sanctum/token',
    payload: { email, password },
    remoteAddress,
  });
}

describe.each(targets.map((target) => [target.name, target] as const))(
  'security: one database, two API processes [%s]',
  (_name, target) => {
    let database: DatabaseConfig;
    let drop: () => Promise<void> = async () => undefined;
    const open: FastifyInstance[] = [];
    const config = (): AppConfig => ({
      prefix: '/api',
      database,
      // As `pnpm start` leaves it: the documented password (the production test below relies on it).
      admin: { email: TEST_ADMIN.email, password: DEFAULT_ADMIN_PASSWORD },
      seedDemo: false,
      tokenTtlHours: 12,
      loginRateLimit: LIMITS,
    });
    const start = async () => {
      const app = await buildApp(config());
      open.push(app);
      return app;
    };
    const stop = async (app: FastifyInstance) => {
      open.splice(open.indexOf(app), 1);
      await app.close();
    };
    const skipEmailDelay = (app: FastifyInstance, email: string) =>
      app.db
        .updateTable('login_throttle')
        .set({ next_attempt_at: null })
        .where('key', '=', `email:${email}`)
        .execute();
    const newEmployee = async (app: FastifyInstance) => {
      const email = `shared.${randomBytes(3).toString('hex')}@ataa.test`;
      await insertEmployee(app.db, {
        name: 'موظف مشترك',
        email,
        passwordHash: await hashPassword(TEST_PASSWORD),
        active: true,
        role: null,
        permissions: [],
      });
      return email;
    };

    beforeAll(async () => {
      ({ database, drop } = await target.open());
    }, 60_000);
    afterAll(async () => {
      for (const app of [...open]) await stop(app);
      await drop();
    }, 60_000);

    test('an address’s attempts count across both processes', async () => {
      const first = await start();
      const email = await newEmployee(first);
      if (target.concurrent) {
        const second = await start();
        const codes: number[] = [];
        for (let attempt = 0; attempt < 7; attempt += 1) {
          const app = attempt % 2 === 0 ? first : second;
          await skipEmailDelay(app, email);
          codes.push((await login(app, email, 'wrong-password', '10.90.0.1')).statusCode);
        }
        expect(codes).toEqual([401, 401, 401, 401, 401, 429, 429]);

        // The email's delay too, under fire from both at once: 20 addresses, 20 parallel guesses.
        const sprayed = await newEmployee(first);
        const responses = await Promise.all(
          Array.from({ length: 20 }, (_, index) =>
            login(
              index % 2 === 0 ? first : second,
              sprayed,
              `spray-guess-${index}`,
              `10.91.0.${index + 1}`,
            ),
          ),
        );
        const statuses = responses.map((response) => response.statusCode);
        expect(statuses.filter((status) => status === 401)).toHaveLength(
          LIMITS.freeFailuresPerEmail + 1,
        );
        expect(statuses.filter((status) => status === 429)).toHaveLength(
          20 - LIMITS.freeFailuresPerEmail - 1,
        );
        await stop(second);
      } else {
        for (let attempt = 0; attempt < 5; attempt += 1) {
          await skipEmailDelay(first, email);
          expect((await login(first, email, 'wrong-password', '10.90.0.1')).statusCode).toBe(401);
        }
        await stop(first);
        const second = await start();
        // Both brakes survived the change of process: the email's delay (20 s after five failures)…
        const delayed = await login(second, email, TEST_PASSWORD, '10.90.0.3');
        expect(delayed.statusCode).toBe(429);
        expect(Number(delayed.headers['retry-after'])).toBeGreaterThan(10);
        // …and the address's count.
        await skipEmailDelay(second, email);
        expect((await login(second, email, TEST_PASSWORD, '10.90.0.1')).statusCode).toBe(429);
        expect((await login(second, email, TEST_PASSWORD, '10.90.0.2')).statusCode).toBe(200);
        await stop(second);
      }
      if (open.includes(first)) await stop(first);
    }, 60_000);

    test('an address’s failures across emails (password spraying) count across both processes', async () => {
      const first = await start();
      const spray = (app: FastifyInstance, index: number) =>
        login(app, `spray.${index}@ataa.test`, 'Spring2026!', '10.92.0.1');
      const codes: number[] = [];
      if (target.concurrent) {
        const second = await start();
        for (let index = 0; index < 24; index += 1)
          codes.push((await spray(index % 2 === 0 ? first : second, index)).statusCode);
        await stop(second);
      } else {
        for (let index = 0; index < 20; index += 1)
          codes.push((await spray(first, index)).statusCode);
        await stop(first);
        const second = await start();
        for (let index = 20; index < 24; index += 1)
          codes.push((await spray(second, index)).statusCode);
        await stop(second);
      }
      expect(codes).toEqual([...Array<number>(20).fill(401), ...Array<number>(4).fill(429)]);
      if (open.includes(first)) await stop(first);
    }, 60_000);

    test('a production start refuses a database whose super admin still has the published password', async () => {
      const production: AppConfig = {
        ...config(),
        production: true,
        admin: { email: TEST_ADMIN.email, password: 'Prod-Secret-2026!' },
      };
      await expect(startApiServer({ config: production })).rejects.toEqual(
        new StartupRefusal(STARTUP_REFUSALS.publishedPasswords([TEST_ADMIN.email])),
      );

      // Once the password is changed, the same start goes ahead.
      const app = await start();
      await app.db
        .updateTable('employees')
        .set({ password_hash: await hashPassword('Prod-Secret-2026!') })
        .where('email', '=', TEST_ADMIN.email)
        .execute();
      await stop(app);
      const server = await startApiServer({ config: production });
      try {
        const health = await fetch(`${server.url}/health`);
        expect(health.status).toBe(200);
      } finally {
        await server.close();
      }
    }, 60_000);
  },
);
