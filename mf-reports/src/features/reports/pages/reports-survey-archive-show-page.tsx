import { UnderConstruction, pageTitle } from 'shared-ui';

/** /reports/survey/archive/:id: a placeholder naming the page until its issue is built. */
export default function ReportsSurveyArchiveShowPage() {
  return <UnderConstruction pageTitle={pageTitle('reports.survey.archive-show')} />;
}
