import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { migrateModules } from '../src/app';
import { createPGlite } from '../src/db/database';
import { DEMO_ACCOUNTS } from '../src/demo-fixtures';
import { describeEachDatabase, TEST_ADMIN, type TestHarness } from './support/harness';
import { POSTGRES_URL_ENV } from './support/postgres-probe';
import {
  copyPostgresTemplate,
  currentRun,
  dropTestDatabases,
  keptTemplatesKey,
  newRunId,
  pgliteTemplate,
  postgresTemplate,
  postgresUrlFor,
  STALE_AFTER_MS,
  templateKey,
  type TemplateRun,
  type TemplateSeed,
} from './support/templates';

/**
 * The harness gives each test file a copy of a template migrated and seeded once per run: the copy
 * must hold what a new database would, and belong to its file alone.
 */

function runOrThrow(): TemplateRun {
  const run = currentRun();
  if (!run) throw new Error('global-setup.ts names the run’s templates');
  return run;
}

/** The employees' e-mails in another copy of the same template, opened beside the harness's own. */
async function emailsInAnotherCopy(h: TestHarness, seed: TemplateSeed): Promise<string[]> {
  const run = runOrThrow();
  if (h.target === 'pglite') {
    const other = await createPGlite(undefined, await pgliteTemplate(run, seed));
    try {
      return (
        await other.query<{ email: string }>('select email from employees order by email')
      ).rows.map((row) => row.email);
    } finally {
      await other.close();
    }
  }
  const url = process.env[POSTGRES_URL_ENV] ?? '';
  const copy = await copyPostgresTemplate(url, run, await postgresTemplate(url, run, seed));
  const client = new pg.Client({
    connectionString: copy.database.kind === 'postgres' ? copy.database.connectionString : '',
  });
  await client.connect();
  try {
    const { rows } = await client.query<{ email: string }>(
      'select email from ataa_test.employees order by email',
    );
    return rows.map((row) => row.email);
  } finally {
    await client.end();
    await copy.drop();
  }
}

