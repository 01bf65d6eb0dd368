import type { Kysely } from 'kysely';
import { Migrator, type Migration, type MigrationProvider } from 'kysely/migration';
import { baselineMigrations, isBaselinePart } from './migrations/index';
import type { BaselinePart, NamedMigration } from './migrations/types';
import type { Database } from './tables';

/** The shipped baseline: `0001_foundation`, `0002_beneficiaries` (databases recorded these names). */
const BASELINE_NAME = /^\d{4}_[a-z0-9_]+$/;
/** A module's migration: `2026_11_23_services_create` — the date it was written, then what it does. */
const MODULE_MIGRATION_NAME = /^\d{4}_\d{2}_\d{2}_[a-z0-9_]+$/;

/**
 * Every migration the app runs, from the modules' `ApiModule.migrations`: the baseline assembled
 * from their shares of it (`migrations/index.ts`), then their own migrations in name order. A
 * module migration must be named `YYYY_MM_DD_<module>_<what>`, which sorts after the baseline;
 * Kysely refuses to run a migration named before one a database already ran, so date a new
 * migration today.
 */
export function collectMigrations(
  entries: readonly (NamedMigration | BaselinePart)[],
): NamedMigration[] {
  const moduleMigrations = entries.filter(
    (entry): entry is NamedMigration => !isBaselinePart(entry),
  );
  for (const migration of moduleMigrations) {
    if (!MODULE_MIGRATION_NAME.test(migration.name)) {
      throw new Error(
        `Module migration ${migration.name} must be named YYYY_MM_DD_<module>_<what>`,
      );
    }
  }
  const all = [
    ...baselineMigrations(entries.filter(isBaselinePart)),
    ...[...moduleMigrations].sort((a, b) => a.name.localeCompare(b.name)),
  ];
  const names = new Set<string>();
  for (const migration of all) {
    if (names.has(migration.name)) throw new Error(`Two migrations are named ${migration.name}`);
    names.add(migration.name);
  }
  return all;
}

/** Kysely's provider, fed from the in-code list instead of a folder scan (works bundled and under jest). */
export function inCodeMigrationProvider(migrations: readonly NamedMigration[]): MigrationProvider {
  const names = migrations.map((migration) => migration.name);
  names.forEach((name, index) => {
    if (!BASELINE_NAME.test(name))
      throw new Error(`Migration name ${name} must look like 0001_name or YYYY_MM_DD_name`);
    const previous = names[index - 1];
    if (previous !== undefined && previous >= name) {
      throw new Error(
        `Migrations must be listed in strictly increasing order: ${previous} then ${name}`,
      );
    }
  });
  return {
    getMigrations: async () =>
      Object.fromEntries(
        migrations.map((migration): [string, Migration] => [migration.name, migration]),
      ),
  };
}

/** Runs every pending migration of the list (`collectMigrations`); throws with the failing migration's name. */
export async function migrateToLatest(
  db: Kysely<Database>,
  schema: string,
  migrations: readonly NamedMigration[],
): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: inCodeMigrationProvider(migrations),
    // Without a schema Kysely looks for its bookkeeping table in every schema of the server.
    migrationTableSchema: schema,
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Migration ${failed?.migrationName ?? '(unknown)'} failed: ${reason}`, {
      cause: error,
    });
  }
  return (results ?? [])
    .filter((result) => result.status === 'Success')
    .map((result) => result.migrationName);
}
