import { useState } from 'react';
import { countOf, PERMISSION_KEYS, readApiError } from 'shared-contracts';
import {
  PERMISSION_GROUP_SORTABLE,
  permissionGroupEndpoints,
  permissionGroupListQuery,
  permissionLabel,
  type PermissionGroup,
} from 'shared-contracts/admin';
import {
  Button,
  ConfirmDialog,
  ListFilterBar,
  ListPage,
  PageButtonLink,
  PageLink,
  pageHeader,
  useCanCall,
  useListUrlState,
  useToast,
  type DataTableColumn,
} from 'shared-ui';
import { useDeleteGroup, useGroupList } from '../api/permission-groups-api';

function columns(
  onDelete: ((group: PermissionGroup) => void) | null,
): DataTableColumn<PermissionGroup>[] {
  return [
    {
      id: 'name',
      header: 'المجموعة',
      sortable: true,
      card: 'title',
      text: (group) => group.name,
      cell: (group) => (
        <PageLink pageId="permissions.edit" params={{ id: group.id }}>
          {group.name}
        </PageLink>
      ),
    },
    {
      id: 'description',
      header: 'الوصف',
      truncate: true,
      cell: (group) => group.description ?? '',
    },
    {
      id: 'permissions',
      header: 'الصلاحيات',
      truncate: '24rem',
      text: (group) => group.permissions.map(permissionLabel).join('، '),
      cell: (group) =>
        group.permissions.length === PERMISSION_KEYS.length
          ? 'كل الصلاحيات'
          : group.permissions.map(permissionLabel).join('، '),
    },
    {
      id: 'members_count',
      header: 'الأعضاء',
      align: 'end',
      cell: (group) => countOf(group.members_count, 'employee'),
    },
    ...(onDelete
      ? [
          {
            id: 'actions',
            header: 'إجراءات',
            card: false,
            cell: (group: PermissionGroup) => (
              <Button
                size="sm"
                variant="ghost"
                icon="trash"
                disabled={group.members_count > 0}
                aria-label={`حذف المجموعة ${group.name}`}
                title={group.members_count > 0 ? 'لا تُحذف مجموعة ينتمي إليها موظفون' : undefined}
                onClick={() => onDelete(group)}
              >
                حذف
              </Button>
            ),
          } satisfies DataTableColumn<PermissionGroup>,
        ]
      : []),
  ];
}

/**
 * /employee-permissions/permissions: the permission groups, what they grant and how many
 * employees belong to each. A group in use cannot be deleted (the API says so too).
 */
export default function PermissionsListPage() {
  const list = useListUrlState(permissionGroupListQuery);
  const query = useGroupList(list.params);
  const canDelete = useCanCall(permissionGroupEndpoints.delete);
  const remove = useDeleteGroup();
  const { toast } = useToast();
  const [deleting, setDeleting] = useState<PermissionGroup | null>(null);

  const confirmDelete = async () => {
    if (!deleting) return;
    const group = deleting;
    setDeleting(null);
    try {
      const answer = await remove(group.id);
      toast({ title: answer.message, description: group.name });
    } catch (error) {
      toast({ title: readApiError(error, 'تعذر حذف المجموعة').message, variant: 'destructive' });
    }
  };

  return (
    <ListPage<PermissionGroup, (typeof PERMISSION_GROUP_SORTABLE)[number]>
      {...pageHeader('permissions.list')}
      actions={
        <>
          <PageButtonLink pageId="permissions.create" icon="plus">
            إضافة مجموعة
          </PageButtonLink>
          <PageButtonLink pageId="employees.list" icon="employees" variant="secondary">
            الموظفون
          </PageButtonLink>
        </>
      }
      filters={
        <ListFilterBar
          list={list}
          label="تصفية المجموعات"
          searchPlaceholder="اسم المجموعة أو وصفها"
        />
      }
      list={list}
      sortable={PERMISSION_GROUP_SORTABLE}
      query={query}
      loadingLabel="جارٍ تحميل مجموعات الصلاحيات..."
      empty={{
        title: 'لا توجد مجموعات صلاحيات بعد',
        description: 'أنشئ مجموعة ثم أضف إليها الموظفين.',
      }}
      caption="مجموعات الصلاحيات"
      rowKey="id"
      columns={columns(canDelete ? setDeleting : null)}
      emptyTitle="لا توجد مجموعات مطابقة"
    >
      <ConfirmDialog
        open={deleting !== null}
        title="حذف مجموعة الصلاحيات؟"
        message={deleting ? `ستُحذف المجموعة «${deleting.name}». لا يمكن التراجع عن الحذف.` : ''}
        confirmLabel="حذف المجموعة"
        destructive
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
    </ListPage>
  );
}
