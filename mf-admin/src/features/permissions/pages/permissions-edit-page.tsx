import { PageHeader, RecordFromRoute } from 'shared-ui';
import { GROUP_RECORD } from '../api/permission-groups-api';
import { GroupMembers } from '../components/group-members';
import { PermissionGroupForm } from '../components/permission-group-form';

/** /employee-permissions/permissions/edit/:id: a group's keys, and who belongs to it. */
export default function PermissionsEditPage() {
  return (
    <RecordFromRoute {...GROUP_RECORD}>
      {(group) => (
        <>
          <PageHeader
            title={`تعديل مجموعة الصلاحيات: ${group.name}`}
            description={group.description ?? undefined}
          />
          <PermissionGroupForm key={group.id} group={group} />
          <GroupMembers members={group.members ?? []} />
        </>
      )}
    </RecordFromRoute>
  );
}
