import { UnderConstruction, pageTitle } from 'shared-ui';

/** /reports/financial-services/archive/:id: a placeholder naming the page until its issue is built. */
export default function ReportsFinancialServicesArchiveShowPage() {
  return <UnderConstruction pageTitle={pageTitle('reports.financial-services.archive-show')} />;
}
