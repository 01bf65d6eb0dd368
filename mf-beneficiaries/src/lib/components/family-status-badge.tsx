import { familyStatusLabel, type FamilyStatus } from 'shared-contracts/beneficiaries';
import { Badge, type BadgeTone } from 'shared-ui';

const TONES: Record<FamilyStatus, BadgeTone> = {
  draft: 'neutral',
  pending_review: 'info',
  approved: 'success',
  rejected: 'danger',
  suspended: 'warning',
  archived: 'neutral',
};

export function FamilyStatusBadge({ status }: { status: FamilyStatus }) {
  return <Badge tone={TONES[status]}>{familyStatusLabel(status)}</Badge>;
}

export function OverdueBadge() {
  return <Badge tone="danger">متأخرة عن إعادة التقييم</Badge>;
}
