import {
  SEASON_REASON_REQUIRED_STATUSES,
  SEASON_STATUS_TRANSITIONS,
  seasonStatusLabel,
  type Season,
  type SeasonStatus,
} from 'shared-contracts/beneficiaries';
import { StatusActions } from 'shared-ui';
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

const isCancel = (status: SeasonStatus) => status === 'cancelled';
const needsReason = (status: SeasonStatus) => SEASON_REASON_REQUIRED_STATUSES.includes(status);

/** The programme's next statuses (SEASON_STATUS_TRANSITIONS), for employees with edit_seasonal. */
export function SeasonStatusActions({ season }: { season: Season }) {
  return (
    <StatusActions
      label="إجراءات حالة البرنامج"
      next={SEASON_STATUS_TRANSITIONS[season.status]}
      verbs={SEASON_ACTION_LABELS}
      messages={MESSAGES}
      needsReason={needsReason}
      isDestructive={isCancel}
      changedTitle="تم تغيير حالة البرنامج"
      statusLabel={seasonStatusLabel}
      change={useSeasonStatusChange(season.id)}
    />
  );
}
