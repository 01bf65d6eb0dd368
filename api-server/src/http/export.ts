import { PassThrough, Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import type { ExportFormat } from 'shared-contracts';

/**
 * Spreadsheet exports of the lists (docs/architecture.md#shared-ui): XLSX by
 * default — one sheet, Arabic headers, right-to-left sheet view, header row frozen — or CSV with a
 * UTF-8 BOM (`?format=csv`, so Excel reads the Arabic correctly). Rows are streamed as they are
 * read, so a large export never sits in memory. No cell of any export can be a formula
 * (`isFormulaLike`).
 */

export type { ExportFormat };
export type ExportValue = string | number | boolean | null | undefined;

export interface ExportColumnSpec {
  key: string;
  header: string;
  width?: number;
}

export interface ExportPlan {
  /** ASCII file name without extension, e.g. `families-2025-03-01`. */
  fileName: string;
  /** Arabic file name without extension (the `filename*` a browser shows). */
  fileNameAr: string;
  /** The sheet's (Arabic) title, at most 31 characters. */
  sheetTitle: string;
  columns: readonly ExportColumnSpec[];
  rows: () => AsyncIterable<Record<string, ExportValue>>;
}

export const XLSX_CONTENT_TYPE =
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8';
export const UTF8_BOM = '\uFEFF';

function contentDisposition(plan: ExportPlan, extension: string): string {
  return `attachment; filename="${plan.fileName}.${extension}"; filename*=UTF-8''${encodeURIComponent(`${plan.fileNameAr}.${extension}`)}`;
}

/**
 * Text a spreadsheet would read as a formula (formula injection): a string beginning
 * with `=`, `+`, `-`, `@`, a tab or a carriage return (OWASP "CSV injection"), or with the
 * full-width `＝＋－＠` some Excel locales also accept. Numbers are written as numbers and never
 * match; strings such as a head's name `=HYPERLINK(…)` or a phone `+9665…` do.
 */
export function isFormulaLike(value: ExportValue): value is string {
  return typeof value === 'string' && /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/.test(value);
}

/**
 * A formula trigger (`=`, `+`, `-`, `@` or a full-width form) standing at a place where a
 * spreadsheet may start a cell: the field's start or just after a character some importer splits
 * on (comma, semicolon, tab, line break), with only blanks between. Quoting alone is not enough:
 * an import that picks `;` or tab as the delimiter, or that ignores quotes, splits the field and
 * evaluates `=…` in the piece that follows.
 */
const TRIGGER_AFTER_SPLIT =
  /(^|[,;\t\r\n])([ \t\r\n\u00A0\u3000]*)([=+\-@\uFF1D\uFF0B\uFF0D\uFF20])/g;

/**
 * RFC 4180 field, always quoted (so no delimiter, quote or line break inside it can end it). Text
 * gets an apostrophe in front of every formula trigger that could start a cell — at its start
 * (tab and carriage return included, see `isFormulaLike`) and after any character a spreadsheet
 * may split on: CSV has no cell types, and the apostrophe is the one prefix both Excel and
 * LibreOffice Calc take as "this is text" when they open the file — the cell shows
 * `'=HYPERLINK(…)` as inert text and a phone as `'+966501234567` with every digit, where without
 * it Excel would turn the phone into the number 9.66502E+11. (A leading space or tab, the other
 * common advice, is trimmed away by some importers, which then evaluate.) Numbers and booleans
 * are written as they are: `-5` is a number, never a formula.
 */
export function csvField(value: ExportValue): string {
  if (value === null || value === undefined) return '""';
  let text = String(value);
  if (typeof value === 'string') {
    text = text.replace(TRIGGER_AFTER_SPLIT, "$1$2'$3");
    if (isFormulaLike(text)) text = `'${text}`;
  }
  return `"${text.replace(/"/g, '""')}"`;
}

/**
 * An XLSX cell's value and style. Formula-like text is written as an explicit inline-string cell
 * (`t="inlineStr"`, never a `<f>` formula) in the Text number format (`@`): Excel and LibreOffice
 * show it exactly as stored — `+966501234567` stays readable, with no apostrophe to strip — and
 * the Text format keeps it text even when someone edits the cell and presses Enter. Everything
 * else is written as it is.
 */
function xlsxCell(value: ExportValue): { value: ExcelJS.CellValue; text: boolean } {
  if (value === undefined) return { value: null, text: false };
  if (isFormulaLike(value)) return { value: { richText: [{ text: value }] }, text: true };
  return { value, text: false };
}

async function* csvLines(plan: ExportPlan): AsyncGenerator<string> {
  yield `${UTF8_BOM}${plan.columns.map((column) => csvField(column.header)).join(',')}\r\n`;
  for await (const row of plan.rows()) {
    yield `${plan.columns.map((column) => csvField(row[column.key])).join(',')}\r\n`;
  }
}

/** One sheet of a workbook: its (Arabic) title, its columns and its rows. */
export interface WorkbookSheet {
  /** At most 31 characters (longer titles are cut). */
  title: string;
  columns: readonly ExportColumnSpec[];
  rows: () => AsyncIterable<Record<string, ExportValue>> | Iterable<Record<string, ExportValue>>;
}

/**
 * An XLSX of one sheet or more, in order, each right-to-left with its header row bold and frozen,
 * written row by row into the returned stream.
 */
export function workbookStream(sheets: readonly WorkbookSheet[]): PassThrough {
  const stream = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream,
    useStyles: true,
    useSharedStrings: false,
  });
  workbook.creator = 'Ataa';
  workbook.created = new Date();
  const writeSheet = async (spec: WorkbookSheet) => {
    const sheet = workbook.addWorksheet(spec.title.slice(0, 31), {
      views: [{ rightToLeft: true, state: 'frozen', ySplit: 1 }],
    });
    sheet.columns = spec.columns.map((column) => ({
      header: column.header,
      key: column.key,
      width: column.width ?? 18,
    }));
    sheet.getRow(1).font = { bold: true };
    for await (const row of spec.rows()) {
      const values: Record<string, ExcelJS.CellValue> = {};
      const textColumns: string[] = [];
      for (const column of spec.columns) {
        const cell = xlsxCell(row[column.key]);
        values[column.key] = cell.value;
        if (cell.text) textColumns.push(column.key);
      }
      const added = sheet.addRow(values);
      for (const key of textColumns) added.getCell(key).numFmt = '@';
      added.commit();
    }
    sheet.commit();
  };
  const write = async () => {
    for (const spec of sheets) await writeSheet(spec);
    await workbook.commit();
  };
  write().catch((error: unknown) =>
    stream.destroy(error instanceof Error ? error : new Error(String(error))),
  );
  return stream;
}

