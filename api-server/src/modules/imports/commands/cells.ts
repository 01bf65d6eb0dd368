import {
  HIJRI_MAX_YEAR,
  hijriToGregorian,
  normaliseArabic,
  normaliseDigits,
} from 'shared-contracts';
import {
  FAMILY_IMPORT_MESSAGES,
  IMPORT_LIST_SEPARATOR,
  IMPORT_NO,
  IMPORT_YES,
  isRecord,
  type ImportColumn,
} from 'shared-contracts/beneficiaries';
import type { LookupSet } from '../../lookups';

/**
 * Reading one spreadsheet cell into the value `POST /families` expects (docs/family-import.md):
 * headers in either form, codes or their Arabic labels, Arabic-Indic digits, Gregorian or Hijri
 * dates. What cannot be read is an Arabic error on that field; the rest is left to the families
 * schema, so a row is judged by exactly the rules a family registered by hand is.
 */

/** A header as written in a file: the template's Arabic label or the body's field path. */
function headerKey(header: string): string {
  return normaliseArabic(header.replace(/^\uFEFF/, '').trim());
}

/** The column each header names (null when unknown), in the file's order. */
export function resolveHeaders(
  headers: readonly string[],
  columns: readonly ImportColumn[],
): { columns: (ImportColumn | null)[]; unknown: string[] } {
  const byKey = new Map<string, ImportColumn>();
  for (const column of columns) {
    byKey.set(headerKey(column.label), column);
    byKey.set(headerKey(column.path), column);
  }
  const resolved = headers.map((header) => byKey.get(headerKey(header)) ?? null);
  const unknown = headers.filter(
    (header, index) => header.trim() !== '' && resolved[index] === null,
  );
  return { columns: resolved, unknown };
}

/** Gregorian `YYYY-MM-DD` of a valid calendar day, or null. */
function gregorianIso(year: number, month: number, day: number): string | null {
  const date = new Date(Date.UTC(year, month - 1, day));
  if (
    date.getUTCFullYear() !== year ||
    date.getUTCMonth() !== month - 1 ||
    date.getUTCDate() !== day
  )
    return null;
  return date.toISOString().slice(0, 10);
}

/**
 * A date as people type it: `yyyy-mm-dd`, `d/m/yyyy` (also with `-` or `.`), or Hijri
 * (`1445/03/12`, `12/03/1445`, with or without «هـ»). A year at most 1600 is Hijri (Umm al-Qura,
 * converted); a Gregorian year is never that small for a living person.
 */
export function parseImportDate(raw: string): string | null {
  let text = normaliseDigits(raw).trim();
  let markedHijri = false;
  const withoutMark = text.replace(/\s*(هـ|ه)\.?$/u, '');
  if (withoutMark !== text) {
    markedHijri = true;
    text = withoutMark.trim();
  }
  let year: number;
  let month: number;
  let day: number;
  const yearFirst = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(text);
  const dayFirst = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/.exec(text);
  if (yearFirst)
    [year, month, day] = [Number(yearFirst[1]), Number(yearFirst[2]), Number(yearFirst[3])];
  else if (dayFirst)
    [day, month, year] = [Number(dayFirst[1]), Number(dayFirst[2]), Number(dayFirst[3])];
  else return null;
  if (markedHijri || year <= HIJRI_MAX_YEAR) return hijriToGregorian({ year, month, day });
  return gregorianIso(year, month, day);
}

/** Codes and labels of the lookup lists, normalised, for reading coded cells. */
export class LookupReader {
  constructor(private readonly lookups: LookupSet) {}

  /**
   * The code a cell names in a list (its code, or its Arabic label however spelled); a district
   * named the same in two cities is the one of `parent`.
   */
  code(list: NonNullable<ImportColumn['lookup']>, raw: string, parent?: unknown): string | null {
    const wanted = normaliseArabic(raw);
    const matches = this.lookups
      .list(list)
      .filter(
        (entry) =>
          entry.code.toLowerCase() === raw.trim().toLowerCase() ||
          normaliseArabic(entry.label_ar) === wanted,
      );
    if (matches.length > 1 && typeof parent === 'string') {
      const inParent = matches.find((entry) => entry.parent_code === parent);
      if (inParent) return inParent.code;
    }
    return matches[0]?.code ?? null;
  }
}

export type CellResult = { value: unknown } | { error: string } | { empty: true };

/** One cell → its value for the body (a string for the schema to check, a code, a date…). */
export function readCell(
  column: ImportColumn,
  raw: unknown,
  reader: LookupReader,
  context: { city?: unknown } = {},
): CellResult {
  // A spreadsheet's date cell: its calendar day (the reader gives it at UTC midnight).
  if (raw instanceof Date) return { value: raw.toISOString().slice(0, 10) };
  if (typeof raw === 'boolean' && column.kind === 'boolean') return { value: raw };
  const text = raw === null || raw === undefined ? '' : normaliseDigits(String(raw)).trim();
  if (text === '') return { empty: true };
  switch (column.kind) {
    case 'text':
      return { value: text };
    case 'national_id':
    case 'phone':
      return { value: text.replace(/[\s\u00A0-]/g, '') };
    case 'money':
      return { value: text.replace(/[,\u066C\s]/g, '').replace(/\u066B/g, '.') };
    case 'date': {
      const iso = parseImportDate(text);
      return iso ? { value: iso } : { error: FAMILY_IMPORT_MESSAGES.badDate };
    }
    case 'boolean': {
      const word = text.toLowerCase();
      if (IMPORT_YES.some((yes) => yes === word)) return { value: true };
      if (IMPORT_NO.some((no) => no === word)) return { value: false };
      return { error: FAMILY_IMPORT_MESSAGES.unknownValue };
    }
    case 'code': {
      const code = column.lookup ? reader.code(column.lookup, text, context.city) : null;
      return code ? { value: code } : { error: FAMILY_IMPORT_MESSAGES.unknownValue };
    }
    case 'codes': {
      const codes: string[] = [];
      for (const part of text
        .split(IMPORT_LIST_SEPARATOR)
        .map((item) => item.trim())
        .filter(Boolean)) {
        const code = column.lookup ? reader.code(column.lookup, part, context.city) : null;
        if (!code) return { error: FAMILY_IMPORT_MESSAGES.unknownValue };
        codes.push(code);
      }
      return { value: codes };
    }
  }
}

/** Sets `value` at a dotted path (`head.full_name`) of a body being built. */
export function setPath(target: Record<string, unknown>, path: string, value: unknown): void {
  const parts = path.split('.');
  let node = target;
  for (const part of parts.slice(0, -1)) {
    const next = node[part];
    if (isRecord(next)) node = next;
    else {
      const created: Record<string, unknown> = {};
      node[part] = created;
      node = created;
    }
  }
  node[parts.at(-1) ?? path] = value;
}
