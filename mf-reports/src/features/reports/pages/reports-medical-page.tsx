import { UnderConstruction, pageTitle } from 'shared-ui';

/** /reports/medical: a placeholder naming the page until its issue is built. */
export default function ReportsMedicalPage() {
  return <UnderConstruction pageTitle={pageTitle('reports.medical')} />;
}
