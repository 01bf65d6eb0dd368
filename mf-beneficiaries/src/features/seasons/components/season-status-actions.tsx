import { useState } from 'react';
import {
  SEASON_REASON_REQUIRED_STATUSES,
  SEASON_STATUS_TRANSITIONS,
  seasonStatusLabel,
  type Season,
  type SeasonStatus,
} from 'shared-contracts/beneficiaries';
import {
  Button,
  Row,
} from 'shared-ui';
import {
  StatusChangeDialog,
  statusChangeBody,
  useStatusChangeFeedback,
} from '../../../lib/components/status-change-dialog';
import { useSeasonStatusChange } from '../api/seasons-api';

export const SEASON_ACTION_LABELS: Record<SeasonStatus, string> = {
  draft: 'إعادة إلى مسودة',
  approved: 'اعتماد البرنامج',
  distributing: 'بدء التوزيع',
  closed: 'إغلاق البرنامج',
  cancelled: 'إلغاء البرنامج',
};

const MESSAGES: Record<SeasonStatus, string> = {
  draft: '',
  approved: 'سيُعتمد البرنامج، ويمكن بعدها تسجيل الأسر وبدء التوزيع.',
  distributing: 'يبدأ تسجيل الصرف للأسر المسجلة، ولا تُعدَّل بيانات البرنامج بعد ذلك.',
  closed: 'يُغلق البرنامج فلا يُسجل فيه صرف ولا أسر جديدة.',
  cancelled: 'يُلغى البرنامج نهائياً ويُحفظ السبب.',
};

/** The programme's next statuses (SEASON_STATUS_TRANSITIONS), for employees with edit_seasonal. */
export function SeasonStatusActions({ season }: { season: Season }) {
  const [target, setTarget] = useState<SeasonStatus | null>(null);
  const feedback = useStatusChangeFeedback('تم تغيير حالة البرنامج', seasonStatusLabel, () =>
    setTarget(null),
  );
  const change = useSeasonStatusChange(season.id);
  const next = SEASON_STATUS_TRANSITIONS[season.status];
  if (next.length === 0) return null;
  return (
    <>
      <Row role="group" aria-label="إجراءات حالة البرنامج">
        {next.map((status) => (
          <Button
            key={status}
            size="sm"
            variant={status === 'cancelled' ? 'danger' : 'primary'}
            onClick={() => setTarget(status)}
          >
            {SEASON_ACTION_LABELS[status]}
          </Button>
        ))}
      </Row>
      <StatusChangeDialog
        request={
          target
            ? {
                title: `${SEASON_ACTION_LABELS[target]}؟`,
                message: MESSAGES[target],
                confirmLabel: SEASON_ACTION_LABELS[target],
                requireReason: SEASON_REASON_REQUIRED_STATUSES.includes(target),
                destructive: target === 'cancelled',
              }
            : null
        }
        busy={change.isPending}
        onCancel={() => setTarget(null)}
        onConfirm={(reason) => {
          if (target) change.mutate(statusChangeBody(target, reason), feedback);
        }}
      />
    </>
  );
}
