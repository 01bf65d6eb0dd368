import {
  SERVICE_SORTABLE,
  serviceEndpoints,
  serviceListQuery,
  type Service,
} from 'shared-contracts/services';
import {
  ExportButton,
  FileNumber,
  ListPage,
  PageButtonLink,
  PageLink,
  formatCurrency,
  formatDate,
  listFilterParams,
  pageHeader,
  useListUrlState,
  useTableSelection,
  type DataTableColumn,
} from 'shared-ui';
import { useServiceList } from '../api/services-api';
import { OverdueBadge, ServiceStatusBadge } from '../components/service-badges';
import { ServicesFilters } from '../components/services-filters';
import { useServicesBulkActions } from '../components/services-bulk-actions';

const COLUMNS: readonly DataTableColumn<Service>[] = [
  {
    id: 'service_type',
    header: 'الخدمة',
    sortable: true,
    cell: (row) => (
      <PageLink pageId="services.show" params={{ id: row.id }}>
        {row.service_type.name}
      </PageLink>
    ),
  },
  {
    id: 'family',
    header: 'الأسرة',
    cell: (row) => (
      <>
        {row.family.head_name} <FileNumber value={row.family.file_number} />
      </>
    ),
  },
  { id: 'member', header: 'الفرد', cell: (row) => row.member?.name ?? 'الأسرة كاملة' },
  { id: 'department', header: 'القطاع', cell: (row) => row.department.name },
  {
    id: 'request_date',
    header: 'تاريخ الطلب',
    sortable: true,
    nowrap: true,
    cell: (row) => formatDate(row.request_date),
  },
  {
    id: 'expected_date',
    header: 'التنفيذ المتوقع',
    sortable: true,
    cell: (row) => (
      <>
        {formatDate(row.expected_date)} {row.overdue ? <OverdueBadge /> : null}
      </>
    ),
  },
  {
    id: 'cost',
    header: 'التكلفة',
    sortable: true,
    align: 'end',
    cell: (row) => (row.cost === null ? '' : formatCurrency(row.cost)),
  },
  {
    id: 'status',
    header: 'الحالة',
    sortable: true,
    cell: (row) => <ServiceStatusBadge status={row.status} />,
  },
];

/** /services: services requested for families, with their whole list state in the URL. */
export default function ServicesListPage() {
  const list = useListUrlState(serviceListQuery);
  const query = useServiceList(list.params);
  // Ticked rows stay across pages; another search or filter clears them.
  const selection = useTableSelection({
    total: query.data?.meta.total ?? 0,
    resetKey: JSON.stringify(listFilterParams(list.params)),
  });
  const bulk = useServicesBulkActions(selection, list.params);
  const createButton = (
    <PageButtonLink pageId="services.create" icon="plus">
      طلب خدمة
    </PageButtonLink>
  );

  return (
    <ListPage<Service, (typeof SERVICE_SORTABLE)[number]>
      {...pageHeader('services.list')}
      actions={
        <>
          {createButton}
          {/* The catalogue pages: the sidebar lists departments and axes only to those
              without show_services, so the services section links to them itself. */}
          <PageButtonLink pageId="services.types" icon="settings" variant="secondary">
            أنواع الخدمات
          </PageButtonLink>
          <PageButtonLink pageId="services.departments" icon="departments" variant="secondary">
            القطاعات
          </PageButtonLink>
          <PageButtonLink pageId="services.axes" icon="axes" variant="secondary">
            المحاور
          </PageButtonLink>
          <ExportButton
            endpoint={serviceEndpoints.export}
            filePrefix="services"
            params={list.params}
          />
        </>
      }
      filters={<ServicesFilters list={list} />}
      list={list}
      sortable={SERVICE_SORTABLE}
      query={query}
      loadingLabel="جارٍ تحميل الخدمات..."
      empty={{
        title: 'لا توجد خدمات مسجلة بعد',
        description: 'اطلب أول خدمة لأسرة معتمدة.',
        action: createButton,
      }}
      caption="قائمة الخدمات"
      rowKey="id"
      // Names each row's checkbox and details button: the service and its family's file.
      rowLabel={(row) => `${row.service_type.name} — ${row.family.file_number}`}
      columns={COLUMNS}
      emptyTitle="لا توجد خدمات مطابقة"
      emptyDescription="غيّر البحث أو امسح التصفية."
      {...(bulk.enabled ? { selection, selectionBar: bulk.bar } : {})}
    >
      {bulk.dialog}
    </ListPage>
  );
}
