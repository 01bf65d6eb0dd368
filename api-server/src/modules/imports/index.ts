import { familyImportEndpoints } from 'shared-contracts/beneficiaries';
import type { ApiModule } from '../../http/api-module';
import { importsTablesMigration } from './migrations/2026_11_27_imports_tables';
import { importsMemberRowsMigration } from './migrations/2026_11_28_imports_member_rows';
import { importsRowQueuesMigration } from './migrations/2026_11_28_imports_row_queues';
import { importsReservedFileNumbersMigration } from './migrations/2026_12_06_imports_reserved_file_numbers';
import { importRoutes } from './routes';
import './tables';

/**
 * Importing the register from spreadsheets (docs/family-import.md): the template, the upload, and
 * (as a job) the validation of its rows against the families rules and the register.
 */
export const importsModule: ApiModule = {
  name: 'imports',
  routes: importRoutes,
  endpoints: [familyImportEndpoints],
  migrations: [
    importsTablesMigration,
    importsMemberRowsMigration,
    importsRowQueuesMigration,
    importsReservedFileNumbersMigration,
  ],
};
