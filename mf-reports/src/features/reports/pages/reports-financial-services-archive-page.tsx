import { financialServicesReportEndpoints } from 'shared-contracts/reports';
import { ReportArchiveListPage } from '../kit';

/** /reports/financial-services/archive: the stored copies of the financial-services report. */
export default function ReportsFinancialServicesArchivePage() {
  return (
    <ReportArchiveListPage
      kind="financial-services"
      endpoints={financialServicesReportEndpoints}
      rowsHeader="الأسر"
    />
  );
}
