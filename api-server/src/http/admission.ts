import { monitorEventLoopDelay, performance, type IntervalHistogram } from 'node:perf_hooks';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { FORWARDED_AT_HEADER } from 'shared-contracts';
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
 * The wait is counted from when the gateway forwarded the request (FORWARDED_AT_HEADER), not from
 * when this process first read it: a request that sat unread in the socket while the process was
 * busy has waited all the same, and one that has already waited `maxWaitMs` is refused before any
 * work (not even the token lookup). Requests that come without the stamp (tests, a direct call)
 * count from their reading. docs/decisions/0017-overload-turns-and-gateway-age.md.
 *
 * Health checks are never held: the gateway and the process supervisor must see a busy API as
 * alive.
 */
export interface AdmissionSettings {
  /** API_MAX_IN_FLIGHT: requests worked on at once (0 turns admission control off). */
  maxInFlight: number;
  /** API_MAX_QUEUED: requests that may wait for a place; one more is refused at once. */
  maxQueued: number;
  /** API_QUEUE_WAIT_MS: the longest a request waits before its work starts, then it is refused. */
  maxWaitMs: number;
  /** API_RETRY_AFTER_SECONDS: the `Retry-After` of a refusal. */
  retryAfterSeconds: number;
  /**
   * API_GATEWAY_AGE: count the wait from the gateway's forwarding stamp (default true). Turn it
   * off when the gateway runs on another host whose clock may differ from this one's by more than
   * a fraction of `maxWaitMs`.
   */
  gatewayAge: boolean;
}

/**
 * PostgreSQL: 16 requests worked on at once over its pool of 10 connections (some are between
 * statements at any time). PGlite: 4; it runs one statement at a time in this very thread, so more
 * requests in flight only share it more finely, and every one of them finishes later (with 16, a
 * search took 16 times its own work); 4 still lets one request's JavaScript run while another's
 * statement waits for its turn. The wait is bounded at 2 s: a refusal comes within 2 s, and a
 * burst of a page's parallel reads on a slow office server is still served rather than refused
 * (with the stamp and the turns, 50 searching connections kept p99 under 1 s on both databases).
 */
export function defaultAdmission(kind: 'pglite' | 'postgres'): AdmissionSettings {
  return {
    maxInFlight: kind === 'pglite' ? 4 : 16,
    maxQueued: 64,
    maxWaitMs: 2000,
    retryAfterSeconds: 2,
    gatewayAge: true,
  };
}

export const OVERLOAD_MESSAGE = 'الخادم مشغول حاليًا بطلبات كثيرة، يرجى المحاولة بعد لحظات';

const whole = (min: number) => z.coerce.number().int().min(min);
const admissionEnvSchema = z.object({
  API_MAX_IN_FLIGHT: whole(0).optional(),
  API_MAX_QUEUED: whole(0).optional(),
  API_QUEUE_WAIT_MS: whole(0).optional(),
  API_RETRY_AFTER_SECONDS: whole(1).optional(),
  API_GATEWAY_AGE: z.enum(['true', 'false', '1', '0']).optional(),
});

/**
 * The settings the environment sets (README "Configuration"); those it leaves out take the
 * defaults of the database in use (`defaultAdmission`). A bad value stops the start.
 */
export function admissionFromEnv(env: NodeJS.ProcessEnv = process.env): Partial<AdmissionSettings> {
  const present = Object.fromEntries(
    Object.keys(admissionEnvSchema.shape).flatMap((key) => (env[key] ? [[key, env[key]]] : [])),
  );
  const parsed = admissionEnvSchema.parse(present);
  const settings: Partial<AdmissionSettings> = {};
  if (parsed.API_MAX_IN_FLIGHT !== undefined) settings.maxInFlight = parsed.API_MAX_IN_FLIGHT;
  if (parsed.API_MAX_QUEUED !== undefined) settings.maxQueued = parsed.API_MAX_QUEUED;
  if (parsed.API_QUEUE_WAIT_MS !== undefined) settings.maxWaitMs = parsed.API_QUEUE_WAIT_MS;
  if (parsed.API_RETRY_AFTER_SECONDS !== undefined)
    settings.retryAfterSeconds = parsed.API_RETRY_AFTER_SECONDS;
  if (parsed.API_GATEWAY_AGE !== undefined)
    settings.gatewayAge = parsed.API_GATEWAY_AGE === 'true' || parsed.API_GATEWAY_AGE === '1';
  return settings;
}

