import { UnderConstruction } from 'shared-ui';
import { pageTitle } from '../../../utils/page-title';

/** /services/edit/:id: a placeholder naming the page until its issue is built. */
export default function ServicesEditPage() {
  return <UnderConstruction pageTitle={pageTitle('services.edit')} />;
}
