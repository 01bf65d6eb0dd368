import { serviceDepartmentListQuery, type ServiceDepartment } from 'shared-contracts/services';
import type { DataTableColumn } from 'shared-ui';
import { CatalogueActiveFilter, CatalogueListPage } from '../../../lib/components/catalogue-page';
import { IdFilterSelect } from '../../../lib/components/id-filter-select';
import { typesCountColumn } from '../../../lib/components/types-count-column';
import { serviceDepartmentsApi, useDepartmentManagers } from '../api/service-departments-api';
import { DEPARTMENT_NAMES, DepartmentFormDialog } from '../components/department-form-dialog';

const COLUMNS: readonly DataTableColumn<ServiceDepartment>[] = [
  { id: 'name', header: 'القطاع', sortable: true, cell: (row) => row.name },
  { id: 'manager', header: 'مدير القطاع', cell: (row) => row.manager?.name ?? '' },
  typesCountColumn(),
];

/** /services/service-departments: the sectors services are organised by, each with its manager. */
export default function ServiceDepartmentsPage() {
  const managers = useDepartmentManagers();

  return (
    <CatalogueListPage
      pageId="services.departments"
      names={DEPARTMENT_NAMES}
      description="قطاعات الخدمات (الرعاية الاجتماعية، الصحة، التعليم…) ومدير كل قطاع."
      searchPlaceholder="اسم القطاع"
      emptyDescription="أضف القطاعات ثم صنّف أنواع الخدمات تحتها."
      listQuery={serviceDepartmentListQuery}
      api={serviceDepartmentsApi}
      columns={COLUMNS}
      filters={(list) => (
        <>
          <CatalogueActiveFilter list={list} />
          <IdFilterSelect
            label="مدير القطاع"
            all="كل المديرين"
            items={managers.data}
            value={list.state.filter.manager_id}
            onChange={(id) => list.setFilter('manager_id', id)}
          />
        </>
      )}
      renderForm={(department, onClose) => (
        <DepartmentFormDialog
          key={department?.id ?? 'new'}
          department={department}
          onClose={onClose}
        />
      )}
    />
  );
}
