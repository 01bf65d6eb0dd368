import type { FastifyPluginAsync } from 'fastify';
import { PERMISSION_GROUP_MESSAGES as MESSAGES, permissionGroupEndpoints } from 'shared-contracts/admin';
import type { ApiModule } from '../../http/api-module';
import { registerEndpoint } from '../../http/endpoint';
import { notFound, orNotFound } from '../../http/errors';
import { pageEnvelope } from '../../http/pagination';
import { sessionCacheFor } from '../sessions';
import { createGroup, deleteGroup, listGroups, loadGroup, updateGroup } from './repository';
import { seedPermissionGroups } from './seed';
import { permissionGroupsMigration } from './tables';

/** Thin: each declared endpoint of the permission groups, its answer from the repository. */
const permissionGroupRoutes: FastifyPluginAsync = async (app) => {
  const group = async (id: number) => orNotFound(await loadGroup(app.db, id), MESSAGES.notFound);
  const options = { notFound: MESSAGES.notFound };
  registerEndpoint(app, permissionGroupEndpoints.list, async ({ query }) => {
    const { rows, total } = await listGroups(app.db, query);
    return pageEnvelope(rows, query, total);
  });
  registerEndpoint(app, permissionGroupEndpoints.show, async ({ params }) => ({ data: await group(params.id) }), options);
  registerEndpoint(app, permissionGroupEndpoints.create, async ({ body, auth, author }) => {
    const id = await createGroup(app.db, body, auth().employee, author());
    return { message: MESSAGES.created, data: await group(id) };
  });
  registerEndpoint(
    app,
    permissionGroupEndpoints.update,
    async ({ params, body, auth, author }) => {
      const members = await updateGroup(app.db, params.id, body, auth().employee, author());
      if (!members) throw notFound(MESSAGES.notFound);
      // After the commit: every member's next request reads their new keys (session-cache.ts),
      // in this process and, through the revocation channel, in the others.
      const cache = sessionCacheFor(app.db);
      for (const id of members) cache.forgetEmployee(id);
      return { message: MESSAGES.updated, data: await group(params.id) };
    },
    options,
  );
  registerEndpoint(
    app,
    permissionGroupEndpoints.delete,
    async ({ params, author }) => {
      if (!(await deleteGroup(app.db, params.id, author()))) throw notFound(MESSAGES.notFound);
      return { message: MESSAGES.deleted };
    },
    options,
  );
};

/** Permission groups: named sets of keys whose members hold them (issue 15). */
export const permissionGroupsModule: ApiModule = {
  name: 'permission-groups',
  routes: permissionGroupRoutes,
  endpoints: [permissionGroupEndpoints],
  migrations: [permissionGroupsMigration],
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
