import styled from 'styled-components';
import type { ActivityLogEntry } from 'shared-contracts';
import { DataTable, Dialog, EMPTY_VALUE, formatDateTime, type DataTableColumn } from 'shared-ui';
import { Ltr } from '../../../lib/components/ltr';
import { actionLabel, entityTypeLabel, fieldLabel } from './activity-labels';
import { ChangeValue } from './change-value';

const Details = styled.dl`
  display: grid;
  grid-template-columns: max-content minmax(0, 1fr);
  gap: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.md};
  margin-block-end: ${({ theme }) => theme.space.lg};

  dt {
    color: ${({ theme }) => theme.colors.textMuted};
    font-weight: ${({ theme }) => theme.font.weight.semibold};
  }

  dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
`;

const NoChanges = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
`;

interface ChangeRow {
  field: string;
  before: unknown;
  after: unknown;
}

const changeColumns: DataTableColumn<ChangeRow>[] = [
  {
    id: 'field',
    header: 'الحقل',
    cell: (row) => fieldLabel(row.field) ?? <Ltr>{row.field}</Ltr>,
  },
  {
    id: 'before',
    header: 'القيمة السابقة',
    cell: (row) => <ChangeValue field={row.field} value={row.before} />,
  },
  {
    id: 'after',
    header: 'القيمة الجديدة',
    cell: (row) => <ChangeValue field={row.field} value={row.after} />,
  },
];

/** One log entry in full: who, when, from where, and each changed field old → new. */
export function ActivityDetailsDialog({
  entry,
  onClose,
}: {
  entry: ActivityLogEntry;
  onClose: () => void;
}) {
  const changes: ChangeRow[] = Object.entries(entry.changes ?? {}).map(
    ([field, [before, after]]) => ({
      field,
      before,
      after,
    }),
  );

  return (
    <Dialog open onClose={onClose} title="تفاصيل النشاط" size="lg">
      <Details>
        <dt>الوقت</dt>
        <dd>{formatDateTime(entry.occurred_at)}</dd>
        <dt>الموظف</dt>
        <dd>{entry.employee_name ?? EMPTY_VALUE}</dd>
        <dt>الإجراء</dt>
        <dd>{actionLabel(entry.action)}</dd>
        <dt>السجل</dt>
        <dd>
          {entityTypeLabel(entry.entity_type)}
          {entry.entity_label ? ` — ${entry.entity_label}` : ''}
          {entry.entity_id ? (
            <>
              {' '}
              (رقم <Ltr>{entry.entity_id}</Ltr>)
            </>
          ) : null}
        </dd>
        <dt>عنوان IP</dt>
        <dd>{entry.ip ? <Ltr>{entry.ip}</Ltr> : EMPTY_VALUE}</dd>
        <dt>المتصفح</dt>
        <dd>{entry.user_agent ? <Ltr>{entry.user_agent}</Ltr> : EMPTY_VALUE}</dd>
      </Details>
      {changes.length > 0 ? (
        <DataTable
          caption="الحقول المتغيرة"
          showCaption
          columns={changeColumns}
          rows={changes}
          rowKey="field"
        />
      ) : (
        <NoChanges>لا توجد حقول متغيرة في هذا النشاط.</NoChanges>
      )}
    </Dialog>
  );
}
