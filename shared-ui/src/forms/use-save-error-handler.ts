import { useCallback } from 'react';
import type { FieldValues, UseFormSetError } from 'react-hook-form';
import { readApiError } from 'shared-contracts';
import { useToast } from '../toast/toast-context';
import { applyServerErrors, type ApplyServerErrorsOptions } from './server-errors';

/**
 * The failure half of saving a form (a mutation's `onError`): the server's field errors land on
 * their fields and a destructive toast says what failed, with the server's message (or `title`
 * when it gives none). Returns the messages that name no field, for the form to show.
 */
export function useSaveErrorHandler<T extends FieldValues>(
  setError: UseFormSetError<T>,
  title: string,
  options?: ApplyServerErrorsOptions,
): (error: unknown) => string[] {
  const { toast } = useToast();
  return useCallback(
    (error: unknown) => {
      const { message, fieldErrors } = readApiError(error, title);
      const { unmatched } = applyServerErrors(setError, fieldErrors, options);
      toast({ variant: 'destructive', title, description: message });
      return unmatched;
    },
    [setError, title, options, toast],
  );
}
