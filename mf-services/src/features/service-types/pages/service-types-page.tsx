import {
  SERVICE_TYPE_SORTABLE,
  serviceTypeEndpoints,
  serviceTypeListQuery,
  type ServiceType,
} from 'shared-contracts/services';
import {
  Badge,
  ListFilterBar,
  SelectField,
  formatCurrency,
  formatNumber,
  pageTitle,
  useListUrlState,
  type DataTableColumn,
  ActiveFilter,
  LookupListPage,
  booleanFromSelect,
  booleanValue,
} from 'shared-ui';
import { DepartmentAxisFilters } from '../../../lib/components/id-filter-select';
import { useServiceTypeActions, useServiceTypeList } from '../api/service-types-api';
import { ServiceTypeFormDialog } from '../components/service-type-form-dialog';

const COLUMNS: readonly DataTableColumn<ServiceType>[] = [
  {
    id: 'name',
    header: 'نوع الخدمة',
    sortable: true,
    cell: (row) => (
      <>
        {row.name} {row.is_medical ? <Badge tone="info">طبية</Badge> : null}
      </>
    ),
  },
  { id: 'department', header: 'القطاع', sortable: true, cell: (row) => row.department.name },
  { id: 'axis', header: 'المحور', sortable: true, cell: (row) => row.axis.name },
  {
    id: 'default_cost',
    header: 'التكلفة الافتراضية',
    sortable: true,
    align: 'end',
    cell: (row) => (row.default_cost === null ? '' : formatCurrency(row.default_cost)),
  },
  { id: 'unit', header: 'الوحدة', cell: (row) => row.unit ?? '' },
  {
    id: 'services_count',
    header: 'الخدمات المسجلة',
    align: 'end',
    cell: (row) => formatNumber(row.services_count),
  },
];

const MEDICAL_OPTIONS = [
  { value: 'true', label: 'طبية' },
  { value: 'false', label: 'غير طبية' },
];

/** /services/service-types: what can be requested for a family, by department and axis. */
export default function ServiceTypesPage() {
  const list = useListUrlState(serviceTypeListQuery);
  const { filter } = list.state;
  const query = useServiceTypeList(list.params);
  const actions = useServiceTypeActions();

  return (
    <LookupListPage<ServiceType, (typeof SERVICE_TYPE_SORTABLE)[number]>
      title={pageTitle('services.types')}
      description="الخدمات التي يمكن طلبها للأسر، بقطاعها ومحورها وتكلفتها الافتراضية."
      noun="نوع الخدمة"
      addLabel="إضافة نوع خدمة"
      filters={
        <ListFilterBar list={list} label="تصفية أنواع الخدمات" searchPlaceholder="الاسم أو الوحدة">
          <DepartmentAxisFilters
            departmentId={filter.department_id}
            axisId={filter.axis_id}
            onChange={(name, id) => list.setFilter(name, id)}
          />
          <SelectField
            label="طبية"
            placeholder="الكل"
            options={MEDICAL_OPTIONS}
            value={booleanValue(filter.is_medical)}
            onChange={(event) =>
              list.setFilter('is_medical', booleanFromSelect(event.target.value))
            }
          />
          <ActiveFilter
            value={filter.active}
            onChange={(active) => list.setFilter('active', active)}
          />
        </ListFilterBar>
      }
      list={list}
      sortable={SERVICE_TYPE_SORTABLE}
      query={query}
      loadingLabel="جارٍ تحميل أنواع الخدمات..."
      caption="قائمة أنواع الخدمات"
      empty={{
        title: 'لا توجد أنواع خدمات بعد',
        description: 'أضف أنواع الخدمات لتتمكن من طلبها للأسر.',
      }}
      emptyTitle="لا توجد أنواع خدمات مطابقة"
      columns={COLUMNS}
      endpoints={serviceTypeEndpoints}
      actions={actions}
      renderForm={(type, onClose) => (
        <ServiceTypeFormDialog key={type?.id ?? 'new'} type={type} onClose={onClose} />
      )}
    />
  );
}
