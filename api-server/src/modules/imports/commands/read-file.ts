import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { FAMILY_IMPORT_MESSAGES, IMPORT_SHEET_NAMES } from 'shared-contracts/beneficiaries';
import { HttpError } from '../../../http/errors';

/** Which of the import's two sheets a worksheet is. */
export type SheetRole = 'families' | 'members';

/**
 * Where a file's rows go as they are read (row numbers as the file shows them; blank rows left
 * out): each sheet's header first, then its rows. Nothing of the file is kept by the reader, so
 * memory does not grow with the file's length.
 */
export interface SheetSink {
  header(role: SheetRole, headers: string[]): void;
  /** A promise when the sink must write before the next row (reading waits for it). */
  row(role: SheetRole, number: number, cells: unknown[]): Promise<void> | undefined;
}

/** One sheet read whole (tests and small callers): its header cells and its data rows. */
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

/** A sheet read row by row into `sink`: its header (its first row) fixes the width. */
async function readSheet(
  sheet: AsyncIterable<ExcelJS.Row>,
  role: SheetRole,
  sink: SheetSink,
  limit: RowLimit,
): Promise<void> {
  let headers: string[] | null = null;
  for await (const row of sheet) {
    if (headers === null) {
      // The first row the sheet holds is its header, wherever it is (normally row 1).
      const width = row.cellCount;
      headers = Array.from({ length: width }, (_unused, index) =>
        String(cellValue(row.getCell(index + 1).value) ?? '').trim(),
      );
      sink.header(role, headers);
      continue;
    }
    const cells = headers.map((_header, index) => cellValue(row.getCell(index + 1).value));
    if (isBlankRow(cells)) continue;
    limit.count(role);
    // Most rows are only added to the sink's batch: no await, no microtask per row.
    const writing = sink.row(role, row.number, cells);
    if (writing) await writing;
  }
}

/** Counts the rows read against the limit (both sheets together), and the families' own. */
class RowLimit {
  rows = 0;
  familyRows = 0;
  constructor(private readonly maxRows: number) {}
  count(role: SheetRole): void {
    this.rows += 1;
    if (role === 'families') this.familyRows += 1;
    if (this.rows > this.maxRows) throw new HttpError(413, FAMILY_IMPORT_MESSAGES.tooManyRows);
  }
}

/**
 * An XLSX read as a stream (ExcelJS's WorkbookReader): each row is turned into its cells' values
 * and handed on as it is read (a 250,000-row file loaded whole took more than 1.5 GB). A sheet is
 * known by its name (the template's); a file whose sheets are named otherwise gives the families
 * to its first sheet and the members to its second. Styles are read: they say which numbers are
 * dates.
 */
async function readXlsx(file: Buffer, sink: SheetSink, limit: RowLimit): Promise<void> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([file]), {
    worksheets: 'emit',
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'ignore',
  });
  const taken = new Set<SheetRole>();
  let families = false;
  try {
    for await (const worksheet of reader) {
      // The reader names each sheet (its typings leave the name out).
      const name = 'name' in worksheet ? String(worksheet.name) : '';
      const named: SheetRole | null =
        name === IMPORT_SHEET_NAMES.families
          ? 'families'
          : name === IMPORT_SHEET_NAMES.members
            ? 'members'
            : null;
      // Named after a role an unnamed sheet before it already took: which one is meant is unclear.
      if (named && taken.has(named)) throw new HttpError(422, FAMILY_IMPORT_MESSAGES.sheetsUnclear);
      const role =
        name === IMPORT_SHEET_NAMES.values
          ? null
          : (named ?? (['families', 'members'] as const).find((free) => !taken.has(free)) ?? null);
      if (role === null) {
        for await (const _row of worksheet) {
          // The allowed values' sheet, or a sheet beyond the two: read past, not kept.
        }
        continue;
      }
      taken.add(role);
      if (role === 'families') families = true;
      await readSheet(worksheet, role, sink, limit);
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw new HttpError(422, FAMILY_IMPORT_MESSAGES.notSpreadsheet);
  }
  if (!families) throw new HttpError(422, FAMILY_IMPORT_MESSAGES.missingFamiliesSheet);
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
async function readCsv(file: Buffer, sink: SheetSink, limit: RowLimit): Promise<void> {
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
  sink.header(
    'families',
    headers.map((header) => header.trim()),
  );
  for (const [index, cells] of body.entries()) {
    if (isBlankRow(cells)) continue;
    limit.count('families');
    const writing = sink.row('families', index + 2, cells);
    if (writing) await writing;
  }
}

/**
 * Reads an uploaded file by its content (never trusting its name or type) into `sink`: a zip is
 * read as XLSX, valid UTF-8 text as CSV; anything else, more rows than `maxRows`, or a file whose
 * families sheet has no row, is refused in Arabic (the caller's transaction then keeps nothing).
 */
export async function readSpreadsheet(
  file: Buffer,
  maxRows: number,
  sink: SheetSink,
): Promise<void> {
  const limit = new RowLimit(maxRows);
  if (file.subarray(0, 4).equals(ZIP_MAGIC)) await readXlsx(file, sink, limit);
  else await readCsv(file, sink, limit);
  if (limit.familyRows === 0) throw new HttpError(422, FAMILY_IMPORT_MESSAGES.emptyFile);
}

/** A file read whole into memory: for tests and small files only (uploads stream). */
export async function readWholeSpreadsheet(file: Buffer, maxRows: number): Promise<RawWorkbook> {
  const sheets: Partial<Record<SheetRole, RawSheet>> = {};
  await readSpreadsheet(file, maxRows, {
    header: (role, headers) => {
      sheets[role] = { headers, rows: [] };
    },
    row: (role, number, cells) => {
      sheets[role]?.rows.push({ number, cells });
      return undefined;
    },
  });
  return {
    families: sheets.families ?? { headers: [], rows: [] },
    members: sheets.members ?? null,
  };
}
