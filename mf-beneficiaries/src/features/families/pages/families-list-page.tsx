import { Link } from 'react-router-dom';
import {
  FAMILY_SORTABLE,
  endpointPath,
  familyListQuery,
  pathTo,
  type Family,
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
  formatCurrency,
  formatDate,
  formatNumber,
} from 'shared-ui';
import { Row } from '../../../lib/components/layout';
import { LtrText } from '../../../lib/components/ltr-text';
import { QueryError } from '../../../lib/components/query-states';
import { isSortable, useListUrlState } from '../../../lib/list-url-state';
import { useCan } from '../../../lib/use-current-employee';
import { useExport } from '../../../lib/use-export';
import { useFamilies } from '../api/family-queries';
import { FamiliesFilters } from '../components/families-filters';
import { FamilyStatusBadge, OverdueBadge } from '../components/family-status-badge';

/** /families: server-side list with its whole state (page, sort, search, filters) in the URL. */
export default function FamiliesListPage() {
  const list = useListUrlState(familyListQuery);
  const { state } = list;
  const query = useFamilies(list.params);
  const canCreate = useCan('create_families');
  const exporter = useExport(endpointPath('familyExport'), 'families');
  const rows = query.data?.data ?? [];
  const meta = query.data?.meta;

  const createButton = canCreate ? (
    <ButtonLink to={pathTo('families.create')} icon="plus">
      تسجيل أسرة
    </ButtonLink>
  ) : null;

  return (
    <>
      <PageHeader
        title="الأسر"
        description="الأسر المسجلة وحالاتها. ابحث بالاسم أو رقم الملف أو الهوية أو الجوال."
        actions={
          <Row>
            {createButton}
            <Button
              variant="secondary"
              icon="download"
              loading={exporter.exporting}
              onClick={() => void exporter.exportFile(list.params)}
            >
              تصدير Excel
            </Button>
          </Row>
        }
      />
      <Card>
        <FamiliesFilters
          search={state.search ?? ''}
          filter={state.filter}
          perPage={state.per_page}
          hasFilters={list.hasFilters}
          onSearch={list.setSearch}
          onFilter={list.setFilter}
          onPerPage={list.setPerPage}
          onClear={list.clearFilters}
        />
        {query.isPending ? (
          <LoadingState label="جارٍ تحميل الأسر..." />
        ) : query.isError && !query.data ? (
          <QueryError error={query.error} onRetry={() => void query.refetch()} />
        ) : rows.length === 0 && !list.hasFilters ? (
          <EmptyState
            title="لا توجد أسر مسجلة بعد"
            description="ابدأ بتسجيل أول أسرة عبر معالج التسجيل."
            action={createButton}
          />
        ) : (
          <>
            <DataTable<Family>
              caption="قائمة الأسر"
              rowKey="id"
              rows={rows}
              loading={query.isFetching}
              sort={state.sort ? { id: state.sort, order: state.order } : undefined}
              onSortChange={(sort) => {
                if (isSortable(FAMILY_SORTABLE, sort.id)) list.setSort(sort.id, sort.order);
              }}
              emptyTitle="لا توجد أسر مطابقة"
              emptyDescription="غيّر البحث أو امسح التصفية."
              columns={[
                {
                  id: 'file_number',
                  header: 'رقم الملف',
                  sortable: true,
                  cell: (row) => (
                    <Link to={pathTo('families.show', { id: row.id })}>
                      <bdi dir="ltr">{row.file_number}</bdi>
                    </Link>
                  ),
                },
                {
                  id: 'head_name',
                  header: 'رب الأسرة',
                  sortable: true,
                  cell: (row) => (
                    <Link to={pathTo('families.show', { id: row.id })}>{row.head_name}</Link>
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
                  cell: (row) => <LtrText>{row.primary_phone}</LtrText>,
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
