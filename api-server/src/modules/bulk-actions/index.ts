import { bulkActionEndpoints } from 'shared-contracts/resources/bulk-actions-contracts';
import type { ApiModule } from '../../http/api-module';
import { bulkActionsMigration } from './migrations/2026_12_06_bulk_actions_tables';
import { bulkActionsSeasonResourceMigration } from './migrations/2026_12_06_bulk_actions_tables_season_resource';
import { bulkActionRoutes } from './routes';
import './tables';

/**
 * Bulk actions on families, services and a season's beneficiaries (docs/bulk-actions.md): each item through its module's
 * own command; more than a few hundred run as a job of the jobs module.
 */
export const bulkActionsModule: ApiModule = {
  name: 'bulk-actions',
  routes: bulkActionRoutes,
  endpoints: [bulkActionEndpoints],
  migrations: [bulkActionsMigration, bulkActionsSeasonResourceMigration],
};
