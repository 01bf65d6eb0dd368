import type { Kysely, Transaction } from 'kysely';
import type { Database } from './tables';

export interface SeedOptions {
  /** The first super admin's login. */
  admin: { email: string; password: string };
  /** Also create the demo employees and each module's demo data (`SEED_DEMO`). */
  demo: boolean;
}

/** What the modules' seeds share while they run, in module-list order. */
export interface SeedContext extends SeedOptions {
  /**
   * The employees the seed created so far, by key: `admin` (the first super admin) and the demo
   * accounts' keys (`researcher`…). Later modules name the authors of their demo records from it.
   */
  readonly employees: Map<string, number>;
}

export interface SeedResult {
  seeded: boolean;
  /** How many employees the seed created (the super admin and the demo accounts). */
  employees: number;
}

export interface ModuleSeed {
  readonly name: string;
  readonly seed?: (trx: Transaction<Database>, context: SeedContext) => Promise<boolean | void>;
}

/** Thrown inside the transaction to roll back when a seed finds the database is not new. */
class NotANewDatabase extends Error {}

/**
 * Seeds a new database: every module's `seed` in one transaction, in module-list order (the
 * employees module first decides whether the database is new and creates the super admin). The
 * transaction makes a seed all or nothing, and the employees seed's table lock keeps two
 * processes starting on one new database from both seeding.
 */
export async function seedDatabase(
  db: Kysely<Database>,
  modules: readonly ModuleSeed[],
  options: SeedOptions,
): Promise<SeedResult> {
  const context: SeedContext = { ...options, employees: new Map() };
  try {
    await db.transaction().execute(async (trx) => {
      for (const module of modules) {
        if ((await module.seed?.(trx, context)) === false) throw new NotANewDatabase();
      }
    });
  } catch (error) {
    if (error instanceof NotANewDatabase) return { seeded: false, employees: 0 };
    throw error;
  }
  return { seeded: true, employees: context.employees.size };
}
