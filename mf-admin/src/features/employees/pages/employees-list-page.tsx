import { useMemo, useState } from 'react';
import type { Employee } from 'shared-contracts';
import {
  Button,
  EmptyState,
  LOAD_ERROR_TITLE,
  PageHeader,
  Pagination,
  QueryErrorState,
  useListUrlState,
  useCurrentEmployee,
  useIsSuperAdmin,
} from 'shared-ui';
import { ListFooter } from '../../../lib/components/list-layout';
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
    const pastTheEnd = page !== undefined && page.data.length === 0 && page.meta.total > 0;
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
          emptyTitle={pastTheEnd ? 'لا توجد نتائج في هذه الصفحة' : 'لا توجد نتائج مطابقة'}
          emptyDescription={
            pastTheEnd ? (
              <Button size="sm" variant="secondary" onClick={() => list.setPage(1)}>
                الانتقال إلى الصفحة الأولى
              </Button>
            ) : (
              <Button size="sm" variant="secondary" onClick={list.clearFilters}>
                مسح البحث والتصفية
              </Button>
            )
          }
          onEdit={(employee) => setFormTarget({ employee })}
          onToggleActive={setToggling}
        />
        {page ? (
          <ListFooter>
            <Pagination
              page={page.meta.page}
              lastPage={page.meta.last_page}
              total={page.meta.total}
              onPageChange={list.setPage}
            />
          </ListFooter>
        ) : null}
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
