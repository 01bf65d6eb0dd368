import { randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { PermissionKey } from 'shared-contracts';
import { buildApp } from '../../src/app';
import type { AppConfig, DatabaseConfig } from '../../src/config';
import type { Database } from '../../src/db/tables';
import { generateToken, hashPassword, insertToken } from '../../src/modules/sessions';
import { insertEmployee, type EmployeeRow } from '../../src/modules/employees';
import { newPostgresSchema, POSTGRES_URL_ENV } from './postgres-probe';

export const TEST_ADMIN = { email: 'admin@ataa.test', password: 'Admin@12345' } as const;
export const TEST_PASSWORD = 'Passw0rd!23';

export type DatabaseTargetName = 'pglite' | 'postgres';

interface DatabaseTarget {
  name: DatabaseTargetName;
  /** Opens a fresh, empty database for one test file; `drop` removes it again. */
  open(): Promise<{ database: DatabaseConfig; drop(): Promise<void> }>;
}

const pgliteTarget: DatabaseTarget = {
  name: 'pglite',
  // In memory: nothing to clean up, and it is as fresh as a new data directory.
  open: async () => ({ database: { kind: 'pglite' }, drop: async () => undefined }),
};

function postgresTarget(url: string): DatabaseTarget {
  return {
    name: 'postgres',
    open: async () => newPostgresSchema(url),
  };
}

/**
 * PGlite always; PostgreSQL too when global-setup.ts found a server. Describe blocks are
 * declared synchronously, so the choice comes from the environment the setup left behind
 * (without it, e.g. a file run through another runner, PGlite only).
 */
function availableTargets(): DatabaseTarget[] {
  const url = process.env[POSTGRES_URL_ENV];
  return url ? [pgliteTarget, postgresTarget(url)] : [pgliteTarget];
}

export interface RequestOptions {
  token?: string;
  body?: unknown;
  /** A raw payload (e.g. malformed JSON); wins over `body`. */
  rawBody?: string;
  headers?: Record<string, string>;
  remoteAddress?: string;
  query?: Record<string, string>;
}

export interface TestEmployee {
  row: EmployeeRow;
  token: string;
  password: string;
}

export interface NewTestEmployee {
  permissions?: readonly PermissionKey[];
  role?: string | null;
  active?: boolean;
  name?: string;
  email?: string;
}

export class TestHarness {
  target!: DatabaseTargetName;
  private appInstance: FastifyInstance | undefined;
  private drop: (() => Promise<void>) | undefined;
  private counter = 0;

  get app(): FastifyInstance {
    if (!this.appInstance) throw new Error('The app is built in beforeAll');
    return this.appInstance;
  }

  get db(): Kysely<Database> {
    return this.app.db;
  }

  async start(target: DatabaseTarget, overrides: Partial<AppConfig>): Promise<void> {
    this.target = target.name;
    const opened = await target.open();
    this.drop = opened.drop;
    this.appInstance = await buildApp({
      prefix: '/api',
      database: opened.database,
      admin: { ...TEST_ADMIN },
      seedDemo: false,
      tokenTtlHours: 12,
      ...overrides,
    });
    await this.appInstance.ready();
  }

  async stop(): Promise<void> {
    await this.appInstance?.close();
    await this.drop?.();
  }

  request(method: InjectOptions['method'], url: string, options: RequestOptions = {}): Promise<LightMyRequestResponse> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let payload: string | undefined;
    if (options.rawBody !== undefined) {
      payload = options.rawBody;
      headers['content-type'] ??= 'application/json';
    } else if (options.body !== undefined) {
      payload = JSON.stringify(options.body);
      headers['content-type'] ??= 'application/json';
    }
    return this.app.inject({
      method,
      url,
      headers,
      payload,
      query: options.query,
      remoteAddress: options.remoteAddress ?? '127.0.0.1',
    });
  }

  login(email: string, password: string, remoteAddress = '10.0.0.1'): Promise<LightMyRequestResponse> {
    return this.request('POST', '/api/auth/create/sanctum/token', {
      body: { email, password },
      remoteAddress,
      headers: { 'user-agent': 'jest-test-agent' },
    });
  }

  /** A token straight into the table: the permission matrix needs many, without the login route. */
  async tokenFor(employeeId: number, expiresAt = new Date(Date.now() + 60 * 60 * 1000)): Promise<string> {
    const token = generateToken();
    await insertToken(this.db, employeeId, token, expiresAt, { ip: '127.0.0.1', userAgent: 'jest' });
    return token;
  }

  async createEmployee(spec: NewTestEmployee = {}): Promise<TestEmployee> {
    this.counter += 1;
    const email = spec.email ?? `employee${this.counter}.${randomBytes(3).toString('hex')}@ataa.test`;
    const row = await insertEmployee(this.db, {
      name: spec.name ?? `موظف اختبار ${this.counter}`,
      email,
      passwordHash: await hashPassword(TEST_PASSWORD),
      active: spec.active ?? true,
      role: spec.role ?? null,
      permissions: [...(spec.permissions ?? [])],
    });
    return { row, token: await this.tokenFor(row.id), password: TEST_PASSWORD };
  }

  async adminToken(): Promise<string> {
    const admin = await this.db
      .selectFrom('employees')
      .select('id')
      .where('email', '=', TEST_ADMIN.email)
      .executeTakeFirstOrThrow();
    return this.tokenFor(admin.id);
  }

  /** Row counts by table: a refused write must leave them as they were. */
  async rowCounts(tables: readonly string[]): Promise<Record<string, number>> {
    const counts: Record<string, number> = {};
    for (const table of tables) {
      const row = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)}`.execute(this.db);
      counts[table] = row.rows[0]?.n ?? 0;
    }
    return counts;
  }

  async activityRows(action?: string) {
    let query = this.db.selectFrom('activity_log').selectAll().orderBy('id');
    if (action) query = query.where('action', '=', action);
    return query.execute();
  }
}

/**
 * Declares the suite once per database target: always PGlite (in memory, one per file), and
 * PostgreSQL in a schema of its own when a server is reachable. `build` runs in beforeAll.
 */
export function describeEachDatabase(
  title: string,
  body: (harness: TestHarness) => void,
  overrides: Partial<AppConfig> = {},
): void {
  describe.each(availableTargets().map((target) => [target.name, target] as const))(`${title} [%s]`, (_name, target) => {
    const harness = new TestHarness();
    beforeAll(() => harness.start(target, overrides), 60_000);
    afterAll(() => harness.stop(), 30_000);
    body(harness);
  });
}

/**
 * A suite on the demo data (SEED_DEMO), read by an employee who holds only `permissions`.
 * `viewer.token` is set in beforeAll: read it inside the tests, not while declaring them.
 */
export function describeDemoData(
  title: string,
  permissions: readonly PermissionKey[],
  body: (harness: TestHarness, viewer: { token: string }) => void,
): void {
  describeEachDatabase(
    title,
    (h) => {
      const viewer = { token: '' };
      beforeAll(async () => {
        viewer.token = (await h.createEmployee({ permissions })).token;
      });
      body(h, viewer);
    },
    { seedDemo: true },
  );
}

export function json<T = Record<string, unknown>>(response: LightMyRequestResponse): T {
  return response.json<T>();
}
