import { UnderConstruction, pageTitle } from 'shared-ui';

/** /reports/medical/archive/:id: a placeholder naming the page until its issue is built. */
export default function ReportsMedicalArchiveShowPage() {
  return <UnderConstruction pageTitle={pageTitle('reports.medical.archive-show')} />;
}
