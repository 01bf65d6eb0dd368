import { seminarReportEndpoints } from 'shared-contracts/reports';
import { SeminarBody } from '../components/seminar-body';
import { ReportArchiveShowPage } from '../kit';

/** /reports/seminar/archive/:id: an archived seminar report, exactly as stored. */
export default function ReportsSeminarArchiveShowPage() {
  return (
    <ReportArchiveShowPage kind="seminar" endpoints={seminarReportEndpoints} body={SeminarBody} />
  );
}
