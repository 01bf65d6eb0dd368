import { surveyReportEndpoints, surveyReportQuerySchema } from 'shared-contracts/reports';
import { SurveyBody } from '../components/survey-body';
import { SurveyFilters } from '../components/survey-filters';
import { LiveReportPage } from '../kit';

/**
 * /reports/survey: per survey in the period, its responses and per-question results, with the
 * satisfaction by month (the kit gives print, export and archiving).
 */
export default function ReportsSurveyPage() {
  return (
    <LiveReportPage
      kind="survey"
      endpoints={surveyReportEndpoints}
      schema={surveyReportQuerySchema}
      filters={SurveyFilters}
      body={SurveyBody}
      loadingLabel="جارٍ حساب نتائج الاستبيانات..."
    />
  );
}
