import { gregorianToHijri, hijriToGregorian, type HijriDate } from './hijri';
import { normaliseDigits } from './text';

/**
 * Dates typed as people type them, in either calendar, read into the stored Gregorian
 * `YYYY-MM-DD`: day first (`18/2/2026`, `18-02-2026`, `18.02.2026`, `18022026`), or year first
 * (`2026-02-18`, `1447/9/1`); Arabic-Indic digits; a trailing calendar mark (`هـ`, `م`) ignored.
 * Two-digit years are refused rather than guessed (1447 and 2026 are both plausible).
 */

export type DateCalendar = 'gregorian' | 'hijri';

export type TypedDate =
  | { readonly kind: 'blank' }
  | { readonly kind: 'invalid' }
  | { readonly kind: 'date'; readonly iso: string };

const FORMAT_CHARACTERS = /\p{Cf}/gu;
const YEAR_FIRST = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/;
const DAY_FIRST = /^(\d{1,2})[-/.\s](\d{1,2})[-/.\s](\d{4})$/;
const COMPACT = /^(\d{2})(\d{2})(\d{4})$/;

function partsOf(text: string): HijriDate | null {
  const yearFirst = YEAR_FIRST.exec(text);
  if (yearFirst) {
    return { year: Number(yearFirst[1]), month: Number(yearFirst[2]), day: Number(yearFirst[3]) };
  }
  const dayFirst = DAY_FIRST.exec(text) ?? COMPACT.exec(text);
  if (dayFirst) {
    return { day: Number(dayFirst[1]), month: Number(dayFirst[2]), year: Number(dayFirst[3]) };
  }
  return null;
}

function pad(value: number, length: number): string {
  return String(value).padStart(length, '0');
}

/** The `YYYY-MM-DD` of a Gregorian day, or null when that day does not exist. */
function gregorianIso({ year, month, day }: HijriDate): string | null {
  if (month < 1 || month > 12 || day < 1 || day > 31 || year < 1000) return null;
  const iso = `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
  // gregorianToHijri checks the day exists (no 30 February).
  return gregorianToHijri(iso) ? iso : null;
}

/** Reads a typed date in `calendar` (see the module's comment). */
export function readTypedDate(text: string, calendar: DateCalendar): TypedDate {
  const compact = normaliseDigits(text)
    .replace(FORMAT_CHARACTERS, '')
    .trim()
    .replace(/\s*(?:هـ|ه|م)\.?$/u, '')
    .replace(/\s*([-/.])\s*/g, '$1');
  if (compact === '') return { kind: 'blank' };
  const parts = partsOf(compact);
  if (!parts) return { kind: 'invalid' };
  const iso = calendar === 'hijri' ? hijriToGregorian(parts) : gregorianIso(parts);
  return iso ? { kind: 'date', iso } : { kind: 'invalid' };
}

/** A stored date as people type it, day first: "18/02/2026", or "1/9/1447" in Hijri. Null when not a date. */
export function formatTypedDate(iso: string, calendar: DateCalendar): string | null {
  const hijri = gregorianToHijri(iso);
  if (!hijri) return null;
  if (calendar === 'hijri') return `${pad(hijri.day, 2)}/${pad(hijri.month, 2)}/${hijri.year}`;
  return `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
}
