import ExcelJS from 'exceljs';
import {
  FAMILY_IMPORT_COLUMNS,
  IMPORT_SHEET_NAMES,
  MEMBER_IMPORT_COLUMNS,
} from 'shared-contracts/beneficiaries';
import { describeEachDatabase, type TestEmployee } from './support/harness';

/** Importing families from spreadsheets (docs/family-import.md), endpoint by endpoint. */
describeEachDatabase('family import', (h) => {
  let importer: TestEmployee;
  let viewer: TestEmployee;

  beforeAll(async () => {
    importer = await h.createEmployee({
      permissions: ['show_families', 'create_families', 'import_families'],
    });
    viewer = await h.createEmployee({ permissions: ['show_families', 'create_families'] });
  });

  describe('GET /imports/families/template', () => {
    test('401 without a session, 403 without import_families', async () => {
      expect((await h.request('GET', '/api/imports/families/template')).statusCode).toBe(401);
      expect(
        (await h.request('GET', '/api/imports/families/template', { token: viewer.token }))
          .statusCode,
      ).toBe(403);
    });

    test('an XLSX of right-to-left sheets: families and members with Arabic headers and an example, and the allowed values', async () => {
      const response = await h.request('GET', '/api/imports/families/template', {
        token: importer.token,
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('spreadsheetml');
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
      expect(book.worksheets.map((sheet) => sheet.name)).toEqual([
        IMPORT_SHEET_NAMES.families,
        IMPORT_SHEET_NAMES.members,
        IMPORT_SHEET_NAMES.values,
      ]);
      for (const sheet of book.worksheets) expect(sheet.views[0]?.rightToLeft).toBe(true);

      const families = book.getWorksheet(IMPORT_SHEET_NAMES.families)!;
      const headers = (families.getRow(1).values as unknown[]).slice(1);
      expect(headers).toEqual(FAMILY_IMPORT_COLUMNS.map((column) => column.label));
      const example = (families.getRow(2).values as unknown[]).slice(1);
      expect(example[FAMILY_IMPORT_COLUMNS.findIndex((column) => column.path === 'city')]).toBe(
        'الرياض',
      );
      expect(
        example[FAMILY_IMPORT_COLUMNS.findIndex((column) => column.path === 'head.national_id')],
      ).toBe('1000000008');

      const members = book.getWorksheet(IMPORT_SHEET_NAMES.members)!;
      expect((members.getRow(1).values as unknown[]).slice(1)).toEqual(
        MEMBER_IMPORT_COLUMNS.map((column) => column.label),
      );
      expect(members.getRow(2).getCell(1).value).toBe('1000000008');

      const values = book.getWorksheet(IMPORT_SHEET_NAMES.values)!;
      const rows: string[][] = [];
      values.eachRow((row) =>
        rows.push((row.values as unknown[]).slice(1).map((cell) => String(cell ?? ''))),
      );
      const lists = new Set(rows.slice(1).map((row) => row[0]));
      for (const list of [
        'المدن',
        'الأحياء',
        'أنواع السكن',
        'فئات الأسر',
        'الجنس',
        'صلة القرابة',
        'الحالة الصحية',
      ]) {
        expect(lists.has(list)).toBe(true);
      }
      expect(rows).toContainEqual(['المدن', 'الرياض', 'riyadh', '']);
      expect(rows).toContainEqual(['الأحياء', 'العليا', 'riyadh_olaya', 'الرياض']);
      expect(rows).toContainEqual(['الجنس', 'أنثى', 'female', '']);
    });
  });
});
