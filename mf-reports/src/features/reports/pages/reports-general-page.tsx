import { UnderConstruction } from 'shared-ui';
import { pageTitle } from '../../../utils/page-title';

/** /reports: a placeholder naming the page until its issue is built. */
export default function ReportsGeneralPage() {
  return <UnderConstruction pageTitle={pageTitle('reports.general')} />;
}
