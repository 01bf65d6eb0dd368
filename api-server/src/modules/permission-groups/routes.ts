import type { FastifyPluginAsync } from 'fastify';
import {
  PERMISSION_GROUP_MESSAGES as MESSAGES,
  permissionGroupEndpoints,
} from 'shared-contracts/admin';
import { registerEndpoint } from '../../http/endpoint';
import { notFound } from '../../http/errors';
import { registerRecordEndpoints } from '../../http/record-endpoints';
import { sessionCacheFor } from '../sessions';
import { createGroup, deleteGroup, updateGroup } from './commands';
import { listGroups, loadGroup } from './repository';

/** Thin: each declared endpoint of the permission groups, its answer from the repository. */
export const permissionGroupRoutes: FastifyPluginAsync = async (app) => {
  // A create or update checks the keys against the employee making it (grant only held keys).
  const groups = registerRecordEndpoints(app, permissionGroupEndpoints, MESSAGES, {
    list: listGroups,
    load: loadGroup,
    remove: deleteGroup,
  });
  const group = groups.load;
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
    groups.options,
  );
};
