import { readApiError } from 'shared-contracts';
import { ConfirmDialog, ReasonConfirmDialog, useToast } from 'shared-ui';

export interface StatusChangeRequest {
  title: string;
  message: string;
  confirmLabel: string;
  /** The target needs a reason (reject, suspend, archive, cancel, exclude). */
  requireReason: boolean;
  destructive?: boolean;
}

/**
 * Confirms a status change of the workflow tables (families, seasons, beneficiaries): a plain
 * ConfirmDialog, or shared-ui's ReasonConfirmDialog when the target status needs a reason.
 */
export function StatusChangeDialog({
  request,
  busy,
  onConfirm,
  onCancel,
}: {
  request: StatusChangeRequest | null;
  busy: boolean;
  onConfirm: (reason: string | null) => void;
  onCancel: () => void;
}) {
  if (!request) return null;
  const shared = {
    open: true,
    title: request.title,
    message: request.message,
    confirmLabel: request.confirmLabel,
    destructive: request.destructive,
    busy,
    onCancel,
  };
  return request.requireReason ? (
    <ReasonConfirmDialog {...shared} onConfirm={onConfirm} />
  ) : (
    <ConfirmDialog {...shared} onConfirm={() => onConfirm(null)} />
  );
}

/** The body of a status change: the status, and the reason when one was given. */
export function statusChangeBody<S extends string>(status: S, reason: string | null) {
  return reason ? { status, reason } : { status };
}

/**
 * The callbacks of a status change: toast the new status ('تم تغيير حالة الأسرة') and close, or
 * toast why it failed.
 */
export function useStatusChangeFeedback<S extends string>(
  title: string,
  statusLabel: (status: S) => string,
  done: () => void,
) {
  const { toast } = useToast();
  return {
    onSuccess: (answer: { data: { status: S } }) => {
      toast({ title, description: `الحالة الآن: ${statusLabel(answer.data.status)}` });
      done();
    },
    onError: (error: unknown) =>
      toast({
        variant: 'destructive',
        title: 'تعذر تغيير الحالة',
        description: readApiError(error).message,
      }),
  };
}
