import type { z } from 'zod';
import { readApiError } from 'shared-contracts';

export type FormErrors<F extends string> = Partial<Record<F, string>>;

/** First Arabic message per field out of a zod error (messages come from the shared error map). */
export function zodFormErrors<F extends string>(
  error: z.ZodError,
  fields: readonly F[],
): FormErrors<F> {
  const result: FormErrors<F> = {};
  for (const issue of error.issues) {
    const field = fields.find((name) => name === issue.path[0]);
    if (field && !result[field]) result[field] = issue.message;
  }
  return result;
}

/**
 * A failed save: a 422's field errors mapped onto the form's fields
 * (docs/architecture.md#shared-ui), plus the server's message for a toast when nothing could be
 * placed on a field.
 */
export function serverFormErrors<F extends string>(
  error: unknown,
  fields: readonly F[],
): { fieldErrors: FormErrors<F>; message: string } {
  const { message, fieldErrors } = readApiError(error);
  const result: FormErrors<F> = {};
  for (const field of fields) {
    const first = fieldErrors[field]?.[0];
    if (first) result[field] = first;
  }
  return { fieldErrors: result, message };
}
