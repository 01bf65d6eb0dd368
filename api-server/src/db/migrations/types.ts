import type { Migration } from 'kysely/migration';

/** One migration module: a stable, sortable name plus Kysely's up/down. */
export interface NamedMigration extends Migration {
  /** `NNNN_snake_case` (the baseline) or `YYYY_MM_DD_<module>_<what>`; the migrator runs them in name order and records the name. */
  readonly name: string;
}
