import { UnderConstruction, pageTitle } from 'shared-ui';

/** /services/service-departments: a placeholder naming the page until its issue is built. */
export default function ServicesDepartmentsPage() {
  return <UnderConstruction pageTitle={pageTitle('services.departments')} />;
}
