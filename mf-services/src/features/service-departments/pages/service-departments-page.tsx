import {
  SERVICE_DEPARTMENT_SORTABLE,
  serviceDepartmentEndpoints,
  serviceDepartmentListQuery,
  type ServiceDepartment,
} from 'shared-contracts/services';
import {
  ListFilterBar,
  pageTitle,
  useListUrlState,
  type DataTableColumn,
  ActiveFilter,
  LookupListPage,
} from 'shared-ui';
import { typesCountColumn } from '../../../lib/components/types-count-column';
import { IdFilterSelect } from '../../../lib/components/id-filter-select';
import {
  useDepartmentActions,
  useDepartmentList,
  useDepartmentManagers,
} from '../api/service-departments-api';
import { DepartmentFormDialog } from '../components/department-form-dialog';

const COLUMNS: readonly DataTableColumn<ServiceDepartment>[] = [
  { id: 'name', header: 'القطاع', sortable: true, cell: (row) => row.name },
  { id: 'manager', header: 'مدير القطاع', cell: (row) => row.manager?.name ?? '' },
  typesCountColumn(),
];

/** /services/service-departments: the sectors services are organised by, each with its manager. */
export default function ServiceDepartmentsPage() {
  const list = useListUrlState(serviceDepartmentListQuery);
  const query = useDepartmentList(list.params);
  const managers = useDepartmentManagers();
  const actions = useDepartmentActions();

  return (
    <LookupListPage<ServiceDepartment, (typeof SERVICE_DEPARTMENT_SORTABLE)[number]>
      title={pageTitle('services.departments')}
      description="قطاعات الخدمات (الرعاية الاجتماعية، الصحة، التعليم…) ومدير كل قطاع."
      noun="القطاع"
      addLabel="إضافة قطاع"
      filters={
        <ListFilterBar list={list} label="تصفية القطاعات" searchPlaceholder="اسم القطاع">
          <ActiveFilter
            value={list.state.filter.active}
            onChange={(active) => list.setFilter('active', active)}
          />
          <IdFilterSelect
            label="مدير القطاع"
            all="كل المديرين"
            items={managers.data}
            value={list.state.filter.manager_id}
            onChange={(id) => list.setFilter('manager_id', id)}
          />
        </ListFilterBar>
      }
      list={list}
      sortable={SERVICE_DEPARTMENT_SORTABLE}
      query={query}
      loadingLabel="جارٍ تحميل القطاعات..."
      caption="قائمة القطاعات"
      empty={{
        title: 'لا توجد قطاعات بعد',
        description: 'أضف القطاعات ثم صنّف أنواع الخدمات تحتها.',
      }}
      emptyTitle="لا توجد قطاعات مطابقة"
      columns={COLUMNS}
      endpoints={serviceDepartmentEndpoints}
      actions={actions}
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
