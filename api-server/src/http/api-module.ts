import type { FastifyPluginAsync } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { Endpoint } from 'shared-contracts';
// The app's decorations every module's routes read (`app.db`, `app.settings`): importing the module
// type brings them into any program that loads a module (the e2e helpers load the demo fixtures).
import '../app-context';
import type { AppConfig } from '../config';
import type { ModuleBaselinePart } from '../db/migrations';
import type { NamedMigration } from '../db/migrations/types';
import type { SeedContext } from '../db/seed';
import type { Database } from '../db/tables';

/** A shared-contracts endpoint table (`familyEndpoints`, `organisationEndpoints`…). */
export type EndpointTable = Readonly<Record<string, Endpoint>>;

/**
 * One domain module of the API (`src/modules/<name>/`), as its `index.ts` exports it. The app
 * takes everything from the one list in `src/modules/index.ts`: adding a domain is its folder and
 * one line there — its tables merge into `Database` from its own `tables.ts`, its migrations and
 * seed run from here, and no central file changes.
 */
export interface ApiModule {
  /** The folder name (kebab-case). */
  readonly name: string;
  /** Its routes: one `registerEndpoint` per endpoint of its tables, under the API prefix. */
  readonly routes?: FastifyPluginAsync;
  /**
   * The shared-contracts tables it serves. The module registers every endpoint of them exactly
   * once and nothing else (test/module-endpoints.test.ts).
   */
  readonly endpoints?: readonly EndpointTable[];
  /**
   * Its migrations (`migrations/`): its share of the shipped baseline `0001_…`/`0002_…` (run in
   * the order db/migrations/index.ts lists), then its own, named `YYYY_MM_DD_<module>_<what>`
   * (they sort after the baseline, in date order). Never edit one that has shipped.
   */
  readonly migrations?: readonly (ModuleBaselinePart | NamedMigration)[];
  /** Reference data brought up to date at every start, after the migrations (e.g. the lookups). */
  readonly sync?: (db: Kysely<Database>) => Promise<unknown>;
  /**
   * Runs once, on a new database, inside the one seed transaction, in module-list order (demo data
   * only when `context.demo`). Answering `false` means "not a new database": nothing is seeded.
   */
  readonly seed?: (trx: Transaction<Database>, context: SeedContext) => Promise<boolean | void>;
  /** Registered only when this answers true (the benchmark route); always otherwise. */
  readonly enabled?: (config: AppConfig) => boolean;
}

/** A route as a module registered it (module attribution for the registration test). */
export interface ModuleRoute {
  module: string;
  method: string;
  url: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route, with the module that registered it, in registration order. */
    moduleRoutes: readonly ModuleRoute[];
  }
}
