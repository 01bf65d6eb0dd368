import { UnderConstruction } from 'shared-ui';
import { pageTitle } from '../../../utils/page-title';

/** /financial: a placeholder naming the page until its issue is built. */
export default function FinancialListPage() {
  return <UnderConstruction pageTitle={pageTitle('financial.list')} />;
}
