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
  Button,
  ButtonLink,
  Card,
  DataTable,
  EmptyState,
  LoadingState,
  PageHeader,
  Pagination,
  SelectField,
  formatNumber,
} from 'shared-ui';
import { FilterBar } from '../../../lib/components/layout';
import { ListSearchField } from '../../../lib/components/list-search-field';
import { PageSizeField } from '../../../lib/components/list-toolbar';
import { LtrText } from '../../../lib/components/ltr-text';
import { QueryError } from '../../../lib/components/query-states';
import {
  codesFromSelect,
  firstCode,
  isSortable,
  useListUrlState,
} from '../../../lib/list-url-state';
import { optionsOf, useLookups } from '../../../lib/lookups';
import { useCan } from '../../../lib/use-current-employee';
import { useOrgs } from '../api/orgs-api';
import { OrgStatusBadge, orgTypeLabel } from '../components/org-badges';

/** /orgs: partner, donor and government bodies, with type/status/city filters in the URL. */
export default function OrgsListPage() {
  const list = useListUrlState(organisationListQuery);
  const { state } = list;
  const query = useOrgs(list.params);
  const lookups = useLookups();
  const canCreate = useCan('create_orgs');
  const rows = query.data?.data ?? [];
  const meta = query.data?.meta;
  const createButton = canCreate ? (
    <ButtonLink to={pathTo('orgs.create')} icon="plus">
      إضافة جهة
    </ButtonLink>
  ) : null;

  return (
    <>
      <PageHeader
        title="الجهات"
        description="الجهات المانحة والشريكة والحكومية والموردون."
        actions={createButton}
      />
      <Card>
        <FilterBar role="search" aria-label="تصفية الجهات">
          <ListSearchField
            label="بحث"
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
          {list.hasFilters ? (
            <Button variant="ghost" icon="close" onClick={list.clearFilters}>
              مسح التصفية
            </Button>
          ) : null}
        </FilterBar>
        {query.isPending ? (
          <LoadingState label="جارٍ تحميل الجهات..." />
        ) : query.isError && !query.data ? (
          <QueryError error={query.error} onRetry={() => void query.refetch()} />
        ) : rows.length === 0 && !list.hasFilters ? (
          <EmptyState
            title="لا توجد جهات مسجلة"
            description="أضف الجهات المانحة والشريكة لربطها بالبرامج."
            action={createButton}
          />
        ) : (
          <>
            <DataTable<Organisation>
              caption="قائمة الجهات"
              rowKey="id"
              rows={rows}
              loading={query.isFetching}
              sort={state.sort ? { id: state.sort, order: state.order } : undefined}
              onSortChange={(sort) => {
                if (isSortable(ORGANISATION_SORTABLE, sort.id)) list.setSort(sort.id, sort.order);
              }}
              emptyTitle="لا توجد جهات مطابقة"
              columns={[
                {
                  id: 'name',
                  header: 'الاسم',
                  sortable: true,
                  cell: (row) => <Link to={pathTo('orgs.show', { id: row.id })}>{row.name}</Link>,
                },
                {
                  id: 'type',
                  header: 'النوع',
                  sortable: true,
                  cell: (row) => orgTypeLabel(row.type),
                },
                {
                  id: 'city',
                  header: 'المدينة',
                  sortable: true,
                  cell: (row) => row.city?.label ?? '',
                },
                {
                  id: 'contact_person',
                  header: 'مسؤول التواصل',
                  cell: (row) => row.contact_person ?? '',
                },
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
              ]}
            />
            {meta ? (
              <Pagination
                page={meta.page}
                lastPage={meta.last_page}
                total={meta.total}
                onPageChange={list.setPage}
              />
            ) : null}
          </>
        )}
      </Card>
    </>
  );
}
