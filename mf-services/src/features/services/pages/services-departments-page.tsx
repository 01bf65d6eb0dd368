import { UnderConstruction } from 'shared-ui';
import { pageTitle } from '../../../utils/page-title';

/** /services/service-departments: a placeholder naming the page until its issue is built. */
export default function ServicesDepartmentsPage() {
  return <UnderConstruction pageTitle={pageTitle('services.departments')} />;
}
