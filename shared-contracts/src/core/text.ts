/** Maps Arabic-Indic (U+0660–0669) and Eastern Arabic-Indic (U+06F0–06F9) digits to ASCII. */
export function normaliseDigits(value: string): string {
  return value.replace(/[\u0660-\u0669\u06F0-\u06F9]/g, (digit) => {
    const code = digit.charCodeAt(0);
    return String(code >= 0x06f0 ? code - 0x06f0 : code - 0x0660);
  });
}

/**
 * Arabic search normalisation (DESIGN §4): alef forms → ا, ى → ي, ة → ه, diacritics and tatweel
 * removed, digits to ASCII, spaces folded, lower-cased Latin. The API stores this form beside
 * names and compares against it, so "احمد" finds "أحمد".
 */
export function normaliseArabic(value: string): string {
  return normaliseDigits(value)
    // Joiners only change how letters connect: "مح\u200Cمد" is searched as "محمد".
    .replace(/[\u200C\u200D]/g, '')
    .replace(/[\u064B-\u065F\u0670\u06D6-\u06ED]/g, '')
    .replace(/\u0640/g, '')
    .replace(/[أإآٱ]/g, 'ا')
    .replace(/ى/g, 'ي')
    .replace(/ة/g, 'ه')
    .replace(/ؤ/g, 'و')
    .replace(/ئ/g, 'ي')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
}

/**
 * Invisible characters refused in names and free text (issue 9): they can make a name display
 * reversed or differently from what is stored (`U+202E` turns "ليلى" into a mirror image in the UI
 * and the activity log) or make two equal-looking names differ. Refused:
 * - C0/C1 control characters except tab, line feed and carriage return (free text has lines);
 * - bidi marks, embeddings, overrides and isolates: U+061C, U+200E, U+200F, U+202A–U+202E,
 *   U+2066–U+2069 (and the deprecated U+206A–U+206F);
 * - invisible spacing and joiners: soft hyphen U+00AD, U+180E, zero-width space U+200B, word
 *   joiner and invisible operators U+2060–U+2064, U+FEFF, interlinear annotations U+FFF9–U+FFFB.
 * Kept: ZWNJ U+200C and ZWJ U+200D. They only decide whether two neighbouring letters join and
 * cannot reorder text; Persian and Urdu names need ZWNJ ("مهر\u200Cانگیز"), Indic scripts and emoji
 * need ZWJ. Search ignores both (`normaliseArabic`), so they cannot hide a duplicate either.
 */
const INVISIBLE_CONTROLS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u00AD\u061C\u180E\u200B\u200E\u200F\u202A-\u202E\u2060-\u2064\u2066-\u206F\uFEFF\uFFF9-\uFFFB]/;

/** True when the text holds no refused invisible character (see `INVISIBLE_CONTROLS`); blank counts as visible. */
export function isVisibleText(value: string | null | undefined): boolean {
  return typeof value !== 'string' || !INVISIBLE_CONTROLS.test(value);
}
