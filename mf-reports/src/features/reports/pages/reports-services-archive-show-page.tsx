import { UnderConstruction, pageTitle } from 'shared-ui';

/** /reports/services/archive/:id: a placeholder naming the page until its issue is built. */
export default function ReportsServicesArchiveShowPage() {
  return <UnderConstruction pageTitle={pageTitle('reports.services.archive-show')} />;
}
