import type { FastifyPluginAsync } from 'fastify';
import { todayIso } from 'shared-contracts';
import {
  FAMILY_ERASURE_MESSAGES as M,
  familyErasureEndpoints,
} from 'shared-contracts/resources/family-erasure-contracts';
import { registerEndpoint } from '../../http/endpoint';
import { orNotFound } from '../../http/errors';
import { loadFamilyDetail, visibilityFor } from '../families';
import { loadLookups } from '../lookups';
import { anonymiseFamily } from './commands/anonymise';

/** Thin: the erasure command, then the family as it now reads. */
export const familyErasureRoutes: FastifyPluginAsync = async (app) => {
  registerEndpoint(
    app,
    familyErasureEndpoints.anonymise,
    async ({ params, body, auth, author }) => {
      await anonymiseFamily(app.db, app.files, author(), params.id, body);
      const loaded = orNotFound(
        await loadFamilyDetail(
          app.db,
          params.id,
          await loadLookups(app.db),
          visibilityFor(auth().employee),
          todayIso(),
        ),
        M.notFound,
      );
      return { message: M.done, data: loaded.detail, warnings: [] };
    },
    { notFound: M.notFound },
  );
};
