import { useEffect } from 'react';
import {
  FINANCIAL_RECORD_SORTABLE,
  financialRecordEndpoints,
  financialRecordListQuery,
  paymentMethodLabel,
  type FinancialRecord,
} from 'shared-contracts/finance';
import {
  ExportButton,
  ListPage,
  Money,
  PageButtonLink,
  PageLink,
  Stack,
  formatDate,
  pageHeader,
  useListUrlState,
  type DataTableColumn,
} from 'shared-ui';
import { preloadReportPageWhenIdle } from '../../../lib/report-preload';
import { usePrefetchFinancialReport } from '../../../lib/report-query';
import { useFinancialRecordList } from '../api/records-api';
import {
  DirectionBadge,
  RecordStatusBadge,
  ReversalBadge,
  ZakatBadge,
} from '../components/record-badges';
import { RecordNumber, ReversalRelation, linkedSummary } from '../components/record-links';
import { RecordsFilters } from '../components/records-filters';
import { RecordsTotals } from '../components/records-totals';

const COLUMNS: readonly DataTableColumn<FinancialRecord>[] = [
  {
    id: 'id',
    header: 'رقم القيد',
    label: 'رقم القيد',
    card: 'title',
    text: (row) => `#${row.id}`,
    cell: (row) => (
      <PageLink pageId="financial.show" params={{ id: row.id }}>
        <RecordNumber id={row.id} />
      </PageLink>
    ),
  },
  {
    id: 'occurred_on',
    header: 'التاريخ',
    sortable: true,
    nowrap: true,
    cell: (row) => formatDate(row.occurred_on),
  },
  {
    id: 'direction',
    header: 'النوع',
    cell: (row) => <DirectionBadge direction={row.direction} />,
  },
  {
    id: 'category',
    header: 'التصنيف',
    sortable: true,
    cell: (row) => (
      <>
        {row.category.name} {row.category.is_zakat ? <ZakatBadge /> : null}
      </>
    ),
  },
  {
    id: 'amount',
    header: 'المبلغ',
    sortable: true,
    align: 'end',
    cell: (row) => <Money value={row.amount} />,
  },
  {
    id: 'status',
    header: 'الحالة',
    sortable: true,
    cell: (row) => <RecordStatusBadge status={row.status} />,
  },
  {
    id: 'reversal',
    header: 'القيد العكسي',
    priority: 2,
    cell: (row) =>
      row.reverses_id !== null ? (
        <>
          <ReversalBadge /> <ReversalRelation record={row} />
        </>
      ) : (
        <ReversalRelation record={row} />
      ),
  },
  {
    id: 'payment_method',
    header: 'طريقة الدفع',
    priority: 2,
    cell: (row) => paymentMethodLabel(row.payment_method),
  },
  {
    id: 'linked',
    header: 'مرتبط بـ',
    priority: 2,
    truncate: true,
    cell: (row) => linkedSummary(row),
  },
];

/**
 * /financial: the ledger. Server-side pages, the whole list state in the URL, the totals of the
 * filtered set (all pages, computed by the API in SQL) above the table, a reversing entry right
 * after its original (the API's default order) and marked as such, and the XLSX export of what
 * the filters select.
 */
export default function FinancialListPage() {
  const list = useListUrlState(financialRecordListQuery);
  const query = useFinancialRecordList(list.params);
  // The header's report button opens a page of charts: its code and Chart.js load while the
  // employee reads the list, so the report shows its charts as soon as its figures arrive.
  useEffect(() => preloadReportPageWhenIdle(), []);
  const prefetchReport = usePrefetchFinancialReport();
  const createButton = (
    <PageButtonLink pageId="financial.create" icon="plus">
      تسجيل قيد
    </PageButtonLink>
  );

  return (
    <ListPage<FinancialRecord, (typeof FINANCIAL_RECORD_SORTABLE)[number]>
      {...pageHeader('financial.list')}
      actions={
        <>
          {createButton}
          <PageButtonLink
            pageId="financial.report"
            icon="reports"
            variant="secondary"
            onPointerEnter={prefetchReport}
            onFocus={prefetchReport}
          >
            التقرير المالي
          </PageButtonLink>
          <PageButtonLink pageId="financial.categories" icon="settings" variant="secondary">
            التصنيفات
          </PageButtonLink>
          <ExportButton
            endpoint={financialRecordEndpoints.export}
            filePrefix="financial-records"
            params={list.params}
          />
        </>
      }
      filters={
        <Stack $gap="md">
          <RecordsFilters list={list} />
          <RecordsTotals totals={query.data?.totals} />
        </Stack>
      }
      list={list}
      sortable={FINANCIAL_RECORD_SORTABLE}
      query={query}
      loadingLabel="جارٍ تحميل السجلات المالية..."
      empty={{
        title: 'لا توجد قيود مالية بعد',
        description: 'سجّل أول إيراد أو مصروف.',
        action: createButton,
      }}
      caption="السجلات المالية"
      rowKey="id"
      rowLabel={(row) => `القيد ${row.id}`}
      columns={COLUMNS}
      emptyTitle="لا توجد قيود مطابقة"
      emptyDescription="غيّر البحث أو امسح التصفية."
    />
  );
}
