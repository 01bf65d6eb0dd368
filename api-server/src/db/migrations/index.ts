import { foundationMigration } from './0001-foundation';
import { beneficiariesMigration } from './0002-beneficiaries';
import type { NamedMigration } from './types';

/**
 * The baseline: the two migrations that shipped before modules carried their own (databases have
 * recorded these names — never rename, edit or reorder them). Every later migration lives in its
 * module (`src/modules/<name>/migrations/`, listed in its `ApiModule.migrations`) and is named
 * `YYYY_MM_DD_<module>_<what>`, so it sorts after these (see `collectMigrations`).
 */
export const BASELINE_MIGRATIONS: readonly NamedMigration[] = [foundationMigration, beneficiariesMigration];
