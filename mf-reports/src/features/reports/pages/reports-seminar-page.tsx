import { UnderConstruction, pageTitle } from 'shared-ui';

/** /reports/seminar: a placeholder naming the page until its issue is built. */
export default function ReportsSeminarPage() {
  return <UnderConstruction pageTitle={pageTitle('reports.seminar')} />;
}
