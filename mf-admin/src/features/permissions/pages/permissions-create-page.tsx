import { PageHeader } from 'shared-ui';
import { PermissionGroupForm } from '../components/permission-group-form';

/** /employee-permissions/permissions/create: a new permission group. */
export default function PermissionsCreatePage() {
  return (
    <>
      <PageHeader
        title="إضافة مجموعة صلاحيات"
        description="مجموعة صلاحيات باسم (مثل «باحث اجتماعي») يُضاف إليها الموظفون فيملكون صلاحياتها."
      />
      <PermissionGroupForm group={null} />
    </>
  );
}
