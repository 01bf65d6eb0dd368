import type { ColumnType, Generated, GeneratedAlways } from 'kysely';
import type { BulkResource } from 'shared-contracts/resources/bulk-actions-contracts';

// Migrations 2026_12_06_bulk_actions_tables, 2026_12_06_bulk_actions_tables_season_resource.
declare module '../../db/tables' {
  interface Database {
    bulk_actions: BulkActionsTable;
  }
}

export type { BulkResource };

/** A bulk action run as a job: what it does, to which items, and what each item gave. */
export interface BulkActionsTable {
  id: GeneratedAlways<number>;
  resource: BulkResource;
  action: string;
  /** The request's body without its selection (the action's fields), as JSON. */
  input: ColumnType<unknown, string, never>;
  /** The items, in order, as JSON ids. */
  ids: ColumnType<number[], string, never>;
  /** Who asked and from where: each item's activity row names them. */
  author: ColumnType<unknown, string, never>;
  job_id: ColumnType<number | null, number | null | undefined, number | null>;
  created_by: number;
  /** The ids done so far. */
  done: ColumnType<number[], string | undefined, string>;
  /** The ids refused so far, with their Arabic reason and label. */
  failed: ColumnType<
    { id: number; label: string | null; message: string }[],
    string | undefined,
    string
  >;
  created_at: Generated<Date>;
}
