import {
  financeOptionEndpoints,
  financialCategoryEndpoints,
  financialRecordEndpoints,
  financialReportEndpoints,
} from 'shared-contracts/finance';
import type { ApiModule } from '../../http/api-module';
import { financeMigration } from './migrations/2026_11_24_finance_tables';
import { financeRoutes } from './routes';
import { seedFinance } from './seed';
import './tables';

/** Finance: the ledger of financial records (with reversals and the zakat rule), its categories and the report. */
export const financeModule: ApiModule = {
  name: 'finance',
  routes: financeRoutes,
  endpoints: [
    financialRecordEndpoints,
    financeOptionEndpoints,
    financialCategoryEndpoints,
    financialReportEndpoints,
  ],
  migrations: [financeMigration],
  seed: seedFinance,
};

// The family's records, for its data export (docs/personal-data.md#the-data-export).
export { recordExportRows } from './repository';
