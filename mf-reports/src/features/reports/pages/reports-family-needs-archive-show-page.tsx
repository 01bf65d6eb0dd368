import { UnderConstruction, pageTitle } from 'shared-ui';

/** /reports/family-needs/archive/:id: a placeholder naming the page until its issue is built. */
export default function ReportsFamilyNeedsArchiveShowPage() {
  return <UnderConstruction pageTitle={pageTitle('reports.family-needs.archive-show')} />;
}
