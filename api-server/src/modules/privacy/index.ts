import { privacyEndpoints } from 'shared-contracts/resources/privacy-contracts';
import type { ApiModule } from '../../http/api-module';
import { privacyRetentionSettings } from './migrations/2026_12_06_privacy_retention_settings';
import { privacyRoutes } from './routes';
import './tables';

/**
 * «حماية البيانات» (docs/personal-data.md#retention): the retention setting and the families
 * due for anonymisation under it. Their erasure in bulk is the bulk-actions module's, through
 * the family-erasure module's command and `assertStillDue` here.
 */
export const privacyModule: ApiModule = {
  name: 'privacy',
  routes: privacyRoutes,
  endpoints: [privacyEndpoints],
  migrations: [privacyRetentionSettings],
};

export { assertStillDue, countDueFamilies, dueFamilyIdsMatching } from './commands';
