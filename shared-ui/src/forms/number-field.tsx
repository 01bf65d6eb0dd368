import { forwardRef } from 'react';
import { TextField, type TextFieldProps } from './text-field';

export interface NumberFieldProps extends Omit<TextFieldProps, 'type'> {
  /** 'decimal' (amounts) or 'numeric' (counts, IDs): picks the mobile keypad. Default 'decimal'. */
  inputMode?: 'decimal' | 'numeric';
}

/**
 * A number input that accepts Arabic-Indic digits. It is `type="text"` on purpose: browsers
 * empty a `type="number"` input holding '١٢', so normalisation could never see the value.
 * Digits are normalised by default (`normaliseDigits={false}` turns it off); the value stays a
 * string, so use `valueAsNumber` or `z.coerce.number()` in the form.
 */
export const NumberField = forwardRef<HTMLInputElement, NumberFieldProps>(function NumberField(
  { normaliseDigits = true, inputMode = 'decimal', ...rest },
  ref,
) {
  return (
    <TextField
      ref={ref}
      type="text"
      inputMode={inputMode}
      normaliseDigits={normaliseDigits}
      autoComplete="off"
      {...rest}
    />
  );
});
