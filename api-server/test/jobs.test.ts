import { sql } from 'kysely';
import {
  createJobRunner,
  enqueueJob,
  findJob,
  registerJobHandler,
  wakeJobRunners,
  type JobRow,
} from '../src/modules/jobs';
import { describeEachDatabase, type TestHarness } from './support/harness';

/**
 * The database job queue (docs/family-import.md#jobs): each job runs once at a time whatever the
 * number of runners, a job whose runner died is taken up again when its lease runs out, a failed
 * attempt is retried then given up, and a runner that lost its lease stops.
 */

/** Runs by the job's tag (ids repeat from one database to the other). */
const runs = new Map<string, number>();
const active = new Set<string>();
let tags = 0;
const tag = () => `job-${(tags += 1)}`;
let overlapping = 0;

/** Counts its runs and notes any moment the same job runs twice at once. */
interface Tagged {
  tag?: unknown;
  steps?: unknown;
}
registerJobHandler<{ tag: string; steps: number }>('test.count', {
  parse: (payload) => ({
    tag: String((payload as Tagged).tag),
    steps: Number((payload as Tagged).steps ?? 1),
  }),
  run: async ({ payload, progress }) => {
    const id = payload.tag;
    if (active.has(id)) overlapping += 1;
    active.add(id);
    try {
      for (let step = 1; step <= payload.steps; step += 1) {
        await new Promise((resolve) => setImmediate(resolve));
        await progress(step, payload.steps);
      }
      runs.set(id, (runs.get(id) ?? 0) + 1);
    } finally {
      active.delete(id);
    }
  },
});

const failedFor = new Map<string, string>();
registerJobHandler<{ tag: string }>('test.fail', {
  parse: (payload) => ({ tag: String((payload as Tagged).tag) }),
  run: async ({ payload }) => {
    runs.set(payload.tag, (runs.get(payload.tag) ?? 0) + 1);
    throw new Error('تعذر التنفيذ');
  },
  onFailed: async (_db, payload, error) => {
    failedFor.set(payload.tag, error);
  },
});

/** Resolved when the handler sees its signal aborted (the lease taken by another runner). */
let abortSeen: (() => void) | undefined;
let started: (() => void) | undefined;
registerJobHandler('test.hold', {
  parse: (payload) => payload,
  run: async ({ signal }) => {
    started?.();
    await new Promise<void>((resolve) => {
      signal.addEventListener('abort', () => resolve(), { once: true });
    });
    abortSeen?.();
  },
});

/** Waits (bounded) for a job to reach a final state, whichever runner runs it. */
async function settled(h: TestHarness, id: number): Promise<JobRow> {
  for (let tries = 0; tries < 500; tries += 1) {
    const job = await findJob(h.db, id);
    if (job && (job.status === 'done' || job.status === 'failed')) return job;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`job ${id} did not settle`);
}

describeEachDatabase('jobs: the database job queue', (h) => {
  test('three runners at once run each of twenty jobs exactly once, never twice at a time', async () => {
    const ids: [number, string][] = [];
    for (let index = 0; index < 20; index += 1) {
      const jobTag = tag();
      ids.push([await enqueueJob(h.db, 'test.count', { tag: jobTag, steps: 3 }), jobTag]);
    }
    const runners = [1, 2, 3].map((n) =>
      createJobRunner({ db: h.db, worker: `test-${n}`, leaseMs: 5_000 }),
    );
    await Promise.all(runners.map((runner) => runner.drain()));
    for (const [id, jobTag] of ids) {
      const job = await settled(h, id);
      expect(job.status).toBe('done');
      expect(job.progress).toBe(3);
      expect(job.total).toBe(3);
      expect(job.locked_by).toBeNull();
      expect(runs.get(jobTag)).toBe(1);
    }
    expect(overlapping).toBe(0);
  });

  test("the app's own runner takes up a queued job once woken", async () => {
    const id = await enqueueJob(h.db, 'test.count', { tag: tag(), steps: 1 });
    wakeJobRunners();
    const job = await settled(h, id);
    expect(job.status).toBe('done');
    expect(job.attempts).toBe(1);
  });

  test('a job held by a live lease is left alone; once the lease has run out, it is taken up again', async () => {
    const jobTag = tag();
    // Queued as already running elsewhere, in one statement (no runner can claim it in between).
    const inserted = await sql<{
      id: number;
    }>`insert into jobs (kind, payload, status, locked_by, attempts, locked_until)
      values ('test.count', ${JSON.stringify({ tag: jobTag, steps: 1 })}::jsonb, 'running', 'alive', 1, now() + interval '1 hour')
      returning id`.execute(h.db);
    const id = inserted.rows[0]!.id;
    await createJobRunner({ db: h.db, worker: 'test-live' }).drain();
    expect((await findJob(h.db, id))?.locked_by).toBe('alive');
    expect(runs.get(jobTag)).toBeUndefined();

    // The process holding it died: its lease is in the past.
    await sql`update jobs set locked_until = now() - interval '1 second' where id = ${id}`.execute(
      h.db,
    );
    await createJobRunner({ db: h.db, worker: 'test-rescuer' }).drain();
    const job = await settled(h, id);
    expect(job.status).toBe('done');
    expect(job.attempts).toBe(2);
    expect(runs.get(jobTag)).toBe(1);
  });

  test('a failing job is retried, then failed for good with its reason, and its feature told', async () => {
    const key = tag();
    const id = await enqueueJob(h.db, 'test.fail', { tag: key }, { maxAttempts: 2 });
    const runner = createJobRunner({ db: h.db, worker: 'test-retry', retryAfterMs: 0 });
    await runner.drain();
    await runner.drain();
    const job = await settled(h, id);
    expect(job.status).toBe('failed');
    expect(job.attempts).toBe(2);
    expect(job.error).toBe('تعذر التنفيذ');
    expect(runs.get(key)).toBe(2);
    expect(failedFor.get(key)).toBe('تعذر التنفيذ');
  });

  test('a runner whose lease was taken over stops its job and does not mark it done', async () => {
    const id = await enqueueJob(h.db, 'test.hold', {});
    const running = new Promise<void>((resolve) => {
      started = resolve;
    });
    const aborted = new Promise<void>((resolve) => {
      abortSeen = resolve;
    });
    const runner = createJobRunner({ db: h.db, worker: 'test-holder', leaseMs: 60 });
    const draining = runner.drain();
    await running;
    await sql`update jobs set locked_by = 'thief', locked_until = now() + interval '1 hour' where id = ${id}`.execute(
      h.db,
    );
    await aborted;
    await draining;
    const job = await findJob(h.db, id);
    expect(job?.status).toBe('running');
    expect(job?.locked_by).toBe('thief');
    await sql`update jobs set status = 'done', locked_by = null where id = ${id}`.execute(h.db);
  });

  test('stopping a runner aborts its running job and leaves it for another process', async () => {
    const id = await enqueueJob(h.db, 'test.hold', {});
    const running = new Promise<void>((resolve) => {
      started = resolve;
    });
    const runner = createJobRunner({ db: h.db, worker: 'test-stopper', leaseMs: 5_000 });
    runner.start();
    await running;
    await runner.stop();
    const job = await findJob(h.db, id);
    expect(job?.status).toBe('running');
    expect(job?.locked_by).toBe('test-stopper');
    await sql`update jobs set status = 'done', locked_by = null where id = ${id}`.execute(h.db);
  });
});