describeEachDatabase('test harness: each file starts from a copy of the run’s template', (h) => {
  const seed: TemplateSeed = { admin: { ...TEST_ADMIN }, seedDemo: false };

  test('the copy is migrated and seeded: the app’s start found nothing to migrate, the admin signs in', async () => {
    const schema =
      (await sql<{ s: string }>`select current_schema() as s`.execute(h.db)).rows[0]?.s ?? 'public';
    expect(await migrateModules(h.db, schema)).toEqual([]);
    expect((await h.login(TEST_ADMIN.email, TEST_ADMIN.password)).statusCode).toBe(200);
    const employees = await h.db.selectFrom('employees').select('email').execute();
    expect(employees).toEqual([{ email: TEST_ADMIN.email }]);
  });

  test('sequences go on where the template left them (no gap from crash recovery)', async () => {
    const { max } = await h.db
      .selectFrom('activity_log')
      .select((eb) => eb.fn.coalesce(eb.fn.max('id'), sql<number>`0`).as('max'))
      .executeTakeFirstOrThrow();
    const admin = await h.db.selectFrom('employees').select('id').executeTakeFirstOrThrow();
    const employee = await h.createEmployee({ email: 'sequence.check@ataa.test' });
    expect(employee.row.id).toBe(admin.id + 1);
    const created = await h.request('POST', '/api/employees', {
      token: await h.adminToken(),
      body: {
        name: 'موظف التسلسل',
        email: 'sequence.api@ataa.test',
        password: 'Str0ngPass!',
        permissions: ['show_index'],
      },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json<{ data: { id: number } }>().data.id).toBe(employee.row.id + 1);
    // bigint: a string from PostgreSQL, a number from PGlite.
    const written = (await h.activityRows())
      .map((row) => Number(row.id))
      .filter((id) => id > Number(max));
    expect(written[0]).toBe(Number(max) + 1);
  });

  test('what a file writes stays in its copy: another copy of the template does not see it', async () => {
    await h.createEmployee({ email: 'only.here@ataa.test' });
    expect(
      (
        await h.db
          .selectFrom('employees')
          .select('email')
          .where('email', '=', 'only.here@ataa.test')
          .execute()
      ).length,
    ).toBe(1);
    expect(await emailsInAnotherCopy(h, seed)).toEqual([TEST_ADMIN.email]);
  });
});

const OTHER_ADMIN = { email: 'another.admin@ataa.test', password: 'Another@Admin-2026' };

describeEachDatabase(
  'test harness: a suite with its own admin and the demo data gets a template of its own',
  (h) => {
    test('its admin and the demo accounts exist, the default test admin does not', async () => {
      const emails = (await h.db.selectFrom('employees').select('email').execute()).map(
        (row) => row.email,
      );
      expect(emails.sort()).toEqual(
        [OTHER_ADMIN.email, ...DEMO_ACCOUNTS.map((account) => account.email)].sort(),
      );
      expect((await h.login(OTHER_ADMIN.email, OTHER_ADMIN.password)).statusCode).toBe(200);
      expect((await h.login(TEST_ADMIN.email, TEST_ADMIN.password, '10.0.0.2')).statusCode).toBe(
        401,
      );
      const families = await sql<{ n: number }>`select count(*)::int as n from families`.execute(
        h.db,
      );
      expect(families.rows[0]?.n).toBeGreaterThan(0);
    });
  },
  { admin: OTHER_ADMIN, seedDemo: true },
);

describe('test harness: template keys and run names', () => {
  test('a template is keyed by what the seed is given: the admin and the demo data', () => {
    const plain: TemplateSeed = { admin: { ...TEST_ADMIN }, seedDemo: false };
    expect(templateKey({ admin: { ...TEST_ADMIN }, seedDemo: false })).toBe(templateKey(plain));
    expect(templateKey({ ...plain, seedDemo: true })).not.toBe(templateKey(plain));
    expect(templateKey({ ...plain, admin: { ...TEST_ADMIN, password: 'Other@12345' } })).not.toBe(
      templateKey(plain),
    );
    expect(templateKey({ ...plain, admin: { ...TEST_ADMIN, email: 'x@ataa.test' } })).not.toBe(
      templateKey(plain),
    );
  });

  test('kept templates: keyed by the sources, the lockfile and the day in Riyadh; none in CI', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'ataa-kept-key-'));
    try {
      for (const dir of ['api-server/src', 'shared-contracts/src', 'api-server/test/support']) {
        fs.mkdirSync(path.join(root, dir), { recursive: true });
        fs.writeFileSync(path.join(root, dir, 'a.ts'), 'export {};');
      }
      fs.writeFileSync(path.join(root, 'pnpm-lock.yaml'), 'lockfileVersion: 9');
      const local = {};
      // 20:30 and 21:30 UTC: the same calendar day in UTC, two days in Riyadh (UTC+3).
      const evening = new Date('2026-11-27T20:30:00Z');
      const key = keptTemplatesKey(root, local, evening);
      expect(key).toMatch(/^[0-9a-f]{12}$/);
      expect(keptTemplatesKey(root, local, new Date('2026-11-27T20:50:00Z'))).toBe(key);
      expect(keptTemplatesKey(root, local, new Date('2026-11-27T21:30:00Z'))).not.toBe(key);
      expect(keptTemplatesKey(root, { CI: 'true' }, evening)).toBeUndefined();
      fs.writeFileSync(path.join(root, 'api-server/src', 'a.ts'), 'export const changed = 1;');
      expect(keptTemplatesKey(root, local, evening)).not.toBe(key);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });

  test('a database URL is pointed at another database, credentials and options kept', () => {
    expect(
      postgresUrlFor('postgres://user:secret@127.0.0.1:5432/test?sslmode=disable', 'ataa_t_x'),
    ).toBe('postgres://user:secret@127.0.0.1:5432/ataa_t_x?sslmode=disable');
  });
});

const postgresUrl = process.env[POSTGRES_URL_ENV];
// PostgreSQL only (a server is there whenever describeEachDatabase runs its PostgreSQL half).
if (postgresUrl) {
  describe('test harness: a killed run’s databases are swept by a later one', () => {
    test('databases of runs older than the limit are dropped; a recent run’s are kept', async () => {
      const now = Date.now();
      const old = `ataa_t_${newRunId(now - STALE_AFTER_MS - 60_000)}_0badf00d`;
      const recent = `ataa_t_${newRunId(now - 60_000)}_0badf00d`;
      const admin = new pg.Client({ connectionString: postgresUrl });
      await admin.connect();
      try {
        for (const name of [old, recent]) await admin.query(`create database "${name}"`);
        await dropTestDatabases(postgresUrl, undefined, now);
        const { rows } = await admin.query<{ datname: string }>(
          'select datname from pg_database where datname = any($1)',
          [[old, recent]],
        );
        expect(rows.map((row) => row.datname)).toEqual([recent]);
      } finally {
        for (const name of [old, recent]) await admin.query(`drop database if exists "${name}"`);
        await admin.end();
      }
    });
  });
}
