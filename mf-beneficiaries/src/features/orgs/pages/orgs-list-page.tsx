import { Link } from 'react-router-dom';
import {
  ORGANISATION_SORTABLE,
  ORGANISATION_STATUSES,
  ORGANISATION_TYPES,
  organisationListQuery,
  pathTo,
  type Organisation,
  type OrganisationStatus,
  type OrganisationType,
} from 'shared-contracts';
import {
  ButtonLink,
  FilterBar,
  ListPage,
  LtrText,
  PageSizeField,
  SearchField,
  SelectField,
  codesFromSelect,
  firstCode,
  formatNumber,
  useCan,
  useListUrlState,
  type DataTableColumn,
} from 'shared-ui';
import { optionsOf, useLookups } from '../../../lib/lookups';
import { useOrgs } from '../api/orgs-api';
import { OrgStatusBadge, orgTypeLabel } from '../components/org-badges';

const COLUMNS: readonly DataTableColumn<Organisation>[] = [
  {
    id: 'name',
    header: 'الاسم',
    sortable: true,
    cell: (row) => <Link to={pathTo('orgs.show', { id: row.id })}>{row.name}</Link>,
  },
  { id: 'type', header: 'النوع', sortable: true, cell: (row) => orgTypeLabel(row.type) },
  { id: 'city', header: 'المدينة', sortable: true, cell: (row) => row.city?.label ?? '' },
  { id: 'contact_person', header: 'مسؤول التواصل', cell: (row) => row.contact_person ?? '' },
  { id: 'phone', header: 'الهاتف', cell: (row) => <LtrText>{row.phone}</LtrText> },
  {
    id: 'agreements_count',
    header: 'الاتفاقيات',
    align: 'end',
    cell: (row) => formatNumber(row.agreements_count),
  },
  {
    id: 'status',
    header: 'الحالة',
    sortable: true,
    cell: (row) => <OrgStatusBadge status={row.status} />,
  },
];

/** /orgs: partner, donor and government bodies, with type/status/city filters in the URL. */
export default function OrgsListPage() {
  const list = useListUrlState(organisationListQuery);
  const { state } = list;
  const query = useOrgs(list.params);
  const lookups = useLookups();
  const canCreate = useCan('create_orgs');
  const createButton = canCreate ? (
    <ButtonLink to={pathTo('orgs.create')} icon="plus">
      إضافة جهة
    </ButtonLink>
  ) : null;

  return (
    <ListPage<Organisation, (typeof ORGANISATION_SORTABLE)[number]>
      title="الجهات"
      description="الجهات المانحة والشريكة والحكومية والموردون."
      actions={createButton}
      filters={
        <FilterBar label="تصفية الجهات" onClear={list.hasFilters ? list.clearFilters : undefined}>
          <SearchField
            placeholder="الاسم، رقم التسجيل، الهاتف أو البريد"
            value={state.search ?? ''}
            onSearch={list.setSearch}
          />
          <SelectField
            label="النوع"
            placeholder="كل الأنواع"
            options={optionsOf(ORGANISATION_TYPES)}
            value={firstCode(state.filter.type)}
            onChange={(event) =>
              list.setFilter('type', codesFromSelect<OrganisationType>(event.target.value))
            }
          />
          <SelectField
            label="الحالة"
            placeholder="كل الحالات"
            options={optionsOf(ORGANISATION_STATUSES)}
            value={firstCode(state.filter.status)}
            onChange={(event) =>
              list.setFilter('status', codesFromSelect<OrganisationStatus>(event.target.value))
            }
          />
          <SelectField
            label="المدينة"
            placeholder="كل المدن"
            options={optionsOf(lookups.cities)}
            value={firstCode(state.filter.city)}
            onChange={(event) => list.setFilter('city', codesFromSelect(event.target.value))}
          />
          <PageSizeField value={state.per_page} onChange={list.setPerPage} />
        </FilterBar>
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
