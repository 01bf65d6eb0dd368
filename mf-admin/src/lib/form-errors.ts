import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';

/**
 * Puts the server's field errors (422, or the 409 duplicate email) onto the form: the first
 * message of each known field, focusing the first. `permissions.3` lands on `permissions`.
 * Returns how many fields got a message and the messages that name no field of the form (to
 * show above it).
 */
export function applyServerErrors<T extends FieldValues>(
  setError: UseFormSetError<T>,
  fieldErrors: Record<string, string[]>,
  fields: readonly Path<T>[],
): { placed: number; unmatched: string[] } {
  const unmatched: string[] = [];
  let placed = 0;
  for (const [key, messages] of Object.entries(fieldErrors)) {
    const message = messages[0];
    if (!message) continue;
    const root = key.split(/[.[]/)[0] ?? key;
    const field = fields.find((name) => name === root);
    if (field) {
      setError(field, { type: 'server', message }, { shouldFocus: placed === 0 });
      placed += 1;
    } else unmatched.push(message);
  }
  return { placed, unmatched };
}
