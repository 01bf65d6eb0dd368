/** Maps Arabic-Indic (U+0660–0669) and Eastern Arabic-Indic (U+06F0–06F9) digits to ASCII. */
export function normaliseDigits(value: string): string {
  return value.replace(/[\u0660-\u0669\u06F0-\u06F9]/g, (digit) => {
    const code = digit.charCodeAt(0);
    return String(code >= 0x06f0 ? code - 0x06f0 : code - 0x0660);
  });
}

/**
 * Arabic search normalisation (docs/architecture.md#shared-ui): alef forms → ا, ى → ي, ة → ه,
 * diacritics and tatweel removed, digits to ASCII, spaces folded, lower-cased Latin. The API stores
 * this form beside names and compares against it, so "احمد" finds "أحمد".
 */
export function normaliseArabic(value: string): string {
  return (
    normaliseDigits(value)
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
      .toLowerCase()
  );
}

/**
 * Invisible characters refused in names and free text: they can make a name display
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
const INVISIBLE_CONTROLS =
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u00AD\u061C\u180E\u200B\u200E\u200F\u202A-\u202E\u2060-\u2064\u2066-\u206F\uFEFF\uFFF9-\uFFFB]/;

/** True when the text holds no refused invisible character (see `INVISIBLE_CONTROLS`); blank counts as visible. */
export function isVisibleText(value: string | null | undefined): boolean {
  return typeof value !== 'string' || !INVISIBLE_CONTROLS.test(value);
}

/**
 * What names refuse on top of `INVISIBLE_CONTROLS`: characters that show nothing or look like
 * something else, so that two names that look equal are stored differently, or a name looks
 * blank or cut where it is not:
 * - every Unicode default-ignorable code point (`Default_Ignorable_Code_Point`): the combining
 *   grapheme joiner U+034F, Khmer vowels U+17B4/U+17B5, Hangul fillers U+115F/U+1160/U+3164/
 *   U+FFA0, Mongolian selectors, variation selectors U+FE00–U+FE0F and U+E0100–U+E01EF, tag
 *   characters U+E0000–U+E007F, …;
 * - every other control, format, surrogate or private-use character (`\p{Cc}\p{Cf}\p{Cs}\p{Co}`):
 *   tab and line breaks included — a name is one line;
 * - the line and paragraph separators U+2028/U+2029 and the Braille blank U+2800, a filler that
 *   is not default-ignorable.
 * ZWNJ U+200C and ZWJ U+200D stay allowed where they do their one job, between a letter (or its
 * mark) and a letter: Persian and Urdu names need ZWNJ ("مهر\u200Cانگیز"), and search ignores
 * both (`normaliseArabic`), so they cannot hide a duplicate. Anywhere else (at an end, beside a
 * space, doubled) they only hide, and are refused.
 */
const NAME_REFUSED =
  /[\p{Default_Ignorable_Code_Point}\p{Cc}\p{Cf}\p{Cs}\p{Co}\u2028\u2029\u2800]/u;
const JOINER = /^[\u200C\u200D]$/;
const JOINED_BEFORE = /^[\p{L}\p{M}]$/u;
const JOINED_AFTER = /^\p{L}$/u;

/**
 * True when a name holds none of the characters names refuse (`NAME_REFUSED`,
 * `INVISIBLE_CONTROLS`); ZWNJ/ZWJ only between two letters. Blank counts as clean.
 */
export function isCleanName(value: string | null | undefined): boolean {
  if (typeof value !== 'string') return true;
  if (!isVisibleText(value)) return false;
  const chars = Array.from(value);
  return chars.every((char, index) => {
    if (JOINER.test(char)) {
      return (
        JOINED_BEFORE.test(chars[index - 1] ?? '') && JOINED_AFTER.test(chars[index + 1] ?? '')
      );
    }
    return !NAME_REFUSED.test(char);
  });
}
