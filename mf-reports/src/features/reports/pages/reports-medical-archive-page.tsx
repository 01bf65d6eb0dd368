import { medicalReportEndpoints } from 'shared-contracts/reports';
import { ReportArchiveListPage } from '../kit';

/** /reports/medical/archive: the stored copies of the medical report. */
export default function ReportsMedicalArchivePage() {
  return (
    <ReportArchiveListPage kind="medical" endpoints={medicalReportEndpoints} rowsHeader="الصفوف" />
  );
}
