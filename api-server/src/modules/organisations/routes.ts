import type { FastifyPluginAsync } from 'fastify';
import { organisationEndpoints } from 'shared-contracts/beneficiaries';
import { registerRecordEndpoints } from '../../http/record-endpoints';
import { loadLookups } from '../lookups';
import { createOrganisation, ORGANISATION_API_MESSAGES as M, updateOrganisation } from './commands';
import { listOrganisations, loadOrganisation } from './repository';

/** Thin: each declared endpoint, its answer from the repository. */
export const organisationRoutes: FastifyPluginAsync = async (app) => {
  // Every read and write resolves the lookups' codes (organisation types, cities) afresh.
  registerRecordEndpoints(app, organisationEndpoints, M, {
    list: async (db, query) => listOrganisations(db, query, await loadLookups(db)),
    load: async (db, id) => loadOrganisation(db, id, await loadLookups(db)),
    create: async (db, body, author) => createOrganisation(db, body, await loadLookups(db), author),
    update: async (db, id, body, author) =>
      updateOrganisation(db, id, body, await loadLookups(db), author),
  });
};
