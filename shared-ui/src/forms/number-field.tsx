import { forwardRef, type ChangeEvent } from 'react';
import { normaliseNumberCharacters } from 'shared-contracts';
import { TextField, type TextFieldProps } from './text-field';

export interface NumberFieldProps extends Omit<TextFieldProps, 'type'> {
  /** 'decimal' (amounts) or 'numeric' (counts, IDs): picks the mobile keypad. Default 'decimal'. */
  inputMode?: 'decimal' | 'numeric';
}

/**
 * Rewrites what an Arabic keyboard types in a number (digits, `٫`, `٬`, `،`) into its ASCII
 * form before the caller's onChange reads `event.target.value`: `١٬٥٠٠` shows as `1,500`, which
 * is how the schemas (`readTypedNumber`) and the review pages read it. One character for one,
 * so the caret stays where it was.
 */
function normaliseNumberInput(event: ChangeEvent<HTMLInputElement>): void {
  const target = event.target;
  const next = normaliseNumberCharacters(target.value);
  if (next === target.value) return;
  const { selectionStart, selectionEnd } = target;
  target.value = next;
  if (selectionStart !== null && selectionEnd !== null)
    target.setSelectionRange(selectionStart, selectionEnd);
}

/**
 * A number input that accepts numbers as people type them (Arabic-Indic digits, `٫` and `.`
 * decimals, `٬` and `,` thousands; `shared-contracts` `readTypedNumber`). It is `type="text"`
 * on purpose: browsers empty a `type="number"` input holding '١٢', so normalisation could never
 * see the value. Characters are normalised by default (`normaliseDigits={false}` turns it off);
 * the value stays a string, read by the form's schema (`moneyInputSchema`, `integerInputSchema`).
 */
export const NumberField = forwardRef<HTMLInputElement, NumberFieldProps>(function NumberField(
  { normaliseDigits = true, inputMode = 'decimal', onChange, ...rest },
  ref,
) {
  return (
    <TextField
      ref={ref}
      type="text"
      inputMode={inputMode}
      autoComplete="off"
      {...rest}
      onChange={(event) => {
        if (normaliseDigits) normaliseNumberInput(event);
        onChange?.(event);
      }}
    />
  );
});
