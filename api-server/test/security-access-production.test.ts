import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import {
  configFromEnv,
  DEFAULT_ADMIN_PASSWORD,
  STARTUP_REFUSALS,
  StartupRefusal,
} from '../src/config';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, insertEmployee } from '../src/modules/employees';
import { hashPassword } from '../src/modules/sessions';
import { publishedPasswordAccounts, startApiServer } from '../src/server';
import { describeEachDatabase, TEST_ADMIN } from './support/harness';

/**
 * Production settings (the demo seed refused, the API's TRUST_PROXY): with SEED_DEMO
 * on by default, hr@ataa.local and the published password worked on any fresh install.
 */

const PRODUCTION_SECRET = 'Prod-Secret-2026!';
const productionEnv = {
  NODE_ENV: 'production',
  ADMIN_EMAIL: TEST_ADMIN.email,
  ADMIN_PASSWORD: PRODUCTION_SECRET,
};

describe('production mode from the environment', () => {
  test('refuses the documented default admin password, whether left unset or typed in', () => {
    for (const env of [
      { NODE_ENV: 'production' },
      { NODE_ENV: 'production', ADMIN_PASSWORD: DEFAULT_ADMIN_PASSWORD },
    ]) {
      expect(() => configFromEnv(env)).toThrow(
        new StartupRefusal(STARTUP_REFUSALS.defaultAdminPassword),
      );
    }
    expect(STARTUP_REFUSALS.defaultAdminPassword).not.toContain('\n');
    expect(STARTUP_REFUSALS.defaultAdminPassword).toMatch(
      /[\u0600-\u06FF].* \/ Refusing to start in production/,
    );
  });

  test('no demo data: SEED_DEMO=true is refused in one line, Arabic and English', () => {
    expect(configFromEnv(productionEnv).config).toMatchObject({
      production: true,
      seedDemo: false,
    });
    for (const value of ['true', '1', 'yes']) {
      expect(() => configFromEnv({ ...productionEnv, SEED_DEMO: value })).toThrow(
        new StartupRefusal(STARTUP_REFUSALS.demoInProduction),
      );
    }
    expect(STARTUP_REFUSALS.demoInProduction).not.toContain('\n');
    expect(STARTUP_REFUSALS.demoInProduction).toMatch(
      /^[\u0600-\u06FF].*SEED_DEMO.* \/ Refusing to start in production: SEED_DEMO=true/,
    );
    expect(configFromEnv({ ...productionEnv, SEED_DEMO: 'false' }).config.seedDemo).toBe(false);
    // The evaluation run (`pnpm start`) is unchanged: demo data and the documented password.
    expect(configFromEnv({}).config).toMatchObject({
      production: false,
      seedDemo: true,
      admin: { password: DEFAULT_ADMIN_PASSWORD },
    });
    expect(configFromEnv({ NODE_ENV: 'development' }).config.seedDemo).toBe(true);
  });

  test('ADMIN_PASSWORD follows the password rule (8–128 characters)', () => {
    expect(() => configFromEnv({ ADMIN_PASSWORD: 'short' })).toThrow();
    expect(() => configFromEnv({ ADMIN_PASSWORD: 'x'.repeat(129) })).toThrow();
    expect(configFromEnv({ ADMIN_PASSWORD: 'x'.repeat(128) }).config.admin.password).toHaveLength(
      128,
    );
  });

  test('main.ts says why in one line and exits, before touching the data directory', () => {
    const work = fs.mkdtempSync(path.join(os.tmpdir(), 'ataa-prod-'));
    const dataDir = path.join(work, 'pglite');
    try {
      const run = spawnSync(process.execPath, [require.resolve('tsx/cli'), 'src/main.ts'], {
        cwd: path.resolve(__dirname, '..'),
        env: {
          ...process.env,
          NODE_ENV: 'production',
          DATA_DIR: dataDir,
          DATABASE_URL: '',
          ADMIN_PASSWORD: '',
          API_PORT: '0',
        },
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(run.status).toBe(1);
      expect(run.stderr.trim()).toBe(STARTUP_REFUSALS.defaultAdminPassword);
      expect(fs.existsSync(dataDir)).toBe(false);
    } finally {
      fs.rmSync(work, { recursive: true, force: true });
    }
  }, 60_000);

  test('main.ts refuses SEED_DEMO=true in production before touching the data directory', () => {
    const work = fs.mkdtempSync(path.join(os.tmpdir(), 'ataa-prod-'));
    const dataDir = path.join(work, 'pglite');
    try {
      const run = spawnSync(process.execPath, [require.resolve('tsx/cli'), 'src/main.ts'], {
        cwd: path.resolve(__dirname, '..'),
        env: {
          ...process.env,
          ...productionEnv,
          SEED_DEMO: 'true',
          DATA_DIR: dataDir,
          DATABASE_URL: '',
          API_PORT: '0',
        },
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(run.status).toBe(1);
      expect(run.stderr.trim()).toBe(STARTUP_REFUSALS.demoInProduction);
      expect(fs.existsSync(dataDir)).toBe(false);
    } finally {
      fs.rmSync(work, { recursive: true, force: true });
    }
  }, 60_000);

  test('a configuration built in code is held to the same rule', async () => {
    const { config } = configFromEnv(productionEnv);
    await expect(
      startApiServer({ config: { ...config, database: { kind: 'pglite' }, seedDemo: true } }),
    ).rejects.toThrow(new StartupRefusal(STARTUP_REFUSALS.demoInProduction));
  });
});

describe('TRUST_PROXY (which upstreams may set X-Forwarded-For)', () => {
  test('default: loopback, where the gateway runs', () => {
    expect(configFromEnv({}).config.trustProxy).toEqual(['loopback']);
  });

  test('addresses, CIDR ranges and named ranges, comma-separated; false or none trusts nobody', () => {
    expect(
      configFromEnv({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1, LoopBack,fd00::/8' }).config
        .trustProxy,
    ).toEqual(['10.0.0.0/8', '127.0.0.1', '::1', 'loopback', 'fd00::/8']);
    expect(configFromEnv({ TRUST_PROXY: 'false' }).config.trustProxy).toBe(false);
    expect(configFromEnv({ TRUST_PROXY: 'none' }).config.trustProxy).toBe(false);
  });

  test('true (anyone could forge their address) and anything not an address are refused at start', () => {
    expect(() => configFromEnv({ TRUST_PROXY: 'true' })).toThrow(STARTUP_REFUSALS.trustAll);
    for (const value of ['proxy.example.org', '10.0.0.0/33', '10.0.0.1/8/2', '2', ',']) {
      expect(() => configFromEnv({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY/);
    }
  });
});

describeEachDatabase(
  'a production start (NODE_ENV=production, ADMIN_PASSWORD set)',
  (h) => {
    test('creates the super admin only: no demo staff, no demo families, organisations or seasons', async () => {
      const employees = await h.db.selectFrom('employees').select(['email', 'role']).execute();
      expect(employees).toEqual([{ email: TEST_ADMIN.email, role: 'Super Admin' }]);
      for (const table of ['families', 'organisations', 'seasons'] as const) {
        const { rows } = await sql<{
          total: number;
        }>`select count(*)::int as total from ${sql.table(table)}`.execute(h.db);
        expect(rows[0]?.total).toBe(0);
      }
      for (const account of DEMO_ACCOUNTS)
        expect((await h.login(account.email, DEMO_PASSWORD, '10.40.0.1')).statusCode).toBe(401);
      expect((await h.login(TEST_ADMIN.email, PRODUCTION_SECRET, '10.40.0.2')).statusCode).toBe(
        200,
      );
    });

    test('a database still holding a published password is named, so the start refuses it', async () => {
      const config = configFromEnv(productionEnv).config;
      expect(await publishedPasswordAccounts(h.db, config)).toEqual([]);
      // As a database first started for evaluation (`pnpm start`) would: a demo account with the README's password.
      const hr = await insertEmployee(h.db, {
        name: 'فهد بن ناصر الحربي',
        email: 'hr@ataa.local',
        passwordHash: await hashPassword(DEMO_PASSWORD),
        active: true,
        role: 'مسؤول شؤون الموظفين',
        permissions: ['show_index', 'show_permissions_employees'],
      });
      expect(await publishedPasswordAccounts(h.db, config)).toEqual(['hr@ataa.local']);
      expect(STARTUP_REFUSALS.publishedPasswords(['hr@ataa.local'])).toMatch(
        /^[^\n]*hr@ataa\.local[^\n]*$/,
      );
      await h.db.updateTable('employees').set({ active: false }).where('id', '=', hr.id).execute();
      expect(await publishedPasswordAccounts(h.db, config)).toEqual([]);
    });
  },
  (() => {
    const { config } = configFromEnv(productionEnv);
    return { admin: config.admin, seedDemo: config.seedDemo, production: config.production };
  })(),
);
