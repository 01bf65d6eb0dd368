import {
  nextServiceStatuses,
  serviceRequiresReason,
  serviceStatusLabel,
  type ServiceDetail,
  type ServiceStatus,
} from 'shared-contracts/services';
import { StatusActions } from 'shared-ui';
import { useServiceStatusChange } from '../api/services-api';

/** The button (and the confirming dialog's) verb for moving a service into each status. */
export const SERVICE_ACTIONS: Record<ServiceStatus, string> = {
  requested: 'إعادة إلى مطلوبة',
  approved: 'اعتماد الخدمة',
  in_progress: 'بدء التنفيذ',
  delivered: 'تسجيل التنفيذ',
  rejected: 'رفض الخدمة',
  cancelled: 'إلغاء الخدمة',
};

const MESSAGES: Record<ServiceStatus, string> = {
  requested: '',
  approved: 'تُعتمد الخدمة بتاريخ اليوم، ويمكن بعدها بدء تنفيذها.',
  in_progress: 'يبدأ تنفيذ الخدمة، وتبقى متابعتها حتى تسجيل تنفيذها.',
  delivered: 'تُسجَّل الخدمة منفذةً بتاريخ اليوم، ويمكن بعدها تسجيل رضا المستفيد.',
  rejected: 'يُرفض طلب الخدمة نهائياً، ويُحفظ السبب في سجل حالتها.',
  cancelled: 'تُلغى الخدمة نهائياً، ويُحفظ السبب في سجل حالتها.',
};

const DESTRUCTIVE: readonly ServiceStatus[] = ['rejected', 'cancelled'];

/**
 * The service's next statuses (SERVICE_STATUS_TRANSITIONS) as buttons, each confirmed first;
 * rejecting and cancelling ask for the reason the API records. The page shows them only to an
 * employee who may call the status endpoint.
 */
export function ServiceStatusActions({ service }: { service: ServiceDetail }) {
  return (
    <StatusActions
      label="إجراءات حالة الخدمة"
      next={nextServiceStatuses(service.status)}
      verbs={SERVICE_ACTIONS}
      messages={MESSAGES}
      needsReason={serviceRequiresReason}
      isDestructive={(status) => DESTRUCTIVE.includes(status)}
      changedTitle="تم تغيير حالة الخدمة"
      statusLabel={serviceStatusLabel}
      change={useServiceStatusChange(service.id)}
    />
  );
}
