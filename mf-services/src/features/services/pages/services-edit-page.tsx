import { UnderConstruction, pageTitle } from 'shared-ui';

/** /services/edit/:id: a placeholder naming the page until its issue is built. */
export default function ServicesEditPage() {
  return <UnderConstruction pageTitle={pageTitle('services.edit')} />;
}
