import { UnderConstruction, pageTitle } from 'shared-ui';

/** /reports/family-needs: a placeholder naming the page until its issue is built. */
export default function ReportsFamilyNeedsPage() {
  return <UnderConstruction pageTitle={pageTitle('reports.family-needs')} />;
}
