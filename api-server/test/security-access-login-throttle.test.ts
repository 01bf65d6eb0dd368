import { setTimeout as sleep } from 'node:timers/promises';
import type { LightMyRequestResponse } from 'fastify';
import { describeEachDatabase, TEST_PASSWORD, type TestHarness } from './support/harness';

/**
 * Five wrong passwords locked an email for 15 minutes even against its
 * owner, the count was not atomic (20 parallel guesses → 11 verified against a limit of 5), and
 * the client address came from X-Forwarded-For as sent. Then: five wrong guesses from the owner's
 * own address (a colleague behind the same office NAT) locked the owner out for 15 minutes, and one
 * address could try any number of emails (password spraying).
 */

const SHORT_DELAYS = {
  windowMinutes: 15,
  maxAttemptsPerAddress: 5,
  freeFailuresPerEmail: 3,
  baseDelayMs: 100,
  maxDelayMs: 300,
};

const statuses = (responses: readonly LightMyRequestResponse[]) =>
  responses.map((response) => response.statusCode);
const count = (values: readonly number[], wanted: number) =>
  values.filter((value) => value === wanted).length;

/** Failed verifications of one email: each one writes a `login_failed` row, and nothing else does. */
async function verifiedFailures(h: TestHarness, email: string): Promise<number> {
  return (await h.activityRows('login_failed')).filter((row) => row.entity_label === email).length;
}

