import { UnderConstruction } from 'shared-ui';
import { pageTitle } from '../../../utils/page-title';

/** /financial/report: a placeholder naming the page until its issue is built. */
export default function FinancialReportPage() {
  return <UnderConstruction pageTitle={pageTitle('financial.report')} />;
}
