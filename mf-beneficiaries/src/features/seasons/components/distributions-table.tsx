import { useState } from 'react';
import { DISTRIBUTION_KINDS, labelOf, type Distribution } from 'shared-contracts/beneficiaries';
import { DataTable, ErrorState, FileNumber, LtrText, formatCurrency, formatDate } from 'shared-ui';
import { useSeasonDistributions } from '../api/seasons-api';
import { MetaPagination } from './meta-pagination';

/** The handovers recorded in a programme, newest first, paginated on the server. */
export function DistributionsTable({ seasonId }: { seasonId: number }) {
  const [page, setPage] = useState(1);
  const params = { page: String(page), sort: 'distributed_at', order: 'desc' };
  const query = useSeasonDistributions(seasonId, params);
  if (query.isError && !query.data)
    return <ErrorState message="تعذر تحميل سجل الصرف" onRetry={() => void query.refetch()} />;
  return (
    <>
      <DataTable<Distribution>
        caption="سجل الصرف"
        rowKey="id"
        rows={query.data?.data ?? []}
        loading={query.isFetching}
        emptyTitle="لم يُسجل أي صرف بعد"
        columns={[
          {
            id: 'distributed_at',
            header: 'التاريخ',
            nowrap: true,
            cell: (row) => formatDate(row.distributed_at),
          },
          {
            id: 'family',
            header: 'الأسرة',
            cell: (row) => (
              <>
                {row.family.head_name} (<FileNumber value={row.family.file_number} />)
              </>
            ),
          },
          { id: 'kind', header: 'النوع', cell: (row) => labelOf(DISTRIBUTION_KINDS, row.kind) },
          {
            id: 'content',
            header: 'المصروف',
            cell: (row) =>
              row.kind === 'cash'
                ? formatCurrency(row.cash_amount)
                : row.items.map((item) => `${item.item.label} × ${item.quantity}`).join('، '),
          },
          { id: 'received_by', header: 'المستلم', cell: (row) => row.received_by_name },
          {
            id: 'voucher_code',
            header: 'القسيمة',
            cell: (row) => <LtrText>{row.voucher_code}</LtrText>,
          },
          { id: 'handed_over_by', header: 'سلّمها', cell: (row) => row.handed_over_by.name },
        ]}
      />
      <MetaPagination meta={query.data?.meta} onPageChange={setPage} />
    </>
  );
}
