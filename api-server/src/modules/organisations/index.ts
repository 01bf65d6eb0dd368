import type { FastifyPluginAsync } from 'fastify';
import { organisationEndpoints } from 'shared-contracts/beneficiaries';
import type { ApiModule } from '../../http/api-module';
import { registerEndpoint } from '../../http/endpoint';
import { notFound, orNotFound } from '../../http/errors';
import { pageEnvelope } from '../../http/pagination';
import { loadLookups } from '../lookups';
import {
  createOrganisation,
  listOrganisations,
  loadOrganisation,
  ORGANISATION_API_MESSAGES as M,
  updateOrganisation,
} from './repository';
import { seedOrganisations } from './seed';
import './tables';

/** Thin: each declared endpoint, its answer from the repository. */
const organisationRoutes: FastifyPluginAsync = async (app) => {
  const options = { notFound: M.notFound };
  const answer = async (id: number) => orNotFound(await loadOrganisation(app.db, id, await loadLookups(app.db)), M.notFound);

  registerEndpoint(app, organisationEndpoints.list, async ({ query }) => {
    const { rows, total } = await listOrganisations(app.db, query, await loadLookups(app.db));
    return pageEnvelope(rows, query, total);
  });

  registerEndpoint(app, organisationEndpoints.show, async ({ params }) => ({ data: await answer(params.id) }), options);

  registerEndpoint(app, organisationEndpoints.create, async ({ body, author }) => {
    const id = await createOrganisation(app.db, body, await loadLookups(app.db), author());
    return { message: M.created, data: await answer(id) };
  });

  registerEndpoint(
    app,
    organisationEndpoints.update,
    async ({ params, body, author }) => {
      if (!(await updateOrganisation(app.db, params.id, body, await loadLookups(app.db), author()))) throw notFound(M.notFound);
      return { message: M.updated, data: await answer(params.id) };
    },
    options,
  );
};

/** Organisations (donors, partners, government bodies, suppliers, volunteer bodies) and their agreements. */
export const organisationsModule: ApiModule = {
  name: 'organisations',
  routes: organisationRoutes,
  endpoints: [organisationEndpoints],
  seed: seedOrganisations,
};

export { ORGANISATION_API_MESSAGES, organisationExists, organisationIdByName } from './repository';
export { ORGANISATION_FIXTURES } from './seed';
