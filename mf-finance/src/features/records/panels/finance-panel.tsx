import styled from 'styled-components';
import { pathTo, type SlotProps } from 'shared-contracts';
import {
  toFinancialRecordListParams,
  type FinancialRecord,
  type FinancialRecordListQuery,
} from 'shared-contracts/finance';
import {
  ButtonLink,
  DataTable,
  Money,
  PageLink,
  QueryErrorState,
  formatDate,
  useCanVisit,
  type DataTableColumn,
} from 'shared-ui';
import { financialListPath, useFinancialRecordList } from '../api/records-api';
import { DirectionBadge, RecordStatusBadge } from '../components/record-badges';
import { RecordNumber, ReversalRelation } from '../components/record-links';
import { RecordsTotals } from '../components/records-totals';

/** How many of the latest records the panel lists. */
export const FINANCE_PANEL_RECORDS = 5;

const Footer = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
  margin-block-start: ${({ theme }) => theme.space.md};
`;

type Filter = FinancialRecordListQuery['filter'];
export type FinancePanelProps =
  SlotProps<'families.show'> | SlotProps<'orgs.show'> | SlotProps<'seasons.show'>;

/** The list filter and the create link's preset of the entity whose page shows the panel. */
function linkOf(props: FinancePanelProps): {
  filter: Filter;
  preset: string;
  /** «بالأسرة» (linked to it) and «للأسرة» (for it). */
  by: string;
  for: string;
} {
  if ('familyId' in props)
    return {
      filter: { family_id: props.familyId },
      preset: `family_id=${props.familyId}`,
      by: 'بالأسرة',
      for: 'للأسرة',
    };
  if ('orgId' in props)
    return {
      filter: { organisation_id: props.orgId },
      preset: `organisation_id=${props.orgId}`,
      by: 'بالجهة',
      for: 'للجهة',
    };
  return {
    filter: { season_id: props.seasonId },
    preset: `season_id=${props.seasonId}`,
    by: 'بالبرنامج',
    for: 'للبرنامج',
  };
}

const COLUMNS: readonly DataTableColumn<FinancialRecord>[] = [
  {
    id: 'id',
    header: 'القيد',
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
    nowrap: true,
    cell: (row) => formatDate(row.occurred_on),
  },
  { id: 'direction', header: 'النوع', cell: (row) => <DirectionBadge direction={row.direction} /> },
  { id: 'category', header: 'التصنيف', cell: (row) => row.category.name },
  { id: 'amount', header: 'المبلغ', align: 'end', cell: (row) => <Money value={row.amount} /> },
  {
    id: 'status',
    header: 'الحالة',
    cell: (row) => (
      <>
        <RecordStatusBadge status={row.status} /> <ReversalRelation record={row} />
      </>
    ),
  },
];

/**
 * mf-finance's panel on the family, organisation and programme pages (slots `families.show`,
 * `orgs.show`, `seasons.show`, for `show_financial`): the income, expense and balance linked to
 * that entity (counted records, as the API sums them), its latest records, and links into the
 * records list filtered to it and to record a new one for it. One list call gives both.
 */
export default function FinancePanel(props: FinancePanelProps) {
  const link = linkOf(props);
  const { filter, preset } = link;
  const query = useFinancialRecordList(
    toFinancialRecordListParams({
      filter,
      per_page: FINANCE_PANEL_RECORDS,
      sort: 'occurred_on',
      order: 'desc',
    }),
  );
  const canList = useCanVisit('financial.list');
  const canCreate = useCanVisit('financial.create');

  if (query.isError)
    return <QueryErrorState error={query.error} onRetry={() => void query.refetch()} />;
  const answer = query.data;
  const total = answer?.meta.total ?? 0;

  return (
    <>
      <RecordsTotals totals={answer?.totals} label={`إجماليات المبالغ المرتبطة ${link.by}`} />
      <DataTable
        caption={`آخر القيود المالية المرتبطة ${link.by}`}
        columns={COLUMNS}
        rows={answer?.data ?? []}
        rowKey="id"
        rowLabel={(row) => `القيد ${row.id}`}
        loading={query.isPending}
        loadingLabel="جارٍ تحميل القيود المالية..."
        emptyTitle={`لا توجد قيود مالية مرتبطة ${link.by}`}
      />
      <Footer>
        {canList && total > 0 ? (
          <ButtonLink to={financialListPath(filter)} variant="secondary" size="sm" icon="finance">
            {`كل القيود المرتبطة ${link.by}`}
          </ButtonLink>
        ) : null}
        {canCreate ? (
          <ButtonLink to={`${pathTo('financial.create')}?${preset}`} size="sm" icon="plus">
            {`تسجيل قيد ${link.for}`}
          </ButtonLink>
        ) : null}
      </Footer>
    </>
  );
}
