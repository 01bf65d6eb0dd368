import path from 'node:path';
import { configFromEnv, REPO_ROOT } from '../../src/config';
import { readBearerToken, resolveAccess } from '../../src/http/access-control';
import { diffChanges } from '../../src/modules/activity-log/repository';
import {
  arabicMinutes,
  arabicSeconds,
  familiarAddressDelayMs,
  loginDelayMs,
  rateLimitMessage,
} from '../../src/modules/auth/commands';
import { generateToken, hashToken } from '../../src/modules/sessions';
import { rolesOf } from '../../src/modules/employees/repository';

describe('login rate limit arithmetic', () => {
  const limits = {
    windowMinutes: 15,
    maxAttemptsPerAddress: 5,
    freeFailuresPerEmail: 3,
    baseDelayMs: 1000,
    maxDelayMs: 60_000,
  };

  test('the email delay: none for the free failures, then doubling up to the maximum', () => {
    expect(
      [1, 2, 3, 4, 5, 6, 7, 10, 50, 5000].map((failures) => loginDelayMs(failures, limits)),
    ).toEqual([0, 0, 0, 1000, 2000, 4000, 8000, 60_000, 60_000, 60_000]);
  });

  test('a familiar address: no wait before its limit, then the same doubling delay (never the window)', () => {
    expect(
      [1, 4, 5, 6, 7, 10, 11, 500].map((attempts) => familiarAddressDelayMs(attempts, limits)),
    ).toEqual([0, 0, 1000, 2000, 4000, 32_000, 60_000, 60_000]);
  });

  test('Arabic minute counts agree with the number', () => {
    expect(arabicMinutes(1)).toBe('دقيقة واحدة');
    expect(arabicMinutes(2)).toBe('دقيقتين');
    expect(arabicMinutes(5)).toBe('5 دقائق');
    expect(arabicMinutes(15)).toBe('15 دقيقة');
    expect(rateLimitMessage(61)).toMatch(/بعد دقيقتين$/);
    expect([1, 2, 5, 30].map(arabicSeconds)).toEqual([
      'ثانية واحدة',
      'ثانيتين',
      '5 ثوانٍ',
      '30 ثانية',
    ]);
    expect(rateLimitMessage(8)).toMatch(/بعد 8 ثوانٍ$/);
  });
});

describe('activity diffs', () => {
  test('only changed fields, old → new; secrets as a marker', () => {
    expect(
      diffChanges(
        { name: 'أ', active: true, permissions: ['a', 'b'], role: null },
        { name: 'ب', active: true, permissions: ['a', 'b'], role: undefined, password: true },
        ['password'],
      ),
    ).toEqual({ name: ['أ', 'ب'], password: ['[تم التغيير]', '[تم التغيير]'] });
  });

  test('a creation records every field from null', () => {
    expect(diffChanges(null, { name: 'أ', password: true }, ['password'])).toEqual({
      name: [null, 'أ'],
      password: [null, '[تم التغيير]'],
    });
  });
});

describe('access declarations', () => {
  test('exactly one rule, known keys', () => {
    expect(resolveAccess({ permissions: ['show_index'] })).toEqual({
      kind: 'permissions',
      permissions: ['show_index'],
    });
    expect(resolveAccess({ superAdminOnly: true })).toEqual({ kind: 'super-admin' });
    expect(resolveAccess({ authenticatedOnly: true, allowInactive: true })).toEqual({
      kind: 'authenticated',
    });
    expect(resolveAccess({ public: true })).toEqual({ kind: 'public' });
    expect(resolveAccess({})).toMatch(/declares no access rule/);
    expect(resolveAccess(undefined)).toMatch(/declares no access rule/);
  });

  test('bearer tokens', () => {
    expect(readBearerToken('Bearer abc')).toBe('abc');
    expect(readBearerToken('bearer   abc  ')).toBe('abc');
    expect(readBearerToken('Basic abc')).toBeNull();
    expect(readBearerToken('Bearer a b')).toBeNull();
    expect(readBearerToken(undefined)).toBeNull();
  });
});

describe('tokens', () => {
  test('≥ 32 random bytes, base64url; stored as SHA-256 hex', () => {
    const token = generateToken();
    expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(32);
    expect(token).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(generateToken()).not.toBe(token);
    expect(hashToken(token)).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('roles', () => {
  test('role → roles[{slug,name}]', () => {
    expect(rolesOf('Super Admin')).toEqual([{ slug: 'super-admin', name: 'Super Admin' }]);
    expect(rolesOf(null)).toEqual([]);
  });
});

describe('configuration from the environment', () => {
  test('documented defaults', () => {
    const { config, listen } = configFromEnv({});
    expect(listen).toEqual({ port: 3000, host: '127.0.0.1' });
    expect(config).toMatchObject({
      prefix: '/api',
      database: { kind: 'pglite', dataDir: path.join(REPO_ROOT, '.data', 'pglite') },
      admin: { email: 'admin@ataa.local', password: 'Ataa@12345' },
      seedDemo: true,
      tokenTtlHours: 12,
      trustProxy: ['loopback'],
    });
  });

  test('DATABASE_URL selects PostgreSQL; values are parsed; bad values throw', () => {
    const { config, listen } = configFromEnv({
      DATABASE_URL: 'postgres://u@h/db',
      API_PORT: '8080',
      SEED_DEMO: 'false',
      TOKEN_TTL_HOURS: '1.5',
      ADMIN_EMAIL: 'Boss@Example.org',
      TRUST_PROXY: 'false',
    });
    expect(config.database).toEqual({ kind: 'postgres', connectionString: 'postgres://u@h/db' });
    expect(listen.port).toBe(8080);
    expect(config.seedDemo).toBe(false);
    expect(config.tokenTtlHours).toBe(1.5);
    expect(config.admin.email).toBe('boss@example.org');
    expect(config.trustProxy).toBe(false);
    expect(() => configFromEnv({ API_PORT: 'eighty' })).toThrow();
    expect(() => configFromEnv({ SEED_DEMO: 'perhaps' })).toThrow();
  });
});
