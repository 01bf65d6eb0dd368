import { z } from 'zod';
import { normaliseDigits } from '../text';
import { stripBidiControls } from '../values';

/**
 * Saudi national ID (هوية وطنية, starts with 1) and resident ID / iqama (إقامة, starts with 2):
 * 10 digits with a Luhn check digit over all ten (the de-facto rule used by the
 * common validators — the API may allow a logged supervisor override for a real ID that fails).
 */

export const SAUDI_ID_MESSAGES = {
  shape: 'رقم الهوية يجب أن يتكون من 10 أرقام ويبدأ بـ 1 أو 2',
  checkDigit: 'رقم الهوية غير صالح',
} as const;

export type SaudiIdKind = 'citizen' | 'resident';

/** Arabic-Indic digits → ASCII; surrounding spaces, inner spaces and bidi marks removed. */
export function normaliseSaudiId(value: string): string {
  return stripBidiControls(normaliseDigits(value)).replace(/\s+/g, '');
}

const SHAPE = /^[12]\d{9}$/;

/** Luhn over the given digits (leftmost doubled, then every second one). */
function luhnSum(digits: string): number {
  let total = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[i]);
    if (i % 2 === 0) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    total += digit;
  }
  return total;
}

/**
 * The check digit that completes the first nine digits of an ID (for demo data and tests).
 * `computeSaudiIdCheckDigit('100000000')` → 8.
 */
export function computeSaudiIdCheckDigit(firstNine: string): number {
  const digits = normaliseSaudiId(firstNine);
  if (!/^\d{9}$/.test(digits)) throw new Error('computeSaudiIdCheckDigit expects 9 digits');
  // Position 9 is odd, so the check digit is added as is.
  return (10 - (luhnSum(digits) % 10)) % 10;
}

/** True when the value has the right shape: 10 digits starting with 1 or 2 (check digit not checked). */
export function hasSaudiIdShape(value: string): boolean {
  return SHAPE.test(normaliseSaudiId(value));
}

/** True for a well-formed ID with a valid check digit. Accepts Arabic-Indic digits. */
export function isValidSaudiId(value: string): boolean {
  const id = normaliseSaudiId(value);
  return SHAPE.test(id) && luhnSum(id) % 10 === 0;
}

/** 'citizen' (starts with 1) or 'resident' (iqama, starts with 2); null when the ID is not valid. */
export function saudiIdKind(value: string): SaudiIdKind | null {
  if (!isValidSaudiId(value)) return null;
  return normaliseSaudiId(value).startsWith('1') ? 'citizen' : 'resident';
}

/**
 * A Saudi ID field. Output: the normalised ASCII 10-digit string. One Arabic message per
 * failure: the shape message, or the check-digit message for a well-shaped ID.
 */
export const saudiIdSchema = z
  .string()
  .transform(normaliseSaudiId)
  .superRefine((id, ctx) => {
    if (id === '')
      return ctx.addIssue({
        code: 'too_small',
        origin: 'string',
        minimum: 1,
        inclusive: true,
        input: id,
      });
    if (!SHAPE.test(id))
      return ctx.addIssue({ code: 'custom', message: SAUDI_ID_MESSAGES.shape, input: id });
    if (luhnSum(id) % 10 !== 0)
      ctx.addIssue({ code: 'custom', message: SAUDI_ID_MESSAGES.checkDigit, input: id });
  });
