import {
  SERVICE_AXIS_SORTABLE,
  serviceAxisEndpoints,
  serviceAxisListQuery,
  type ServiceAxis,
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
import { useAxisActions, useAxisList } from '../api/service-axes-api';
import { AxisFormDialog } from '../components/axis-form-dialog';

const COLUMNS: readonly DataTableColumn<ServiceAxis>[] = [
  { id: 'name', header: 'المحور', sortable: true, cell: (row) => row.name },
  { id: 'description', header: 'الوصف', cell: (row) => row.description ?? '' },
  typesCountColumn(),
];

/** /services/service-axises: the strategic pillars service types serve. */
export default function ServiceAxesPage() {
  const list = useListUrlState(serviceAxisListQuery);
  const query = useAxisList(list.params);
  const actions = useAxisActions();

  return (
    <LookupListPage<ServiceAxis, (typeof SERVICE_AXIS_SORTABLE)[number]>
      title={pageTitle('services.axes')}
      description="المحاور الاستراتيجية للخدمات (التمكين، الإغاثة، الصحة، التعليم…)."
      noun="المحور"
      addLabel="إضافة محور"
      filters={
        <ListFilterBar list={list} label="تصفية المحاور" searchPlaceholder="اسم المحور أو وصفه">
          <ActiveFilter
            value={list.state.filter.active}
            onChange={(active) => list.setFilter('active', active)}
          />
        </ListFilterBar>
      }
      list={list}
      sortable={SERVICE_AXIS_SORTABLE}
      query={query}
      loadingLabel="جارٍ تحميل المحاور..."
      caption="قائمة المحاور"
      empty={{
        title: 'لا توجد محاور بعد',
        description: 'أضف المحاور ثم صنّف أنواع الخدمات تحتها.',
      }}
      emptyTitle="لا توجد محاور مطابقة"
      columns={COLUMNS}
      endpoints={serviceAxisEndpoints}
      actions={actions}
      renderForm={(axis, onClose) => (
        <AxisFormDialog key={axis?.id ?? 'new'} axis={axis} onClose={onClose} />
      )}
    />
  );
}
