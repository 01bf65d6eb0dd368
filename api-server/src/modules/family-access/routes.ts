import type { FastifyPluginAsync } from 'fastify';
import {
  FAMILY_ACCESS_MESSAGES as M,
  familyAccessEndpoints,
} from 'shared-contracts/resources/family-access-contracts';
import { registerEndpoint } from '../../http/endpoint';
import { notFound } from '../../http/errors';
import { familyExists, listFamilyAccess } from './repository';

/** Thin: the family's access log from the repository. */
export const familyAccessRoutes: FastifyPluginAsync = async (app) => {
  registerEndpoint(app, familyAccessEndpoints.familyList, async ({ params }) => {
    if (!(await familyExists(app.db, params.id))) throw notFound(M.familyNotFound);
    return { data: await listFamilyAccess(app.db, params.id) };
  });
};
