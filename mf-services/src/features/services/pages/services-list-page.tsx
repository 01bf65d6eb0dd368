import { UnderConstruction, pageTitle } from 'shared-ui';

/** /services: a placeholder naming the page until its issue is built. */
export default function ServicesListPage() {
  return <UnderConstruction pageTitle={pageTitle('services.list')} />;
}
