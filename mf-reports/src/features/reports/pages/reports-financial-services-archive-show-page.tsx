import {
  financialServicesReportEndpoints,
  type FinancialServicesReport,
} from 'shared-contracts/reports';
import { FinancialServicesBody } from '../components/financial-services-body';
import { ReportArchiveShowPage } from '../kit';

/** /reports/financial-services/archive/:id: an archived financial-services report, as stored. */
export default function ReportsFinancialServicesArchiveShowPage() {
  return (
    <ReportArchiveShowPage<FinancialServicesReport>
      kind="financial-services"
      endpoints={financialServicesReportEndpoints}
      body={FinancialServicesBody}
    />
  );
}
