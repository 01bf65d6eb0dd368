import { UnderConstruction, pageTitle } from 'shared-ui';

/** /reports/services/archive: a placeholder naming the page until its issue is built. */
export default function ReportsServicesArchivePage() {
  return <UnderConstruction pageTitle={pageTitle('reports.services.archive')} />;
}
