import {
  FAMILY_SORTABLE,
  familyEndpoints,
  familyListQuery,
  type Family,
} from 'shared-contracts/beneficiaries';
import {
  ExportButton,
  FileNumber,
  ListPage,
  Money,
  NationalId,
  PageButtonLink,
  PageLink,
  PhoneNumber,
  formatDate,
  formatNumber,
  listFilterParams,
  pageHeader,
  useListUrlState,
  useTableSelection,
  type DataTableColumn,
} from 'shared-ui';
import { useFamilyList } from '../api/families-api';
import { FamiliesFilters } from '../components/families-filters';
import { useFamiliesBulkActions } from '../components/families-bulk-actions';
import { FamilyStatusBadge, OverdueBadge } from '../../../lib/components/family-status-badge';

/**
 * Priorities fit the list into a 1366 px screen (a 1010 px content box): file number, head
 * (one line), phone and status always; members, per-capita income and reassessment from
 * 1366 px; ID, city, categories and researcher on wide screens (1920 px); what a screen does
 * not show is in each row's details. A phone shows cards: file number and head, then phone,
 * status and members.
 */
const COLUMNS: readonly DataTableColumn<Family>[] = [
  {
    id: 'file_number',
    header: 'رقم الملف',
    sortable: true,
    card: 'title',
    text: (row) => row.file_number,
    cell: (row) => (
      <PageLink pageId="families.show" params={{ id: row.id }}>
        <FileNumber value={row.file_number} />
      </PageLink>
    ),
  },
  {
    id: 'head_name',
    header: 'رب الأسرة',
    sortable: true,
    card: 'title',
    // 9rem, not 12: a list with bulk actions gives its checkboxes a column of their own.
    truncate: '9rem',
    text: (row) => row.head_name,
    cell: (row) => (
      <PageLink pageId="families.show" params={{ id: row.id }}>
        {row.head_name}
      </PageLink>
    ),
  },
  {
    id: 'head_national_id',
    header: 'الهوية',
    priority: 3,
    cell: (row) => <NationalId value={row.head_national_id} />,
  },
  {
    id: 'primary_phone',
    header: 'الجوال',
    card: true,
    cell: (row) => <PhoneNumber value={row.primary_phone} />,
  },
  {
    id: 'status',
    header: 'الحالة',
    sortable: true,
    card: true,
    cell: (row) => <FamilyStatusBadge status={row.status} />,
  },
  {
    id: 'categories',
    header: 'الفئات',
    priority: 3,
    truncate: '10rem',
    cell: (row) => row.categories.map((category) => category.label).join('، '),
  },
  { id: 'city', header: 'المدينة', priority: 3, cell: (row) => row.city?.label ?? '' },
  {
    id: 'members_count',
    header: 'الأفراد',
    sortable: true,
    align: 'end',
    priority: 2,
    card: true,
    cell: (row) => formatNumber(row.members_count),
  },
  {
    id: 'per_capita_income',
    header: 'دخل الفرد',
    sortable: true,
    align: 'end',
    priority: 2,
    cell: (row) => <Money value={row.per_capita_income} />,
  },
  {
    id: 'researcher',
    header: 'الباحث',
    priority: 3,
    truncate: '8rem',
    cell: (row) => row.researcher?.name ?? '',
  },
  {
    id: 'next_reassessment_date',
    header: 'إعادة التقييم',
    sortable: true,
    priority: 2,
    cell: (row) => (
      <>
        <span style={{ whiteSpace: 'nowrap' }}>{formatDate(row.next_reassessment_date)}</span>{' '}
        {row.reassessment_overdue ? <OverdueBadge /> : null}
      </>
    ),
  },
];

/** /families: server-side list with its whole state (page, sort, search, filters) in the URL. */
export default function FamiliesListPage() {
  const list = useListUrlState(familyListQuery);
  const query = useFamilyList(list.params);
  // Ticked rows stay across pages; another search or filter clears them.
  const selection = useTableSelection({
    total: query.data?.meta.total ?? 0,
    resetKey: JSON.stringify(listFilterParams(list.params)),
  });
  const bulk = useFamiliesBulkActions(selection, list.params);

  const createButton = (
    <PageButtonLink pageId="families.create" icon="plus">
      تسجيل أسرة
    </PageButtonLink>
  );

  return (
    <ListPage<Family, (typeof FAMILY_SORTABLE)[number]>
      {...pageHeader('families.list')}
      actions={
        <>
          {createButton}
          <ExportButton
            endpoint={familyEndpoints.export}
            filePrefix="families"
            params={list.params}
          />
        </>
      }
      filters={<FamiliesFilters list={list} />}
      list={list}
      sortable={FAMILY_SORTABLE}
      query={query}
      loadingLabel="جارٍ تحميل الأسر..."
      empty={{
        title: 'لا توجد أسر مسجلة بعد',
        description: 'ابدأ بتسجيل أول أسرة عبر معالج التسجيل.',
        action: createButton,
      }}
      caption="قائمة الأسر"
      rowKey="id"
      columns={COLUMNS}
      emptyTitle="لا توجد أسر مطابقة"
      emptyDescription="غيّر البحث أو امسح التصفية."
      {...(bulk.enabled ? { selection, selectionBar: bulk.bar } : {})}
    >
      {bulk.dialog}
    </ListPage>
  );
}
