import { UnderConstruction, pageTitle } from 'shared-ui';

/** /financial/report: a placeholder naming the page until its issue is built. */
export default function FinancialReportPage() {
  return <UnderConstruction pageTitle={pageTitle('financial.report')} />;
}
