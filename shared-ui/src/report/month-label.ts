/**
 * A report's month label: `2026-03` → «مارس 2026» (Gregorian, Latin digits, as every date of
 * the app). The month is read at noon UTC so no time zone moves it to the previous month.
 */
const monthFormat = new Intl.DateTimeFormat('ar-SA-u-ca-gregory-nu-latn', {
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

export function monthLabel(month: string): string {
  const date = new Date(`${month}-15T12:00:00Z`);
  return Number.isNaN(date.getTime()) ? month : monthFormat.format(date);
}
