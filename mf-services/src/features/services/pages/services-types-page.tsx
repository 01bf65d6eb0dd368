import { UnderConstruction, pageTitle } from 'shared-ui';

/** /services/service-types: a placeholder naming the page until its issue is built. */
export default function ServicesTypesPage() {
  return <UnderConstruction pageTitle={pageTitle('services.types')} />;
}
