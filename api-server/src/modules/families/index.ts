import { familyEndpoints } from 'shared-contracts/beneficiaries';
import type { ApiModule } from '../../http/api-module';
import { familyRoutes } from './routes';
import { seedFamilies } from './seed';
import './tables';
import { familiesBaseline } from './migrations/0002_beneficiaries';
import { memberSearchTextMigration } from './migrations/2026_11_26_families_member_search_text';
import { memberIncomeMigration } from './migrations/2026_11_27_families_member_income';

/** Families: the register, the creation wizard, the family page, duplicate checks; their memberships. */
export const familiesModule: ApiModule = {
  name: 'families',
  routes: familyRoutes,
  endpoints: [familyEndpoints],
  seed: seedFamilies,
  migrations: [familiesBaseline, memberSearchTextMigration, memberIncomeMigration],
};

// What the members and seasons modules build on.
export { lockFamilyRows, refreshFamilySummary } from './repository';
export {
  familyLabel,
  memberLabel,
  toMemberResource,
  visibilityFor,
  type MemberFamilyInfo,
  type Visibility,
} from './repository';
export { buildFamilySearchText } from './repository';
// An import's commit takes a batch's file numbers at once (docs/family-import.md).
export { reserveFileNumbers } from './repository';
export { FAMILY_API_MESSAGES } from './commands';
// What imports validate rows with (the same checks as POST /families), and the writes their
// commit runs inside its own transactions (a registration, a merge into a registered family).
export {
  assertNationalIdsFree,
  checkFamilyReferences,
  insertNewFamily,
  mergeIntoFamily,
  toFamilyWrite,
} from './commands';
export {
  DEMO_FAMILY_COUNT,
  demoFamilies,
  demoNationalId,
  FAMILY_FIXTURES,
  seededRandom,
} from './seed';
export type { FamilyMemberRow, FamilyRow } from './tables';
// What bulk actions run on each family (docs/bulk-actions.md): the single-item commands, the
// list's selection and the families' labels.
export { assignFamilyResearcher, changeFamilyStatus } from './commands';
export { familyIdsMatching, familyLabels } from './repository';
// The erasure answers with the family as it now reads.
export { loadFamilyDetail } from './repository';
