import {
  ORGANISATION_STATUSES,
  ORGANISATION_TYPES,
  labelOf,
  type Organisation,
} from 'shared-contracts/beneficiaries';
import { Badge } from 'shared-ui';

export function OrgStatusBadge({ status }: { status: Organisation['status'] }) {
  return (
    <Badge tone={status === 'active' ? 'success' : 'neutral'}>
      {labelOf(ORGANISATION_STATUSES, status)}
    </Badge>
  );
}

export function orgTypeLabel(type: Organisation['type']): string {
  return labelOf(ORGANISATION_TYPES, type);
}
