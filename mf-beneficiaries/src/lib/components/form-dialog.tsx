import { useId, type FormEvent, type ReactNode } from 'react';
import type { FieldValues, UseFormSetError } from 'react-hook-form';
import {
  Button,
  dismissLabelFor,
  Dialog,
  useSaveErrorHandler,
  useToast,
  type IconName,
  type ToastOptions,
} from 'shared-ui';

export interface FormDialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  description?: ReactNode;
  submitLabel: string;
  submitIcon?: IconName;
  /** The save is running: submit spins, Cancel and closing wait for it. */
  busy: boolean;
  /** The form's submit (react-hook-form's `handleSubmit(…)`). */
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  children: ReactNode;
}

/**
 * A dialog holding one form (move a member, record a handover): submit and Cancel in the footer.
 * The dialog is portalled but still inside the page's React tree, so its submit is kept from
 * reaching a form around it.
 */
export function FormDialog({
  open,
  onClose,
  title,
  description,
  submitLabel,
  submitIcon,
  busy,
  onSubmit,
  children,
}: FormDialogProps) {
  const formId = useId();
  return (
    <Dialog
      open={open}
      onClose={() => {
        if (!busy) onClose();
      }}
      size="lg"
      title={title}
      description={description}
      footer={
        <>
          <Button type="submit" form={formId} loading={busy} icon={submitIcon}>
            {submitLabel}
          </Button>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {dismissLabelFor(submitLabel)}
          </Button>
        </>
      }
    >
      <form
        id={formId}
        noValidate
        onSubmit={(event) => {
          event.stopPropagation();
          onSubmit(event);
        }}
      >
        {children}
      </form>
    </Dialog>
  );
}

/**
 * A dialog save's callbacks: `feedback(toast)` toasts what was saved and closes the dialog; a
 * failure lands on the form's fields (422) and in a toast titled `errorTitle`.
 */
export function useDialogSaveFeedback<T extends FieldValues>(
  setError: UseFormSetError<T>,
  errorTitle: string,
  onClose: () => void,
) {
  const { toast } = useToast();
  const onError = useSaveErrorHandler(setError, errorTitle);
  return (saved: ToastOptions) => ({
    onSuccess: () => {
      toast(saved);
      onClose();
    },
    onError,
  });
}
