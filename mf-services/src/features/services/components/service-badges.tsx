import { SERVICE_STATUSES, type ServiceStatus } from 'shared-contracts/services';
import { Badge, StatusBadge, type BadgeTone } from 'shared-ui';

const STATUS_TONES: Record<ServiceStatus, BadgeTone> = {
  requested: 'info',
  approved: 'info',
  in_progress: 'warning',
  delivered: 'success',
  rejected: 'danger',
  cancelled: 'neutral',
};

export function ServiceStatusBadge({ status }: { status: ServiceStatus }) {
  return <StatusBadge choices={SERVICE_STATUSES} value={status} tones={STATUS_TONES} />;
}

export const OVERDUE_LABEL = 'متأخرة';

/** An open service past its expected date. */
export function OverdueBadge() {
  return <Badge tone="danger">{OVERDUE_LABEL}</Badge>;
}
