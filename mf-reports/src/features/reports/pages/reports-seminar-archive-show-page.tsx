import { UnderConstruction, pageTitle } from 'shared-ui';

/** /reports/seminar/archive/:id: a placeholder naming the page until its issue is built. */
export default function ReportsSeminarArchiveShowPage() {
  return <UnderConstruction pageTitle={pageTitle('reports.seminar.archive-show')} />;
}
