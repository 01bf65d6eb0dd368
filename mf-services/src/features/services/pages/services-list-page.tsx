import { UnderConstruction } from 'shared-ui';
import { pageTitle } from '../../../utils/page-title';

/** /services: a placeholder naming the page until its issue is built. */
export default function ServicesListPage() {
  return <UnderConstruction pageTitle={pageTitle('services.list')} />;
}
