import type { Kysely } from 'kysely';
import { Migrator, type Migration, type MigrationProvider } from 'kysely/migration';
import { MIGRATIONS } from './migrations/index';
import type { NamedMigration } from './migrations/types';
import type { Database } from './schema';

const MIGRATION_NAME = /^\d{4}_[a-z0-9_]+$/;

/** Kysely's provider, fed from the in-code list instead of a folder scan (works bundled and under jest). */
export function inCodeMigrationProvider(migrations: readonly NamedMigration[]): MigrationProvider {
  const names = migrations.map((migration) => migration.name);
  names.forEach((name, index) => {
    if (!MIGRATION_NAME.test(name)) throw new Error(`Migration name ${name} must look like 0001_name`);
    const previous = names[index - 1];
    if (previous !== undefined && previous >= name) {
      throw new Error(`Migrations must be listed in strictly increasing order: ${previous} then ${name}`);
    }
  });
  return {
    getMigrations: async () =>
      Object.fromEntries(migrations.map((migration): [string, Migration] => [migration.name, migration])),
  };
}

/** Runs every pending migration; throws with the failing migration's name. */
export async function migrateToLatest(
  db: Kysely<Database>,
  schema: string,
  migrations: readonly NamedMigration[] = MIGRATIONS,
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
    throw new Error(`Migration ${failed?.migrationName ?? '(unknown)'} failed: ${reason}`, { cause: error });
  }
  return (results ?? []).filter((result) => result.status === 'Success').map((result) => result.migrationName);
}
