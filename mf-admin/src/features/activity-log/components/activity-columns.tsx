import styled from 'styled-components';
import { activityEntityLink, type ActivityLogEntry } from 'shared-contracts/admin';
import {
  Badge,
  Button,
  EMPTY_VALUE,
  IdentifiedText,
  LtrText,
  PageLink,
  formatDateTime,
  type BadgeProps,
  type DataTableColumn,
} from 'shared-ui';
import { actionLabel, entityTypeLabel } from './activity-labels';

const Entity = styled.span`
  display: inline-flex;
  flex-direction: column;
`;

const Muted = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

/** The record's type and label; the label links to the record's page when it has one. */
export function EntityCell({ entry }: { entry: ActivityLogEntry }) {
  const link = activityEntityLink(entry.entity_type, entry.entity_id);
  const label = entry.entity_label ?? (link ? `رقم ${entry.entity_id ?? ''}` : null);
  return (
    <Entity>
      <span>{entityTypeLabel(entry.entity_type)}</span>
      {label && link ? (
        <PageLink
          pageId={link.pageId}
          params={entry.entity_id ? { id: entry.entity_id } : {}}
          fallback={
            <Muted>
              <IdentifiedText text={label} />
            </Muted>
          }
        >
          <IdentifiedText text={label} />
        </PageLink>
      ) : label ? (
        <Muted>
          <IdentifiedText text={label} />
        </Muted>
      ) : null}
    </Entity>
  );
}

/** Failed and refused logins stand out; everything else is neutral. */
function actionTone(action: string): NonNullable<BadgeProps['tone']> {
  if (action === 'login_failed' || action === 'login_refused') return 'danger';
  if (action === 'delete') return 'warning';
  if (action === 'create') return 'success';
  return 'neutral';
}

/**
 * The log's columns: time, employee, action, record, address. The address shows from 1366 px
 * (and in the details dialog); a phone shows cards headed by the employee.
 */
export const ACTIVITY_COLUMNS: readonly DataTableColumn<ActivityLogEntry>[] = [
  {
    id: 'occurred_at',
    header: 'الوقت',
    card: true,
    nowrap: true,
    cell: (entry) => formatDateTime(entry.occurred_at),
  },
  {
    id: 'employee',
    header: 'الموظف',
    card: 'title',
    truncate: '10rem',
    cell: (entry) => entry.employee_name ?? EMPTY_VALUE,
  },
  {
    id: 'action',
    header: 'الإجراء',
    card: true,
    cell: (entry) => <Badge tone={actionTone(entry.action)}>{actionLabel(entry.action)}</Badge>,
  },
  {
    id: 'entity',
    header: 'السجل',
    card: true,
    cell: (entry) => <EntityCell entry={entry} />,
  },
  {
    id: 'ip',
    header: 'عنوان الجهاز على الشبكة',
    priority: 2,
    cell: (entry) => <LtrText>{entry.ip}</LtrText>,
  },
];

/** The last column: opens a row's details (who, when, from where, each field old → new). */
export function activityDetailsColumn(
  onShowDetails: (entry: ActivityLogEntry) => void,
): DataTableColumn<ActivityLogEntry> {
  return {
    id: 'details',
    header: 'التفاصيل',
    card: true,
    cell: (entry) => (
      <Button
        size="sm"
        variant="secondary"
        icon="eye"
        aria-label={`عرض التفاصيل: ${actionLabel(entry.action)} ${entry.entity_label ?? ''} ${formatDateTime(entry.occurred_at)}`.replace(
          /\s+/g,
          ' ',
        )}
        onClick={() => onShowDetails(entry)}
      >
        عرض التفاصيل
      </Button>
    ),
  };
}
