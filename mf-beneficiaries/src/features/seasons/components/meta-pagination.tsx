import type { ListMeta } from 'shared-contracts';
import { Pagination } from 'shared-ui';

/** The pager of a list answer's `meta` (nothing until the first page has arrived). */
export function MetaPagination({
  meta,
  onPageChange,
}: {
  meta: ListMeta | undefined;
  onPageChange: (page: number) => void;
}) {
  if (!meta) return null;
  return (
    <Pagination
      page={meta.page}
      lastPage={meta.last_page}
      total={meta.total}
      onPageChange={onPageChange}
    />
  );
}
