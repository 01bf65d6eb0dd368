import ExcelJS from 'exceljs';

function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object' && 'richText' in value && Array.isArray(value.richText))
    return value.richText.map((part: { text: string }) => part.text).join('');
  if (typeof value === 'object' && 'text' in value) return String(value.text);
  return String(value);
}

/** The first sheet: its name, right-to-left flag, and every row as cell texts (header first). */
export async function readFirstSheet(
  file: string,
): Promise<{ name: string; rightToLeft: boolean; rows: string[][] }> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(file);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error(`${file} has no worksheet`);
  const rows: string[][] = [];
  // exceljs rows are 1-based: values[0] is always empty. Its typings also allow a keyed object,
  // which a row read from a file never is.
  sheet.eachRow((row) => rows.push(Array.from((row.values as unknown[]).slice(1), cellText)));
  return {
    name: sheet.name,
    rightToLeft: sheet.views.some((view) => view.rightToLeft === true),
    rows,
  };
}
