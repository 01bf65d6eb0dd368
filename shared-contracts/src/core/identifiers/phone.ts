import { z } from 'zod';
import { normaliseDigits } from '../text';
import { stripBidiControls } from '../values';

/**
 * Saudi mobile numbers are accepted in their usual written forms and stored in E.164
 * (`+9665XXXXXXXX`). Duplicate checks compare the stored (normalised) form.
 */

export const PHONE_MESSAGES = {
  invalidMobile: 'رقم الجوال غير صالح، مثال: 0512345678',
  invalidPhone: 'رقم الهاتف غير صالح، مثال: 0512345678 أو 0112345678',
  sameAsPrimary: 'رقم الجوال البديل مطابق للرقم الأساسي',
} as const;

/** Digits (Arabic-Indic → ASCII) with spaces, dashes, dots, parentheses and bidi marks removed; a leading + kept. */
function compactPhone(value: string): string {
  return stripBidiControls(normaliseDigits(value))
    .trim()
    .replace(/[\s\-.()\u00A0\u2010-\u2015]/g, '');
}

/**
 * The accepted forms of a Saudi mobile (XXXXXXXX = 8 digits):
 * `05XXXXXXXX`, `5XXXXXXXX`, `9665XXXXXXXX`, `+9665XXXXXXXX`, `009665XXXXXXXX`, and the common
 * slip `+96605XXXXXXXX` / `0096605XXXXXXXX` / `96605XXXXXXXX`; with spaces, dashes and
 * Arabic-Indic digits. Returns `+9665XXXXXXXX`, or null when it is not a Saudi mobile.
 */
export function normaliseSaudiMobile(value: string | null | undefined): string | null {
  if (typeof value !== 'string') return null;
  const match = /^(?:(?:\+|00)?9660?|0)?5(\d{8})$/.exec(compactPhone(value));
  return match ? `+9665${match[1]}` : null;
}

/** True when the value is a Saudi mobile in one of the accepted forms. */
export function isSaudiMobile(value: string | null | undefined): boolean {
  return normaliseSaudiMobile(value) !== null;
}

/** `+966512345678` → `0512345678` for display (inside `<bdi>`); other values are returned unchanged. */
export function formatSaudiMobileLocal(value: string): string {
  const e164 = normaliseSaudiMobile(value);
  return e164 ? `0${e164.slice(4)}` : value;
}

/**
 * Any phone number (organisations: landlines `011 234 5678`, unified numbers `9200 12345`,
 * foreign numbers): a Saudi mobile becomes E.164; anything else is kept as its digits (a
 * leading `+` kept) when it has 9 to 14 digits. Null otherwise.
 */
export function normalisePhone(value: string | null | undefined): string | null {
  if (typeof value !== 'string') return null;
  const mobile = normaliseSaudiMobile(value);
  if (mobile) return mobile;
  const compact = compactPhone(value);
  return /^\+?\d{9,14}$/.test(compact) ? compact : null;
}

/** The form two phone numbers are compared in for duplicate detection (null when unusable). */
export function phoneComparisonKey(value: string | null | undefined): string | null {
  return normalisePhone(value);
}

/** True when two written numbers are the same phone once normalised. */
export function samePhone(a: string | null | undefined, b: string | null | undefined): boolean {
  const left = phoneComparisonKey(a);
  return left !== null && left === phoneComparisonKey(b);
}

/**
 * A phone-like field: blank is "required" (the error map's wording), text `normalise` cannot read
 * gets `invalid`, anything else is stored as `normalise` gives it.
 */
function phoneFieldSchema(normalise: (value: string) => string | null, invalid: string) {
  return z.string().transform((value, ctx) => {
    if (value.trim() === '') {
      ctx.addIssue({
        code: 'too_small',
        origin: 'string',
        minimum: 1,
        inclusive: true,
        input: value,
      });
      return z.NEVER;
    }
    const normalised = normalise(value);
    if (normalised === null) {
      ctx.addIssue({ code: 'custom', message: invalid, input: value });
      return z.NEVER;
    }
    return normalised;
  });
}

/** A Saudi mobile field. Output: `+9665XXXXXXXX`. */
export const saudiMobileSchema = phoneFieldSchema(
  normaliseSaudiMobile,
  PHONE_MESSAGES.invalidMobile,
);

/** A phone field that also accepts landlines and other numbers (see `normalisePhone`). */
export const phoneSchema = phoneFieldSchema(normalisePhone, PHONE_MESSAGES.invalidPhone);
