import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Link } from 'react-router-dom';
import { countOf, pathTo, type SlotProps } from 'shared-contracts';
import {
  SERVICE_STATUSES,
  toServiceListParams,
  type ServiceListQuery,
  type ServiceSummary,
} from 'shared-contracts/services';
import {
  ButtonLink,
  DataTable,
  QueryErrorState,
  VisuallyHidden,
  formatCurrency,
  formatNumber,
  useCanVisit,
  type DataTableColumn,
} from 'shared-ui';
import { useServiceSummary } from '../api/services-api';
import { ServiceStatusBadge } from '../components/service-badges';

export const FAMILY_SERVICES_EMPTY = 'لم تُطلب لهذه الأسرة أي خدمة بعد';

const Footer = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.sm};
  margin-block-start: ${({ theme }) => theme.space.md};
`;

const Totals = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

type Filter = ServiceListQuery['filter'];

/** The services list filtered to this family (and a status, or the overdue ones). */
export function familyServicesPath(
  familyId: number,
  filter: Omit<Filter, 'family_id'> = {},
): string {
  const params = new URLSearchParams(
    toServiceListParams({ filter: { family_id: familyId, ...filter } }),
  );
  return `${pathTo('services.list')}?${params.toString()}`;
}

interface CountRow {
  key: string;
  /** What is counted, as read aloud ('معتمدة'). */
  name: string;
  label: ReactNode;
  count: number;
  to: string;
}

function countRows(familyId: number, summary: ServiceSummary): CountRow[] {
  const rows: CountRow[] = SERVICE_STATUSES.filter(
    (status) => summary.by_status[status.code] > 0,
  ).map((status) => ({
    key: status.code,
    name: status.label,
    label: <ServiceStatusBadge status={status.code} />,
    count: summary.by_status[status.code],
    to: familyServicesPath(familyId, { status: [status.code] }),
  }));
  if (summary.overdue > 0) {
    rows.push({
      key: 'overdue',
      name: 'متأخرة',
      label: 'متأخرة عن التاريخ المتوقع',
      count: summary.overdue,
      to: familyServicesPath(familyId, { overdue: true }),
    });
  }
  return rows;
}

/**
 * mf-services' panel on the family page (slot `families.show`, for `show_services`): how many
 * services the family has in each status, each count a link into the services list filtered to
 * this family and status; the cost of what was delivered; and the way to request a new one. The
 * host renders it under the slot table's title, inside its own error boundary.
 */
export default function FamilyServicesPanel({ familyId }: SlotProps<'families.show'>) {
  const query = useServiceSummary(toServiceListParams({ filter: { family_id: familyId } }));
  const canList = useCanVisit('services.list');

  if (query.isError)
    return <QueryErrorState error={query.error} onRetry={() => void query.refetch()} />;

  const summary = query.data;
  const columns: DataTableColumn<CountRow>[] = [
    { id: 'label', header: 'الحالة', cell: (row) => row.label },
    {
      id: 'count',
      header: 'عدد الخدمات',
      align: 'end',
      cell: (row) =>
        canList ? (
          // The visible count starts the link's name (WCAG 2.5.3); the rest is for screen readers.
          <Link to={row.to}>
            {formatNumber(row.count)}
            <VisuallyHidden>{` — عرض خدمات الأسرة: ${row.name}`}</VisuallyHidden>
          </Link>
        ) : (
          formatNumber(row.count)
        ),
    },
  ];

  return (
    <>
      <DataTable
        caption="أعداد خدمات الأسرة حسب الحالة"
        columns={columns}
        rows={summary ? countRows(familyId, summary) : []}
        rowKey="key"
        loading={query.isPending}
        loadingLabel="جارٍ تحميل خدمات الأسرة..."
        emptyTitle={FAMILY_SERVICES_EMPTY}
      />
      <Footer>
        <Totals>
          {summary && summary.total > 0
            ? `الإجمالي ${countOf(summary.total, 'service')}، وتكلفة المنفذ منها ${formatCurrency(summary.delivered_cost)}`
            : null}
        </Totals>
        {canList && summary && summary.total > 0 ? (
          <ButtonLink
            to={familyServicesPath(familyId)}
            variant="secondary"
            size="sm"
            icon="services"
          >
            كل خدمات الأسرة
          </ButtonLink>
        ) : null}
        <ButtonLinkToCreate familyId={familyId} />
      </Footer>
    </>
  );
}

/** 'طلب خدمة' for this family (the form opens with it chosen), for whoever may request one. */
function ButtonLinkToCreate({ familyId }: { familyId: number }) {
  if (!useCanVisit('services.create')) return null;
  return (
    <ButtonLink to={`${pathTo('services.create')}?family_id=${familyId}`} size="sm" icon="plus">
      طلب خدمة لهذه الأسرة
    </ButtonLink>
  );
}
