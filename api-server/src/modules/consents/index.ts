import { consentEndpoints } from 'shared-contracts/resources/consents-contracts';
import type { ApiModule } from '../../http/api-module';
import { consentsMigration } from './migrations/2026_12_06_consents_tables';
import { consentsFromFamilyForms } from './repository';
import { consentRoutes } from './routes';
import './tables';

/**
 * A family's consents, one record per purpose (docs/personal-data.md). Its seed turns the demo
 * families' form boxes into their first consents, as its migration does on an older database.
 */
export const consentsModule: ApiModule = {
  name: 'consents',
  routes: consentRoutes,
  endpoints: [consentEndpoints],
  migrations: [consentsMigration],
  seed: consentsFromFamilyForms,
};

// What partner exports read, and what the family form writes through (docs/personal-data.md).
export { hasCurrentConsent, listFamilyConsents, registrationConsentsInsert } from './repository';
export { syncFormConsents, FORM_WITHDRAWAL_REASON, type FormConsents } from './commands';
