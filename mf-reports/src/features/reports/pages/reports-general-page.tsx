import { UnderConstruction, pageTitle } from 'shared-ui';

/** /reports: a placeholder naming the page until its issue is built. */
export default function ReportsGeneralPage() {
  return <UnderConstruction pageTitle={pageTitle('reports.general')} />;
}
