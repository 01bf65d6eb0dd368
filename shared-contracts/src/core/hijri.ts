/**
 * Umm al-Qura Hijri dates (the Saudi civil calendar) ↔ Gregorian `YYYY-MM-DD`, with no calendar
 * library: Gregorian → Hijri is `Intl.DateTimeFormat` with `ca-islamic-umalqura`; Hijri →
 * Gregorian searches the days around an estimate with that same conversion (a date's Hijri
 * reading only grows with the date), so both directions agree by construction.
 *
 * Dates are calendar days: computed at UTC midnight with `timeZone: 'UTC'`, never shifted by the
 * machine's zone.
 */

export interface HijriDate {
  readonly year: number;
  /** 1 (Muharram) to 12 (Dhu al-Hijjah). */
  readonly month: number;
  readonly day: number;
}

/** The Hijri month names, Muharram first (as Intl's `ar` Umm al-Qura names them). */
export const HIJRI_MONTHS = [
  'محرم',
  'صفر',
  'ربيع الأول',
  'ربيع الآخر',
  'جمادى الأولى',
  'جمادى الآخرة',
  'رجب',
  'شعبان',
  'رمضان',
  'شوال',
  'ذو القعدة',
  'ذو الحجة',
] as const;

/**
 * The years the conversion is trusted for: ICU's Umm al-Qura table covers 1300–1600 AH
 * (1882–2174 CE); outside it Intl silently falls back to the arithmetic calendar.
 */
export const HIJRI_MIN_YEAR = 1300;
export const HIJRI_MAX_YEAR = 1600;

const DAY_MS = 86_400_000;
const hijriParts = new Intl.DateTimeFormat('en-u-ca-islamic-umalqura-nu-latn', {
  timeZone: 'UTC',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
});

/** Days since 1970-01-01 of a `YYYY-MM-DD` date, or null when it is not a calendar date. */
function epochDayOf(iso: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  // Date.UTC rolls 2025-02-30 over to March: refuse instead.
  if (
    date.getUTCFullYear() !== year ||
    date.getUTCMonth() !== month - 1 ||
    date.getUTCDate() !== day
  )
    return null;
  return date.getTime() / DAY_MS;
}

function isoOfEpochDay(epochDay: number): string {
  return new Date(epochDay * DAY_MS).toISOString().slice(0, 10);
}

function hijriOfEpochDay(epochDay: number): HijriDate {
  const parts = hijriParts.formatToParts(new Date(epochDay * DAY_MS));
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((p) => p.type === type)?.value ?? Number.NaN);
  return { year: part('year'), month: part('month'), day: part('day') };
}

/** The Umm al-Qura date of a Gregorian `YYYY-MM-DD`, or null when it is not a calendar date. */
export function gregorianToHijri(iso: string): HijriDate | null {
  const epochDay = epochDayOf(iso);
  return epochDay === null ? null : hijriOfEpochDay(epochDay);
}

function compareHijri(a: HijriDate, b: HijriDate): number {
  return a.year - b.year || a.month - b.month || a.day - b.day;
}

/** Days from 1970-01-01 to 1 Muharram 1 AH (16 July 622 Julian = 19 July 622 proleptic Gregorian). */
const HIJRI_EPOCH_DAY = Date.UTC(622, 6, 19) / DAY_MS;
const MEAN_YEAR = 354.36667;
const MEAN_MONTH = 29.530588;

/**
 * The Gregorian `YYYY-MM-DD` of an Umm al-Qura date, or null when that day does not exist (the
 * 30th of a 29-day month, month 13…) or the year is outside `HIJRI_MIN_YEAR`–`HIJRI_MAX_YEAR`.
 */
export function hijriToGregorian(date: HijriDate): string | null {
  const { year, month, day } = date;
  if (![year, month, day].every(Number.isInteger)) return null;
  if (year < HIJRI_MIN_YEAR || year > HIJRI_MAX_YEAR || month < 1 || month > 12) return null;
  if (day < 1 || day > 30) return null;
  // The mean calendar lands within a few days of the real one; search ±45 days around it.
  const estimate = Math.floor(
    HIJRI_EPOCH_DAY + (year - 1) * MEAN_YEAR + (month - 1) * MEAN_MONTH + (day - 1),
  );
  let low = estimate - 45;
  let high = estimate + 45;
  while (low < high) {
    const middle = Math.floor((low + high) / 2);
    if (compareHijri(hijriOfEpochDay(middle), date) < 0) low = middle + 1;
    else high = middle;
  }
  return compareHijri(hijriOfEpochDay(low), date) === 0 ? isoOfEpochDay(low) : null;
}
