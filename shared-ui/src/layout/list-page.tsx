import type { ReactNode } from 'react';
import type { SortOrder } from 'shared-contracts';
import { Button } from '../controls/button';
import { DataTable, type DataTableColumn, type DataTableProps } from '../data/data-table';
import type { TableSelection } from '../data/table-selection';
import { Pagination } from '../data/pagination';
import { EmptyState } from '../feedback/empty-state';
import { LoadingState } from '../feedback/loading-state';
import { LOAD_ERROR_TITLE, QueryErrorState } from '../feedback/query-error-state';
import { isSortable } from '../list/use-list-url-state';
import { Card } from './card';
import { PageHeader } from './page-header';

/** The `meta` of a paginated API answer (docs/architecture.md#the-api). */
export interface ListPageMeta {
  page: number;
  last_page: number;
  total: number;
}

/** What the page's `useQuery` gives (a paginated list answer). */
export interface ListPageQuery<Row> {
  data?: { data: readonly Row[]; meta?: ListPageMeta | undefined } | undefined;
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  error: unknown;
  refetch: () => unknown;
}

/** The part of `useListUrlState` the scaffold drives (sorting, paging, "is it filtered?"). */
export interface ListPageControls<S extends string> {
  state: { sort?: S | undefined; order: SortOrder };
  setSort: (sort: S, order: SortOrder) => void;
  setPage: (page: number) => void;
  hasFilters: boolean;
}

export interface ListPageProps<Row, S extends string> {
  title: ReactNode;
  description?: ReactNode;
  /** Header buttons (create, export). */
  actions?: ReactNode;
  /** The FilterBar, above the results inside the card. */
  filters?: ReactNode;
  list: ListPageControls<S>;
  /** The sortable column ids (the contracts' `…_SORTABLE`): other ids never reach the URL. */
  sortable: readonly S[];
  query: ListPageQuery<Row>;
  /** While the first page loads ('جارٍ تحميل الأسر...'). */
  loadingLabel: string;
  /**
   * Shown instead of the table while nothing exists yet (no rows and no search or filter), with
   * the create action. Leave it out to always show the table.
   */
  empty?: { title: ReactNode; description?: ReactNode; action?: ReactNode };
  caption: string;
  columns: readonly DataTableColumn<Row>[];
  rowKey: DataTableProps<Row>['rowKey'];
  /** Names a row's details button (default: the first column's `text`). */
  rowLabel?: DataTableProps<Row>['rowLabel'];
  /** The table's text when a search or filter matches nothing. */
  emptyTitle: ReactNode;
  emptyDescription?: ReactNode;
  /** Dialogs the rows open, after the card. */
  children?: ReactNode;
  /** Opt-in row selection (`useTableSelection`), with its bar (`SelectionBar`) above the table. */
  selection?: TableSelection;
  selectionBar?: ReactNode;
}

/**
 * A server-side list page driven by its URL list state: header, filter bar, then loading, error
 * (with retry), "nothing yet" or the sortable table with pagination. Stale rows stay (dimmed)
 * while the next page or filter loads, and a failed refetch keeps them.
 */
export function ListPage<Row, S extends string>({
  title,
  description,
  actions,
  filters,
  list,
  sortable,
  query,
  loadingLabel,
  empty,
  caption,
  columns,
  rowKey,
  rowLabel,
  emptyTitle,
  emptyDescription,
  children,
  selection,
  selectionBar,
}: ListPageProps<Row, S>) {
  const rows = query.data?.data ?? [];
  const meta = query.data?.meta;
  const { state } = list;
  // A page number past the last page (an old link, rows deleted meanwhile): offer the first page.
  const pastTheEnd = rows.length === 0 && meta !== undefined && meta.total > 0;

  const renderResults = () => {
    if (query.isPending) return <LoadingState label={loadingLabel} />;
    if (query.isError && !query.data)
      return (
        <QueryErrorState
          title={LOAD_ERROR_TITLE}
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      );
    // "Nothing yet" only when the list is empty, not when a page past the end came back empty.
    if (empty && rows.length === 0 && (meta?.total ?? 0) === 0 && !list.hasFilters)
      return (
        <EmptyState title={empty.title} description={empty.description} action={empty.action} />
      );
    return (
      <>
        {selectionBar}
        <DataTable<Row>
          caption={caption}
          {...(selection ? { selection } : {})}
          rowKey={rowKey}
          rowLabel={rowLabel}
          rows={rows}
          loading={query.isFetching}
          sort={state.sort ? { id: state.sort, order: state.order } : undefined}
          onSortChange={(sort) => {
            if (isSortable(sortable, sort.id)) list.setSort(sort.id, sort.order);
          }}
          {...(pastTheEnd
            ? {
                emptyTitle: 'لا توجد نتائج في هذه الصفحة',
                emptyDescription: (
                  <Button size="sm" variant="secondary" onClick={() => list.setPage(1)}>
                    الانتقال إلى الصفحة الأولى
                  </Button>
                ),
              }
            : { emptyTitle, emptyDescription })}
          columns={columns}
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
    );
  };

  return (
    <>
      <PageHeader title={title} description={description} actions={actions} />
      <Card>
        {filters}
        {renderResults()}
      </Card>
      {children}
    </>
  );
}
