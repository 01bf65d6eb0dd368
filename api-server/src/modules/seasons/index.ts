import { seasonEndpoints } from 'shared-contracts/beneficiaries';
import type { ApiModule } from '../../http/api-module';
import { seasonsBaseline } from './migrations/0002_beneficiaries';
import { seasonRoutes } from './routes';
import { seedSeasons } from './seed';
import './tables';

/** Seasonal programmes: the season and its workflow, enrolled families, handovers, printable lists. */
export const seasonsModule: ApiModule = {
  name: 'seasons',
  routes: seasonRoutes,
  endpoints: [seasonEndpoints],
  seed: seedSeasons,
  migrations: [seasonsBaseline],
};

export { SEASON_API_MESSAGES, distribute, enrolFamilies, excludeBeneficiary } from './commands';
export { beneficiaryIdsMatching, beneficiaryLabels, findSeasonName } from './repository';
export { SEASON_FIXTURES } from './seed';
