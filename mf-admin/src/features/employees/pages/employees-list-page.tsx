import { useState } from 'react';
import type { Employee } from 'shared-contracts';
import { employeeEndpoints, employeeListQuery } from 'shared-contracts/admin';
import {
  Button,
  ListPage,
  pageTitle,
  useCanCall,
  useCurrentEmployee,
  useIsSuperAdmin,
  useListUrlState,
} from 'shared-ui';
import { useEmployeeList } from '../api/employees-api';
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

  const addButton = canCreate ? (
    <Button icon="plus" onClick={() => setFormTarget({ employee: null })}>
      إضافة موظف
    </Button>
  ) : null;

  return (
    <ListPage
      title={pageTitle('employees.list')}
      description="حسابات الموظفين وأدوارهم وصلاحياتهم."
      actions={addButton}
      filters={
        <EmployeeFilters
          search={list.state.search ?? ''}
          active={list.state.filter.active}
          onSearch={list.setSearch}
          onActiveChange={(active) => list.setFilter('active', active)}
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
        />
      ) : null}
      {toggling ? (
        <EmployeeActiveDialog employee={toggling} onClose={() => setToggling(null)} />
      ) : null}
    </ListPage>
  );
}
