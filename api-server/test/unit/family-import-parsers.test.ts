import {
  BENEFICIARY_LOOKUPS,
  FAMILY_IMPORT_COLUMNS,
  IMPORT_SHEET_NAMES,
  MEMBER_IMPORT_COLUMNS,
  type ImportColumn,
} from 'shared-contracts/beneficiaries';
import ExcelJS from 'exceljs';
import { LookupSet, type LookupRow } from '../../src/modules/lookups';
import {
  LookupReader,
  parseImportDate,
  readCell,
  resolveHeaders,
  setPath,
} from '../../src/modules/imports/commands/cells';
import {
  csvDelimiter,
  parseCsv,
  readWholeSpreadsheet,
} from '../../src/modules/imports/commands/read-file';

/** The import's readers (docs/family-import.md): headers, codes, digits, phones and dates. */

const now = new Date();
const lookupRows: LookupRow[] = Object.entries(BENEFICIARY_LOOKUPS).flatMap(([name, list]) =>
  list.items.map((item, index) => ({
    name,
    code: item.code,
    label_ar: item.label,
    label_en: null,
    parent_code: 'city' in item && typeof item.city === 'string' ? item.city : null,
    sort: index,
    active: true,
    created_at: now,
    updated_at: now,
  })),
);
const reader = new LookupReader(new LookupSet(lookupRows));
const column = (
  path: string,
  columns: readonly ImportColumn[] = FAMILY_IMPORT_COLUMNS,
): ImportColumn => {
  const found = columns.find((candidate) => candidate.path === path);
  if (!found) throw new Error(`no column ${path}`);
  return found;
};

describe('headers', () => {
  test('the template Arabic labels and the body field paths both name a column; unknown ones are listed', () => {
    const { columns, unknown } = resolveHeaders(
      ['\uFEFFاسم رب الأسرة', 'head.national_id', ' المدينة ', 'categories', 'عمود غريب', ''],
      FAMILY_IMPORT_COLUMNS,
    );
    expect(columns.map((found) => found?.path ?? null)).toEqual([
      'head.full_name',
      'head.national_id',
      'city',
      'categories',
      null,
      null,
    ]);
    expect(unknown).toEqual(['عمود غريب']);
  });

  test('Arabic spelling variants of a label still match (hamza, taa marbuta)', () => {
    expect(resolveHeaders(['اسم رب الاسره'], FAMILY_IMPORT_COLUMNS).columns[0]?.path).toBe(
      'head.full_name',
    );
  });
});

describe('coded cells', () => {
  test('a code or its Arabic label gives the code', () => {
    expect(readCell(column('city'), 'الرياض', reader)).toEqual({ value: 'riyadh' });
    expect(readCell(column('city'), 'riyadh', reader)).toEqual({ value: 'riyadh' });
    expect(readCell(column('head.gender'), 'أنثى', reader)).toEqual({ value: 'female' });
    expect(readCell(column('relationship', MEMBER_IMPORT_COLUMNS), 'ابنة', reader)).toEqual({
      value: 'daughter',
    });
    expect(readCell(column('district'), 'العليا', reader, { city: 'riyadh' })).toEqual({
      value: 'riyadh_olaya',
    });
  });

  test('a list cell splits on | and an unknown value is an Arabic error', () => {
    expect(readCell(column('categories'), 'أيتام | ذوو الدخل المحدود', reader)).toEqual({
      value: ['orphans', 'low_income'],
    });
    expect(readCell(column('city'), 'أتلانتس', reader)).toEqual({
      error: 'القيمة غير موجودة في القائمة المسموح بها',
    });
    expect(readCell(column('categories'), 'أيتام|غير معروف', reader)).toHaveProperty('error');
  });

  test('yes and no in Arabic or English; empty cells are empty', () => {
    expect(readCell(column('consent_data_processing'), 'نعم', reader)).toEqual({ value: true });
    expect(readCell(column('consent_data_processing'), 'no', reader)).toEqual({ value: false });
    expect(readCell(column('notes'), '   ', reader)).toEqual({ empty: true });
  });
});

describe('digits and phones', () => {
  test('Arabic-Indic digits become ASCII; a national ID keeps its digits as text', () => {
    expect(readCell(column('head.national_id'), '١٠٠٠٠٠٠٠٠٨', reader)).toEqual({
      value: '1000000008',
    });
    expect(readCell(column('head.monthly_income'), '١٬٥٠٠٫٥٠', reader)).toEqual({
      value: '1500.50',
    });
  });

  test('phones in the forms 05…, 9665…, +9665… reach the families schema as typed, spaces removed', () => {
    expect(readCell(column('primary_phone'), '05 0123 4567', reader)).toEqual({
      value: '0501234567',
    });
    expect(readCell(column('primary_phone'), '٩٦٦٥٠١٢٣٤٥٦٧', reader)).toEqual({
      value: '966501234567',
    });
    expect(readCell(column('primary_phone'), '+966501234567', reader)).toEqual({
      value: '+966501234567',
    });
  });
});

