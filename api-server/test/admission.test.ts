import { sql } from 'kysely';
import Fastify, { type LightMyRequestResponse } from 'fastify';
import { FORWARDED_AT_HEADER } from 'shared-contracts';
import {
  AdmissionGate,
  OVERLOAD_MESSAGE,
  admissionFromEnv,
  defaultAdmission,
  forwardedAge,
  installAdmission,
  type AdmissionCounters,
  type AdmissionSettings,
} from '../src/http/admission';
import { describeEachDatabase } from './support/harness';

/** Resolves when `condition` holds for the gate's counters (a state, polled; no clock involved). */
async function untilLoad(
  read: () => Promise<AdmissionCounters>,
  condition: (load: AdmissionCounters) => boolean,
): Promise<AdmissionCounters> {
  for (;;) {
    const load = await read();
    if (condition(load)) return load;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

describe('admission settings from the environment', () => {
  test('defaults by database, set values, and a bad value refused', () => {
    // Nothing set: the database's defaults apply (PGlite runs one statement at a time).
    expect(admissionFromEnv({})).toEqual({});
    expect(defaultAdmission('pglite')).toMatchObject({ maxInFlight: 4, maxWaitMs: 2000 });
    expect(defaultAdmission('postgres')).toMatchObject({ maxInFlight: 16, maxWaitMs: 2000 });
    expect(
      admissionFromEnv({
        API_MAX_IN_FLIGHT: '4',
        API_MAX_QUEUED: '8',
        API_QUEUE_WAIT_MS: '500',
        API_RETRY_AFTER_SECONDS: '5',
        API_GATEWAY_AGE: 'false',
      }),
    ).toEqual({
      maxInFlight: 4,
      maxQueued: 8,
      maxWaitMs: 500,
      retryAfterSeconds: 5,
      gatewayAge: false,
    });
    expect(admissionFromEnv({ API_MAX_IN_FLIGHT: '0' }).maxInFlight).toBe(0);
    expect(admissionFromEnv({ API_GATEWAY_AGE: '1' }).gatewayAge).toBe(true);
    expect(() => admissionFromEnv({ API_MAX_IN_FLIGHT: 'many' })).toThrow();
    expect(() => admissionFromEnv({ API_QUEUE_WAIT_MS: '-1' })).toThrow();
    expect(() => admissionFromEnv({ API_GATEWAY_AGE: 'maybe' })).toThrow();
  });
});

describe("a request's age from the gateway's stamp", () => {
  test('read from the stamp; a missing, malformed, future or unbelievably old one is no age', () => {
    const now = 1_800_000_000_000;
    expect(forwardedAge(String(now - 1500), now)).toBe(1500);
    expect(forwardedAge(String(now), now)).toBe(0);
    expect(forwardedAge(String(now + 5000), now)).toBe(0);
    expect(forwardedAge(undefined, now)).toBeNull();
    expect(forwardedAge('', now)).toBeNull();
    expect(forwardedAge('12.5', now)).toBeNull();
    expect(forwardedAge('-3', now)).toBeNull();
    expect(forwardedAge(['1', '2'], now)).toBeNull();
    // Clocks that disagree by minutes must not refuse every request.
    expect(forwardedAge(String(now - 10 * 60_000), now)).toBeNull();
  });

  const settings: AdmissionSettings = {
    maxInFlight: 1,
    maxQueued: 4,
    maxWaitMs: 1000,
    retryAfterSeconds: 2,
    gatewayAge: true,
  };

  test('the gate refuses at once what has waited its whole bound, place free or not', () => {
    const gate = new AdmissionGate(settings);
    expect(gate.enter(1000)).toBeNull();
    expect(gate.enter(5000)).toBeNull();
    expect(gate).toMatchObject({ refused: 2, stale: 2, admitted: 0 });
    const release = gate.enter(999);
    expect(typeof release).toBe('function');
    expect(gate).toMatchObject({ refused: 2, stale: 2, admitted: 1 });
  });

  test('a bound of 0 (no line) refuses no request for the time it took to arrive', () => {
    const gate = new AdmissionGate({ ...settings, maxWaitMs: 0 });
    expect(typeof gate.enter(50)).toBe('function');
    expect(gate.enter(50)).toBeNull();
    expect(gate.stale).toBe(0);
  });

  test('a waiter whose time ran out while the event loop was busy is refused, not served late', async () => {
    const gate = new AdmissionGate({ ...settings, maxWaitMs: 20 });
    const first = gate.enter();
    if (typeof first !== 'function') throw new Error('expected a place');
    const waiting = gate.enter();
    // The loop held past the waiter's deadline: its timer has had no turn yet.
    const until = Date.now() + 40;
    while (Date.now() < until);
    first();
    expect(await waiting).toBeNull();
    expect(gate.counts).toEqual({ inFlight: 0, queued: 0 });
    expect(gate).toMatchObject({ admitted: 1, refused: 1 });
  });
});

describe('the stamp on a bare Fastify app with the gate', () => {
  async function appWith(overrides: Partial<AdmissionSettings>) {
    const app = Fastify();
    installAdmission(app, {
      prefix: '/api',
      settings: { ...defaultAdmission('pglite'), ...overrides },
    });
    app.get('/api/work', async () => ({ ok: true }));
    app.get('/api/health', async () => ({ ok: true }));
    await app.ready();
    return app;
  }
  const stamped = (ageMs: number) => ({ [FORWARDED_AT_HEADER]: String(Date.now() - ageMs) });

  test('a stale request is answered the Arabic 503 at once; fresh, unstamped and forged-future ones pass', async () => {
    const app = await appWith({ maxWaitMs: 1000 });
    try {
      const stale = await app.inject({ url: '/api/work', headers: stamped(1500) });
      expect(stale.statusCode).toBe(503);
      expect(stale.headers['retry-after']).toBe('2');
      expect(stale.json()).toEqual({ message: OVERLOAD_MESSAGE });
      expect((await app.inject({ url: '/api/work', headers: stamped(10) })).statusCode).toBe(200);
      expect((await app.inject({ url: '/api/work' })).statusCode).toBe(200);
      const future = { [FORWARDED_AT_HEADER]: String(Date.now() + 60_000) };
      expect((await app.inject({ url: '/api/work', headers: future })).statusCode).toBe(200);
      // Health checks are never refused, however old.
      expect((await app.inject({ url: '/api/health', headers: stamped(1500) })).statusCode).toBe(
        200,
      );
    } finally {
      await app.close();
    }
  });

  test('with API_GATEWAY_AGE off the stamp is ignored', async () => {
    const app = await appWith({ maxWaitMs: 1000, gatewayAge: false });
    try {
      expect((await app.inject({ url: '/api/work', headers: stamped(5000) })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});

// One request in flight, one waiting: the next is refused at once, the waiting one after its
// bounded wait, health checks pass by, and once the held request finishes the API serves again.
describeEachDatabase(
  'admission control under overload',
  (h) => {
    const load = async () => (await h.request('GET', '/api/bench/load')).json<AdmissionCounters>();

    test('a full API answers an Arabic 503 with Retry-After, never holds health checks, and recovers', async () => {
      const employee = await h.createEmployee();
      // Fresh tokens: their first use reads the tokens table (no session cache yet).
      const tokens = [
        employee.token,
        await h.tokenFor(employee.row.id),
        await h.tokenFor(employee.row.id),
        await h.tokenFor(employee.row.id),
      ];
      let releaseLock: () => void = () => undefined;
      const lockHeld = new Promise<void>((resolve) => (releaseLock = resolve));
      let locked: () => void = () => undefined;
      const lockTaken = new Promise<void>((resolve) => (locked = resolve));
      // Holds the tokens table, so an authenticated request stays in flight until released.
      const holder = h.db.transaction().execute(async (trx) => {
        await sql`lock table api_tokens in access exclusive mode`.execute(trx);
        locked();
        await lockHeld;
      });
      await lockTaken;

      const inFlight = h.request('GET', '/api/user', { token: tokens[0] });
      await untilLoad(load, (now) => now.inFlight === 1);
      const waiting = h.request('GET', '/api/user', { token: tokens[1] });
      await untilLoad(load, (now) => now.queued === 1);

      const refused = await h.request('GET', '/api/user', { token: tokens[2] });
      expect(refused.statusCode).toBe(503);
      expect(refused.headers['retry-after']).toBe('3');
      expect(refused.json()).toEqual({ message: OVERLOAD_MESSAGE });
      const health = h.request('GET', '/api/health');

      // The waiting request gives up after its bounded wait, with the same answer.
      const waited: LightMyRequestResponse = await waiting;
      expect(waited.statusCode).toBe(503);
      expect(waited.headers['retry-after']).toBe('3');
      expect(waited.json()).toEqual({ message: OVERLOAD_MESSAGE });
      expect(await load()).toMatchObject({ inFlight: 1, queued: 0, refused: 2 });

      releaseLock();
      await holder;
      expect((await inFlight).statusCode).toBe(200);
      expect((await health).statusCode).toBe(200);

      const after = await h.request('GET', '/api/user', { token: tokens[3] });
      expect(after.statusCode).toBe(200);
      const counters = await untilLoad(load, (now) => now.inFlight === 0);
      expect(counters).toMatchObject({ queued: 0, refused: 2 });
      expect(counters.eventLoopDelayMs.max).toBeGreaterThanOrEqual(0);
    });
  },
  {
    benchRoute: true,
    admission: { maxInFlight: 1, maxQueued: 1, maxWaitMs: 300, retryAfterSeconds: 3 },
  },
);

// The real app: a request the gateway stamped longer ago than the bound is refused before its
// token is even looked at (a bad token gets the 503, not a 401), and counted as stale.
describeEachDatabase(
  'stale requests refused on arrival',
  (h) => {
    const load = async () => (await h.request('GET', '/api/bench/load')).json<AdmissionCounters>();
    const stamped = (ageMs: number) => ({ [FORWARDED_AT_HEADER]: String(Date.now() - ageMs) });

    test('an old stamp gets the Arabic 503 before authentication; a fresh one is served', async () => {
      const employee = await h.createEmployee();
      const before = await load();
      const stale = await h.request('GET', '/api/user', {
        token: 'not-a-token',
        headers: stamped(2000),
      });
      expect(stale.statusCode).toBe(503);
      expect(stale.headers['retry-after']).toBe('2');
      expect(stale.json()).toEqual({ message: OVERLOAD_MESSAGE });
      const fresh = await h.request('GET', '/api/user', {
        token: employee.token,
        headers: stamped(5),
      });
      expect(fresh.statusCode).toBe(200);
      const after = await load();
      expect(after.stale - before.stale).toBe(1);
      expect(after.refused - before.refused).toBe(1);
    });
  },
  { benchRoute: true, admission: { maxWaitMs: 1000 } },
);
