import { UnderConstruction, pageTitle } from 'shared-ui';

/** /services/service-axises: a placeholder naming the page until its issue is built. */
export default function ServicesAxesPage() {
  return <UnderConstruction pageTitle={pageTitle('services.axes')} />;
}
