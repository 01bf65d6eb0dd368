import { UnderConstruction } from 'shared-ui';
import { pageTitle } from '../../../utils/page-title';

/** /reports/services/archive/:id: a placeholder naming the page until its issue is built. */
export default function ReportsServicesArchiveShowPage() {
  return <UnderConstruction pageTitle={pageTitle('reports.services.archive-show')} />;
}
