import { familyImportEndpoints } from 'shared-contracts/beneficiaries';
import type { ApiModule } from '../../http/api-module';
import { importRoutes } from './routes';

/**
 * Importing the register from spreadsheets (docs/family-import.md): the template, then (as jobs)
 * the validation of an uploaded file and the creation of its families.
 */
export const importsModule: ApiModule = {
  name: 'imports',
  routes: importRoutes,
  endpoints: [familyImportEndpoints],
};
