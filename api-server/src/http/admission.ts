import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';

/**
 * Admission control: at most `maxInFlight` requests are worked on at once in this process; the
 * next ones wait in line, at most `maxQueued` of them and at most `maxWaitMs` each. A request that
 * finds the line full, or waits longer, is answered at once with an Arabic 503 and `Retry-After`.
 *
 * Why: the database serves a few statements at a time (PGlite one, PostgreSQL a pool of 10). Past
 * that, every extra request only waits inside the process, and under a rush (a morning of 50 staff
 * searching families) every answer became slow together: seconds of p99 and requests the browser
 * gave up on after 10 s. A bounded line keeps the answers that are given quick and turns the rest
 * into a clear "busy, try again" the shell can show, instead of a spinner that never ends.
 *
 * Health checks are never held: the gateway and the process supervisor must see a busy API as
 * alive.
 */
export interface AdmissionSettings {
  /** API_MAX_IN_FLIGHT: requests worked on at once (0 turns admission control off). */
  maxInFlight: number;
  /** API_MAX_QUEUED: requests that may wait for a place; one more is refused at once. */
  maxQueued: number;
  /** API_QUEUE_WAIT_MS: the longest a request waits for a place before it is refused. */
  maxWaitMs: number;
  /** API_RETRY_AFTER_SECONDS: the `Retry-After` of a refusal. */
  retryAfterSeconds: number;
}

export const DEFAULT_ADMISSION: AdmissionSettings = {
  maxInFlight: 16,
  maxQueued: 64,
  maxWaitMs: 2000,
  retryAfterSeconds: 2,
};

export const OVERLOAD_MESSAGE = 'الخادم مشغول حاليًا بطلبات كثيرة، يرجى المحاولة بعد لحظات';

const whole = (min: number) => z.coerce.number().int().min(min);
const admissionEnvSchema = z.object({
  API_MAX_IN_FLIGHT: whole(0).default(DEFAULT_ADMISSION.maxInFlight),
  API_MAX_QUEUED: whole(0).default(DEFAULT_ADMISSION.maxQueued),
  API_QUEUE_WAIT_MS: whole(0).default(DEFAULT_ADMISSION.maxWaitMs),
  API_RETRY_AFTER_SECONDS: whole(1).default(DEFAULT_ADMISSION.retryAfterSeconds),
});

/** The settings from the environment (README "Configuration"); a bad value stops the start. */
export function admissionFromEnv(env: NodeJS.ProcessEnv = process.env): AdmissionSettings {
  const present = Object.fromEntries(
    Object.keys(admissionEnvSchema.shape).flatMap((key) => (env[key] ? [[key, env[key]]] : [])),
  );
  const parsed = admissionEnvSchema.parse(present);
  return {
    maxInFlight: parsed.API_MAX_IN_FLIGHT,
    maxQueued: parsed.API_MAX_QUEUED,
    maxWaitMs: parsed.API_QUEUE_WAIT_MS,
    retryAfterSeconds: parsed.API_RETRY_AFTER_SECONDS,
  };
}

/** What the bench reads (GET <prefix>/bench/load, only with `benchRoute`). */
export interface AdmissionCounters {
  inFlight: number;
  queued: number;
  /** refused with 503 since the start */
  refused: number;
  /** admitted since the start (at once or after waiting) */
  admitted: number;
  /** event-loop delay since the last read, milliseconds */
  eventLoopDelayMs: { p50: number; p99: number; max: number };
}

interface Waiter {
  admit(): void;
  timer: NodeJS.Timeout;
}

/** The gate itself, apart from Fastify (unit-testable, and one per process). */
export class AdmissionGate {
  private inFlight = 0;
  private readonly line: Waiter[] = [];
  refused = 0;
  admitted = 0;

  constructor(readonly settings: AdmissionSettings) {}

  get counts(): { inFlight: number; queued: number } {
    return { inFlight: this.inFlight, queued: this.line.length };
  }

  /** Resolves to a release function once admitted, or to null when refused. */
  enter(): Promise<(() => void) | null> | (() => void) | null {
    const { maxInFlight, maxQueued, maxWaitMs } = this.settings;
    if (this.inFlight < maxInFlight) return this.admitNow();
    if (this.line.length >= maxQueued || maxWaitMs === 0) return this.refuse();
    return new Promise((resolve) => {
      const waiter: Waiter = {
        admit: () => {
          clearTimeout(waiter.timer);
          resolve(this.admitNow());
        },
        timer: setTimeout(() => {
          const at = this.line.indexOf(waiter);
          if (at >= 0) this.line.splice(at, 1);
          resolve(this.refuse());
        }, maxWaitMs),
      };
      this.line.push(waiter);
    });
  }

  private admitNow(): () => void {
    this.inFlight += 1;
    this.admitted += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.inFlight -= 1;
      // The place goes to the one who waited longest.
      const next = this.line.shift();
      if (next) next.admit();
    };
  }

  private refuse(): null {
    this.refused += 1;
    return null;
  }
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Gives the request's place back (admission control); safe to call twice. */
    admissionRelease?: () => void;
  }
}

function refuse(reply: FastifyReply, settings: AdmissionSettings): FastifyReply {
  return reply
    .code(503)
    .header('retry-after', String(settings.retryAfterSeconds))
    .header('cache-control', 'no-store')
    .send({ message: OVERLOAD_MESSAGE });
}

const roundMs = (nanoseconds: number) => Math.round(nanoseconds / 1e4) / 100;

function readDelay(histogram: IntervalHistogram): AdmissionCounters['eventLoopDelayMs'] {
  const figures = {
    p50: roundMs(histogram.percentile(50)),
    p99: roundMs(histogram.percentile(99)),
    max: roundMs(histogram.max),
  };
  histogram.reset();
  return figures;
}

/**
 * Installs the gate as an `onRequest` hook; register it before authentication, so a refused
 * request costs no database work.
 */
export function installAdmission(
  app: FastifyInstance,
  options: { prefix: string; settings: AdmissionSettings },
): AdmissionGate {
  const { prefix, settings } = options;
  const gate = new AdmissionGate(settings);
  const exempt = new Set([`${prefix}/health`, `${prefix}/bench/load`]);
  if (settings.maxInFlight === 0) return gate;
  app.addHook('onRequest', async (request, reply) => {
    if (exempt.has(request.url.split('?', 1)[0] ?? '')) return;
    const release = await gate.enter();
    if (!release) return refuse(reply, settings);
    request.admissionRelease = release;
    // Whichever comes first: the answer sent, or the client gone (a closed socket sends none).
    reply.raw.once('close', release);
  });
  app.addHook('onResponse', async (request) => {
    request.admissionRelease?.();
  });
  return gate;
}

/**
 * `GET <prefix>/bench/load` (public; only with `benchRoute`, after the access rules are installed):
 * the gate's counters and the event-loop delay since the previous read, for the overload bench.
 */
export function installLoadRoute(app: FastifyInstance, prefix: string, gate: AdmissionGate): void {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  app.addHook('onClose', async () => delay.disable());
  app.get(
    `${prefix}/bench/load`,
    { config: { public: true } },
    async (): Promise<AdmissionCounters> => ({
      ...gate.counts,
      refused: gate.refused,
      admitted: gate.admitted,
      eventLoopDelayMs: readDelay(delay),
    }),
  );
}
