import { z } from 'zod';
import { ARABIC_MESSAGES } from '../core/arabic-error-map';
import { readTypedNumber } from '../core/numbers';
import { MONEY_INPUT_HINT, withOpenApiHint } from '../core/openapi-hints';

/**
 * Money in the finance domain ("the report's totals match the records to the halala").
 *
 * THE RULE: an amount is a DECIMAL STRING WITH EXACTLY TWO DECIMALS ("1250.50", "-300.00") from
 * the database to the screen and back. PostgreSQL stores it as `numeric(14,2)` and every sum is
 * computed there (`sum(amount)::numeric(16,2)::text`), so no total ever passes through a
 * JavaScript float: 0.10 + 0.20 is "0.30", never 0.30000000000000004. The API never sends a
 * JSON number for money; a client that must add amounts itself does it in integer halalas with
 * `moneyToHalalas` / `halalasToMoney` (BigInt), never with `+` on numbers.
 *
 * Inputs are more lenient, because people type them: a string as typed (Arabic-Indic digits,
 * `٫` decimal separator, `٬` or `,` thousands groups: "١٬٢٥٠٫٥" → "1250.50") or a JSON number
 * (its shortest decimal text is exact for two decimals). The parsed value is the canonical
 * two-decimal string.
 *
 * (The beneficiaries' `moneyInputSchema` in core/values.ts is a number; finance does not use it.)
 */

/** numeric(14,2): at most 12 integer digits. */
export const FINANCE_MONEY_MAX = '999999999999.99';
const MAX_INTEGER_DIGITS = 12;

export const FINANCE_MONEY_MESSAGES = {
  positive: 'يجب أن يكون المبلغ أكبر من صفر',
  decimals: 'يجب ألا يزيد المبلغ عن منزلتين عشريتين',
  tooBig: 'المبلغ أكبر من الحد المسموح',
  notANumber: ARABIC_MESSAGES.notANumber,
} as const;

/** A money string as the API returns it: optional minus, digits, a point and two decimals. */
export const MONEY_STRING_SHAPE = /^-?\d{1,14}\.\d{2}$/;

/** Money in a response: `"1250.50"` (two decimals always, negative for a reversing entry). */
export const moneyStringSchema = z.string().regex(MONEY_STRING_SHAPE);

/** The canonical two-decimal text of an exact decimal text ("12.5" → "12.50", "7" → "7.00"). */
function toTwoDecimals(text: string): string {
  const negative = text.startsWith('-');
  const unsigned = negative ? text.slice(1) : text;
  const [integer = '0', fraction = ''] = unsigned.split('.');
  return `${negative ? '-' : ''}${integer}.${fraction.padEnd(2, '0')}`;
}

type MoneyRead = { kind: 'ok'; value: string } | { kind: 'error'; message: string };

/** Reads a typed amount into its canonical string, or the Arabic reason it is refused. */
export function readMoney(input: unknown, options: { allowZero?: boolean } = {}): MoneyRead {
  if (typeof input !== 'string' && typeof input !== 'number')
    return { kind: 'error', message: ARABIC_MESSAGES.required };
  const read = readTypedNumber(input);
  if (read.kind === 'blank') return { kind: 'error', message: ARABIC_MESSAGES.required };
  if (read.kind === 'invalid') return { kind: 'error', message: FINANCE_MONEY_MESSAGES.notANumber };
  const text = read.text;
  // Exponent forms ("1e-7") come only from JSON numbers: never two decimals.
  if (/e/i.test(text)) return { kind: 'error', message: FINANCE_MONEY_MESSAGES.decimals };
  const [integer = '', fraction = ''] = text.replace(/^-/, '').split('.');
  if (fraction.length > 2) return { kind: 'error', message: FINANCE_MONEY_MESSAGES.decimals };
  if (text.startsWith('-')) return { kind: 'error', message: FINANCE_MONEY_MESSAGES.positive };
  if (integer.length > MAX_INTEGER_DIGITS)
    return { kind: 'error', message: FINANCE_MONEY_MESSAGES.tooBig };
  const value = toTwoDecimals(text);
  if (!options.allowZero && /^0\.00$/.test(value))
    return { kind: 'error', message: FINANCE_MONEY_MESSAGES.positive };
  return { kind: 'ok', value };
}

function moneySchema(allowZero: boolean) {
  const schema = z.unknown().transform((input, ctx): string => {
    const read = readMoney(input, { allowZero });
    if (read.kind === 'ok') return read.value;
    ctx.addIssue({ code: 'custom', message: read.message, input });
    return z.NEVER;
  });
  return withOpenApiHint(schema, MONEY_INPUT_HINT) as unknown as z.ZodType<string, string | number>;
}

/** An amount typed in a form or sent to the API: > 0, at most two decimals, ≤ 999,999,999,999.99. */
export const moneyAmountInputSchema = moneySchema(false);

/** A money filter bound (amount range): ≥ 0, at most two decimals. */
export const moneyBoundInputSchema = moneySchema(true);

/** "1250.50" → 125050n (exact). */
export function moneyToHalalas(value: string): bigint {
  const negative = value.startsWith('-');
  const [integer = '0', fraction = ''] = value.replace(/^-/, '').split('.');
  const halalas = BigInt(integer) * 100n + BigInt(fraction.padEnd(2, '0').slice(0, 2));
  return negative ? -halalas : halalas;
}

/** 125050n → "1250.50" (exact). */
export function halalasToMoney(halalas: bigint): string {
  const negative = halalas < 0n;
  const unsigned = negative ? -halalas : halalas;
  const fraction = (unsigned % 100n).toString().padStart(2, '0');
  return `${negative ? '-' : ''}${(unsigned / 100n).toString()}.${fraction}`;
}

/** Exact sum of money strings (a client-side check; the API sums in SQL). */
export function sumMoney(values: readonly string[]): string {
  return halalasToMoney(values.reduce((total, value) => total + moneyToHalalas(value), 0n));
}

/** The opposite amount ("1250.50" → "-1250.50"), as a reversing entry carries it. */
export function negateMoney(value: string): string {
  return halalasToMoney(-moneyToHalalas(value));
}
