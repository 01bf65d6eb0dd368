import { ACTIVITY_ACTION_LABELS, type ActivityValueText } from 'shared-contracts/admin';
import {
  EmptyState,
  ErrorState,
  IdentifiedText,
  LoadingState,
  LtrText,
  TableScroll,
  Timeline,
} from 'shared-ui';
import styled from 'styled-components';
import { useFamilyTimeline } from '../api/families-api';
import { timelineChanges } from './family-field-labels';

function Value({ value }: { value: ActivityValueText }) {
  return value.ltr ? <LtrText>{value.text}</LtrText> : <>{value.text}</>;
}

const Changes = styled.table`
  margin-block-start: ${({ theme }) => theme.space.xs};
  border-collapse: collapse;
  font-size: ${({ theme }) => theme.font.size.sm};

  th,
  td {
    padding: ${({ theme }) => theme.space.xxs} ${({ theme }) => theme.space.sm};
    text-align: start;
    border-block-end: 1px solid ${({ theme }) => theme.colors.border};
  }
`;

/** The family's activity log (GET /families/{id}/timeline): who did what, when, old → new. */
export function FamilyTimeline({ familyId }: { familyId: number }) {
  const query = useFamilyTimeline(familyId);
  if (query.isPending) return <LoadingState label="جارٍ تحميل السجل..." />;
  if (query.isError)
    return <ErrorState message="تعذر تحميل سجل الأسرة" onRetry={() => void query.refetch()} />;
  if (query.data.length === 0) return <EmptyState title="لا توجد أحداث مسجلة" />;
  return (
    <Timeline
      label="سجل نشاط الأسرة"
      entries={query.data.map((entry) => {
        const changes = timelineChanges(entry);
        return {
          key: entry.id,
          title: (
            <>
              <strong>{ACTIVITY_ACTION_LABELS[entry.action] ?? entry.action}</strong>
              {entry.entity_label ? (
                <>
                  {' — '}
                  <IdentifiedText text={entry.entity_label} />
                </>
              ) : null}
            </>
          ),
          actor: entry.employee_name,
          at: entry.occurred_at,
          children:
            changes.length > 0 ? (
              // Its own region: a long old or new value scrolls it, never the page.
              <TableScroll label="التغييرات">
                <Changes>
                  <caption hidden>التغييرات</caption>
                  <thead>
                    <tr>
                      <th scope="col">الحقل</th>
                      <th scope="col">القيمة السابقة</th>
                      <th scope="col">القيمة الجديدة</th>
                    </tr>
                  </thead>
                  <tbody>
                    {changes.map((change) => (
                      <tr key={change.field}>
                        <th scope="row">{change.label}</th>
                        <td>
                          <Value value={change.before} />
                        </td>
                        <td>
                          <Value value={change.after} />
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </Changes>
              </TableScroll>
            ) : null,
        };
      })}
    />
  );
}
