import { UnderConstruction, pageTitle } from 'shared-ui';

/** /dashboard: a placeholder naming the page until its issue is built. */
export default function DashboardPage() {
  return <UnderConstruction pageTitle={pageTitle('dashboard')} />;
}
