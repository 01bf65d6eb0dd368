import { personalDataEndpoints } from 'shared-contracts/resources/personal-data-contracts';
import type { ApiModule } from '../../http/api-module';
import { personalDataRoutes } from './routes';

/**
 * A family's personal data as one download, the answer to a subject-access request
 * (docs/personal-data.md#the-data-export). No tables of its own: it reads every module's records
 * of the family and writes to the activity log and the family's access log.
 */
export const personalDataModule: ApiModule = {
  name: 'personal-data',
  routes: personalDataRoutes,
  endpoints: [personalDataEndpoints],
};
