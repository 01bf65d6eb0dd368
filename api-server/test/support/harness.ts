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
import {
  copyPostgresTemplate,
  currentRun,
  pgliteTemplate,
  postgresTemplate,
  templateKey,
  type TemplateRun,
  type TemplateSeed,
} from './templates';

export const TEST_ADMIN = { email: 'admin@ataa.test', password: 'Admin@12345' } as const;
export const TEST_PASSWORD = 'Passw0rd!23';

export type DatabaseTargetName = 'pglite' | 'postgres';

interface OpenedDatabase {
  database: DatabaseConfig;
  drop(): Promise<void>;
}

interface DatabaseTarget {
  name: DatabaseTargetName;
  /**
   * Opens a database of its own for one test file; `drop` removes it again. It is a copy of this
   * run's template for `seed`, already migrated and seeded; `fresh` (or a file run without
   * global-setup.ts) gives an empty one, which the app migrates and seeds itself.
   */
  open(seed: TemplateSeed, fresh: boolean): Promise<OpenedDatabase>;
}

/**
 * This run's templates (templates.ts) this file asked for, by target and seed: each is made (or
 * waited for) once per file, e.g. for two suites on the same data.
 */
const templates = new Map<string, Promise<unknown>>();

function templateOnce<T>(
  target: DatabaseTargetName,
  seed: TemplateSeed,
  make: () => Promise<T>,
): Promise<T> {
  const key = `${target}:${templateKey(seed)}`;
  let template = templates.get(key) as Promise<T> | undefined;
  if (!template) {
    template = make();
    templates.set(key, template);
  }
  return template;
}

const pgliteTarget: DatabaseTarget = {
  name: 'pglite',
  // In memory: nothing to clean up.
  open: async (seed, fresh) => {
    const run = fresh ? undefined : currentRun();
    const loadDataDir = run
      ? await templateOnce('pglite', seed, () => pgliteTemplate(run, seed))
      : undefined;
    return {
      database: { kind: 'pglite', ...(loadDataDir ? { loadDataDir } : {}) },
      drop: async () => undefined,
    };
  },
};

/** PostgreSQL error code: the role may not create databases (no CREATEDB). */
const INSUFFICIENT_PRIVILEGE = '42501';

function postgresTarget(url: string): DatabaseTarget {
  const template = (run: TemplateRun, seed: TemplateSeed) =>
    templateOnce('postgres', seed, () => postgresTemplate(url, run, seed));
  return {
    name: 'postgres',
    open: async (seed, fresh) => {
      const run = fresh ? undefined : currentRun();
      if (!run) return newPostgresSchema(url);
      try {
        const copy = await copyPostgresTemplate(url, run, await template(run, seed));
        // Left to the run's teardown, which drops every copy at once: each DROP DATABASE forces a
        // checkpoint, which drops made together share.
        return { database: copy.database, drop: async () => undefined };
      } catch (error) {
        // A role without CREATEDB still gets a schema of its own in the given database.
        if ((error as { code?: string }).code !== INSUFFICIENT_PRIVILEGE) throw error;
        return newPostgresSchema(url);
      }
    },
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

  async start(target: DatabaseTarget, overrides: Partial<AppConfig>, fresh = false): Promise<void> {
    this.target = target.name;
    const config: Omit<AppConfig, 'database'> = {
      prefix: '/api',
      admin: { ...TEST_ADMIN },
      seedDemo: false,
      tokenTtlHours: 12,
      ...overrides,
    };
    // One target at a time: PGlite's start blocks this process for seconds, long enough for a
    // PostgreSQL connection made meanwhile to time out.
    const opened: OpenedDatabase = overrides.database
      ? { database: overrides.database, drop: async () => undefined }
      : await target.open(config, fresh);
    this.drop = opened.drop;
    // The app's start runs the migrations, sync and seed as on any start: on a template's copy
    // they find nothing to do.
    this.appInstance = await buildApp({ ...config, database: opened.database });
    await this.appInstance.ready();
  }

  async stop(): Promise<void> {
    await this.appInstance?.close();
    await this.drop?.();
  }

  request(
    method: InjectOptions['method'],
    url: string,
    options: RequestOptions = {},
  ): Promise<LightMyRequestResponse> {
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

  login(
    email: string,
    password: string,
    remoteAddress = '10.0.0.1',
  ): Promise<LightMyRequestResponse> {
    return this.request('POST', '/api/auth/create/sanctum/token', {
      body: { email, password },
      remoteAddress,
      headers: { 'user-agent': 'jest-test-agent' },
    });
  }

  /** A token straight into the table: the permission matrix needs many, without the login route. */
  async tokenFor(
    employeeId: number,
    expiresAt = new Date(Date.now() + 60 * 60 * 1000),
  ): Promise<string> {
    const token = generateToken();
    await insertToken(this.db, employeeId, token, expiresAt, {
      ip: '127.0.0.1',
      userAgent: 'jest',
    });
    return token;
  }

  async createEmployee(spec: NewTestEmployee = {}): Promise<TestEmployee> {
    this.counter += 1;
    const email =
      spec.email ?? `employee${this.counter}.${randomBytes(3).toString('hex')}@ataa.test`;
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
      const row = await sql<{
        n: number;
      }>`select count(*)::int as n from ${sql.table(table)}`.execute(this.db);
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

function describeOnEachTarget(
  title: string,
  body: (harness: TestHarness) => void,
  overrides: Partial<AppConfig>,
  fresh: boolean,
): void {
  describe.each(availableTargets().map((target) => [target.name, target] as const))(
    `${title} [%s]`,
    (_name, target) => {
      const harness = new TestHarness();
      // Generous: the first file of a run that needs a template builds it (or waits for it).
      beforeAll(() => harness.start(target, overrides, fresh), 120_000);
      afterAll(() => harness.stop(), 30_000);
      body(harness);
    },
  );
}

/**
 * Declares the suite once per database target: always PGlite (in memory, one per file), and
 * PostgreSQL in a database of its own when a server is reachable. Each starts as a copy of the
 * run's template for the suite's admin and demo data (templates.ts), and the app is built on it in
 * beforeAll.
 */
export function describeEachDatabase(
  title: string,
  body: (harness: TestHarness) => void,
  overrides: Partial<AppConfig> = {},
): void {
  describeOnEachTarget(title, body, overrides, false);
}

/**
 * As describeEachDatabase, on an empty database the app's start migrates and seeds itself, for
 * the suites that test that start (slower: a few seconds a target).
 */
export function describeEachFreshDatabase(
  title: string,
  body: (harness: TestHarness) => void,
  overrides: Partial<AppConfig> = {},
): void {
  describeOnEachTarget(title, body, overrides, true);
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
