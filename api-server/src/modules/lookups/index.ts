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

// The editable named lookups of other modules (seminar types, survey types, the services
// catalogue's lists): their shared commands and reads.
export {
  assertUniqueName,
  deletedChanges,
  describedLookupAudited,
  describedLookupColumns,
  describedLookupItem,
  namedLookupCommands,
  type AuditedFields,
  type DescribedLookupInput,
  type DescribedLookupRow,
  type NamedColumns,
  type NamedLookupCommands,
  type NamedLookupSpec,
} from './commands';
export {
  namedLookupReads,
  type NamedLookupListQuery,
  type NamedLookupReadSpec,
  type NamedTable,
} from './repository';
