import { UnderConstruction } from 'shared-ui';
import { pageTitle } from '../../../utils/page-title';

/** /employee-permissions/permissions: a placeholder naming the page until its issue is built. */
export default function PermissionsListPage() {
  return <UnderConstruction pageTitle={pageTitle('permissions.list')} />;
}
