import { servicesReportEndpoints, type ServicesReport } from 'shared-contracts/reports';
import { formatDate } from 'shared-ui';
import { ServicesBody } from '../components/services-body';
import { ReportArchiveShowPage } from '../kit';

const asOfNote = (report: ServicesReport) => `والتأخر محسوب في ${formatDate(report.as_of)}`;

/** /reports/services/archive/:id: an archived services report, exactly as stored. */
export default function ReportsServicesArchiveShowPage() {
  return (
    <ReportArchiveShowPage
      kind="services"
      endpoints={servicesReportEndpoints}
      body={ServicesBody}
      note={asOfNote}
    />
  );
}
