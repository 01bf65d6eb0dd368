import { UnderConstruction, pageTitle } from 'shared-ui';

/** /employee-permissions/permissions: a placeholder naming the page until its issue is built. */
export default function PermissionsListPage() {
  return <UnderConstruction pageTitle={pageTitle('permissions.list')} />;
}
