import { UnderConstruction, pageTitle } from 'shared-ui';

/** /reports/family-needs/archive: a placeholder naming the page until its issue is built. */
export default function ReportsFamilyNeedsArchivePage() {
  return <UnderConstruction pageTitle={pageTitle('reports.family-needs.archive')} />;
}
