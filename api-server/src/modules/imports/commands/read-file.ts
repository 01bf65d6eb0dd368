import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { FAMILY_IMPORT_MESSAGES, IMPORT_SHEET_NAMES } from 'shared-contracts/beneficiaries';
import { HttpError } from '../../../http/errors';

/** One sheet as read: its header cells and its data rows (row numbers as the file shows them). */
export interface RawSheet {
  readonly headers: string[];
  readonly rows: { readonly number: number; readonly cells: unknown[] }[];
}

export interface RawWorkbook {
  readonly families: RawSheet;
  readonly members: RawSheet | null;
}

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/** What a cell holds, as text or a date: a formula gives its cached result, never its formula. */
function cellValue(value: ExcelJS.CellValue): unknown {
  if (value === null || value === undefined) return null;
  if (value instanceof Date || typeof value !== 'object') return value;
  if ('richText' in value) return value.richText.map((part) => part.text).join('');
  if ('result' in value)
    return value.result instanceof Date || typeof value.result !== 'object' ? value.result : null;
  if ('text' in value) return value.text;
  return null;
}

function isBlankRow(cells: readonly unknown[]): boolean {
  return cells.every((cell) => cell === null || cell === undefined || String(cell).trim() === '');
}

/** A sheet read row by row: its header (row 1) fixes the width; blank rows are left out. */
async function readSheet(
  sheet: AsyncIterable<ExcelJS.Row>,
  maxRows: number,
  counted: { rows: number },
): Promise<RawSheet> {
  let headers: string[] | null = null;
  const rows: RawSheet['rows'][number][] = [];
  for await (const row of sheet) {
    if (headers === null) {
      // The first row the sheet holds is its header, wherever it is (normally row 1).
      const width = row.cellCount;
      headers = Array.from({ length: width }, (_unused, index) =>
        String(cellValue(row.getCell(index + 1).value) ?? '').trim(),
      );
      continue;
    }
    const cells = headers.map((_header, index) => cellValue(row.getCell(index + 1).value));
    if (isBlankRow(cells)) continue;
    rows.push({ number: row.number, cells });
    counted.rows += 1;
    if (counted.rows > maxRows) throw new HttpError(413, FAMILY_IMPORT_MESSAGES.tooManyRows);
  }
  return { headers: headers ?? [], rows };
}

/**
 * An XLSX: the families sheet (by its name, else the first), the members sheet (by its name, else
 * the second). Read as a stream (ExcelJS's WorkbookReader): each row is turned into its cells'
 * values as it is read, so memory holds the rows' values, not the workbook's model of every cell
 * (a 250,000-row file loaded whole took more than 1.5 GB). Styles are read: they say which
 * numbers are dates.
 */
async function readXlsx(file: Buffer, maxRows: number): Promise<RawWorkbook> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([file]), {
    worksheets: 'emit',
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'ignore',
  });
  const sheets: { name: string; sheet: RawSheet }[] = [];
  const counted = { rows: 0 };
  try {
    for await (const worksheet of reader) {
      // The reader names each sheet (its typings leave the name out).
      const name = 'name' in worksheet ? String(worksheet.name) : '';
      if (name === IMPORT_SHEET_NAMES.values) {
        for await (const _row of worksheet) {
          // The allowed values' sheet: read past, not kept.
        }
        continue;
      }
      sheets.push({ name, sheet: await readSheet(worksheet, maxRows, counted) });
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw new HttpError(422, FAMILY_IMPORT_MESSAGES.notSpreadsheet);
  }
  const families = sheets.find((entry) => entry.name === IMPORT_SHEET_NAMES.families) ?? sheets[0];
  if (!families) throw new HttpError(422, FAMILY_IMPORT_MESSAGES.missingFamiliesSheet);
  const members =
    sheets.find((entry) => entry.name === IMPORT_SHEET_NAMES.members) ??
    sheets.find((entry) => entry !== families);
  return { families: families.sheet, members: members?.sheet ?? null };
}

/** Splits CSV text into records (RFC 4180 quotes, `""` inside quotes, CRLF or LF). */
export function parseCsv(text: string, delimiter: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index];
    if (quoted) {
      if (char === '"') {
        if (text[index + 1] === '"') {
          field += '"';
          index += 1;
        } else quoted = false;
      } else field += char;
    } else if (char === '"' && field === '') quoted = true;
    else if (char === delimiter) {
      record.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[index + 1] === '\n') index += 1;
      record.push(field);
      records.push(record);
      record = [];
      field = '';
    } else field += char;
  }
  if (field !== '' || record.length > 0) {
    record.push(field);
    records.push(record);
  }
  return records;
}

/** The delimiter of a CSV: the one of comma and semicolon its header line uses more. */
export function csvDelimiter(text: string): ',' | ';' {
  const firstLine = text.split(/\r?\n/, 1)[0] ?? '';
  const count = (char: string) => firstLine.split(char).length - 1;
  return count(';') > count(',') ? ';' : ',';
}

/** A UTF-8 CSV (with or without a BOM; comma or semicolon): families alone. */
function readCsv(file: Buffer, maxRows: number): RawWorkbook {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(file);
  } catch {
    throw new HttpError(422, FAMILY_IMPORT_MESSAGES.notSpreadsheet);
  }
  if (text.includes('\u0000')) throw new HttpError(422, FAMILY_IMPORT_MESSAGES.notSpreadsheet);
  text = text.replace(/^\uFEFF/, '');
  const records = parseCsv(text, csvDelimiter(text));
  const [headers = [], ...body] = records;
  const rows = body
    .map((cells, index) => ({ number: index + 2, cells }))
    .filter((row) => !isBlankRow(row.cells));
  if (rows.length > maxRows) throw new HttpError(413, FAMILY_IMPORT_MESSAGES.tooManyRows);
  return { families: { headers: headers.map((header) => header.trim()), rows }, members: null };
}

/**
 * Reads an uploaded file by its content (never trusting its name or type): a zip is read as XLSX,
 * valid UTF-8 text as CSV; anything else, or a file whose families sheet has no row, is refused in
 * Arabic before anything is stored.
 */
export async function readSpreadsheet(file: Buffer, maxRows: number): Promise<RawWorkbook> {
  const workbook = file.subarray(0, 4).equals(ZIP_MAGIC)
    ? await readXlsx(file, maxRows)
    : readCsv(file, maxRows);
  if (workbook.families.rows.length === 0)
    throw new HttpError(422, FAMILY_IMPORT_MESSAGES.emptyFile);
  return workbook;
}
