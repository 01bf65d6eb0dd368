import {
  get,
  type FieldErrors,
  type FieldValues,
  type Path,
  type UseFormSetError,
} from 'react-hook-form';

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

/** The key the API uses for an error about the whole request rather than one field. */
const FORM_LEVEL_KEY = '_';

export interface ApplyServerErrorsOptions {
  /**
   * The form's own field names. A key lands on the longest of them it equals or lies under
   * (`permissions.3` → `permissions`, a checklist); a key under none is returned as unmatched.
   * Without it every key is set on its own path.
   */
  fields?: readonly string[];
}

export interface AppliedServerErrors {
  /** How many fields got a message. */
  placed: number;
  /** Messages that name no field of the form, to show above it. */
  unmatched: string[];
}

function fieldFor(name: string, fields: readonly string[] | undefined): string | undefined {
  if (!fields) return name;
  let best: string | undefined;
  for (const field of fields) {
    const covers = name === field || name.startsWith(`${field}.`);
    if (covers && (best === undefined || field.length > best.length)) best = field;
  }
  return best;
}

/**
 * Puts the server's field errors (a 422, or a 409 naming a field) onto a react-hook-form form:
 * the first message of each field, focusing the first field that got one
 * (docs/architecture.md#shared-ui).
 */
export function applyServerErrors<T extends FieldValues>(
  setError: UseFormSetError<T>,
  fieldErrors: Record<string, string[]>,
  { fields }: ApplyServerErrorsOptions = {},
): AppliedServerErrors {
  const unmatched: string[] = [];
  let placed = 0;
  for (const [key, messages] of Object.entries(fieldErrors)) {
    const message = messages[0];
    if (!message) continue;
    const field =
      key === FORM_LEVEL_KEY ? undefined : fieldFor(fieldNameOf(fieldPathOf(key)), fields);
    if (field === undefined) {
      unmatched.push(message);
      continue;
    }
    setError(field as Path<T>, { type: 'server', message }, { shouldFocus: placed === 0 });
    placed += 1;
  }
  return { placed, unmatched };
}

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
