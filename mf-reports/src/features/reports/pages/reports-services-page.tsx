import { UnderConstruction, pageTitle } from 'shared-ui';

/** /reports/services: a placeholder naming the page until its issue is built. */
export default function ReportsServicesPage() {
  return <UnderConstruction pageTitle={pageTitle('reports.services')} />;
}
