import { UnderConstruction } from 'shared-ui';
import { pageTitle } from '../../../utils/page-title';

/** /services/service-types: a placeholder naming the page until its issue is built. */
export default function ServicesTypesPage() {
  return <UnderConstruction pageTitle={pageTitle('services.types')} />;
}
