import { UnderConstruction } from 'shared-ui';
import { pageTitle } from '../../../utils/page-title';

/** /employee-permissions: a placeholder naming the page until its issue is built. */
export default function EmployeesListPage() {
  return <UnderConstruction pageTitle={pageTitle('employees.list')} />;
}
