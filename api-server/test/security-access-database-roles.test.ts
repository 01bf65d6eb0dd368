import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/app';
import { configFromEnv, STARTUP_REFUSALS, StartupRefusal, type AppConfig } from '../src/config';
import { familyBody } from './support/beneficiaries';
import { TEST_ADMIN } from './support/harness';
import { POSTGRES_URL_ENV } from './support/postgres-probe';

/**
 * Defence in depth on PostgreSQL: the API served as the role that owned the tables, so anyone who
 * got SQL through the API could drop, alter or truncate the activity log, or switch off the
 * triggers that keep it append-only. With MIGRATION_DATABASE_URL the owner migrates and seeds,
 * and DATABASE_URL's role only reads and writes rows.
 */
const postgresUrl = process.env[POSTGRES_URL_ENV];

describe('security: database roles (MIGRATION_DATABASE_URL)', () => {
  test('from the environment: the owner URL goes with DATABASE_URL, and is refused without it', () => {
    const { config } = configFromEnv({
      DATABASE_URL: 'postgres://ataa_app@db/ataa',
      MIGRATION_DATABASE_URL: 'postgres://ataa_owner@db/ataa',
    });
    expect(config.database).toMatchObject({
      kind: 'postgres',
      connectionString: 'postgres://ataa_app@db/ataa',
      migrationConnectionString: 'postgres://ataa_owner@db/ataa',
    });
    // One URL, as before: no owner of its own.
    expect(
      configFromEnv({ DATABASE_URL: 'postgres://ataa@db/ataa' }).config.database,
    ).not.toHaveProperty('migrationConnectionString');
    expect(() =>
      configFromEnv({ MIGRATION_DATABASE_URL: 'postgres://ataa_owner@db/ataa' }),
    ).toThrow(new StartupRefusal(STARTUP_REFUSALS.migrationUrlWithoutDatabase));
  });

  if (!postgresUrl) return;

  describe('on PostgreSQL', () => {
    const suffix = randomBytes(4).toString('hex');
    const ownerRole = `ataa_test_owner_${suffix}`;
    const appRole = `ataa_test_app_${suffix}`;
    const schema = `ataa_test_roles_${suffix}`;
    const urlAs = (role: string) => {
      const url = new URL(postgresUrl);
      url.username = role;
      url.password = '';
      return url.toString();
    };
    let admin: pg.Client;
    let databaseName = '';
    let app: FastifyInstance | undefined;

    /** A connection as `role`, the schema first on its search path, as the API's pool has it. */
    async function connectAs(role: string): Promise<pg.Client> {
      const client = new pg.Client({
        connectionString: urlAs(role),
        options: `-c search_path=${schema},public`,
      });
      await client.connect();
      return client;
    }

    /** The SQLSTATE a statement fails with (none: it succeeded). */
    async function failureOf(client: pg.Client, statement: string): Promise<string | undefined> {
      try {
        await client.query(statement);
        return undefined;
      } catch (error) {
        return (error as { code?: string }).code;
      }
    }

    beforeAll(async () => {
      admin = new pg.Client({ connectionString: postgresUrl });
      await admin.connect();
      databaseName =
        (await admin.query<{ name: string }>('select current_database() as name')).rows[0]?.name ??
        '';
      // As api-server/README.md ("Two database roles") creates them; trust authentication here,
      // so no passwords. The extension is the server administrator's (a trusted one, but created
      // up front so that dropping the test roles never takes it away from other suites).
      await admin.query('create extension if not exists pg_trgm with schema public');
      await admin.query(`create role "${ownerRole}" login`);
      await admin.query(`create role "${appRole}" login`);
      await admin.query(`grant create on database "${databaseName}" to "${ownerRole}"`);
      const config: AppConfig = {
        prefix: '/api',
        database: {
          kind: 'postgres',
          connectionString: urlAs(appRole),
          migrationConnectionString: urlAs(ownerRole),
          schema,
          maxConnections: 4,
        },
        admin: TEST_ADMIN,
        seedDemo: false,
        tokenTtlHours: 12,
      };
      app = await buildApp(config);
    }, 120_000);

    afterAll(async () => {
      await app?.close();
      await admin.query(`drop schema if exists "${schema}" cascade`);
      for (const role of [ownerRole, appRole]) {
        await admin.query(`drop owned by "${role}" cascade`);
        await admin.query(`drop role if exists "${role}"`);
      }
      await admin.end();
    });

    test('the owner owns the tables; the API serves as the application role, which owns none', async () => {
      const owners = await admin.query<{ owner: string }>(
        'select distinct tableowner as owner from pg_tables where schemaname = $1',
        [schema],
      );
      expect(owners.rows.map((row) => row.owner)).toEqual([ownerRole]);
      const health = await app!.inject({ method: 'GET', url: '/api/health' });
      expect(health.json()).toEqual({ status: 'ok', database: 'ok' });
    });

    test('the API works as the application role: sign in, read, write, log', async () => {
      const api = app!;
      const login = await api.inject({
        method: 'POST',
        url: '/api/auth/create/sanctum/token',
        payload: { email: TEST_ADMIN.email, password: TEST_ADMIN.password },
        remoteAddress: '10.90.1.1',
      });
      expect(login.statusCode).toBe(200);
      const token = login.json<{ data: { token: string } }>().data.token;
      const headers = { authorization: `Bearer ${token}` };
      expect((await api.inject({ method: 'GET', url: '/api/user', headers })).statusCode).toBe(200);
      const created = await api.inject({
        method: 'POST',
        url: '/api/employees',
        headers,
        payload: {
          name: 'موظف صلاحيات القاعدة',
          email: `roles.${suffix}@ataa.test`,
          password: 'Roles-2026-Pass!',
          permissions: ['show_index'],
          role: 'باحث اجتماعي',
        },
      });
      expect(created.statusCode).toBe(201);
      const wrong = await api.inject({
        method: 'POST',
        url: '/api/auth/create/sanctum/token',
        payload: { email: TEST_ADMIN.email, password: 'not-the-password' },
        remoteAddress: '10.90.1.2',
      });
      expect(wrong.statusCode).toBe(401);
      const log = await api.inject({ method: 'GET', url: '/api/activity-log', headers });
      expect(log.statusCode).toBe(200);
      const actions = (
        await admin.query<{ action: string }>(
          `select action from "${schema}".activity_log order by id`,
        )
      ).rows.map((row) => row.action);
      expect(actions).toEqual(expect.arrayContaining(['login', 'login_failed']));
      expect(actions.length).toBeGreaterThanOrEqual(3);
      expect(
        (await api.inject({ method: 'POST', url: '/api/auth/profile/logout', headers })).statusCode,
      ).toBeLessThan(300);
    });

    test('the application role cannot drop, alter or truncate the activity log, nor change or delete its rows', async () => {
      const client = await connectAs(appRole);
      try {
        const before = (
          await admin.query<{ n: number }>(
            `select count(*)::int as n from "${schema}".activity_log`,
          )
        ).rows[0]?.n;
        expect(before).toBeGreaterThan(0);
        // 42501: insufficient privilege; "must be owner" is 42501 too.
        expect(await failureOf(client, 'drop table activity_log')).toBe('42501');
        expect(await failureOf(client, 'alter table activity_log disable trigger all')).toBe(
          '42501',
        );
        expect(await failureOf(client, 'alter table activity_log add column note text')).toBe(
          '42501',
        );
        expect(await failureOf(client, 'drop trigger activity_log_no_update on activity_log')).toBe(
          '42501',
        );
        expect(await failureOf(client, 'truncate activity_log')).toBe('42501');
        expect(await failureOf(client, 'truncate employees cascade')).toBe('42501');
        expect(await failureOf(client, 'update activity_log set action = action')).toBe('42501');
        expect(await failureOf(client, 'delete from activity_log')).toBe('42501');
        // Nor any other table's structure, nor the migrations' record, nor a table of its own.
        expect(await failureOf(client, 'drop table employees')).toBe('42501');
        expect(await failureOf(client, 'alter table families drop column status')).toBe('42501');
        expect(await failureOf(client, 'delete from kysely_migration')).toBe('42501');
        expect(await failureOf(client, `create table "${schema}".intruder (id int)`)).toBe('42501');
        // What the API does with rows stays allowed.
        expect(await failureOf(client, 'select count(*) from activity_log')).toBeUndefined();
        expect(
          await failureOf(client, 'update login_throttle set attempts = attempts'),
        ).toBeUndefined();
        const after = (
          await admin.query<{ n: number }>(
            `select count(*)::int as n from "${schema}".activity_log`,
          )
        ).rows[0]?.n;
        expect(after).toBe(before);
      } finally {
        await client.end();
      }
    });

    test("erasing a family reaches its log rows only through the owner's function, only in that erasure", async () => {
      const api = app!;
      const login = await api.inject({
        method: 'POST',
        url: '/api/auth/create/sanctum/token',
        payload: { email: TEST_ADMIN.email, password: TEST_ADMIN.password },
        remoteAddress: '10.90.1.3',
      });
      const headers = {
        authorization: `Bearer ${login.json<{ data: { token: string } }>().data.token}`,
      };
      const created = await api.inject({
        method: 'POST',
        url: '/api/families',
        headers,
        payload: familyBody(),
      });
      expect(created.statusCode).toBe(201);
      const family = created.json<{ data: { id: number; file_number: string } }>().data;
      const client = await connectAs(appRole);
      try {
        // Outside an erasure, the function refuses (P0001: the append-only exception).
        expect(await failureOf(client, `select activity_log_erase_family(${family.id})`)).toBe(
          'P0001',
        );
      } finally {
        await client.end();
      }
      const erased = await api.inject({
        method: 'POST',
        url: `/api/families/${family.id}/anonymise`,
        headers,
        payload: { reason: 'طلب محو من صاحب البيانات', file_number: family.file_number },
      });
      expect(erased.statusCode).toBe(200);
      const rows = await admin.query<{ action: string; changes: unknown }>(
        `select action, changes from "${schema}".activity_log where family_id = $1 order by id`,
        [family.id],
      );
      expect(rows.rows.map((row) => [row.action, row.changes === null])).toEqual([
        ['create', true],
        ['anonymise', false],
      ]);
    });

    test('several API processes starting together (API_WORKERS) grant in turn, without a clash', async () => {
      const config: AppConfig = {
        prefix: '/api',
        database: {
          kind: 'postgres',
          connectionString: urlAs(appRole),
          migrationConnectionString: urlAs(ownerRole),
          schema,
          maxConnections: 2,
        },
        admin: TEST_ADMIN,
        seedDemo: false,
        tokenTtlHours: 12,
      };
      const started = await Promise.allSettled(Array.from({ length: 4 }, () => buildApp(config)));
      for (const result of started) if (result.status === 'fulfilled') await result.value.close();
      expect(
        started.map((result) => (result.status === 'rejected' ? String(result.reason) : 'started')),
      ).toEqual(Array(4).fill('started'));
    }, 120_000);

    test('a restart migrates as the owner again and grants a table a migration added since', async () => {
      // As a later migration would: a new table, created by the owner.
      const owner = await connectAs(ownerRole);
      try {
        await owner.query('create table later_feature (id int primary key)');
      } finally {
        await owner.end();
      }
      await app!.close();
      app = await buildApp({
        prefix: '/api',
        database: {
          kind: 'postgres',
          connectionString: urlAs(appRole),
          migrationConnectionString: urlAs(ownerRole),
          schema,
          maxConnections: 4,
        },
        admin: TEST_ADMIN,
        seedDemo: false,
        tokenTtlHours: 12,
      });
      const client = await connectAs(appRole);
      try {
        expect(await failureOf(client, 'insert into later_feature values (1)')).toBeUndefined();
        expect(await failureOf(client, 'drop table later_feature')).toBe('42501');
        expect(await failureOf(client, 'truncate activity_log')).toBe('42501');
      } finally {
        await client.end();
      }
    }, 120_000);
  });
});
