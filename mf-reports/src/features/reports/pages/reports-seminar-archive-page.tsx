import { seminarReportEndpoints } from 'shared-contracts/reports';
import { ReportArchiveListPage } from '../kit';

/** /reports/seminar/archive: the stored copies of the seminar report. */
export default function ReportsSeminarArchivePage() {
  return (
    <ReportArchiveListPage kind="seminar" endpoints={seminarReportEndpoints} rowsHeader="الندوات" />
  );
}
