import { forwardRef, type InputHTMLAttributes } from 'react';
import styled from 'styled-components';
import { controlStyles, FieldShell, useFieldWiring, type FieldCommonProps } from './field-shell';
import { withDigitNormalising } from './digits';

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
  { normaliseDigits, onChange, type = 'text', ...props },
  ref,
) {
  const { shell, control, rest } = useFieldWiring(props);
  return (
    <FieldShell {...shell}>
      <Input
        ref={ref}
        type={type}
        {...rest}
        {...control}
        onChange={withDigitNormalising(normaliseDigits, onChange)}
      />
    </FieldShell>
  );
});
