import { UnderConstruction, pageTitle } from 'shared-ui';

/** /reports/seminar/archive: a placeholder naming the page until its issue is built. */
export default function ReportsSeminarArchivePage() {
  return <UnderConstruction pageTitle={pageTitle('reports.seminar.archive')} />;
}
