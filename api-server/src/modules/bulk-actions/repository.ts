import { sql, type Kysely } from 'kysely';
import type { Database, Executor } from '../../db/tables';
import type { BulkResource } from './tables';

/** The bulk actions' SQL: the action row, its items' outcomes and its job's progress. */

export async function insertBulkAction(
  db: Executor,
  row: {
    resource: BulkResource;
    action: string;
    input: unknown;
    ids: readonly number[];
    author: unknown;
    createdBy: number;
  },
): Promise<number> {
  const inserted = await db
    .insertInto('bulk_actions')
    .values({
      resource: row.resource,
      action: row.action,
      input: JSON.stringify(row.input),
      ids: JSON.stringify(row.ids),
      author: JSON.stringify(row.author),
      created_by: row.createdBy,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

export async function setBulkJob(db: Executor, id: number, jobId: number): Promise<void> {
  await db.updateTable('bulk_actions').set({ job_id: jobId }).where('id', '=', id).execute();
}

export function findBulkAction(db: Executor, id: number) {
  return db
    .selectFrom('bulk_actions as b')
    .leftJoin('jobs as j', 'j.id', 'b.job_id')
    .selectAll('b')
    .select(['j.status as job_status', 'j.error as job_error'])
    .where('b.id', '=', id)
    .executeTakeFirst();
}

/** Appends a few items' outcomes, in order (after each item's own transaction committed). */
export async function recordBulkOutcomes(
  db: Kysely<Database>,
  id: number,
  outcomes: {
    done: readonly number[];
    failed: readonly { id: number; label: string | null; message: string }[];
  },
): Promise<void> {
  await db
    .updateTable('bulk_actions')
    .set({
      done: sql<string>`done || ${JSON.stringify(outcomes.done)}::jsonb`,
      failed: sql<string>`failed || ${JSON.stringify(outcomes.failed)}::jsonb`,
    })
    .where('id', '=', id)
    .execute();
}
