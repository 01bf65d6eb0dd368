import { VISIT_STATUSES, type Visit } from 'shared-contracts/resources/visits-contracts';
import { Badge, StatusBadge } from 'shared-ui';

const STATUS_TONES = { planned: 'info', done: 'success' } as const;

/** «مخططة» / «منجزة», and «متأخرة» beside a planned visit whose date has passed. */
export function VisitStatusBadge({ visit }: { visit: Pick<Visit, 'status' | 'overdue'> }) {
  return (
    <>
      <StatusBadge choices={VISIT_STATUSES} value={visit.status} tones={STATUS_TONES} />
      {visit.overdue ? (
        <>
          {' '}
          <Badge tone="danger">متأخرة</Badge>
        </>
      ) : null}
    </>
  );
}
