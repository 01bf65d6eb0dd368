import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { useToast } from '../toast/toast-context';
import type { ToastOptions } from '../toast/toast-store';
import { useSaveErrorHandler } from './use-save-error-handler';

export const INVALID_FORM_MESSAGE = 'يوجد حقول تحتاج إلى تصحيح، وهي مظللة في النموذج.';

export interface RecordFormSaved {
  /** The success toast (every mutation shows one). */
  toast: ToastOptions;
  /** Where to go once saved (the record's page). */
  to: string;
}

export interface RecordFormSaveOptions<TValues extends FieldValues, TSubmitted, TSaved> {
  form: UseFormReturn<TValues, unknown, TSubmitted>;
  /** Sends the validated values (create or update). */
  save: (values: TSubmitted) => Promise<TSaved>;
  /** After a successful save: update the caches, then say what to toast and where to go. */
  onSaved: (saved: TSaved) => RecordFormSaved;
  /** The failure toast's title, and the message when the server gives none. */
  errorTitle: string;
  /**
   * Values whose save cannot be undone (a financial entry saved as completed) are confirmed
   * first: return the question to ask, or null to save at once.
   */
  confirm?: (values: TSubmitted) => RecordFormConfirmation | null;
}

/** The question asked before an irreversible save (`RecordForm` shows it in a ConfirmDialog). */
export interface RecordFormConfirmation {
  title: string;
  /** What saving does; `RecordForm` adds that it cannot be undone. */
  message: string;
  confirmLabel: string;
}

export interface RecordFormSave {
  /** The `<form onSubmit>`: validates, then saves. */
  onSubmit: (event: FormEvent) => void;
  /** The save is running: the submit button shows `loading` (disabled while saving). */
  saving: boolean;
  /** Errors above the form: the server's messages that name no field, or "fix the fields". */
  messages: string[];
  /** UnsavedChangesGuard's `when`: edited, not being saved, not leaving after a save. */
  unsaved: boolean;
  /** The irreversible save waiting for an answer (see `confirm`), else null. */
  confirmation: {
    question: RecordFormConfirmation;
    onConfirm: () => void;
    onCancel: () => void;
  } | null;
}

/**
 * A create/edit page form's save, as docs/architecture.md#shared-ui asks of every form: the
 * server's 422 field errors land on their fields (the rest above the form), a toast for success and
 * for failure, the submit disabled while saving, and the unsaved-changes guard off before leaving
 * for the saved record's page.
 */
export function useRecordFormSave<TValues extends FieldValues, TSubmitted, TSaved>({
  form,
  save,
  onSaved,
  errorTitle,
  confirm,
}: RecordFormSaveOptions<TValues, TSubmitted, TSaved>): RecordFormSave {
  const navigate = useNavigate();
  const { toast } = useToast();
  const [leaving, setLeaving] = useState(false);
  const [messages, setMessages] = useState<string[]>([]);
  const [asking, setAsking] = useState<{
    values: TSubmitted;
    question: RecordFormConfirmation;
  } | null>(null);
  const { formState, handleSubmit, setError } = form;
  const handleError = useSaveErrorHandler(setError, errorTitle);

  const mutation = useMutation({
    mutationFn: save,
    onSuccess: (saved) => {
      const { toast: success, to } = onSaved(saved);
      toast(success);
      // Synchronously, so the guard is already off when the navigation below is checked.
      flushSync(() => setLeaving(true));
      navigate(to);
    },
    onError: (error) => setMessages(handleError(error)),
    // The question closes once the answer is known (it shows the save spinning until then).
    onSettled: () => setAsking(null),
  });

  const submit = handleSubmit(
    (values) => {
      setMessages([]);
      const question = confirm?.(values) ?? null;
      if (question) setAsking({ values, question });
      else mutation.mutate(values);
    },
    () => setMessages([INVALID_FORM_MESSAGE]),
  );

  return {
    onSubmit: (event) => void submit(event),
    saving: mutation.isPending,
    messages,
    unsaved: formState.isDirty && !leaving && !mutation.isPending,
    confirmation: asking
      ? {
          question: asking.question,
          onConfirm: () => mutation.mutate(asking.values),
          onCancel: () => setAsking(null),
        }
      : null,
  };
}
