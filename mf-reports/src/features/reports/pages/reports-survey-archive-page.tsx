import { UnderConstruction, pageTitle } from 'shared-ui';

/** /reports/survey/archive: a placeholder naming the page until its issue is built. */
export default function ReportsSurveyArchivePage() {
  return <UnderConstruction pageTitle={pageTitle('reports.survey.archive')} />;
}
