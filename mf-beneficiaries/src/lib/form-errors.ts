import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';

/**
 * `head.national_id`, `members.0.full_name` or `members[0].full_name` (the API's `errors` keys,
 * built like `zodErrorToFieldErrors`) → `['head', 'national_id']`, `['members', 0, 'full_name']`.
 */
export function fieldPathOf(key: string): (string | number)[] {
  return key
    .replace(/\[(\d+)\]/g, '.$1')
    .split('.')
    .filter((part) => part !== '')
    .map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}

/** The react-hook-form name of a path (`members.0.full_name`). */
export function fieldNameOf(path: readonly (string | number)[]): string {
  return path.map(String).join('.');
}

/**
 * Puts the server's 422 field errors onto the form (first message of each field, focusing the
 * first one). Returns the messages that name no field of the form, to show above it.
 */
export function applyServerErrors<T extends FieldValues>(
  setError: UseFormSetError<T>,
  fieldErrors: Record<string, string[]>,
  isField: (name: string) => boolean = () => true,
): string[] {
  const unmatched: string[] = [];
  let focused = false;
  for (const [key, messages] of Object.entries(fieldErrors)) {
    const message = messages[0];
    if (!message) continue;
    const name = fieldNameOf(fieldPathOf(key));
    if (key !== '_' && isField(name)) {
      setError(name as Path<T>, { type: 'server', message }, { shouldFocus: !focused });
      focused = true;
    } else unmatched.push(message);
  }
  return unmatched;
}
