import {
  financialServicesReportQuerySchema,
  type FinancialServicesReportQuery,
} from 'shared-contracts/reports';
import type { ReportFiltersProps } from '../kit';
import { ServiceReportFilterForm } from './services-filters';

/** The financial-services report's filters: those of the services report. */
export function FinancialServicesFilters(props: ReportFiltersProps<FinancialServicesReportQuery>) {
  return <ServiceReportFilterForm schema={financialServicesReportQuerySchema} {...props} />;
}
