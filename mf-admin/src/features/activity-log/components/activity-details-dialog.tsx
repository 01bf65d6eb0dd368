import styled from 'styled-components';
import {
  activityEntityLink,
  describeUserAgent,
  type ActivityLogEntry,
} from 'shared-contracts/admin';
import {
  DataTable,
  DescriptionList,
  Dialog,
  IdentifiedText,
  LtrText,
  PageLink,
  formatDateTime,
  type DataTableColumn,
} from 'shared-ui';
import { actionLabel, entityTypeLabel, fieldLabel } from './activity-labels';
import { ChangeValue } from './change-value';

const Details = styled(DescriptionList)`
  margin-block-end: ${({ theme }) => theme.space.lg};
`;

const NoChanges = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
`;

interface ChangeRow {
  entityType: string | null;
  field: string;
  before: unknown;
  after: unknown;
}

const changeColumns: DataTableColumn<ChangeRow>[] = [
  {
    id: 'field',
    header: 'الحقل',
    cell: (row) => fieldLabel(row.entityType, row.field) ?? <LtrText>{row.field}</LtrText>,
  },
  {
    id: 'before',
    header: 'القيمة السابقة',
    cell: (row) => <ChangeValue entityType={row.entityType} field={row.field} value={row.before} />,
  },
  {
    id: 'after',
    header: 'القيمة الجديدة',
    cell: (row) => <ChangeValue entityType={row.entityType} field={row.field} value={row.after} />,
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
      entityType: entry.entity_type,
      field,
      before,
      after,
    }),
  );

  const link = activityEntityLink(entry.entity_type, entry.entity_id);
  return (
    <Dialog open onClose={onClose} title="تفاصيل النشاط" size="lg">
      <Details
        layout="rows"
        items={[
          { label: 'الوقت', value: formatDateTime(entry.occurred_at) },
          { label: 'الموظف', value: entry.employee_name },
          { label: 'الإجراء', value: actionLabel(entry.action) },
          {
            label: 'السجل',
            value: (
              <>
                {entityTypeLabel(entry.entity_type)}
                {entry.entity_label ? (
                  <>
                    {' — '}
                    <IdentifiedText text={entry.entity_label} />
                  </>
                ) : null}
                {entry.entity_id ? (
                  <>
                    {' '}
                    (رقم <LtrText>{entry.entity_id}</LtrText>)
                  </>
                ) : null}
              </>
            ),
          },
          ...(link
            ? [
                {
                  label: 'صفحة السجل',
                  value: (
                    <PageLink
                      pageId={link.pageId}
                      params={entry.entity_id ? { id: entry.entity_id } : {}}
                      fallback="لا تملك صلاحية فتحها"
                    >
                      فتح صفحة السجل
                    </PageLink>
                  ),
                },
              ]
            : []),
          { label: 'عنوان الجهاز على الشبكة', value: <LtrText>{entry.ip}</LtrText> },
          // The browser and system in words; the raw header stays in the log, not on screen.
          { label: 'المتصفح', value: describeUserAgent(entry.user_agent) ?? 'غير مسجل' },
        ]}
      />
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
