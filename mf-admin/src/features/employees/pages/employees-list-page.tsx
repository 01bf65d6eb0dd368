import { useState } from 'react';
import {
  employeeEndpoints,
  employeeListQuery,
  type AdminEmployee as Employee,
} from 'shared-contracts/admin';
import {
  Button,
  ListPage,
  PageButtonLink,
  pageHeader,
  useCanCall,
  useCurrentEmployee,
  useIsSuperAdmin,
  useListUrlState,
} from 'shared-ui';
import { useAllGroups, useEmployeeList } from '../api/employees-api';
import { EmployeeActiveDialog } from '../components/employee-active-dialog';
import { employeeColumns, SORTABLE_COLUMNS } from '../components/employee-columns';
import { EmployeeFilters } from '../components/employee-filters';
import { EmployeeFormDialog } from '../components/employee-form-dialog';

/** The form dialog's target: a new employee, or the one being edited. */
type FormTarget = { employee: Employee | null };

/**
 * /employee-permissions: the employees list (server-side pagination, sorting, search and the
 * active filter, all in the URL), with add / edit in a dialog and a confirmed quick
 * activate / deactivate.
 */
export default function EmployeesListPage() {
  const list = useListUrlState(employeeListQuery);
  const employees = useEmployeeList(list.params);
  const { data: me } = useCurrentEmployee();
  const actorIsSuperAdmin = useIsSuperAdmin();
  const canCreate = useCanCall(employeeEndpoints.create);
  const canEdit = useCanCall(employeeEndpoints.update);
  const [formTarget, setFormTarget] = useState<FormTarget | null>(null);
  const [toggling, setToggling] = useState<Employee | null>(null);
  const groups = useAllGroups();

  const addButton = canCreate ? (
    <Button icon="plus" onClick={() => setFormTarget({ employee: null })}>
      إضافة موظف
    </Button>
  ) : null;

  return (
    <ListPage
      {...pageHeader('employees.list')}

      actions={
        <>
          {addButton}
          <PageButtonLink pageId="permissions.list" icon="settings" variant="secondary">
            مجموعات الصلاحيات
          </PageButtonLink>
        </>
      }
      filters={
        <EmployeeFilters
          search={list.state.search ?? ''}
          active={list.state.filter.active}
          groupId={list.state.filter.group_id}
          role={list.state.filter.role}
          groupOptions={(groups.data?.data ?? []).map((group) => ({
            value: group.id,
            label: group.name,
          }))}
          onSearch={list.setSearch}
          onActiveChange={(active) => list.setFilter('active', active)}
          onGroupChange={(groupId) => list.setFilter('group_id', groupId)}
          onRoleChange={(role) => list.setFilter('role', role)}
        />
      }
      list={list}
      sortable={SORTABLE_COLUMNS}
      query={employees}
      loadingLabel="جارٍ تحميل الموظفين..."
      empty={{
        title: 'لا يوجد موظفون بعد',
        description: 'أضف أول موظف وحدد صلاحياته.',
        action: addButton,
      }}
      caption="قائمة الموظفين"
      rowKey="id"
      columns={employeeColumns({
        currentEmployeeId: me?.id,
        actorIsSuperAdmin,
        canEdit,
        onEdit: (employee) => setFormTarget({ employee }),
        onToggleActive: setToggling,
      })}
      emptyTitle="لا توجد نتائج مطابقة"
      emptyDescription={
        <Button size="sm" variant="secondary" onClick={list.clearFilters}>
          مسح البحث والتصفية
        </Button>
      }
    >
      {formTarget ? (
        <EmployeeFormDialog
          key={formTarget.employee?.id ?? 'new'}
          employee={formTarget.employee}
          onClose={() => setFormTarget(null)}
          // A new employee used to land on the last page, out of sight.
          onCreated={() => list.setSort('created_at', 'desc')}
        />
      ) : null}
      {toggling ? (
        <EmployeeActiveDialog employee={toggling} onClose={() => setToggling(null)} />
      ) : null}
    </ListPage>
  );
}
