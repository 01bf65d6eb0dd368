import { foundationMigration } from './0001-foundation';
import { beneficiariesMigration } from './0002-beneficiaries';
import type { NamedMigration } from './types';

/**
 * Every migration, in order. A new module (families, orgs, seasons…) adds a file
 * `NNNN-<name>.ts` exporting a NamedMigration and appends it here; never edit or reorder a
 * migration that has shipped.
 */
export const MIGRATIONS: readonly NamedMigration[] = [foundationMigration, beneficiariesMigration];
