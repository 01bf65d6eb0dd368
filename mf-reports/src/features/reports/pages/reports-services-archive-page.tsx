import { servicesReportEndpoints } from 'shared-contracts/reports';
import { ReportArchiveListPage } from '../kit';

/** /reports/services/archive: the stored copies of the services report. */
export default function ReportsServicesArchivePage() {
  return (
    <ReportArchiveListPage
      kind="services"
      endpoints={servicesReportEndpoints}
      rowsHeader="أنواع الخدمات"
    />
  );
}
