import {
  financialServicesReportEndpoints,
  financialServicesReportQuerySchema,
} from 'shared-contracts/reports';
import { FinancialServicesBody } from '../components/financial-services-body';
import { FinancialServicesFilters } from '../components/financial-services-filters';
import { LiveReportPage } from '../kit';

/**
 * /reports/financial-services: the money spent through the services delivered in the period,
 * by type, department and axis, per family and beneficiary, against season budgets.
 */
export default function ReportsFinancialServicesPage() {
  return (
    <LiveReportPage
      kind="financial-services"
      endpoints={financialServicesReportEndpoints}
      schema={financialServicesReportQuerySchema}
      filters={FinancialServicesFilters}
      body={FinancialServicesBody}
      loadingLabel="جارٍ حساب تقرير الخدمات المالية..."
    />
  );
}
