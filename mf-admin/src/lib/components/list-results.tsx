import type { ReactNode } from 'react';
import { Button, Pagination } from 'shared-ui';
import { ListFooter } from './list-layout';

interface PageMeta {
  page: number;
  last_page: number;
  total: number;
}

interface ListAnswer {
  data: readonly unknown[];
  meta: PageMeta;
}

/**
 * The table's empty text for a filtered list: past the last page it offers the first page,
 * otherwise it says nothing matches and offers to clear the search / filters.
 */
export function listEmptyText(
  page: ListAnswer | undefined,
  list: { setPage: (page: number) => void; clearFilters: () => void },
  noMatch: { title: string; clearLabel: string },
): { emptyTitle: string; emptyDescription: ReactNode } {
  const pastTheEnd = page !== undefined && page.data.length === 0 && page.meta.total > 0;
  return {
    emptyTitle: pastTheEnd ? 'لا توجد نتائج في هذه الصفحة' : noMatch.title,
    emptyDescription: pastTheEnd ? (
      <Button size="sm" variant="secondary" onClick={() => list.setPage(1)}>
        الانتقال إلى الصفحة الأولى
      </Button>
    ) : (
      <Button size="sm" variant="secondary" onClick={list.clearFilters}>
        {noMatch.clearLabel}
      </Button>
    ),
  };
}

/** The pagination under a list's table, once a page has loaded. */
export function ListPagination({
  meta,
  onPageChange,
}: {
  meta: PageMeta | undefined;
  onPageChange: (page: number) => void;
}) {
  if (!meta) return null;
  return (
    <ListFooter>
      <Pagination
        page={meta.page}
        lastPage={meta.last_page}
        total={meta.total}
        onPageChange={onPageChange}
      />
    </ListFooter>
  );
}
