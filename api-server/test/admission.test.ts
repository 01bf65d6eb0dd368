import { sql } from 'kysely';
import type { LightMyRequestResponse } from 'fastify';
import {
  DEFAULT_ADMISSION,
  OVERLOAD_MESSAGE,
  admissionFromEnv,
  type AdmissionCounters,
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
  test('defaults, set values, and a bad value refused', () => {
    expect(admissionFromEnv({})).toEqual(DEFAULT_ADMISSION);
    expect(
      admissionFromEnv({
        API_MAX_IN_FLIGHT: '4',
        API_MAX_QUEUED: '8',
        API_QUEUE_WAIT_MS: '500',
        API_RETRY_AFTER_SECONDS: '5',
      }),
    ).toEqual({
      maxInFlight: 4,
      maxQueued: 8,
      maxWaitMs: 500,
      retryAfterSeconds: 5,
    });
    expect(admissionFromEnv({ API_MAX_IN_FLIGHT: '0' }).maxInFlight).toBe(0);
    expect(() => admissionFromEnv({ API_MAX_IN_FLIGHT: 'many' })).toThrow();
    expect(() => admissionFromEnv({ API_QUEUE_WAIT_MS: '-1' })).toThrow();
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
