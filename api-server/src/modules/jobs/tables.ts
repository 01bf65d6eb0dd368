import type { ColumnType, Generated, GeneratedAlways } from 'kysely';
import type { NullableInt, NullableText, NullableTimestamp } from '../../db/tables';

// Migration 2026_11_27_jobs_table.
declare module '../../db/tables' {
  interface Database {
    jobs: JobsTable;
  }
}

/**
 * `queued` (waiting, or waiting again after a failed attempt), `running` (claimed by one API
 * process holding its lease), `done`, `failed` (out of attempts; its Arabic reason in `error`).
 */
export type JobStatus = 'queued' | 'running' | 'done' | 'failed';

/** One piece of long work (validating an import, creating its families, a bulk action…). */
export interface JobsTable {
  id: GeneratedAlways<number>;
  /** which handler runs it (`family_import.validate`…) */
  kind: string;
  status: ColumnType<JobStatus, JobStatus | undefined, JobStatus>;
  /** what the handler needs, as JSON (ids, never a file) */
  payload: ColumnType<unknown, string, string>;
  progress: ColumnType<number, number | undefined, number>;
  total: NullableInt;
  attempts: ColumnType<number, number | undefined, number>;
  max_attempts: ColumnType<number, number | undefined, number>;
  /** the API process running it, while it holds the lease */
  locked_by: NullableText;
  /** the lease: past this, any process may take the job up again (its runner died) */
  locked_until: NullableTimestamp;
  /** not before this (a retry waits a little) */
  run_after: ColumnType<Date, Date | undefined, Date>;
  error: NullableText;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  finished_at: NullableTimestamp;
}
