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

function sheetOf(sheet: ExcelJS.Worksheet, maxRows: number): RawSheet {
  const headerRow = sheet.getRow(1);
  const width = headerRow.cellCount;
  const headers = Array.from({ length: width }, (_unused, index) =>
    String(cellValue(headerRow.getCell(index + 1).value) ?? '').trim(),
  );
  const rows: RawSheet['rows'][number][] = [];
  sheet.eachRow({ includeEmpty: false }, (row, number) => {
    if (number === 1) return;
    const cells = Array.from({ length: width }, (_unused, index) =>
      cellValue(row.getCell(index + 1).value),
    );
    if (isBlankRow(cells)) return;
    rows.push({ number, cells });
    if (rows.length > maxRows) throw new HttpError(413, FAMILY_IMPORT_MESSAGES.tooManyRows);
  });
  return { headers, rows };
}

/** An XLSX: the families sheet (by its name, else the first), the members sheet (by its name, else the second). */
async function readXlsx(file: Buffer, maxRows: number): Promise<RawWorkbook> {
  const book = new ExcelJS.Workbook();
  try {
    await book.xlsx.load(new Uint8Array(file).buffer);
  } catch {
    throw new HttpError(422, FAMILY_IMPORT_MESSAGES.notSpreadsheet);
  }
  const dataSheets = book.worksheets.filter((sheet) => sheet.name !== IMPORT_SHEET_NAMES.values);
  const families = book.getWorksheet(IMPORT_SHEET_NAMES.families) ?? dataSheets[0];
  if (!families) throw new HttpError(422, FAMILY_IMPORT_MESSAGES.missingFamiliesSheet);
  const members =
    book.getWorksheet(IMPORT_SHEET_NAMES.members) ?? dataSheets.find((sheet) => sheet !== families);
  const familySheet = sheetOf(families, maxRows);
  const memberSheet = members ? sheetOf(members, maxRows) : null;
  if (familySheet.rows.length + (memberSheet?.rows.length ?? 0) > maxRows)
    throw new HttpError(413, FAMILY_IMPORT_MESSAGES.tooManyRows);
  return { families: familySheet, members: memberSheet };
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