/** What the bench reads (GET <prefix>/bench/load, only with `benchRoute`). */
export interface AdmissionCounters {
  inFlight: number;
  queued: number;
  /** refused with 503 since the start (stale ones included) */
  refused: number;
  /** of those, refused on arrival for having waited `maxWaitMs` already (gateway's stamp) */
  stale: number;
  /** admitted since the start (at once or after waiting) */
  admitted: number;
  /** event-loop delay since the last read, milliseconds */
  eventLoopDelayMs: { p50: number; p99: number; max: number };
}

/**
 * How long ago the gateway forwarded the request, in ms, from its stamp; null without a usable
 * one. A stamp in the future (a small clock difference, or a client's own value) counts as no
 * wait; one more than a minute old is taken for clocks that disagree, not for a real wait (no
 * request waits that long for a gateway that gives up sooner), and ignored rather than refusing
 * everything.
 */
export function forwardedAge(stamp: string | string[] | undefined, nowMs: number): number | null {
  if (typeof stamp !== 'string' || !/^\d{1,15}$/.test(stamp)) return null;
  const age = nowMs - Number(stamp);
  if (age > MAX_BELIEVABLE_AGE_MS) return null;
  return Math.max(0, age);
}
const MAX_BELIEVABLE_AGE_MS = 60_000;

interface Waiter {
  admit(): void;
  refuse(): void;
  /** performance.now() past which the waiter is refused rather than admitted */
  deadline: number;
  timer: NodeJS.Timeout;
}

/** The gate itself, apart from Fastify (unit-testable, and one per process). */
export class AdmissionGate {
  private inFlight = 0;
  private readonly line: Waiter[] = [];
  refused = 0;
  stale = 0;
  admitted = 0;

  constructor(readonly settings: AdmissionSettings) {}

  get counts(): { inFlight: number; queued: number } {
    return { inFlight: this.inFlight, queued: this.line.length };
  }

  /**
   * Resolves to a release function once admitted, or to null when refused. `waitedMs`: how long
   * the request has waited already (since the gateway forwarded it); it is taken off the bound,
   * and a request that has waited the whole bound is refused at once, place free or not: under a
   * backlog, serving the stalest first only makes every answer late.
   */
  enter(waitedMs = 0): Promise<(() => void) | null> | (() => void) | null {
    const { maxInFlight, maxQueued } = this.settings;
    const maxWaitMs = this.settings.maxWaitMs - waitedMs;
    // (A bound of 0 means "no line", not "no wait at all": the time to reach us is not refused.)
    if (this.settings.maxWaitMs > 0 && maxWaitMs <= 0) {
      this.stale += 1;
      return this.refuse();
    }
    if (this.inFlight < maxInFlight) return this.admitNow();
    if (this.line.length >= maxQueued || maxWaitMs <= 0) return this.refuse();
    return new Promise((resolve) => {
      const waiter: Waiter = {
        admit: () => {
          clearTimeout(waiter.timer);
          resolve(this.admitNow());
        },
        refuse: () => {
          clearTimeout(waiter.timer);
          resolve(this.refuse());
        },
        deadline: performance.now() + maxWaitMs,
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
      // The place goes to the one who waited longest, unless its time is up and its timer has not
      // had a turn to say so yet (the event loop was busy): that one is refused, not served late.
      const now = performance.now();
      for (let next = this.line.shift(); next; next = this.line.shift()) {
        if (next.deadline > now) {
          next.admit();
          return;
        }
        next.refuse();
      }
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

/** How long the request waited before this process read it (0 without the gateway's stamp). */
function waitedBefore(request: FastifyRequest, settings: AdmissionSettings): number {
  if (!settings.gatewayAge) return 0;
  return forwardedAge(request.headers[FORWARDED_AT_HEADER], Date.now()) ?? 0;
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
    const release = await gate.enter(waitedBefore(request, settings));
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
      stale: gate.stale,
      admitted: gate.admitted,
      eventLoopDelayMs: readDelay(delay),
    }),
  );
}
