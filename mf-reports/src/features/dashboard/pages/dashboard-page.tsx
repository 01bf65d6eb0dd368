import { UnderConstruction } from 'shared-ui';
import { pageTitle } from '../../../utils/page-title';

/** /dashboard: a placeholder naming the page until its issue is built. */
export default function DashboardPage() {
  return <UnderConstruction pageTitle={pageTitle('dashboard')} />;
}
