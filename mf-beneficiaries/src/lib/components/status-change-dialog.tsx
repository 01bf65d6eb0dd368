import { useId, useState, type FormEvent } from 'react';
import { REASON_MIN_LENGTH, REASON_REQUIRED_MESSAGE, hasReason } from 'shared-contracts';
import { Button, ConfirmDialog, Dialog, TextAreaField } from 'shared-ui';

export interface StatusChangeRequest {
  title: string;
  message: string;
  confirmLabel: string;
  /** The target needs a reason (reject, suspend, archive, cancel, exclude). */
  requireReason: boolean;
  destructive?: boolean;
}

/**
 * Confirms a status change. Without a reason it is a plain ConfirmDialog; when the target needs
 * one, a dialog with a reason field that refuses an empty or too short reason.
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
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const formId = useId();

  const [shownRequest, setShownRequest] = useState(request);
  // A new request starts with an empty reason.
  if (shownRequest !== request) {
    setShownRequest(request);
    setReason('');
    setError(undefined);
  }

  if (!request) return null;
  if (!request.requireReason) {
    return (
      <ConfirmDialog
        open
        title={request.title}
        message={request.message}
        confirmLabel={request.confirmLabel}
        destructive={request.destructive}
        busy={busy}
        onConfirm={() => onConfirm(null)}
        onCancel={onCancel}
      />
    );
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
      open
      size="sm"
      title={request.title}
      description={request.message}
      onClose={() => {
        if (!busy) onCancel();
      }}
      closeOnBackdrop={!busy}
      footer={
        <>
          <Button
            type="submit"
            form={formId}
            variant={request.destructive ? 'danger' : 'primary'}
            loading={busy}
          >
            {request.confirmLabel}
          </Button>
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            إلغاء
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={submit}>
        <TextAreaField
          label="السبب"
          required
          rows={3}
          value={reason}
          error={error}
          hint={`${REASON_MIN_LENGTH} أحرف على الأقل، ويُحفظ في سجل الحالة`}
          onChange={(event) => {
            setReason(event.target.value);
            if (error && hasReason(event.target.value)) setError(undefined);
          }}
        />
      </form>
    </Dialog>
  );
}
