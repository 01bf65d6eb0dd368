import type { ColumnType, Kysely, Transaction } from 'kysely';

/**
 * The database as Kysely sees it. This interface is empty on purpose: each module adds its own
 * tables from its `tables.ts` by declaration merging, so a new module never edits a central
 * schema file:
 *
 *   declare module '../../db/tables' {
 *     interface Database { organisations: OrganisationsTable; … }
 *   }
 *
 * Below: the column types the modules share. `date` columns read back as `YYYY-MM-DD` strings
 * and `numeric` columns as numbers with both drivers (database.ts); bigint ids come back as
 * strings from `pg` and as numbers from PGlite, so repositories convert them with `Number()`.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by the modules' tables.ts
export interface Database {}

/** A query runner: the database or an open transaction. */
export type Executor = Kysely<Database> | Transaction<Database>;

export type BigIntId = ColumnType<string | number, never, never>;
export type CreatedAt = ColumnType<Date, Date | undefined, never>;
export type Timestamp = ColumnType<Date, Date | undefined, Date>;
export type NullableTimestamp = ColumnType<Date | null, Date | null | undefined, Date | null>;

/** A `date` column: written and read as `YYYY-MM-DD`. */
export type DateText = string;
export type NullableDate = ColumnType<
  DateText | null,
  DateText | null | undefined,
  DateText | null
>;
/** A `numeric` money column (numeric(12,2)). */
export type Money = ColumnType<number, number | string, number | string>;
export type NullableMoney = ColumnType<
  number | null,
  number | string | null | undefined,
  number | string | null
>;
export type NullableInt = ColumnType<number | null, number | null | undefined, number | null>;
export type NullableText = ColumnType<string | null, string | null | undefined, string | null>;
/** A boolean with a default. */
export type Flag = ColumnType<boolean, boolean | undefined, boolean>;
/** An integer with a default (counters, positions, sort keys). */
export type Counter = ColumnType<number, number | undefined, number>;

/** Who created a row and who changed it last, and when (the domain tables carry them). */
export interface AuditColumns {
  created_at: CreatedAt;
  created_by: NullableInt;
  updated_at: Timestamp;
  updated_by: NullableInt;
}
