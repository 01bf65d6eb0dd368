import { sql } from 'kysely';
import type { MigrationDb } from '../ddl';
import type { BaselinePart, NamedMigration } from './types';

/**
 * Trigram indexes for substring search (0002 creates them). Always in `public`, which every
 * schema's search_path includes (tests and the bench give each run its own schema). The advisory
 * lock keeps two migrations on one server from racing to create it.
 */
async function createTrigramExtension(db: MigrationDb): Promise<void> {
  await sql`select pg_advisory_xact_lock(7261001)`.execute(db);
  await sql`create extension if not exists pg_trgm with schema public`.execute(db);
}

/**
 * The baseline: the two migrations that shipped before modules carried their own. Databases have
 * recorded these names and ran these statements in this order — never rename, edit or reorder
 * them. The DDL of each step lives in the module that owns its tables
 * (`src/modules/<name>/migrations/0001_foundation.ts`, `…/0002_beneficiaries.ts`), given to the
 * migrator through the module's `ApiModule.migrations`; this list only says in which order they
 * run. Every later migration is the module's own, named `YYYY_MM_DD_<module>_<what>`, so it sorts
 * after these (see `collectMigrations`).
 */
export const BASELINE = [
  {
    /** Employees, API tokens, the activity log and login attempts. */
    name: '0001_foundation',
    steps: ['employees', 'api_tokens', 'activity_log', 'login_attempts'],
  },
  {
    /**
     * The beneficiaries section (families, members, organisations, seasonal programmes), the
     * editable lookup lists they pick from, and the family a log row concerns.
     */
    name: '0002_beneficiaries',
    prelude: createTrigramExtension,
    steps: [
      'lookups',
      'families',
      'member_moves',
      'organisations',
      'seasons',
      'activity_log_family',
    ],
  },
] as const;

/** One step of the baseline, given by the module that owns its tables. */
export type BaselineStep = (typeof BASELINE)[number]['steps'][number];
export type ModuleBaselinePart = BaselinePart<BaselineStep>;

/** `true` when a module's migration entry is its share of the baseline. */
export function isBaselinePart<Part extends BaselinePart>(
  entry: NamedMigration | Part,
): entry is Part {
  return 'baselineStep' in entry;
}

/**
 * The two baseline migrations, assembled from the modules' parts in `BASELINE` order.
 * Refuses an unknown step, a step given twice or a step nobody gives.
 */
export function baselineMigrations(parts: readonly BaselinePart[]): NamedMigration[] {
  const byStep = new Map<string, BaselinePart>();
  for (const part of parts) {
    if (byStep.has(part.baselineStep))
      throw new Error(`Two modules give the baseline step ${part.baselineStep}`);
    byStep.set(part.baselineStep, part);
  }
  const known = new Set<string>(BASELINE.flatMap((migration) => migration.steps));
  for (const step of byStep.keys()) {
    if (!known.has(step)) throw new Error(`No baseline migration has a step ${step}`);
  }
  return BASELINE.map((migration) => {
    const ordered = migration.steps.map((step) => {
      const part = byStep.get(step);
      if (!part) throw new Error(`No module gives the baseline step ${step} of ${migration.name}`);
      return part;
    });
    const prelude = 'prelude' in migration ? migration.prelude : undefined;
    return {
      name: migration.name,
      async up(db: MigrationDb) {
        await prelude?.(db);
        for (const part of ordered) await part.up(db);
      },
    };
  });
}
