import { familyAccessEndpoints } from 'shared-contracts/resources/family-access-contracts';
import type { ApiModule } from '../../http/api-module';
import { familyAccessMigration } from './migrations/2026_12_06_family_access_tables';
import { familyAccessRoutes } from './routes';
import './tables';

/**
 * Who looked at a family's file (docs/personal-data.md): the families module writes a look when
 * the family's page loads it, the documents module when one of its documents is shown or saved.
 */
export const familyAccessModule: ApiModule = {
  name: 'family-access',
  routes: familyAccessRoutes,
  endpoints: [familyAccessEndpoints],
  migrations: [familyAccessMigration],
};

export { recordFamilyAccess } from './repository';
