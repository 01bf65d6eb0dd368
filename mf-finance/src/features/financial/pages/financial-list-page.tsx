import { UnderConstruction, pageTitle } from 'shared-ui';

/** /financial: a placeholder naming the page until its issue is built. */
export default function FinancialListPage() {
  return <UnderConstruction pageTitle={pageTitle('financial.list')} />;
}
