import { familyNeedsReportEndpoints, type FamilyNeedsReport } from 'shared-contracts/reports';
import { FamilyNeedsBody } from '../components/family-needs-body';
import { ReportArchiveShowPage } from '../kit';

const settingsNote = (report: FamilyNeedsReport) =>
  `بإصدار إعدادات السعرات ${report.calorie_settings.version_number}`;

/** /reports/family-needs/archive/:id: an archived family-needs report, exactly as stored. */
export default function ReportsFamilyNeedsArchiveShowPage() {
  return (
    <ReportArchiveShowPage
      kind="family-needs"
      endpoints={familyNeedsReportEndpoints}
      body={FamilyNeedsBody}
      note={settingsNote}
    />
  );
}
