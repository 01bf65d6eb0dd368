import {
  SEMINAR_STATUS_ACTION_LABELS,
  nextSeminarStatuses,
  seminarStatusLabel,
  type SeminarDetail,
  type SeminarStatus,
} from 'shared-contracts/engagement';
import { StatusActions } from 'shared-ui';
import { useSeminarStatusChange } from '../api/seminars-api';

const MESSAGES: Record<SeminarStatus, string> = {
  planned: '',
  open: 'يُفتح التسجيل في الندوة، ويُضاف من يسجل بعد اكتمال العدد إلى قائمة الانتظار.',
  closed: 'يُغلق التسجيل، ويبقى تسجيل الحضور متاحاً.',
  held: 'تُسجَّل الندوة منعقدةً، ولا يمكن بعدها تعديلها أو إلغاء التسجيلات فيها.',
  cancelled: 'تُلغى الندوة نهائياً، ويُحفظ السبب.',
};

const isCancel = (status: SeminarStatus) => status === 'cancelled';

/** The seminar's next statuses as buttons, each confirmed; cancelling asks for the reason. */
export function SeminarStatusActions({ seminar }: { seminar: SeminarDetail }) {
  return (
    <StatusActions
      label="إجراءات حالة الندوة"
      next={nextSeminarStatuses(seminar.status)}
      verbs={SEMINAR_STATUS_ACTION_LABELS}
      messages={MESSAGES}
      needsReason={isCancel}
      isDestructive={isCancel}
      changedTitle="تم تغيير حالة الندوة"
      statusLabel={seminarStatusLabel}
      change={useSeminarStatusChange(seminar.id)}
    />
  );
}
