import { UnderConstruction, pageTitle } from 'shared-ui';

/** /reports/medical/archive: a placeholder naming the page until its issue is built. */
export default function ReportsMedicalArchivePage() {
  return <UnderConstruction pageTitle={pageTitle('reports.medical.archive')} />;
}
