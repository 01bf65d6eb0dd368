import { organisationEndpoints } from 'shared-contracts/beneficiaries';
import type { ApiModule } from '../../http/api-module';
import { organisationsBaseline } from './migrations/0002_beneficiaries';
import { organisationRoutes } from './routes';
import { seedOrganisations } from './seed';
import './tables';

/** Organisations (donors, partners, government bodies, suppliers, volunteer bodies) and their agreements. */
export const organisationsModule: ApiModule = {
  name: 'organisations',
  routes: organisationRoutes,
  endpoints: [organisationEndpoints],
  seed: seedOrganisations,
  migrations: [organisationsBaseline],
};

export { ORGANISATION_API_MESSAGES } from './commands';
export { organisationExists, organisationIdByName } from './repository';
export { ORGANISATION_FIXTURES } from './seed';
