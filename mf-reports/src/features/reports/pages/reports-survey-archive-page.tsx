import { surveyReportEndpoints } from 'shared-contracts/reports';
import { ReportArchiveListPage } from '../kit';

/** /reports/survey/archive: the stored copies of the survey report. */
export default function ReportsSurveyArchivePage() {
  return (
    <ReportArchiveListPage
      kind="survey"
      endpoints={surveyReportEndpoints}
      rowsHeader="الاستبيانات"
    />
  );
}
