import { permissionGroupEndpoints } from 'shared-contracts/admin';
import type { ApiModule } from '../../http/api-module';
import { personalDataPermissionsMigration } from './migrations/2026_12_06_permission_groups_personal_data';
import { permissionGroupsMigration } from './migrations/2026_11_24_permission_groups_tables';
import { permissionGroupRoutes } from './routes';
import { seedPermissionGroups } from './seed';
import './tables';

/** Permission groups: named sets of keys whose members hold them. */
export const permissionGroupsModule: ApiModule = {
  name: 'permission-groups',
  routes: permissionGroupRoutes,
  endpoints: [permissionGroupEndpoints],
  migrations: [permissionGroupsMigration, personalDataPermissionsMigration],
  seed: seedPermissionGroups,
};

// What the employees, auth and sessions lookups build on.
export {
  findGroups,
  groupPermissionsOf,
  groupsOfEmployees,
  orderedKeys,
  setEmployeeGroups,
  withEffectivePermissions,
  type EmployeeGroupRef,
} from './repository';
