import { UnderConstruction } from 'shared-ui';
import { pageTitle } from '../../../utils/page-title';

/** /employee-permissions/permissions/edit/:id: a placeholder naming the page until its issue is built. */
export default function PermissionsEditPage() {
  return <UnderConstruction pageTitle={pageTitle('permissions.edit')} />;
}
