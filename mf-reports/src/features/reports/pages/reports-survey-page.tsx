import { UnderConstruction, pageTitle } from 'shared-ui';

/** /reports/survey: a placeholder naming the page until its issue is built. */
export default function ReportsSurveyPage() {
  return <UnderConstruction pageTitle={pageTitle('reports.survey')} />;
}