describeEachDatabase(
  'security: login throttling the owner can live with',
  (h) => {
    test('a stranger hammering from one address: the owner signs in from another after the delay', async () => {
      const owner = await h.createEmployee({ permissions: ['show_index'] });
      const stranger: number[] = [];
      for (let attempt = 0; attempt < 12; attempt += 1) {
        stranger.push(
          (await h.login(owner.row.email, `guess-number-${attempt}`, '10.66.0.1')).statusCode,
        );
      }
      // A few guesses are verified (at most the address's limit), the rest refused unverified.
      expect(count(stranger, 401)).toBeGreaterThanOrEqual(3);
      expect(count(stranger, 401)).toBeLessThanOrEqual(5);
      expect(count(stranger, 401) + count(stranger, 429)).toBe(12);

      // The stranger keeps going while the owner tries; the owner gets in within the longest delay.
      let hammering = true;
      const background = (async () => {
        const seen: number[] = [];
        while (hammering)
          seen.push((await h.login(owner.row.email, 'still-guessing', '10.66.0.1')).statusCode);
        return seen;
      })();
      const started = Date.now();
      let ownerStatus = 0;
      while (Date.now() - started < 3000) {
        const response = await h.login(owner.row.email, TEST_PASSWORD, '10.77.0.1');
        ownerStatus = response.statusCode;
        if (ownerStatus !== 429) break;
        expect(Number(response.headers['retry-after'])).toBeGreaterThanOrEqual(1);
        await sleep(50);
      }
      hammering = false;
      const later = await background;
      expect(ownerStatus).toBe(200);
      expect(later.length).toBeGreaterThan(0);
      // However long it hammers, that address gets no more verified guesses than its limit.
      const strangerVerified = count(stranger, 401) + count(later, 401);
      expect(strangerVerified).toBeLessThanOrEqual(SHORT_DELAYS.maxAttemptsPerAddress);
      expect(count(later, 401) + count(later, 429)).toBe(later.length);
      expect(await verifiedFailures(h, owner.row.email)).toBe(strangerVerified);
    });

    test('failures from many addresses slow the email down, growing, but never lock it', async () => {
      const owner = await h.createEmployee({ permissions: ['show_index'] });
      const tryAfterDelay = async (address: string) => {
        for (let tries = 0; tries < 40; tries += 1) {
          const response = await h.login(owner.row.email, 'wrong-password', address);
          if (response.statusCode !== 429) return response.statusCode;
          await sleep(25);
        }
        return 429;
      };
      for (let attempt = 1; attempt <= 8; attempt += 1)
        expect(await tryAfterDelay(`10.67.0.${attempt}`)).toBe(401);
      // Eight failures in a row (the old rule locked the email for 15 minutes after five): once the
      // delay has passed, the owner's right password works from a new address.
      await sleep(SHORT_DELAYS.maxDelayMs + 50);
      expect((await h.login(owner.row.email, TEST_PASSWORD, '10.67.1.1')).statusCode).toBe(200);
      // The success forgave the failures: the next wrong password is not delayed.
      expect((await h.login(owner.row.email, 'wrong-password', '10.67.1.2')).statusCode).toBe(401);
    });

    test('20 parallel wrong passwords from one address: at most the limit is verified', async () => {
      const owner = await h.createEmployee({ permissions: ['show_index'] });
      const responses = await Promise.all(
        Array.from({ length: 20 }, (_, index) =>
          h.login(owner.row.email, `parallel-guess-${index}`, '10.69.0.1'),
        ),
      );
      const codes = statuses(responses);
      expect(count(codes, 401) + count(codes, 429)).toBe(20);
      expect(count(codes, 401)).toBeLessThanOrEqual(SHORT_DELAYS.maxAttemptsPerAddress);
      expect(await verifiedFailures(h, owner.row.email)).toBe(count(codes, 401));
      for (const response of responses.filter((candidate) => candidate.statusCode === 429)) {
        expect(Number(response.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      }
      // However long it waits for the email's delay, that address gets no more than its limit.
      const later: number[] = [];
      for (let attempt = 0; attempt < 6; attempt += 1) {
        await sleep(SHORT_DELAYS.maxDelayMs + 20);
        later.push((await h.login(owner.row.email, 'another-guess', '10.69.0.1')).statusCode);
      }
      expect(count(codes, 401) + count(later, 401)).toBe(SHORT_DELAYS.maxAttemptsPerAddress);
      expect(later.at(-1)).toBe(429);
      expect(await verifiedFailures(h, owner.row.email)).toBe(SHORT_DELAYS.maxAttemptsPerAddress);
    });

    test('an office behind one address: a colleague’s typos do not lock anyone else out', async () => {
      const clumsy = await h.createEmployee({ permissions: ['show_index'] });
      const colleague = await h.createEmployee({ permissions: ['show_index'] });
      for (let attempt = 0; attempt < 25; attempt += 1)
        await h.login(clumsy.row.email, 'typo-password', '10.70.0.1');
      expect((await h.login(colleague.row.email, TEST_PASSWORD, '10.70.0.1')).statusCode).toBe(200);
    });

    test('colleagues behind the owner’s own address: their wrong guesses only delay the owner, again and again', async () => {
      const owner = await h.createEmployee({ permissions: ['show_index'] });
      const office = '10.80.0.1';
      expect((await h.login(owner.row.email, TEST_PASSWORD, office)).statusCode).toBe(200);
      for (let round = 0; round < 3; round += 1) {
        // Five wrong guesses and more from the owner's address (the old rule: 429 for 15 minutes).
        for (let attempt = 0; attempt < 7; attempt += 1) {
          const response = await h.login(
            owner.row.email,
            `colleague-guess-${round}-${attempt}`,
            office,
          );
          expect([401, 429]).toContain(response.statusCode);
          if (response.statusCode === 429) expect(Number(response.headers['retry-after'])).toBe(1);
        }
        const started = Date.now();
        let ownerStatus = 0;
        while (Date.now() - started < 3000) {
          const response = await h.login(owner.row.email, TEST_PASSWORD, office);
          ownerStatus = response.statusCode;
          if (ownerStatus !== 429) break;
          // The short delay, never the rest of the window.
          expect(Number(response.headers['retry-after'])).toBe(1);
          await sleep(50);
        }
        expect(ownerStatus).toBe(200);
      }
    });

    test('password spraying: one address gets 20 failed attempts across emails, then 429 (not the owner of a familiar address)', async () => {
      const owner = await h.createEmployee({ permissions: ['show_index'] });
      const newcomer = await h.createEmployee({ permissions: ['show_index'] });
      const sprayer = '10.81.0.1';
      expect((await h.login(owner.row.email, TEST_PASSWORD, sprayer)).statusCode).toBe(200);

      const responses: LightMyRequestResponse[] = [];
      for (let index = 0; index < 40; index += 1)
        responses.push(await h.login(`sprayed.${index}@ataa.test`, 'Summer2026!', sprayer));
      const codes = statuses(responses);
      expect(codes.slice(0, 20)).toEqual(Array<number>(20).fill(401));
      expect(codes.slice(20)).toEqual(Array<number>(20).fill(429));
      for (const refused of responses.slice(20)) {
        const retryAfter = Number(refused.headers['retry-after']);
        expect(retryAfter).toBeGreaterThan(14 * 60);
        expect(retryAfter).toBeLessThanOrEqual(15 * 60);
        expect(refused.json<{ message: string }>().message).toBe(
          'تم تجاوز عدد محاولات تسجيل الدخول الفاشلة من هذا العنوان، يرجى المحاولة مرة أخرى بعد 15 دقيقة',
        );
      }
      const sprayedFailures = (await h.activityRows('login_failed')).filter((row) =>
        row.entity_label?.startsWith('sprayed.'),
      );
      expect(sprayedFailures).toHaveLength(20);
      // Kept in the shared table, like the other brakes (every API process on the database sees it).
      const row = await h.db
        .selectFrom('login_throttle')
        .select('attempts')
        .where('key', '=', `client:${sprayer}`)
        .executeTakeFirstOrThrow();
      expect(row.attempts).toBe(20);

      // Someone who never signed in from there waits too, even with the right password ...
      const newcomerThere = await h.login(newcomer.row.email, TEST_PASSWORD, sprayer);
      expect(newcomerThere.statusCode).toBe(429);
      expect(Number(newcomerThere.headers['retry-after'])).toBeGreaterThan(14 * 60);
      // ... but the owner of an address it signed in from lately gets in, and other addresses are untouched.
      expect((await h.login(owner.row.email, TEST_PASSWORD, sprayer)).statusCode).toBe(200);
      expect((await h.login(newcomer.row.email, TEST_PASSWORD, '10.81.0.2')).statusCode).toBe(200);
    });

    test('password spraying in parallel: at most 20 guesses across emails are verified', async () => {
      const responses = await Promise.all(
        Array.from({ length: 30 }, (_, index) =>
          h.login(`parallel.spray.${index}@ataa.test`, 'Winter2026!', '10.82.0.1'),
        ),
      );
      const codes = statuses(responses);
      expect(count(codes, 401)).toBe(20);
      expect(count(codes, 429)).toBe(10);
      const verified = (await h.activityRows('login_failed')).filter((row) =>
        row.entity_label?.startsWith('parallel.spray.'),
      );
      expect(verified).toHaveLength(20);
    });

    test('a right password gives back only its own attempt: signing in cannot wipe the count of a spray', async () => {
      const accomplice = await h.createEmployee({ permissions: ['show_index'] });
      const address = '10.83.0.1';
      for (let index = 0; index < 19; index += 1) {
        expect((await h.login(`wiped.${index}@ataa.test`, 'Autumn2026!', address)).statusCode).toBe(
          401,
        );
      }
      // A success from a new address: the attempt is not held against the address, nothing more.
      expect((await h.login(accomplice.row.email, TEST_PASSWORD, address)).statusCode).toBe(200);
      expect((await h.login('wiped.19@ataa.test', 'Autumn2026!', address)).statusCode).toBe(401);
      expect((await h.login('wiped.20@ataa.test', 'Autumn2026!', address)).statusCode).toBe(429);
    });

    describe('the client address (TRUST_PROXY = loopback, as main.ts configures it)', () => {
      const failedLoginIp = async (email: string) =>
        (await h.activityRows('login_failed')).filter((row) => row.entity_label === email).at(-1)
          ?.ip;

      test('from a trusted proxy (the gateway on 127.0.0.1) the forwarded address is the client', async () => {
        const email = 'forwarded.one@ataa.test';
        const response = await h.request('POST', '/api/auth/create/sanctum/token', {
          body: { email, password: 'wrong-password' },
          remoteAddress: '127.0.0.1',
          headers: { 'x-forwarded-for': '203.0.113.7' },
        });
        expect(response.statusCode).toBe(401);
        expect(await failedLoginIp(email)).toBe('203.0.113.7');
        const row = await h.db
          .selectFrom('login_throttle')
          .select('key')
          .where('key', 'like', 'address:forwarded.one@%')
          .executeTakeFirstOrThrow();
        expect(row.key).toBe(`address:${email} 203.0.113.7`);

        // A chain: only the address the trusted hop saw counts, not what the client wrote before it.
        await h.request('POST', '/api/auth/create/sanctum/token', {
          body: { email, password: 'wrong-password' },
          remoteAddress: '127.0.0.1',
          headers: { 'x-forwarded-for': '1.2.3.4, 203.0.113.9' },
        });
        expect(await failedLoginIp(email)).toBe('203.0.113.9');
      });

      test('from anyone else the header is ignored: no forged log address, no dodging the per-address limit', async () => {
        const owner = await h.createEmployee({ permissions: ['show_index'] });
        const codes: number[] = [];
        for (let attempt = 0; attempt < 8; attempt += 1) {
          // Past the email's delay, so only the per-address limit decides.
          await h.db
            .updateTable('login_throttle')
            .set({ next_attempt_at: null })
            .where('key', '=', `email:${owner.row.email}`)
            .execute();
          const response = await h.request('POST', '/api/auth/create/sanctum/token', {
            body: { email: owner.row.email, password: 'wrong-password' },
            remoteAddress: '198.51.100.9',
            headers: { 'x-forwarded-for': `203.0.113.${attempt + 20}` },
          });
          codes.push(response.statusCode);
        }
        expect(codes).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
        expect(await failedLoginIp(owner.row.email)).toBe('198.51.100.9');
        const keys = await h.db
          .selectFrom('login_throttle')
          .select('key')
          .where('key', 'like', `address:${owner.row.email}%`)
          .execute();
        expect(keys.map((row) => row.key)).toEqual([`address:${owner.row.email} 198.51.100.9`]);
      });

      test('a signed-in session records the resolved address too', async () => {
        const employee = await h.createEmployee({ permissions: ['show_index'] });
        const response = await h.request('POST', '/api/auth/create/sanctum/token', {
          body: { email: employee.row.email, password: TEST_PASSWORD },
          remoteAddress: '127.0.0.1',
          headers: { 'x-forwarded-for': '192.0.2.44' },
        });
        expect(response.statusCode).toBe(200);
        const login = (await h.activityRows('login')).filter(
          (row) => row.employee_id === employee.row.id,
        );
        expect(login.map((row) => row.ip)).toEqual(['192.0.2.44']);
      });
    });

    test('unknown emails are throttled exactly like known ones (the answers do not tell which exist)', async () => {
      const known = await h.createEmployee({ permissions: ['show_index'] });
      const sequence = async (email: string, address: string) => {
        const codes: number[] = [];
        for (let attempt = 0; attempt < 7; attempt += 1) {
          await h.db
            .updateTable('login_throttle')
            .set({ next_attempt_at: null })
            .where('key', '=', `email:${email}`)
            .execute();
          codes.push((await h.login(email, 'wrong-password', address)).statusCode);
        }
        return codes;
      };
      const unknown = await sequence('nobody.here@ataa.test', '10.71.0.1');
      expect(unknown).toEqual([401, 401, 401, 401, 401, 429, 429]);
      expect(await sequence(known.row.email, '10.71.0.2')).toEqual(unknown);
    });
  },
  { loginRateLimit: SHORT_DELAYS, trustProxy: ['loopback'] },
);

describeEachDatabase(
  'security: the email delay is counted atomically',
  (h) => {
    test('20 parallel wrong passwords from 20 addresses: only the free failures and one more are verified', async () => {
      const owner = await h.createEmployee({ permissions: ['show_index'] });
      const responses = await Promise.all(
        Array.from({ length: 20 }, (_, index) =>
          h.login(owner.row.email, `spray-guess-${index}`, `10.72.0.${index + 1}`),
        ),
      );
      const codes = statuses(responses);
      expect(count(codes, 401)).toBe(4);
      expect(count(codes, 429)).toBe(16);
      expect(await verifiedFailures(h, owner.row.email)).toBe(4);
    });

    test('the delay doubles with each failure up to its maximum; Retry-After and the message say so', async () => {
      const owner = await h.createEmployee({ permissions: ['show_index'] });
      for (let failure = 1; failure <= 3; failure += 1) {
        expect(
          (await h.login(owner.row.email, 'wrong-password', `10.73.0.${failure}`)).statusCode,
        ).toBe(401);
      }
      const waits: number[] = [];
      for (let failure = 4; failure <= 7; failure += 1) {
        // Past the wait the previous failure imposed (as if it had been sat out).
        await h.db
          .updateTable('login_throttle')
          .set({ next_attempt_at: null })
          .where('key', '=', `email:${owner.row.email}`)
          .execute();
        expect(
          (await h.login(owner.row.email, 'wrong-password', `10.73.0.${failure}`)).statusCode,
        ).toBe(401);
        // Even the right password waits (refused attempts are not counted, so asking costs nothing).
        const refused = await h.login(owner.row.email, TEST_PASSWORD, '10.73.1.1');
        expect(refused.statusCode).toBe(429);
        waits.push(Number(refused.headers['retry-after']));
      }
      expect(waits).toEqual([10, 20, 40, 40]);
      const refused = await h.login(owner.row.email, TEST_PASSWORD, '10.73.1.1');
      expect(refused.json<{ message: string }>().message).toMatch(
        /^تم تجاوز عدد محاولات تسجيل الدخول.*بعد (40|39) ثانية$/,
      );
    });

    test('five wrong guesses from the owner’s own address: the owner waits the delay, not the window, every time', async () => {
      const owner = await h.createEmployee({ permissions: ['show_index'] });
      const office = '10.75.0.1';
      const sitOut = () =>
        h.db
          .updateTable('login_throttle')
          .set({ next_attempt_at: null })
          .where('key', '=', `address:${owner.row.email} ${office}`)
          .execute();
      expect((await h.login(owner.row.email, TEST_PASSWORD, office)).statusCode).toBe(200);
      for (let round = 0; round < 3; round += 1) {
        for (let guess = 0; guess < 5; guess += 1)
          expect((await h.login(owner.row.email, 'colleague-guess', office)).statusCode).toBe(401);
        // Before: 429 with Retry-After 900, whatever the owner typed.
        const held = await h.login(owner.row.email, TEST_PASSWORD, office);
        expect(held.statusCode).toBe(429);
        expect(held.headers['retry-after']).toBe('10');
        expect(held.json<{ message: string }>().message).toMatch(/بعد 10 ثوانٍ$/);
        await sitOut();
        expect((await h.login(owner.row.email, TEST_PASSWORD, office)).statusCode).toBe(200);
      }
      // Guessing on from there past the limit: one guess per delay, the delay doubling to its maximum.
      for (let guess = 0; guess < 4; guess += 1)
        await h.login(owner.row.email, 'colleague-guess', office);
      const waits: number[] = [];
      for (let guess = 0; guess < 4; guess += 1) {
        await sitOut();
        expect((await h.login(owner.row.email, 'colleague-guess', office)).statusCode).toBe(401);
        const refused = await h.login(owner.row.email, 'colleague-guess', office);
        expect(refused.statusCode).toBe(429);
        waits.push(Number(refused.headers['retry-after']));
      }
      expect(waits).toEqual([10, 20, 40, 40]);
      // The owner still gets in once the delay is sat out.
      await sitOut();
      expect((await h.login(owner.row.email, TEST_PASSWORD, office)).statusCode).toBe(200);
    });

    test('an address the owner signed in from is not held up by failures from elsewhere', async () => {
      const owner = await h.createEmployee({ permissions: ['show_index'] });
      expect((await h.login(owner.row.email, TEST_PASSWORD, '10.74.0.1')).statusCode).toBe(200);
      const stranger = await Promise.all(
        Array.from({ length: 12 }, (_, index) =>
          h.login(owner.row.email, 'wrong-password', `10.74.1.${index + 1}`),
        ),
      );
      expect(count(statuses(stranger), 401)).toBe(4);
      expect((await h.login(owner.row.email, TEST_PASSWORD, '10.74.2.1')).statusCode).toBe(429);
      expect((await h.login(owner.row.email, TEST_PASSWORD, '10.74.0.1')).statusCode).toBe(200);
    });
  },
  {
    loginRateLimit: {
      windowMinutes: 15,
      maxAttemptsPerAddress: 5,
      freeFailuresPerEmail: 3,
      baseDelayMs: 10_000,
      maxDelayMs: 40_000,
    },
  },
);
