import { Link } from 'react-router-dom';
import {
  SEASON_KINDS,
  SEASON_SORTABLE,
  SEASON_STATUSES,
  hijriYearOf,
  pathTo,
  seasonListQuery,
  todayIso,
  type Season,
  type SeasonKind,
  type SeasonStatus,
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
  formatCurrency,
  formatDate,
  formatNumber,
} from 'shared-ui';
import { FilterBar } from '../../../lib/components/layout';
import { ListSearchField } from '../../../lib/components/list-search-field';
import { PageSizeField } from '../../../lib/components/list-toolbar';
import { QueryError } from '../../../lib/components/query-states';
import {
  codesFromSelect,
  firstCode,
  isSortable,
  useListUrlState,
} from '../../../lib/list-url-state';
import { optionsOf } from '../../../lib/lookups';
import { useCan } from '../../../lib/use-current-employee';
import { useSeasons } from '../api/seasons-api';
import { SeasonStatusBadge, seasonKindLabel } from '../components/season-badges';

/** /seasons: the seasonal programmes, filtered by kind, status and Hijri year (URL state). */
export default function SeasonsListPage() {
  const list = useListUrlState(seasonListQuery);
  const { state } = list;
  const query = useSeasons(list.params);
  const canCreate = useCan('create_seasonal');
  const currentYear = hijriYearOf(todayIso());
  const years = Array.from({ length: 7 }, (_, index) => String(currentYear + 1 - index));
  // A year from the URL outside the usual range still shows as chosen.
  if (state.filter.hijri_year && !years.includes(String(state.filter.hijri_year)))
    years.push(String(state.filter.hijri_year));
  const rows = query.data?.data ?? [];
  const meta = query.data?.meta;
  const createButton = canCreate ? (
    <ButtonLink to={pathTo('seasons.create')} icon="plus">
      إضافة برنامج
    </ButtonLink>
  ) : null;

  return (
    <>
      <PageHeader
        title="البرامج الموسمية"
        description="سلال رمضان وزكاة الفطر وكسوة العيد وغيرها."
        actions={createButton}
      />
      <Card>
        <FilterBar role="search" aria-label="تصفية البرامج">
          <ListSearchField
            label="بحث"
            placeholder="اسم البرنامج"
            value={state.search ?? ''}
            onSearch={list.setSearch}
          />
          <SelectField
            label="النوع"
            placeholder="كل الأنواع"
            options={optionsOf(SEASON_KINDS)}
            value={firstCode(state.filter.kind)}
            onChange={(event) =>
              list.setFilter('kind', codesFromSelect<SeasonKind>(event.target.value))
            }
          />
          <SelectField
            label="الحالة"
            placeholder="كل الحالات"
            options={optionsOf(SEASON_STATUSES)}
            value={firstCode(state.filter.status)}
            onChange={(event) =>
              list.setFilter('status', codesFromSelect<SeasonStatus>(event.target.value))
            }
          />
          <SelectField
            label="السنة الهجرية"
            placeholder="كل السنوات"
            options={years.map((year) => ({ value: year, label: `${year} هـ` }))}
            value={state.filter.hijri_year ? String(state.filter.hijri_year) : ''}
            onChange={(event) =>
              list.setFilter(
                'hijri_year',
                event.target.value === '' ? undefined : Number(event.target.value),
              )
            }
          />
          <PageSizeField value={state.per_page} onChange={list.setPerPage} />
          {list.hasFilters ? (
            <Button variant="ghost" icon="close" onClick={list.clearFilters}>
              مسح التصفية
            </Button>
          ) : null}
        </FilterBar>
        {query.isPending ? (
          <LoadingState label="جارٍ تحميل البرامج..." />
        ) : query.isError && !query.data ? (
          <QueryError error={query.error} onRetry={() => void query.refetch()} />
        ) : rows.length === 0 && !list.hasFilters ? (
          <EmptyState
            title="لا توجد برامج موسمية"
            description="أضف برنامجاً ثم سجّل الأسر المستحقة فيه."
            action={createButton}
          />
        ) : (
          <>
            <DataTable<Season>
              caption="البرامج الموسمية"
              rowKey="id"
              rows={rows}
              loading={query.isFetching}
              sort={state.sort ? { id: state.sort, order: state.order } : undefined}
              onSortChange={(sort) => {
                if (isSortable(SEASON_SORTABLE, sort.id)) list.setSort(sort.id, sort.order);
              }}
              emptyTitle="لا توجد برامج مطابقة"
              columns={[
                {
                  id: 'name',
                  header: 'البرنامج',
                  sortable: true,
                  cell: (row) => (
                    <Link to={pathTo('seasons.show', { id: row.id })}>{row.name}</Link>
                  ),
                },
                {
                  id: 'kind',
                  header: 'النوع',
                  sortable: true,
                  cell: (row) => seasonKindLabel(row.kind),
                },
                {
                  id: 'hijri_year',
                  header: 'السنة',
                  sortable: true,
                  cell: (row) => `${row.hijri_year} هـ`,
                },
                {
                  id: 'start_date',
                  header: 'البداية',
                  sortable: true,
                  cell: (row) => formatDate(row.start_date),
                },
                {
                  id: 'end_date',
                  header: 'النهاية',
                  sortable: true,
                  cell: (row) => formatDate(row.end_date),
                },
                {
                  id: 'beneficiaries_count',
                  header: 'المستفيدون',
                  align: 'end',
                  cell: (row) =>
                    `${formatNumber(row.received_count)} / ${formatNumber(row.beneficiaries_count)}`,
                },
                {
                  id: 'budget',
                  header: 'الميزانية',
                  align: 'end',
                  cell: (row) => formatCurrency(row.budget),
                },
                {
                  id: 'status',
                  header: 'الحالة',
                  sortable: true,
                  cell: (row) => <SeasonStatusBadge status={row.status} />,
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
