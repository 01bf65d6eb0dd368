import { familyNeedsReportEndpoints } from 'shared-contracts/reports';
import { ReportArchiveListPage } from '../kit';

/** /reports/family-needs/archive: the stored copies of the family-needs report. */
export default function ReportsFamilyNeedsArchivePage() {
  return (
    <ReportArchiveListPage
      kind="family-needs"
      endpoints={familyNeedsReportEndpoints}
      rowsHeader="الأسر"
    />
  );
}
