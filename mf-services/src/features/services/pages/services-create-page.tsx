import { UnderConstruction } from 'shared-ui';
import { pageTitle } from '../../../utils/page-title';

/** /services/create: a placeholder naming the page until its issue is built. */
export default function ServicesCreatePage() {
  return <UnderConstruction pageTitle={pageTitle('services.create')} />;
}
