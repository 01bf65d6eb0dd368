import {
  FAMILY_SORTABLE,
  familyEndpoints,
  familyListQuery,
  type Family,
} from 'shared-contracts/beneficiaries';
import { formatSaudiMobileLocal } from 'shared-contracts';
import {
  ExportButton,
  ListPage,
  LtrText,
  PageButtonLink,
  PageLink,
  formatCurrency,
  formatDate,
  formatNumber,
  useListUrlState,
  type DataTableColumn,
} from 'shared-ui';
import { useFamilyList } from '../api/families-api';
import { FamiliesFilters } from '../components/families-filters';
import { FamilyStatusBadge, OverdueBadge } from '../../../lib/components/family-status-badge';

const COLUMNS: readonly DataTableColumn<Family>[] = [
  {
    id: 'file_number',
    header: 'رقم الملف',
    sortable: true,
    cell: (row) => (
      <PageLink pageId="families.show" params={{ id: row.id }}>
        <LtrText>{row.file_number}</LtrText>
      </PageLink>
    ),
  },
  {
    id: 'head_name',
    header: 'رب الأسرة',
    sortable: true,
    cell: (row) => (
      <PageLink pageId="families.show" params={{ id: row.id }}>
        {row.head_name}
      </PageLink>
    ),
  },
  {
    id: 'head_national_id',
    header: 'الهوية',
    cell: (row) => <LtrText>{row.head_national_id}</LtrText>,
  },
  {
    id: 'primary_phone',
    header: 'الجوال',
    // Stored as +9665…; staff read and dial the local 05… form (as on the show page).
    cell: (row) => (
      <LtrText>{row.primary_phone ? formatSaudiMobileLocal(row.primary_phone) : null}</LtrText>
    ),
  },
  {
    id: 'status',
    header: 'الحالة',
    sortable: true,
    cell: (row) => <FamilyStatusBadge status={row.status} />,
  },
  {
    id: 'categories',
    header: 'الفئات',
    cell: (row) => row.categories.map((category) => category.label).join('، '),
  },
  { id: 'city', header: 'المدينة', cell: (row) => row.city?.label ?? '' },
  {
    id: 'members_count',
    header: 'الأفراد',
    sortable: true,
    align: 'end',
    cell: (row) => formatNumber(row.members_count),
  },
  {
    id: 'per_capita_income',
    header: 'دخل الفرد',
    sortable: true,
    align: 'end',
    cell: (row) => formatCurrency(row.per_capita_income),
  },
  { id: 'researcher', header: 'الباحث', cell: (row) => row.researcher?.name ?? '' },
  {
    id: 'next_reassessment_date',
    header: 'إعادة التقييم',
    sortable: true,
    cell: (row) => (
      <>
        {formatDate(row.next_reassessment_date)}{' '}
        {row.reassessment_overdue ? <OverdueBadge /> : null}
      </>
    ),
  },
];

/** /families: server-side list with its whole state (page, sort, search, filters) in the URL. */
export default function FamiliesListPage() {
  const list = useListUrlState(familyListQuery);
  const query = useFamilyList(list.params);

  const createButton = (
    <PageButtonLink pageId="families.create" icon="plus">
      تسجيل أسرة
    </PageButtonLink>
  );

  return (
    <ListPage<Family, (typeof FAMILY_SORTABLE)[number]>
      title="الأسر"
      description="الأسر المسجلة وحالاتها. ابحث بالاسم أو رقم الملف أو الهوية أو الجوال."
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
    />
  );
}
