import { useRef, type ReactNode } from 'react';
import { Button } from '../controls/button';
import { Dialog } from './dialog';

export const CONFIRM_CANCEL_LABEL = 'إلغاء';

export interface ConfirmDialogProps {
  open: boolean;
  title: ReactNode;
  message: ReactNode;
  confirmLabel: string;
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
  cancelLabel = CONFIRM_CANCEL_LABEL,
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
            {cancelLabel}
          </Button>
        </>
      }
    >
      <p>{message}</p>
    </Dialog>
  );
}
