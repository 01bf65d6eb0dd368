import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { REASON_MIN_LENGTH, REASON_REQUIRED_MESSAGE, countOf, hasReason } from 'shared-contracts';
import { Button } from '../controls/button';
import { TextAreaField } from '../forms/text-area-field';
import { dismissLabelFor } from './confirm-dialog';
import { Dialog } from './dialog';

export const REASON_LABEL = 'السبب';
export const REASON_HINT = `${countOf(REASON_MIN_LENGTH, 'character')} على الأقل، ويُحفظ في سجل الحالة`;

export interface ReasonConfirmDialogProps {
  open: boolean;
  title: ReactNode;
  /** What confirming does; the dialog's description. */
  message: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  /** Red confirm button (reject, suspend, cancel, exclude). */
  destructive?: boolean;
  /** Called with the trimmed reason once it is long enough (`hasReason`, shared-contracts). */
  onConfirm: (reason: string) => void;
  onCancel: () => void;
  /** The confirmed action is running: confirm spins, nothing closes the dialog. */
  busy?: boolean;
  reasonLabel?: string;
  reasonHint?: ReactNode;
}

/**
 * ConfirmDialog with a required reason (a status change the API records with its reason). The
 * reason is a real form: Enter in the field does not submit a multi-line textarea, the confirm
 * button does, and an empty or too short reason is refused inline (linked by aria-describedby)
 * without closing. Each opening starts with an empty reason.
 */
export function ReasonConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  cancelLabel,
  destructive = false,
  onConfirm,
  onCancel,
  busy = false,
  reasonLabel = REASON_LABEL,
  reasonHint = REASON_HINT,
}: ReasonConfirmDialogProps) {
  const formId = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [wasOpen, setWasOpen] = useState(open);

  // Reset on opening, during render (no effect that sets state), so a second request never
  // shows the previous reason or its error.
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) {
      setReason('');
      setError(undefined);
    }
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!hasReason(reason)) {
      setError(REASON_REQUIRED_MESSAGE);
      return;
    }
    onConfirm(reason.trim());
  };

  return (
    <Dialog
      open={open}
      size="sm"
      title={title}
      description={message}
      onClose={() => {
        if (!busy) onCancel();
      }}
      closeOnBackdrop={!busy}
      footer={
        <>
          <Button
            type="submit"
            form={formId}
            variant={destructive ? 'danger' : 'primary'}
            loading={busy}
          >
            {confirmLabel}
          </Button>
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            {dismissLabelFor(confirmLabel, cancelLabel)}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={submit}>
        <TextAreaField
          label={reasonLabel}
          required
          rows={3}
          value={reason}
          error={error}
          hint={reasonHint}
          onChange={(event) => {
            setReason(event.target.value);
            if (error && hasReason(event.target.value)) setError(undefined);
          }}
        />
      </form>
    </Dialog>
  );
}