function xlsxStream(plan: ExportPlan): PassThrough {
  return workbookStream([{ title: plan.sheetTitle, columns: plan.columns, rows: plan.rows }]);
}

/** Sends the export as the reply (the caller has already checked access and logged it). */
export function sendExport(
  reply: FastifyReply,
  format: ExportFormat,
  plan: ExportPlan,
): FastifyReply {
  if (format === 'csv') {
    return reply
      .header('content-type', CSV_CONTENT_TYPE)
      .header('content-disposition', contentDisposition(plan, 'csv'))
      .send(Readable.from(csvLines(plan)));
  }
  return reply
    .header('content-type', XLSX_CONTENT_TYPE)
    .header('content-disposition', contentDisposition(plan, 'xlsx'))
    .send(xlsxStream(plan));
}

/** Reads a paged source in batches, for `rows`. */
export async function* inBatches<T>(
  fetch: (offset: number, limit: number) => Promise<T[]>,
  batchSize = 1000,
): AsyncGenerator<T> {
  for (let offset = 0; ; offset += batchSize) {
    const batch = await fetch(offset, batchSize);
    yield* batch;
    if (batch.length < batchSize) return;
  }
}

/** Maps each row of an async source (an export's rows read in batches). */
export async function* mapRows<T, R>(
  source: AsyncIterable<T>,
  map: (row: T) => R,
): AsyncGenerator<R> {
  for await (const row of source) yield map(row);
}

/** The filters of a list as the export log records them. */
export function loggedFilters(query: {
  search?: string | undefined;
  sort?: string | undefined;
  order?: string;
  filter: object;
}) {
  return {
    search: query.search ?? null,
    sort: query.sort ?? null,
    order: query.order ?? null,
    ...query.filter,
  };
}

/**
 * The activity-log changes of an export (README "Exports": every export is logged before it
 * streams): the list's filters, how many rows, which format.
 */
export function exportLogChanges(
  query: Parameters<typeof loggedFilters>[0],
  rows: number,
  format: ExportFormat,
): Record<string, [unknown, unknown]> {
  return { filters: [null, loggedFilters(query)], rows: [null, rows], format: [null, format] };
}
