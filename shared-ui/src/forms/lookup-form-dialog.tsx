import { useMutation } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { Button } from '../controls/button';
import { CONFIRM_CANCEL_LABEL } from '../overlays/confirm-dialog';
import { Dialog } from '../overlays/dialog';
import { FormErrorSummary } from '../feedback/notice';
import { INVALID_FORM_MESSAGE } from './use-record-form-save';
import { Stack } from '../layout/page-layout';
import { useToast } from '../toast/toast-context';
import { useSaveErrorHandler } from './use-save-error-handler';

export interface LookupFormDialogProps<TValues extends FieldValues, TSubmitted> {
  /** `useSchemaForm(<lookup>InputSchema, { defaultValues })`. */
  form: UseFormReturn<TValues, unknown, TSubmitted>;
  /** Creates or updates; resolves to the API's answer (its Arabic `message` is the toast). */
  save: (values: TSubmitted) => Promise<{ message?: string | undefined; data: { name: string } }>;
  title: string;
  submitLabel: string;
  /** The toast title when the API gives no message. */
  savedTitle: string;
  /** The failure toast's title. */
  errorTitle: string;
  onClose: () => void;
  /** The fields (a FormGrid). */
  children: ReactNode;
}

/**
 * Adds or edits one entry of an editable list (a lookup: service departments and types, seminar
 * and survey types, financial categories…) in a dialog: validated
 * with the shared schema before sending, the server's 422 / 409 field errors on their fields and
 * the rest above them, a toast, then the dialog closes. Mounted while open (the page keys it per
 * entry), so each opening starts from the entry's values.
 */
export function LookupFormDialog<TValues extends FieldValues, TSubmitted>({
  form,
  save,
  title,
  submitLabel,
  savedTitle,
  errorTitle,
  onClose,
  children,
}: LookupFormDialogProps<TValues, TSubmitted>) {
  const formId = useId();
  const { toast } = useToast();
  const [messages, setMessages] = useState<string[]>([]);
  const handleError = useSaveErrorHandler(form.setError, errorTitle);
  const mutation = useMutation({
    mutationFn: save,
    onSuccess: (answer) => {
      toast({ title: answer.message ?? savedTitle, description: answer.data.name });
      onClose();
    },
    onError: (error) => setMessages(handleError(error)),
  });
  const submit = form.handleSubmit(
    (values) => {
      setMessages([]);
      mutation.mutate(values);
    },
    () => setMessages([INVALID_FORM_MESSAGE]),
  );
  const close = () => {
    if (!mutation.isPending) onClose();
  };

  return (
    <Dialog
      open
      onClose={close}
      title={title}
      size="lg"
      closeOnBackdrop={false}
      footer={
        <>
          <Button type="submit" form={formId} loading={mutation.isPending} icon="check">
            {submitLabel}
          </Button>
          <Button variant="secondary" onClick={close} disabled={mutation.isPending}>
            {CONFIRM_CANCEL_LABEL}
          </Button>
        </>
      }
    >
      <form
        id={formId}
        noValidate
        aria-label={title}
        onSubmit={(event) => {
          // The dialog is portalled but inside the page's React tree: keep the submit here.
          event.stopPropagation();
          void submit(event);
        }}
      >
        <Stack $gap="md">
          <FormErrorSummary messages={messages} />
          {children}
        </Stack>
      </form>
    </Dialog>
  );
}