describe('dates', () => {
  test('Gregorian: yyyy-mm-dd, d/m/yyyy, d-m-yyyy; impossible days refused', () => {
    expect(parseImportDate('1980-03-15')).toBe('1980-03-15');
    expect(parseImportDate('15/3/1980')).toBe('1980-03-15');
    expect(parseImportDate('٠٥-٠١-٢٠٠٠')).toBe('2000-01-05');
    expect(parseImportDate('31/02/1990')).toBeNull();
    expect(parseImportDate('أمس')).toBeNull();
  });

  test('Hijri (Umm al-Qura), year first or last, with or without هـ', () => {
    expect(parseImportDate('1445/03/12')).toBe('2023-09-27');
    expect(parseImportDate('1445/03/12 هـ')).toBe('2023-09-27');
    expect(parseImportDate('12/03/1445هـ')).toBe('2023-09-27');
    expect(parseImportDate('1445/13/01')).toBeNull();
  });

  test('a spreadsheet date cell gives its calendar day; a bad date cell is an Arabic error', () => {
    expect(readCell(column('head.birth_date'), new Date(Date.UTC(1985, 6, 1)), reader)).toEqual({
      value: '1985-07-01',
    });
    expect(readCell(column('head.birth_date'), '32/1/1990', reader)).toHaveProperty('error');
  });
});

describe('files', () => {
  test('CSV: quotes, doubled quotes, CRLF; comma or semicolon found from the header line', () => {
    expect(csvDelimiter('a;b;c\n1,5;2;3')).toBe(';');
    expect(csvDelimiter('a,b\n1;2')).toBe(',');
    expect(parseCsv('a,"b ""x"", y"\r\n1,2\n', ',')).toEqual([
      ['a', 'b "x", y'],
      ['1', '2'],
    ]);
  });

  test('a UTF-8 CSV with a BOM reads as the families sheet; binary that is not a spreadsheet is refused', async () => {
    const csv = Buffer.from('\uFEFFhead.full_name;city\nمحمد أحمد;الرياض\n\n', 'utf8');
    const book = await readWholeSpreadsheet(csv, 10);
    expect(book.families.headers).toEqual(['head.full_name', 'city']);
    expect(book.families.rows).toEqual([{ number: 2, cells: ['محمد أحمد', 'الرياض'] }]);
    expect(book.members).toBeNull();
    await expect(
      readWholeSpreadsheet(Buffer.from([0xff, 0xfe, 0x00, 0x01, 0x89]), 10),
    ).rejects.toMatchObject({ statusCode: 422 });
    await expect(
      readWholeSpreadsheet(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00]), 10),
    ).rejects.toMatchObject({ statusCode: 422 });
  });

  /** An XLSX of the named sheets, each a header and one row. */
  async function workbookOf(...names: string[]): Promise<Buffer> {
    const book = new ExcelJS.Workbook();
    for (const [index, name] of names.entries()) {
      const sheet = book.addWorksheet(name);
      sheet.addRow(['head.full_name']);
      sheet.addRow([`صف ${index + 1}`]);
    }
    return Buffer.from(await book.xlsx.writeBuffer());
  }

  test("an XLSX's sheets are known by their names, else the first is the families' and the second the members'", async () => {
    const named = await readWholeSpreadsheet(
      await workbookOf(IMPORT_SHEET_NAMES.members, IMPORT_SHEET_NAMES.families),
      10,
    );
    expect(named.families.rows).toEqual([{ number: 2, cells: ['صف 2'] }]);
    expect(named.members?.rows).toEqual([{ number: 2, cells: ['صف 1'] }]);
    const unnamed = await readWholeSpreadsheet(await workbookOf('أ', 'ب', 'ج'), 10);
    expect(unnamed.families.rows[0]?.cells).toEqual(['صف 1']);
    expect(unnamed.members?.rows[0]?.cells).toEqual(['صف 2']);
    // A sheet named for the families after an unnamed sheet took them: which is meant is unclear.
    await expect(
      readWholeSpreadsheet(await workbookOf('أ', IMPORT_SHEET_NAMES.families), 10),
    ).rejects.toMatchObject({ statusCode: 422 });
    await expect(
      readWholeSpreadsheet(await workbookOf(IMPORT_SHEET_NAMES.members), 10),
    ).rejects.toMatchObject({ statusCode: 422 });
  });

  test('more rows than allowed is a 413', async () => {
    const csv = Buffer.from(`city\n${'الرياض\n'.repeat(5)}`, 'utf8');
    await expect(readWholeSpreadsheet(csv, 4)).rejects.toMatchObject({ statusCode: 413 });
  });
});

test('setPath builds the nested body', () => {
  const body: Record<string, unknown> = {};
  setPath(body, 'head.full_name', 'محمد أحمد');
  setPath(body, 'head.gender', 'male');
  setPath(body, 'city', 'riyadh');
  expect(body).toEqual({ head: { full_name: 'محمد أحمد', gender: 'male' }, city: 'riyadh' });
});
