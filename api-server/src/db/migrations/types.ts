import type { Migration } from 'kysely/migration';
import type { MigrationDb } from '../ddl';

/** One migration module: a stable, sortable name plus Kysely's up/down. */
export interface NamedMigration extends Migration {
  /** `NNNN_snake_case` (the baseline) or `YYYY_MM_DD_<module>_<what>`; the migrator runs them in name order and records the name. */
  readonly name: string;
}

/**
 * A module's share of the shipped baseline (`0001_foundation`, `0002_beneficiaries`): the DDL of
 * its tables as the baseline created them. The baseline runs the steps in the order
 * `BASELINE` lists (migrations/index.ts); the module lists its parts in its
 * `ApiModule.migrations` beside its own dated migrations.
 */
export interface BaselinePart<Step extends string = string> {
  /** Which step of the baseline this is (each step is given by exactly one module). */
  readonly baselineStep: Step;
  up(db: MigrationDb): Promise<void>;
}
