import { get, type FieldErrors, type FieldValues } from 'react-hook-form';

/** The message of the error at a dotted form path (`head.national_id`, `members.0.gender`). */
export function errorAt<T extends FieldValues>(
  errors: FieldErrors<T>,
  name: string,
): string | undefined {
  const error: unknown = get(errors, name);
  if (error && typeof error === 'object' && 'message' in error) {
    const message = (error as { message?: unknown }).message;
    return typeof message === 'string' && message !== '' ? message : undefined;
  }
  return undefined;
}
