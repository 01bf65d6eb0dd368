import { UnderConstruction, pageTitle } from 'shared-ui';

/** /services/create: a placeholder naming the page until its issue is built. */
export default function ServicesCreatePage() {
  return <UnderConstruction pageTitle={pageTitle('services.create')} />;
}
