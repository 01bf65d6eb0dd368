import { surveyReportEndpoints } from 'shared-contracts/reports';
import { SurveyBody } from '../components/survey-body';
import { ReportArchiveShowPage } from '../kit';

/** /reports/survey/archive/:id: an archived survey report, exactly as stored. */
export default function ReportsSurveyArchiveShowPage() {
  return (
    <ReportArchiveShowPage kind="survey" endpoints={surveyReportEndpoints} body={SurveyBody} />
  );
}
