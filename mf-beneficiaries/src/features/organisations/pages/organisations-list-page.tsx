import {
  ORGANISATION_SORTABLE,
  ORGANISATION_STATUSES,
  ORGANISATION_TYPES,
  labelOf,
  organisationListQuery,
  type Organisation,
} from 'shared-contracts/beneficiaries';
import {
  FilterSelects,
  ListFilterBar,
  ListPage,
  PageButtonLink,
  PageLink,
  PhoneNumber,
  StatusBadge,
  formatNumber,
  pageHeader,
  useListUrlState,
  type DataTableColumn,
} from 'shared-ui';
import { useLookups } from '../../../lib/lookups';
import { useOrganisationList } from '../api/organisations-api';

const ACTIVE_GREEN = { active: 'success' } as const;

const COLUMNS: readonly DataTableColumn<Organisation>[] = [
  {
    id: 'name',
    header: 'الاسم',
    sortable: true,
    card: 'title',
    truncate: '16rem',
    text: (row) => row.name,
    cell: (row) => (
      <PageLink pageId="orgs.show" params={{ id: row.id }}>
        {row.name}
      </PageLink>
    ),
  },
  {
    id: 'type',
    header: 'النوع',
    sortable: true,
    card: true,
    cell: (row) => labelOf(ORGANISATION_TYPES, row.type),
  },
  {
    id: 'city',
    header: 'المدينة',
    sortable: true,
    priority: 2,
    cell: (row) => row.city?.label ?? '',
  },
  {
    id: 'contact_person',
    header: 'مسؤول التواصل',
    priority: 3,
    truncate: '10rem',
    cell: (row) => row.contact_person ?? '',
  },
  {
    id: 'phone',
    header: 'الهاتف',
    priority: 2,
    card: true,
    cell: (row) => <PhoneNumber value={row.phone} />,
  },
  {
    id: 'agreements_count',
    header: 'الاتفاقيات',
    align: 'end',
    priority: 3,
    cell: (row) => formatNumber(row.agreements_count),
  },
  {
    id: 'status',
    header: 'الحالة',
    sortable: true,
    card: true,
    cell: (row) => (
      <StatusBadge choices={ORGANISATION_STATUSES} value={row.status} tones={ACTIVE_GREEN} />
    ),
  },
];

/** /orgs: partner, donor and government bodies, with type/status/city filters in the URL. */
export default function OrganisationsListPage() {
  const list = useListUrlState(organisationListQuery);
  const query = useOrganisationList(list.params);
  const lookups = useLookups();
  const createButton = (
    <PageButtonLink pageId="orgs.create" icon="plus">
      إضافة جهة
    </PageButtonLink>
  );

  return (
    <ListPage<Organisation, (typeof ORGANISATION_SORTABLE)[number]>
      {...pageHeader('orgs.list')}
      actions={createButton}
      filters={
        <ListFilterBar
          list={list}
          label="تصفية الجهات"
          searchPlaceholder="الاسم، رقم التسجيل، الهاتف أو البريد"
        >
          <FilterSelects
            list={list}
            selects={[
              { name: 'type', label: 'النوع', all: 'كل الأنواع', items: ORGANISATION_TYPES },
              { name: 'status', label: 'الحالة', all: 'كل الحالات', items: ORGANISATION_STATUSES },
              { name: 'city', label: 'المدينة', all: 'كل المدن', items: lookups.cities },
            ]}
          />
        </ListFilterBar>
      }
      list={list}
      sortable={ORGANISATION_SORTABLE}
      query={query}
      loadingLabel="جارٍ تحميل الجهات..."
      empty={{
        title: 'لا توجد جهات مسجلة',
        description: 'أضف الجهات المانحة والشريكة لربطها بالبرامج.',
        action: createButton,
      }}
      caption="قائمة الجهات"
      rowKey="id"
      columns={COLUMNS}
      emptyTitle="لا توجد جهات مطابقة"
    />
  );
}
