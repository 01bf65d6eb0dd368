import type { FastifyPluginAsync } from 'fastify';
import { organisationEndpoints } from 'shared-contracts/beneficiaries';
import type { ApiModule } from '../../http/api-module';
import { registerRecordEndpoints } from '../../http/record-endpoints';
import { loadLookups } from '../lookups';
import {
  createOrganisation,
  listOrganisations,
  loadOrganisation,
  ORGANISATION_API_MESSAGES as M,
  updateOrganisation,
} from './repository';
import { organisationsBaseline } from './migrations/0002_beneficiaries';
import { seedOrganisations } from './seed';
import './tables';

/** Thin: each declared endpoint, its answer from the repository. */
const organisationRoutes: FastifyPluginAsync = async (app) => {
  // Every read and write resolves the lookups' codes (organisation types, cities) afresh.
  registerRecordEndpoints(app, organisationEndpoints, M, {
    list: async (db, query) => listOrganisations(db, query, await loadLookups(db)),
    load: async (db, id) => loadOrganisation(db, id, await loadLookups(db)),
    create: async (db, body, author) => createOrganisation(db, body, await loadLookups(db), author),
    update: async (db, id, body, author) =>
      updateOrganisation(db, id, body, await loadLookups(db), author),
  });
};

/** Organisations (donors, partners, government bodies, suppliers, volunteer bodies) and their agreements. */
export const organisationsModule: ApiModule = {
  name: 'organisations',
  routes: organisationRoutes,
  endpoints: [organisationEndpoints],
  seed: seedOrganisations,
  migrations: [organisationsBaseline],
};

export { ORGANISATION_API_MESSAGES, organisationExists, organisationIdByName } from './repository';
export { ORGANISATION_FIXTURES } from './seed';
