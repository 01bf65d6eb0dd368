import { servicesReportEndpoints, servicesReportQuerySchema } from 'shared-contracts/reports';
import { ServicesBody } from '../components/services-body';
import { ServicesFilters } from '../components/services-filters';
import { LiveReportPage } from '../kit';

/**
 * /reports/services: the services requested in the period by status, type, department, axis
 * and month, their delivery times and the overdue ones (the kit gives print, export, archive).
 */
export default function ReportsServicesPage() {
  return (
    <LiveReportPage
      kind="services"
      endpoints={servicesReportEndpoints}
      schema={servicesReportQuerySchema}
      filters={ServicesFilters}
      body={ServicesBody}
      loadingLabel="جارٍ حساب تقرير الخدمات..."
    />
  );
}
