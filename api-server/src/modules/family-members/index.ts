import { memberEndpoints } from 'shared-contracts/beneficiaries';
import type { ApiModule } from '../../http/api-module';
import { memberMovesBaseline } from './migrations/0002_beneficiaries';
import { familyMemberRoutes } from './routes';
import './tables';

/** Family members across families: the members register, its export, moves between families. */
export const familyMembersModule: ApiModule = {
  name: 'family-members',
  routes: familyMemberRoutes,
  endpoints: [memberEndpoints],
  migrations: [memberMovesBaseline],
};

export { MEMBER_API_MESSAGES } from './commands';
export { birthDateBounds, bornOnOrBefore } from './repository';
