import type {
  FieldErrors,
  FieldValues,
  Path,
  RegisterOptions,
  UseFormRegister,
  UseFormRegisterReturn,
} from 'react-hook-form';
import { errorAt } from './server-errors';

/** What `fieldProps(name)` spreads onto a shared-ui field: react-hook-form's register and the error. */
export type BoundField<N extends string> = UseFormRegisterReturn<N> & { error: string | undefined };

/**
 * `const fieldProps = bindFields(register, formState.errors)`, then `<TextField label="…"
 * {...fieldProps('head.phone')} />`: every field of a react-hook-form form gets its registration and
 * its (client or server) error message by one name, so the two can never name different fields.
 * Call it during render: reading `formState.errors` there is what subscribes the form to errors.
 */
export function bindFields<T extends FieldValues>(
  register: UseFormRegister<T>,
  errors: FieldErrors<T>,
) {
  return <N extends Path<T>>(name: N, options?: RegisterOptions<T, N>): BoundField<N> => ({
    ...register(name, options),
    error: errorAt(errors, name),
  });
}
