import { serviceTypeListQuery, type ServiceType } from 'shared-contracts/services';
import {
  Badge,
  SelectField,
  booleanFromSelect,
  booleanValue,
  formatCurrency,
  formatNumber,
  type DataTableColumn,
} from 'shared-ui';
import { CatalogueActiveFilter, CatalogueListPage } from '../../../lib/components/catalogue-page';
import { DepartmentAxisFilters } from '../../../lib/components/id-filter-select';
import { serviceTypesApi } from '../api/service-types-api';
import { SERVICE_TYPE_NAMES, ServiceTypeFormDialog } from '../components/service-type-form-dialog';

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
  return (
    <CatalogueListPage
      pageId="services.types"
      names={SERVICE_TYPE_NAMES}
      description="الخدمات التي يمكن طلبها للأسر، بقطاعها ومحورها وتكلفتها الافتراضية."
      searchPlaceholder="الاسم أو الوحدة"
      emptyDescription="أضف أنواع الخدمات لتتمكن من طلبها للأسر."
      listQuery={serviceTypeListQuery}
      api={serviceTypesApi}
      columns={COLUMNS}
      filters={(list) => (
        <>
          <DepartmentAxisFilters
            departmentId={list.state.filter.department_id}
            axisId={list.state.filter.axis_id}
            onChange={(name, id) => list.setFilter(name, id)}
          />
          <SelectField
            label="طبية"
            placeholder="الكل"
            options={MEDICAL_OPTIONS}
            value={booleanValue(list.state.filter.is_medical)}
            onChange={(event) =>
              list.setFilter('is_medical', booleanFromSelect(event.target.value))
            }
          />
          <CatalogueActiveFilter list={list} />
        </>
      )}
      renderForm={(type, onClose) => (
        <ServiceTypeFormDialog key={type?.id ?? 'new'} type={type} onClose={onClose} />
      )}
    />
  );
}
