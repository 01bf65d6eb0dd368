import { randomBytes } from 'node:crypto';
import { STARTUP_REFUSALS } from '../src/config';
import { childEnv, loginToken, runRefusedApi, spawnApi, type ApiChild } from './support/api-child';
import { TEST_ADMIN } from './support/harness';
import { dropPostgresSchema, POSTGRES_URL_ENV } from './support/postgres-probe';

/**
 * API_WORKERS=N runs N API processes on one port over one PostgreSQL; the
 * embedded database refuses more than one.
 */
const postgresUrl = process.env[POSTGRES_URL_ENV];

describe('durability: API_WORKERS', () => {
  test('PGlite is single-process: API_WORKERS=2 without DATABASE_URL is refused in one line', async () => {
    const { code, stderr } = await runRefusedApi(childEnv({ API_WORKERS: '2' }));
    expect(code).toBe(1);
    expect(stderr.trim()).toBe(STARTUP_REFUSALS.pgliteSingleProcess(2));
  }, 60_000);

  if (!postgresUrl) return;

  describe('on PostgreSQL', () => {
    const schema = `ataa_test_workers_${randomBytes(4).toString('hex')}`;
    let api: ApiChild | undefined;

    afterAll(async () => {
      if (api && api.process.exitCode === null && api.process.signalCode === null)
        api.process.kill('SIGKILL');
      await api?.exited;
      await dropPostgresSchema(postgresUrl, schema);
    });

    test('two workers share the port and the work; a logout in one is refused by the other; SIGTERM stops both', async () => {
      api = await spawnApi(
        childEnv({ API_WORKERS: '2', DATABASE_URL: postgresUrl, DATABASE_SCHEMA: schema }),
        90_000,
      );
      const started = api;
      // Both workers listen (the first one's line resolved spawnApi).
      for (
        let i = 0;
        i < 200 && (started.output().match(/Ataa API on /g) ?? []).length < 2;
        i += 1
      ) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect((started.output().match(/Ataa API on .* \(worker \d+\)/g) ?? []).length).toBe(2);

      // New connections are handed round-robin: both processes log requests they served.
      const token = await loginToken(started.url, TEST_ADMIN.email, TEST_ADMIN.password);
      for (let i = 0; i < 20; i += 1) {
        const response = await fetch(`${started.url}/user`, {
          headers: { authorization: `Bearer ${token}`, connection: 'close' },
        });
        expect(response.status).toBe(200);
      }
      const servingPids = new Set(
        started
          .output()
          .split('\n')
          .filter((line) => line.includes('"url":"/api/user"'))
          .map((line) => /"pid":(\d+)/.exec(line)?.[1]),
      );
      servingPids.delete(undefined);
      expect(servingPids.size).toBe(2);

      // A logout reaches every worker (revocation over LISTEN/NOTIFY): whichever process answers
      // next refuses the token within a second.
      const logout = await fetch(`${started.url}/auth/profile/logout`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, connection: 'close' },
      });
      expect(logout.status).toBeLessThan(300);
      await new Promise((resolve) => setTimeout(resolve, 1000));
      for (let i = 0; i < 6; i += 1) {
        const response = await fetch(`${started.url}/user`, {
          headers: { authorization: `Bearer ${token}`, connection: 'close' },
        });
        expect(response.status).toBe(401);
      }

      started.process.kill('SIGTERM');
      expect(await started.exited).toEqual({ code: 0, signal: null });
    }, 120_000);
  });
});
