import { familyErasureEndpoints } from 'shared-contracts/resources/family-erasure-contracts';
import type { ApiModule } from '../../http/api-module';
import { familyErasureColumns } from './migrations/2026_12_06_family_erasure_columns';
import { familyErasureRoutes } from './routes';

/**
 * Erasure by anonymisation (docs/personal-data.md#erasure): destroys a family's personal data in
 * every module's records, keeps its file number, history and money.
 */
export const familyErasureModule: ApiModule = {
  name: 'family-erasure',
  routes: familyErasureRoutes,
  endpoints: [familyErasureEndpoints],
  migrations: [familyErasureColumns],
};

export { eraseFamily, type ErasureCheck } from './commands/anonymise';
