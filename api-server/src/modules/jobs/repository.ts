import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database } from '../../db/tables';
import type { JobsTable } from './tables';

export type JobRow = Selectable<JobsTable>;

/** Queues a job; any runner may take it from the moment its transaction commits. */
export async function insertJob(
  db: Kysely<Database>,
  job: { kind: string; payload: unknown; maxAttempts?: number },
): Promise<number> {
  const row = await db
    .insertInto('jobs')
    .values({
      kind: job.kind,
      payload: JSON.stringify(job.payload ?? {}),
      ...(job.maxAttempts ? { max_attempts: job.maxAttempts } : {}),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function findJob(db: Kysely<Database>, id: number): Promise<JobRow | undefined> {
  return db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Takes the oldest job that is waiting (its time come) or whose runner's lease has run out, for
 * `worker`, with a lease of `leaseMs`. `for update skip locked` makes two processes claiming at
 * once take two different jobs (or one of them none), never the same one.
 */
export async function claimNextJob(
  db: Kysely<Database>,
  worker: string,
  kinds: readonly string[],
  leaseMs: number,
): Promise<JobRow | undefined> {
  if (kinds.length === 0) return undefined;
  const result = await sql<JobRow>`
    update jobs set
      status = 'running',
      locked_by = ${worker},
      locked_until = now() + make_interval(secs => ${leaseMs / 1000}),
      attempts = attempts + 1,
      updated_at = now()
    where id = (
      select id from jobs
      where kind in (${sql.join(kinds)})
        and ((status = 'queued' and run_after <= now())
          or (status = 'running' and locked_until < now()))
      order by id
      limit 1
      for update skip locked
    )
    returning *`.execute(db);
  return result.rows[0];
}

/** Extends `worker`'s lease; false when the job is no longer its own (another runner took it). */
export async function renewLease(
  db: Kysely<Database>,
  id: number,
  worker: string,
  leaseMs: number,
): Promise<boolean> {
  const result = await db
    .updateTable('jobs')
    .set({
      locked_until: sql<Date>`now() + make_interval(secs => ${leaseMs / 1000})`,
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', id)
    .where('locked_by', '=', worker)
    .where('status', '=', 'running')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function reportJobProgress(
  db: Kysely<Database>,
  id: number,
  worker: string,
  progress: number,
  total: number | null,
): Promise<void> {
  await db
    .updateTable('jobs')
    .set({ progress, total, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .where('locked_by', '=', worker)
    .execute();
}

export async function finishJob(db: Kysely<Database>, id: number, worker: string): Promise<void> {
  await db
    .updateTable('jobs')
    .set({
      status: 'done',
      locked_by: null,
      locked_until: null,
      error: null,
      finished_at: sql<Date>`now()`,
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', id)
    .where('locked_by', '=', worker)
    .execute();
}

/** A failed attempt: queued again after `retryAfterMs`, or failed for good when out of attempts. */
export async function failJobAttempt(
  db: Kysely<Database>,
  id: number,
  worker: string,
  error: string,
  retryAfterMs: number,
): Promise<void> {
  await db
    .updateTable('jobs')
    .set({
      status: sql<
        'queued' | 'failed'
      >`case when attempts >= max_attempts then 'failed' else 'queued' end`,
      finished_at: sql<Date | null>`case when attempts >= max_attempts then now() end`,
      run_after: sql<Date>`now() + make_interval(secs => ${retryAfterMs / 1000})`,
      locked_by: null,
      locked_until: null,
      error,
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', id)
    .where('locked_by', '=', worker)
    .execute();
}
