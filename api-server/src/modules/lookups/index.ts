import { lookupEndpoints } from 'shared-contracts/beneficiaries';
import type { ApiModule } from '../../http/api-module';
import { lookupsBaseline } from './migrations/0002_beneficiaries';
import { syncLookups } from './repository';
import { lookupRoutes } from './routes';
import './tables';

/** The beneficiaries lookup lists (kept in step with shared-contracts at every start) and the researchers. */
export const lookupsModule: ApiModule = {
  name: 'lookups',
  routes: lookupRoutes,
  endpoints: [lookupEndpoints],
  sync: syncLookups,
  migrations: [lookupsBaseline],
};

export {
  checkLookupCode,
  heldKey,
  isResearcher,
  loadLookups,
  LookupSet,
  LOOKUP_MESSAGES,
  syncLookups,
} from './repository';
export type { LookupRow } from './tables';
