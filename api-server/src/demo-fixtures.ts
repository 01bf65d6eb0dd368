/**
 * The demo data's named records, for tests, e2e and the README: the demo accounts (employees
 * module) and the beneficiaries fixtures (families, seasons and organisations modules), as the
 * modules' seeds create them on a new database with `SEED_DEMO`.
 */
import { DEMO_FAMILY_COUNT, FAMILY_FIXTURES } from './modules/families';
import { ORGANISATION_FIXTURES } from './modules/organisations';
import { SEASON_FIXTURES } from './modules/seasons';

export {
  DEMO_ACCOUNTS,
  DEMO_PASSWORD,
  SUPER_ADMIN_NAME,
  SUPER_ADMIN_ROLE,
  type DemoAccount,
} from './modules/employees';

/** Named records tests and e2e look for (all created by the demo seed). */
export const BENEFICIARY_FIXTURES = {
  ...FAMILY_FIXTURES,
  ...SEASON_FIXTURES,
  ...ORGANISATION_FIXTURES,
} as const;

export const BENEFICIARY_SEED_COUNTS = {
  families: DEMO_FAMILY_COUNT,
  organisations: 6,
  seasons: 2,
} as const;
