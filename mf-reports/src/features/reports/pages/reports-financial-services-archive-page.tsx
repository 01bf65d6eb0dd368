import { UnderConstruction, pageTitle } from 'shared-ui';

/** /reports/financial-services/archive: a placeholder naming the page until its issue is built. */
export default function ReportsFinancialServicesArchivePage() {
  return <UnderConstruction pageTitle={pageTitle('reports.financial-services.archive')} />;
}
