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
