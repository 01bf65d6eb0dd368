import { UnderConstruction } from 'shared-ui';
import { pageTitle } from '../../../utils/page-title';

/** /employee-permissions/permissions/create: a placeholder naming the page until its issue is built. */
export default function PermissionsCreatePage() {
  return <UnderConstruction pageTitle={pageTitle('permissions.create')} />;
}
