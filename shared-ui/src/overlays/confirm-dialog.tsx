import { useRef, type ReactNode } from 'react';
import { Button } from '../controls/button';
import { Dialog } from './dialog';

export const CONFIRM_CANCEL_LABEL = 'إلغاء';
/** Said by the confirmation of every action that cannot be taken back (archive, publish…). */
export const IRREVERSIBLE_NOTE = 'لا يمكن التراجع عن هذا الإجراء.';

/** The dismiss button's name when the action itself is a «إلغاء …» (cancel a registration…). */
export const CONFIRM_BACK_LABEL = 'تراجع';

/**
 * The dismiss button's name: «إلغاء» unless the confirmed action is itself called «إلغاء …»,
 * where two «إلغاء» buttons side by side would read as the same choice; then «تراجع».
 */
export function dismissLabelFor(confirmLabel: string, cancelLabel?: string): string {
  if (cancelLabel !== undefined) return cancelLabel;
  return confirmLabel.trim().startsWith('إلغاء') ? CONFIRM_BACK_LABEL : CONFIRM_CANCEL_LABEL;
}

export interface ConfirmDialogProps {
  open: boolean;
  title: ReactNode;
  message: ReactNode;
  confirmLabel: string;
  /** Default: «إلغاء», or «تراجع» when `confirmLabel` starts with «إلغاء» (`dismissLabelFor`). */
  cancelLabel?: string;
  /** Red confirm button (deletions). */
  destructive?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  /** The confirmed action is running: confirm shows a spinner, nothing can close the dialog. */
  busy?: boolean;
}

/**
 * "Are you sure?" before a destructive or irreversible action. Focus starts on Cancel, so an
 * accidental Enter never confirms a deletion.
 */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  cancelLabel,
  destructive = false,
  onConfirm,
  onCancel,
  busy = false,
}: ConfirmDialogProps) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <Dialog
      open={open}
      onClose={() => {
        if (!busy) onCancel();
      }}
      title={title}
      size="sm"
      initialFocusRef={cancelRef}
      closeOnBackdrop={!busy}
      footer={
        <>
          <Button variant={destructive ? 'danger' : 'primary'} loading={busy} onClick={onConfirm}>
            {confirmLabel}
          </Button>
          <Button ref={cancelRef} variant="secondary" onClick={onCancel} disabled={busy}>
            {dismissLabelFor(confirmLabel, cancelLabel)}
          </Button>
        </>
      }
    >
      <p>{message}</p>
    </Dialog>
  );
}
