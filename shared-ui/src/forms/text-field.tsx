import { forwardRef, type ChangeEvent, type InputHTMLAttributes } from 'react';
import styled from 'styled-components';
import { controlStyles, FieldShell, useFieldIds, type FieldCommonProps } from './field-shell';
import { normaliseInputDigits } from './digits';

export const Input = styled.input<{ $invalid?: boolean }>`
  ${controlStyles}
`;

export interface TextFieldProps
  extends Omit<InputHTMLAttributes<HTMLInputElement>, 'children'>, FieldCommonProps {
  /** Map Arabic-Indic digits to ASCII as the user types (phones, national IDs, amounts). */
  normaliseDigits?: boolean;
  className?: string;
}

export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  {
    label,
    error,
    hint,
    id,
    className,
    normaliseDigits,
    onChange,
    required,
    type = 'text',
    ...rest
  },
  ref,
) {
  const ids = useFieldIds(id, hint, error, rest['aria-describedby']);
  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    if (normaliseDigits) normaliseInputDigits(event);
    onChange?.(event);
  };
  return (
    <FieldShell
      ids={ids}
      label={label}
      hint={hint}
      error={error}
      required={required}
      className={className}
    >
      <Input
        ref={ref}
        type={type}
        required={required}
        {...rest}
        id={ids.id}
        onChange={handleChange}
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
        $invalid={Boolean(error)}
      />
    </FieldShell>
  );
});
