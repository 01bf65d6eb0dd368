import { UnderConstruction, pageTitle } from 'shared-ui';

/** /employee-permissions/permissions/create: a placeholder naming the page until its issue is built. */
export default function PermissionsCreatePage() {
  return <UnderConstruction pageTitle={pageTitle('permissions.create')} />;
}
