import { UnderConstruction, pageTitle } from 'shared-ui';

/** /employee-permissions/permissions/edit/:id: a placeholder naming the page until its issue is built. */
export default function PermissionsEditPage() {
  return <UnderConstruction pageTitle={pageTitle('permissions.edit')} />;
}
