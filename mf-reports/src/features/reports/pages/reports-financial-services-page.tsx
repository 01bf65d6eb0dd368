import { UnderConstruction, pageTitle } from 'shared-ui';

/** /reports/financial-services: a placeholder naming the page until its issue is built. */
export default function ReportsFinancialServicesPage() {
  return <UnderConstruction pageTitle={pageTitle('reports.financial-services')} />;
}
