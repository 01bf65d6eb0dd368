import { sql } from 'kysely';
import { sqlList, type MigrationDb } from '../../../db/ddl';
import type { NamedMigration } from '../../../db/migrations/types';

/**
 * (Named to sort after the table's own migration.) A bulk action on a season's beneficiaries
 * (docs/bulk-actions.md) is kept like the others: its
 * rows name the new resource, so the resource check takes it.
 */
async function resourceCheck(db: MigrationDb, resources: readonly string[]): Promise<void> {
  await db.schema
    .alterTable('bulk_actions')
    .dropConstraint('bulk_actions_resource_check')
    .execute();
  await db.schema
    .alterTable('bulk_actions')
    .addCheckConstraint('bulk_actions_resource_check', sql`resource in (${sqlList(resources)})`)
    .execute();
}

export const bulkActionsSeasonResourceMigration: NamedMigration = {
  name: '2026_12_06_bulk_actions_tables_season_resource',
  async up(db: MigrationDb) {
    await resourceCheck(db, ['families', 'services', 'season_beneficiaries']);
  },
  async down(db: MigrationDb) {
    await db.deleteFrom('bulk_actions').where('resource', '=', 'season_beneficiaries').execute();
    await resourceCheck(db, ['families', 'services']);
  },
};
