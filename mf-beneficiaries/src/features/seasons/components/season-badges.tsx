import {
  SEASON_BENEFICIARY_STATUSES,
  SEASON_KINDS,
  labelOf,
  seasonStatusLabel,
  type SeasonBeneficiaryStatus,
  type SeasonKind,
  type SeasonStatus,
} from 'shared-contracts/beneficiaries';
import { Badge, type BadgeTone } from 'shared-ui';

const STATUS_TONES: Record<SeasonStatus, BadgeTone> = {
  draft: 'neutral',
  approved: 'info',
  distributing: 'warning',
  closed: 'success',
  cancelled: 'danger',
};

export function SeasonStatusBadge({ status }: { status: SeasonStatus }) {
  return <Badge tone={STATUS_TONES[status]}>{seasonStatusLabel(status)}</Badge>;
}

const BENEFICIARY_TONES: Record<SeasonBeneficiaryStatus, BadgeTone> = {
  enrolled: 'info',
  received: 'success',
  excluded: 'neutral',
};

export function BeneficiaryStatusBadge({ status }: { status: SeasonBeneficiaryStatus }) {
  return (
    <Badge tone={BENEFICIARY_TONES[status]}>{labelOf(SEASON_BENEFICIARY_STATUSES, status)}</Badge>
  );
}

export function seasonKindLabel(kind: SeasonKind): string {
  return labelOf(SEASON_KINDS, kind);
}
