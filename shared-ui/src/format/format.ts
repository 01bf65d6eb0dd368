/**
 * Numbers and dates through Intl with explicit locale extensions (docs/architecture.md#shared-ui):
 * the locale default for ar-SA changed across CLDR releases (digits and calendar), so nothing is
 * left to it. Formatters are expensive to build and cached; bad input gives an em dash, never
 * "NaN".
 */
import {
  dateText,
  dateTimeText,
  dualDateText,
  hijriDateText,
  readTypedNumber,
} from 'shared-contracts';

export const EMPTY_VALUE = '—';
export const TIME_ZONE = 'Asia/Riyadh';

const NUMBER_LOCALE = 'ar-SA-u-nu-latn';

const numberFormat = new Intl.NumberFormat(NUMBER_LOCALE, { maximumFractionDigits: 2 });
const currencyFormats = new Map<string, Intl.NumberFormat>();

export type NumberInput = number | string | null | undefined;
export type DateInput = string | Date | null | undefined;

/**
 * Accepts numbers and numeric strings: PostgreSQL numerics arrive as strings, and a form shows
 * back what a person typed ("1,500", "١٬٥٠٠") read exactly as the input schemas read it.
 */
function toNumber(value: NumberInput): number | null {
  const read = readTypedNumber(value);
  return read.kind === 'number' ? read.value : null;
}

export function formatNumber(value: NumberInput): string {
  const n = toNumber(value);
  return n === null ? EMPTY_VALUE : numberFormat.format(n);
}

export function formatCurrency(value: NumberInput, currency = 'SAR'): string {
  const n = toNumber(value);
  if (n === null) return EMPTY_VALUE;
  let format = currencyFormats.get(currency);
  if (!format) {
    format = new Intl.NumberFormat(NUMBER_LOCALE, { style: 'currency', currency });
    currencyFormats.set(currency, format);
  }
  return format.format(n);
}

/*
 * Dates: ISO date ('2025-03-01') or date-time, or a Date (a date-only string is read as UTC
 * midnight, 03:00 the same day in Riyadh, so the calendar day never shifts). The formats are
 * shared-contracts' display-text, so the API's titles, logs and exports read as the screens do.
 */

/** Gregorian, e.g. '1 مارس 2025'. */
export function formatDate(value: DateInput): string {
  return dateText(value);
}

/** Umm al-Qura Hijri, e.g. '1 رمضان 1446 هـ'. */
export function formatHijri(value: DateInput): string {
  return hijriDateText(value);
}

/** Gregorian with the Hijri date beside it: '1 مارس 2025 (1 رمضان 1446 هـ)'. */
export function formatDateDual(value: DateInput): string {
  return dualDateText(value);
}

/** Gregorian date and Riyadh time, e.g. '1 مارس 2025 في 3:00 ص'. */
export function formatDateTime(value: DateInput): string {
  return dateTimeText(value);
}

/** Removes the RLM / ALM marks Intl embeds, for comparisons (tests, search, CSV). */
export function stripBidiMarks(value: string): string {
  return value.replace(/[\u200e\u200f\u061c]/g, '');
}
