import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/tables';
import type { FileStore } from '../../../files/store';
import {
  claimNextJob,
  failJobAttempt,
  finishJob,
  insertJob,
  renewLease,
  reportJobProgress,
  type JobRow,
} from '../repository';
import { jobHandlerOf, registeredJobKinds } from './handlers';

export interface JobRunnerOptions {
  readonly db: Kysely<Database>;
  /** The file store handed to jobs (an erasure drops the files it leaves unreferenced). */
  readonly files?: FileStore;
  /** This process's name in `locked_by`; unique per runner by default. */
  readonly worker?: string;
  /** How long a claim holds without renewal; renewed every third of it while the job runs. */
  readonly leaseMs?: number;
  /** How often an idle runner looks for work (jobs queued by other processes, abandoned leases). */
  readonly pollMs?: number;
  /** How long a failed attempt waits before it is tried again. */
  readonly retryAfterMs?: number;
  readonly log?: { warn: (object: unknown, message: string) => void };
}

export const JOB_RUNNER_DEFAULTS = { leaseMs: 30_000, pollMs: 2_000, retryAfterMs: 5_000 } as const;

export interface JobRunner {
  readonly worker: string;
  start(): void;
  /** Looks for work now (after a job was queued in this process). */
  wake(): void;
  /** Runs every job that is ready, one after the other, until none is left (tests, tools). */
  drain(): Promise<void>;
  /** Stops claiming, aborts the running job at its next safe point and waits for it. */
  stop(): Promise<void>;
}

const liveRunners = new Set<JobRunner>();

/** Queues a job (inside the caller's transaction when given one) and wakes this process's runners. */
export async function enqueueJob(
  db: Kysely<Database>,
  kind: string,
  payload: unknown,
  options: { maxAttempts?: number } = {},
): Promise<number> {
  const id = await insertJob(db, { kind, payload, ...options });
  return id;
}

/** After the transaction that queued a job commits: the runners of this process look at once. */
export function wakeJobRunners(): void {
  for (const runner of liveRunners) runner.wake();
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * The loop that runs the database's jobs in this process, one at a time (the machine's cores are
 * shared with the requests). Every API process runs one; the claim's lock decides who runs what.
 */
export function createJobRunner(options: JobRunnerOptions): JobRunner {
  const leaseMs = options.leaseMs ?? JOB_RUNNER_DEFAULTS.leaseMs;
  const pollMs = options.pollMs ?? JOB_RUNNER_DEFAULTS.pollMs;
  const retryAfterMs = options.retryAfterMs ?? JOB_RUNNER_DEFAULTS.retryAfterMs;
  const worker = options.worker ?? `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  const db = options.db;
  let started = false;
  let stopping = false;
  let loop: Promise<void> | null = null;
  let again = false;
  let pollTimer: NodeJS.Timeout | undefined;
  let current: AbortController | null = null;

  async function runOne(job: JobRow): Promise<void> {
    const handler = jobHandlerOf(job.kind);
    if (!handler) return;
    const controller = new AbortController();
    current = controller;
    const heartbeat = setInterval(
      () => {
        renewLease(db, job.id, worker, leaseMs)
          .then((held) => {
            if (!held) controller.abort(new Error('lease lost'));
          })
          .catch((error: unknown) =>
            options.log?.warn({ err: error, job: job.id }, 'renewing a job lease failed'),
          );
      },
      Math.max(10, Math.floor(leaseMs / 3)),
    );
    heartbeat.unref();
    try {
      await handler.run({
        id: job.id,
        payload: job.payload,
        attempt: job.attempts,
        db,
        files: options.files ?? null,
        signal: controller.signal,
        progress: (done, total = null) => reportJobProgress(db, job.id, worker, done, total),
      });
      // Stopped or dispossessed half-way: the lease runs out and the job is taken up again.
      if (controller.signal.aborted) return;
      await finishJob(db, job.id, worker);
    } catch (error) {
      if (controller.signal.aborted && stopping) return;
      const message = messageOf(error);
      options.log?.warn({ err: error, job: job.id, kind: job.kind }, 'a job attempt failed');
      await failJobAttempt(db, job.id, worker, message, retryAfterMs);
      if (job.attempts >= job.max_attempts) await handler.onFailed(db, job.payload, message);
    } finally {
      clearInterval(heartbeat);
      current = null;
    }
  }

  async function runReady(): Promise<void> {
    do {
      again = false;
      for (;;) {
        if (stopping) return;
        const job = await claimNextJob(db, worker, registeredJobKinds(), leaseMs);
        if (!job) break;
        await runOne(job);
      }
    } while (again && !stopping);
  }

  function kick(): Promise<void> {
    if (loop) {
      again = true;
      return loop;
    }
    loop = runReady()
      .catch((error: unknown) =>
        options.log?.warn({ err: error }, 'the job runner could not claim work'),
      )
      .finally(() => {
        loop = null;
      });
    return loop;
  }

  const runner: JobRunner = {
    worker,
    start() {
      if (started) return;
      started = true;
      liveRunners.add(runner);
      pollTimer = setInterval(() => void kick(), pollMs);
      pollTimer.unref();
      void kick();
    },
    wake() {
      if (started && !stopping) void kick();
    },
    async drain() {
      await kick();
      // A wake during the last claim ran its loop again; wait for that one too.
      while (loop) await loop;
    },
    async stop() {
      stopping = true;
      liveRunners.delete(runner);
      clearInterval(pollTimer);
      current?.abort(new Error('stopping'));
      while (loop) await loop;
    },
  };
  return runner;
}
