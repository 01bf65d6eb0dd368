import { useState } from 'react';
import { readApiError } from 'shared-contracts';
import {
  nextServiceStatuses,
  serviceRequiresReason,
  serviceStatusLabel,
  type ServiceDetail,
  type ServiceStatus,
} from 'shared-contracts/services';
import {
  Button,
  ConfirmDialog,
  ReasonConfirmDialog,
  Row,
  useToast,
} from 'shared-ui';
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
  const [target, setTarget] = useState<ServiceStatus | null>(null);
  const change = useServiceStatusChange(service.id);
  const { toast } = useToast();
  const next = nextServiceStatuses(service.status);
  if (next.length === 0) return null;

  const confirm = (status: ServiceStatus, reason: string | null) =>
    change.mutate(reason === null ? { status } : { status, reason }, {
      onSuccess: (answer) => {
        toast({
          title: 'تم تغيير حالة الخدمة',
          description: `الحالة الآن: ${serviceStatusLabel(answer.data.status)}`,
        });
        setTarget(null);
      },
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: 'تعذر تغيير الحالة',
          description: readApiError(error).message,
        }),
    });

  const dialog = target
    ? {
        open: true,
        title: `${SERVICE_ACTIONS[target]}؟`,
        message: MESSAGES[target],
        confirmLabel: SERVICE_ACTIONS[target],
        destructive: DESTRUCTIVE.includes(target),
        busy: change.isPending,
        onCancel: () => setTarget(null),
      }
    : null;

  return (
    <>
      <Row role="group" aria-label="إجراءات حالة الخدمة">
        {next.map((status) => (
          <Button
            key={status}
            size="sm"
            variant={DESTRUCTIVE.includes(status) ? 'danger' : 'primary'}
            onClick={() => setTarget(status)}
          >
            {SERVICE_ACTIONS[status]}
          </Button>
        ))}
      </Row>
      {target && dialog ? (
        serviceRequiresReason(target) ? (
          <ReasonConfirmDialog {...dialog} onConfirm={(reason) => confirm(target, reason)} />
        ) : (
          <ConfirmDialog {...dialog} onConfirm={() => confirm(target, null)} />
        )
      ) : null}
    </>
  );
}
