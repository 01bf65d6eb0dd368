import { useMemo, useState } from 'react';
import type { Employee } from 'shared-contracts';
import {
  Button,
  EmptyState,
  LOAD_ERROR_TITLE,
  PageHeader,
  QueryErrorState,
  useListUrlState,
  useCurrentEmployee,
  useIsSuperAdmin,
} from 'shared-ui';
import { ListPagination, listEmptyText } from '../../../lib/components/list-results';
import { pageTitle } from '../../../utils/page-title';
import { employeeListQuery, toEmployeeListParams } from '../api/employee-list-query';
import { EmployeeActiveDialog } from '../components/employee-active-dialog';
import { EmployeeFilters } from '../components/employee-filters';
import { EmployeeFormDialog } from '../components/employee-form-dialog';
import { EmployeesTable, SORTABLE_COLUMNS } from '../components/employees-table';
import { useEmployeeList } from '../hooks/use-employee-list';

/** The form dialog's target: a new employee, or the one being edited. */
type FormTarget = { employee: Employee | null };

/**
 * /employee-permissions: the employees list (server-side pagination, sorting, search and the
 * active filter, all in the URL), with add / edit in a dialog and a confirmed quick
 * activate / deactivate.
 */
export default function EmployeesListPage() {
  const list = useListUrlState(employeeListQuery);
  const params = useMemo(() => toEmployeeListParams(list.state), [list.state]);
  const employees = useEmployeeList(params);
  const { data: me } = useCurrentEmployee();
  const actorIsSuperAdmin = useIsSuperAdmin();
  const [formTarget, setFormTarget] = useState<FormTarget | null>(null);
  const [toggling, setToggling] = useState<Employee | null>(null);

  const addButton = (
    <Button icon="plus" onClick={() => setFormTarget({ employee: null })}>
      إضافة موظف
    </Button>
  );

  const renderContent = () => {
    if (employees.isError)
      return (
        <QueryErrorState
          title={LOAD_ERROR_TITLE}
          error={employees.error}
          onRetry={() => void employees.refetch()}
        />
      );
    const page = employees.data;
    if (page && page.meta.total === 0 && !list.hasFilters)
      return (
        <EmptyState
          title="لا يوجد موظفون بعد"
          description="أضف أول موظف وحدد صلاحياته."
          action={addButton}
        />
      );
    return (
      <>
        <EmployeesTable
          rows={page?.data ?? []}
          loading={employees.isFetching}
          sort={list.state.sort ? { id: list.state.sort, order: list.state.order } : undefined}
          onSortChange={(sort) => {
            const column = SORTABLE_COLUMNS.find((id) => id === sort.id);
            if (column) list.setSort(column, sort.order);
          }}
          currentEmployeeId={me?.id}
          actorIsSuperAdmin={actorIsSuperAdmin}
          {...listEmptyText(page, list, {
            title: 'لا توجد نتائج مطابقة',
            clearLabel: 'مسح البحث والتصفية',
          })}
          onEdit={(employee) => setFormTarget({ employee })}
          onToggleActive={setToggling}
        />
        <ListPagination meta={page?.meta} onPageChange={list.setPage} />
      </>
    );
  };

  return (
    <>
      <PageHeader
        title={pageTitle('employees.list')}
        description="حسابات الموظفين وأدوارهم وصلاحياتهم."
        actions={addButton}
      />
      <EmployeeFilters
        search={list.state.search ?? ''}
        active={list.state.filter.active}
        onSearch={list.setSearch}
        onActiveChange={(active) => list.setFilter('active', active)}
      />
      {renderContent()}
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
    </>
  );
}
