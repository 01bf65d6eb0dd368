import {
  financialServicesReportQuerySchema,
  type FinancialServicesReportQuery,
} from 'shared-contracts/reports';
import { ServiceReportFilterForm } from './services-filters';

/** The financial-services report's filters: those of the services report. */
export function FinancialServicesFilters({
  query,
  onChange,
}: {
  query: FinancialServicesReportQuery;
  onChange: (query: FinancialServicesReportQuery) => void;
}) {
  return (
    <ServiceReportFilterForm
      schema={financialServicesReportQuerySchema}
      query={query}
      onChange={onChange}
    />
  );
}
