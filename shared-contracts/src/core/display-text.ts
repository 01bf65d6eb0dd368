/**
 * Dates and amounts in the words people read, for text written outside React too: the API's
 * messages, activity-log labels, archive titles and export headings use the same formats as the
 * screens (shared-ui's `formatDate`, `formatHijri`, `formatDateDual` and `formatDateTime` are these
 * functions). Never a raw `2026-11-27` or `1500.50` in a sentence.
 *
 * Intl with explicit locale extensions (docs/architecture.md#shared-ui): Western digits, the
 * Gregorian or Umm al-Qura calendar named, Riyadh's time zone. A date-only string is read as UTC
 * midnight, 03:00 the same day in Riyadh, so the calendar day never shifts. Bad input gives an em
 * dash, never "NaN".
 */

export const EMPTY_TEXT = '—';
export const DISPLAY_TIME_ZONE = 'Asia/Riyadh';

const GREGORIAN_LOCALE = 'ar-SA-u-ca-gregory-nu-latn';
const HIJRI_LOCALE = 'ar-SA-u-ca-islamic-umalqura-nu-latn';
const NUMBER_LOCALE = 'ar-SA-u-nu-latn';

const dayMonthYear = { day: 'numeric', month: 'long', year: 'numeric' } as const;
const gregorianFormat = new Intl.DateTimeFormat(GREGORIAN_LOCALE, {
  timeZone: DISPLAY_TIME_ZONE,
  ...dayMonthYear,
});
const hijriFormat = new Intl.DateTimeFormat(HIJRI_LOCALE, {
  timeZone: DISPLAY_TIME_ZONE,
  ...dayMonthYear,
});
const dateTimeFormat = new Intl.DateTimeFormat(GREGORIAN_LOCALE, {
  timeZone: DISPLAY_TIME_ZONE,
  ...dayMonthYear,
  hour: 'numeric',
  minute: '2-digit',
});
const wholeFormat = new Intl.NumberFormat(NUMBER_LOCALE, { maximumFractionDigits: 0 });
const halalaFormat = new Intl.NumberFormat(NUMBER_LOCALE, {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

export type DateTextInput = string | Date | null | undefined;

function toDate(value: DateTextInput): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** Gregorian, e.g. "1 مارس 2025". */
export function dateText(value: DateTextInput): string {
  const date = toDate(value);
  return date ? gregorianFormat.format(date) : EMPTY_TEXT;
}

/** Umm al-Qura Hijri, e.g. "1 رمضان 1446 هـ". */
export function hijriDateText(value: DateTextInput): string {
  const date = toDate(value);
  return date ? hijriFormat.format(date) : EMPTY_TEXT;
}

/** Gregorian with the Hijri date beside it: "1 مارس 2025 (1 رمضان 1446 هـ)". */
export function dualDateText(value: DateTextInput): string {
  const date = toDate(value);
  return date ? `${gregorianFormat.format(date)} (${hijriFormat.format(date)})` : EMPTY_TEXT;
}

/** Gregorian date and Riyadh time, e.g. "1 مارس 2025 في 3:00 ص". */
export function dateTimeText(value: DateTextInput): string {
  const date = toDate(value);
  return date ? dateTimeFormat.format(date) : EMPTY_TEXT;
}

/** A period as the report pages state it: "من 1 يناير 2026 إلى 27 نوفمبر 2026". */
export function periodText(from: DateTextInput, to: DateTextInput): string {
  return `من ${dateText(from)} إلى ${dateText(to)}`;
}

/**
 * An amount in riyals inside a sentence: whole riyals without decimals ("1,500 ريال"), anything
 * else to the halala ("1,500.50 ريال"). Money is decimal text in the API; it is only read here.
 */
export function riyalsText(value: number | string | null | undefined): string {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isFinite(n)) return EMPTY_TEXT;
  return `${(Number.isInteger(n) ? wholeFormat : halalaFormat).format(n)} ريال`;
}
