import { normaliseDigits } from './text';

/**
 * Numbers typed as people type them, parsed in one place: the input schemas
 * (`moneyInputSchema`, `integerInputSchema`), the totals a form shows while typing and the
 * review steps all read a typed amount through `readTypedNumber`, so what a page shows is what
 * will be saved.
 *
 * Accepted:
 * - digits: ASCII, Arabic-Indic (٠-٩) and Eastern Arabic-Indic / Persian (۰-۹);
 * - decimal separator: `.` or the Arabic `٫` (U+066B), at most one;
 * - thousands separators: `,`, the Arabic `٬` (U+066C) or the Arabic comma `،` (U+060C), only
 *   between groups of exactly three digits (`1,500`, `١٬٥٠٠`, `1,234,567.5`); spaces anywhere
 *   (`1 500`); so `1,5` is refused rather than guessed (a decimal comma or a typo?);
 * - a leading minus (`-` or `−`);
 * - invisible formatting characters copied with the number (RLM/LRM, isolates, no-break and
 *   narrow spaces) are ignored.
 */

/** Invisible format characters (Unicode Cf: bidi marks and isolates, zero-width characters). */
const FORMAT_CHARACTERS = /\p{Cf}/gu;
const THOUSANDS = /[,\u066C\u060C]/g;
const GROUPED = /^\d{1,3}(?:[,\u066C\u060C]\d{3})+(?:\.\d*)?$/;
const PLAIN = /^(?:\d+(?:\.\d*)?|\.\d+)$/;

export type TypedNumber =
  | { readonly kind: 'blank' }
  | { readonly kind: 'invalid' }
  | {
      readonly kind: 'number';
      readonly value: number;
      /** The canonical ASCII text: no grouping, no leading zeros, `.` decimals ("1500.5"). */
      readonly text: string;
    };

/**
 * Rewrites, one character for one, what an Arabic keyboard types in a number (digits, `٫`, `٬`,
 * `،`, `−`) into its ASCII form, so an input can do it as people type without moving the caret.
 * Other characters are kept (the schema reports them).
 */
export function normaliseNumberCharacters(value: string): string {
  return normaliseDigits(value)
    .replace(/\u066B/g, '.')
    .replace(/[\u066C\u060C]/g, ',')
    .replace(/\u2212/g, '-');
}

/** Reads a typed number (see the module's comment). Numbers pass through when finite. */
export function readTypedNumber(input: string | number | null | undefined): TypedNumber {
  if (input === null || input === undefined) return { kind: 'blank' };
  if (typeof input === 'number') {
    return Number.isFinite(input)
      ? { kind: 'number', value: input, text: String(input) }
      : { kind: 'invalid' };
  }
  const compact = normaliseNumberCharacters(input)
    .replace(FORMAT_CHARACTERS, '')
    .replace(/\s+/g, '');
  if (compact === '') return { kind: 'blank' };
  const negative = compact.startsWith('-');
  let unsigned = negative ? compact.slice(1) : compact;
  if (GROUPED.test(unsigned)) unsigned = unsigned.replace(THOUSANDS, '');
  else if (!PLAIN.test(unsigned)) return { kind: 'invalid' };
  const [integerPart = '', fraction = ''] = unsigned.split('.');
  const integer = integerPart.replace(/^0+(?=\d)/, '') || '0';
  const text = `${negative ? '-' : ''}${integer}${fraction ? `.${fraction}` : ''}`;
  const value = Number(text);
  // "-0" is still zero; keep the text honest about it.
  return Number.isFinite(value)
    ? {
        kind: 'number',
        value: value === 0 ? 0 : value,
        text: value === 0 && negative ? text.slice(1) : text,
      }
    : { kind: 'invalid' };
}

/**
 * A typed number as a number: NaN when it is not one (blank included). For a form's totals and
 * previews; schemas use `readTypedNumber` to tell "required" from "not a number".
 */
export function parseLocalisedNumber(value: string | number | null | undefined): number {
  const read = readTypedNumber(value);
  return read.kind === 'number' ? read.value : Number.NaN;
}

/** The canonical text of a typed number ("١٬٥٠٠" → "1500"), or null when blank or not a number. */
export function canonicalNumberText(value: string | number | null | undefined): string | null {
  const read = readTypedNumber(value);
  return read.kind === 'number' ? read.text : null;
}
