import styled from 'styled-components';
import { pathTo, type SlotProps } from 'shared-contracts';
import { activityLogEndpoints, type ActivityLogEntry } from 'shared-contracts/admin';
import {
  ButtonLink,
  DataTable,
  EMPTY_VALUE,
  IdentifiedText,
  QueryErrorState,
  formatDateTime,
  formatNumber,
  useEndpointQuery,
  type DataTableColumn,
} from 'shared-ui';
import { actionLabel, entityTypeLabel } from '../components/activity-labels';

/** How many rows the family page shows; the activity log's page (/activity-tracking) has the rest. */
export const FAMILY_ACTIVITY_LIMIT = 10;

export const FAMILY_ACTIVITY_EMPTY = 'لا يوجد نشاط مسجل على ملف هذه الأسرة';
export const FULL_LOG_LABEL = 'سجل النشاط الكامل';

const Entity = styled.span`
  display: inline-flex;
  flex-direction: column;
`;

const Muted = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

const Footer = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.sm};
  margin-block-start: ${({ theme }) => theme.space.md};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

const columns: DataTableColumn<ActivityLogEntry>[] = [
  {
    id: 'occurred_at',
    header: 'الوقت',
    nowrap: true,
    cell: (entry) => formatDateTime(entry.occurred_at),
  },
  { id: 'employee', header: 'الموظف', cell: (entry) => entry.employee_name ?? EMPTY_VALUE },
  { id: 'action', header: 'الإجراء', cell: (entry) => actionLabel(entry.action) },
  {
    id: 'entity',
    header: 'السجل',
    cell: (entry) => (
      <Entity>
        <span>{entityTypeLabel(entry.entity_type)}</span>
        {entry.entity_label ? (
          <Muted>
            <IdentifiedText text={entry.entity_label} />
          </Muted>
        ) : null}
      </Entity>
    ),
  },
];

/**
 * mf-admin's panel on the family page (slot `families.show`, super admins only): the last rows
 * of the activity log about this family — who did what, when — and the way to the full log.
 * The host renders it under the slot table's title, inside its own error boundary.
 */
export default function FamilyActivityPanel({ familyId }: SlotProps<'families.show'>) {
  // Keyed under the `activity-log` resource: whatever invalidates the log refreshes this too.
  const query = useEndpointQuery(activityLogEndpoints.list, {
    query: { per_page: FAMILY_ACTIVITY_LIMIT, 'filter[family_id]': familyId },
  });

  if (query.isError)
    return <QueryErrorState error={query.error} onRetry={() => void query.refetch()} />;

  const rows = query.data?.data ?? [];
  const total = query.data?.meta.total ?? 0;
  return (
    <>
      <DataTable
        caption="آخر نشاط على ملف الأسرة"
        columns={columns}
        rows={rows}
        rowKey="id"
        loading={query.isPending}
        loadingLabel="جارٍ تحميل آخر النشاط..."
        emptyTitle={FAMILY_ACTIVITY_EMPTY}
      />
      <Footer>
        <span>
          {total > rows.length
            ? `المعروض آخر ${formatNumber(rows.length)} من ${formatNumber(total)}`
            : null}
        </span>
        <ButtonLink to={pathTo('activity-tracking')} variant="secondary" size="sm" icon="activity">
          {FULL_LOG_LABEL}
        </ButtonLink>
      </Footer>
    </>
  );
}
