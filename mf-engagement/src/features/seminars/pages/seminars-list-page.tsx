import { countOf } from 'shared-contracts';
import {
  PERSON_NOUN,
  SEMINAR_SORTABLE,
  seminarListQuery,
  type Seminar,
} from 'shared-contracts/engagement';
import {
  ListPage,
  PageButtonLink,
  PageLink,
  formatNumber,
  pageHeader,
  useListUrlState,
  type DataTableColumn,
} from 'shared-ui';
import { useSeminarList } from '../api/seminars-api';
import { SeminarStatusBadge, SeminarWhen } from '../components/seminar-display';
import { SeminarsFilters } from '../components/seminars-filters';

const COLUMNS: readonly DataTableColumn<Seminar>[] = [
  {
    id: 'title',
    header: 'الندوة',
    sortable: true,
    card: 'title',
    cell: (row) => (
      <PageLink pageId="seminars.show" params={{ id: row.id }}>
        {row.title}
      </PageLink>
    ),
  },
  { id: 'type', header: 'النوع', cell: (row) => row.seminar_type.name },
  {
    id: 'starts_at',
    header: 'الموعد',
    sortable: true,
    cell: (row) => <SeminarWhen seminar={row} />,
  },
  { id: 'place', header: 'المكان', priority: 2, cell: (row) => row.venue ?? 'عن بعد' },
  {
    id: 'capacity',
    header: 'المسجلون / السعة',
    sortable: true,
    align: 'end',
    cell: (row) => `${formatNumber(row.registered_count)} / ${formatNumber(row.capacity)}`,
  },
  {
    id: 'waiting',
    header: 'الانتظار',
    priority: 2,
    cell: (row) => (row.waiting_count > 0 ? countOf(row.waiting_count, PERSON_NOUN) : '—'),
  },
  {
    id: 'status',
    header: 'الحالة',
    sortable: true,
    cell: (row) => <SeminarStatusBadge status={row.status} />,
  },
];

/** /seminar: the seminars and courses, with their whole list state in the URL. */
export default function SeminarsListPage() {
  const list = useListUrlState(seminarListQuery);
  const query = useSeminarList(list.params);
  const createButton = (
    <PageButtonLink pageId="seminars.create" icon="plus">
      إضافة ندوة
    </PageButtonLink>
  );
  return (
    <ListPage<Seminar, (typeof SEMINAR_SORTABLE)[number]>
      {...pageHeader('seminars.list')}
      actions={
        <>
          {createButton}
          <PageButtonLink pageId="seminars.types" icon="settings" variant="secondary">
            أنواع الندوات
          </PageButtonLink>
        </>
      }
      filters={<SeminarsFilters list={list} />}
      list={list}
      sortable={SEMINAR_SORTABLE}
      query={query}
      loadingLabel="جارٍ تحميل الندوات..."
      empty={{
        title: 'لا توجد ندوات بعد',
        description: 'أضف أول ندوة ثم افتح التسجيل فيها.',
        action: createButton,
      }}
      caption="قائمة الندوات"
      rowKey="id"
      columns={COLUMNS}
      emptyTitle="لا توجد ندوات مطابقة"
      emptyDescription="غيّر البحث أو امسح التصفية."
    />
  );
}
