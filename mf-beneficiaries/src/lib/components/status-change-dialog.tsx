import { ConfirmDialog, ReasonConfirmDialog } from 'shared-ui';

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
