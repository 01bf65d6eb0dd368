import ExcelJS from 'exceljs';
import {
  FAMILY_IMPORT_COLUMNS,
  IMPORT_SHEET_NAMES,
  MEMBER_IMPORT_COLUMNS,
} from 'shared-contracts/beneficiaries';
import type { FamilyImport, FamilyImportRow } from 'shared-contracts/beneficiaries';
import { mobileFor, nextSerial, validId } from './support/beneficiaries';
import { describeEachDatabase, type TestEmployee, type TestHarness } from './support/harness';

// Small limits for this suite (read when the app starts), so the refusals are cheap to reach.
process.env.IMPORT_MAX_ROWS = '40';
process.env.IMPORT_MAX_BYTES = String(64 * 1024);

const BOUNDARY = '----ataa-import-test';

/** A multipart body with `kind` then `file`, as a browser's form would send it. */
function multipart(
  file: string | Buffer,
  fileName: string,
  kind = 'families',
): { body: Buffer; headers: Record<string, string> } {
  const head = Buffer.from(
    `--${BOUNDARY}\r\ncontent-disposition: form-data; name="kind"\r\n\r\n${kind}\r\n` +
      `--${BOUNDARY}\r\ncontent-disposition: form-data; name="file"; filename="${fileName}"\r\ncontent-type: text/csv\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
  return {
    body: Buffer.concat([head, Buffer.isBuffer(file) ? file : Buffer.from(file, 'utf8'), tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
  };
}

async function upload(
  h: TestHarness,
  token: string | undefined,
  file: string | Buffer,
  fileName = 'families.csv',
  kind?: string,
) {
  const { body, headers } = multipart(file, fileName, kind);
  return h.app.inject({
    method: 'POST',
    url: '/api/imports',
    payload: body,
    headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
}

/** Waits (bounded) for the validation job, whichever runner runs it. */
async function validated(h: TestHarness, token: string, id: number): Promise<FamilyImport> {
  for (let tries = 0; tries < 500; tries += 1) {
    const response = await h.request('GET', `/api/imports/${id}`, { token });
    const found = response.json<{ data: FamilyImport }>().data;
    if (found.status !== 'validating') return found;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`import ${id} was not validated`);
}

/** A family row in the body's field paths, semicolon-separated, with Arabic labels for codes. */
function familyLine(values: {
  name: string;
  id: string;
  phone: string;
  birth: string;
  city?: string;
}): string {
  return [
    values.name,
    values.id,
    'ذكر',
    values.birth,
    values.phone,
    values.city ?? 'الرياض',
    'العليا',
    'شقة',
    'ملك',
    'ذوو الدخل المحدود|أيتام',
    'نعم',
  ].join(';');
}
const CSV_HEADER =
  'head.full_name;head.national_id;head.gender;head.birth_date;primary_phone;city;district;housing_type;housing_ownership;categories;consent_data_processing';

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

  describe('POST /imports and the validation job', () => {
    test('401 without a session, 403 without import_families', async () => {
      expect((await upload(h, undefined, `${CSV_HEADER}\n`)).statusCode).toBe(401);
      expect((await upload(h, viewer.token, `${CSV_HEADER}\n`)).statusCode).toBe(403);
    });

    test('a file that is not a spreadsheet, an unknown kind, or no file: 422 in Arabic, nothing stored', async () => {
      const before = (await h.request('GET', '/api/imports', { token: importer.token })).json<{
        meta: { total: number };
      }>().meta.total;
      const binary = await upload(
        h,
        importer.token,
        Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0xff, 0xfe]),
        'photo.png',
      );
      expect(binary.statusCode).toBe(422);
      expect(binary.json<{ message: string }>().message).toBe(
        'الملف ليس جدول بيانات مقروءاً؛ ارفع ملف إكسل أو ملفاً نصياً مفصولاً بفواصل بترميز يونيكود',
      );
      expect(
        (await upload(h, importer.token, `${CSV_HEADER}\n`, 'x.csv', 'members')).statusCode,
      ).toBe(422);
      const json = await h.request('POST', '/api/imports', {
        token: importer.token,
        body: { kind: 'families' },
      });
      expect(json.statusCode).toBe(422);
      expect(json.json<{ message: string }>().message).toBe(
        'أرفق ملف جدول بيانات (ملف إكسل أو ملفاً نصياً مفصولاً بفواصل)',
      );
      const after = (await h.request('GET', '/api/imports', { token: importer.token })).json<{
        meta: { total: number };
      }>().meta.total;
      expect(after).toBe(before);
    });

    test('over the row limit or the size limit: 413 in Arabic', async () => {
      const rows = Array.from({ length: 41 }, (_unused, index) =>
        familyLine({
          name: 'اسم تجريبي كامل',
          id: validId(nextSerial()),
          phone: mobileFor(index),
          birth: '1980-01-01',
        }),
      );
      const tooMany = await upload(h, importer.token, `${CSV_HEADER}\n${rows.join('\n')}\n`);
      expect(tooMany.statusCode).toBe(413);
      expect(tooMany.json<{ message: string }>().message).toBe('عدد صفوف الملف أكبر من المسموح به');
      const tooLarge = await upload(h, importer.token, `${CSV_HEADER}\n${'x'.repeat(70 * 1024)}\n`);
      expect(tooLarge.statusCode).toBe(413);
      expect(tooLarge.json<{ message: string }>().message).toBe('حجم الملف أكبر من المسموح به');
    });

    test('a CSV is validated row by row: valid, invalid with Arabic errors per field, duplicates in the file and in the register', async () => {
      const first = validId(nextSerial());
      const second = validId(nextSerial());
      const lines = [
        familyLine({
          name: 'محمد عبدالله الأحمد',
          id: first,
          phone: '٠٥٠١١١٢٢٣٣',
          birth: '15/03/1980',
        }),
        familyLine({
          name: 'علي',
          id: '1234567890',
          phone: '123',
          birth: '31/02/1980',
          city: 'أتلانتس',
        }),
        // The same national ID as the first row: a certain duplicate within the file.
        familyLine({
          name: 'محمد عبدالله الاحمد',
          id: first,
          phone: '0502223344',
          birth: '1400/01/01 هـ',
        }),
        // Another head, the same phone as the first row: a possible duplicate.
        familyLine({
          name: 'سالم فهد القحطاني',
          id: second,
          phone: '966501112233',
          birth: '1990-02-02',
        }),
      ];
      const response = await upload(h, importer.token, `${CSV_HEADER}\n${lines.join('\n')}\n`);
      expect(response.statusCode).toBe(202);
      const accepted = response.json<{ data: FamilyImport; message: string }>();
      expect(accepted.message).toBe('استُلم الملف وبدأ التحقق من صفوفه');
      expect(accepted.data.total_rows).toBe(4);

      const done = await validated(h, importer.token, accepted.data.id);
      expect(done.status).toBe('ready');
      expect(done.processed_rows).toBe(4);
      expect(done.counts).toEqual({
        valid: 1,
        invalid: 1,
        duplicate: 2,
        created: 0,
        updated: 0,
        skipped: 0,
      });

      const invalid = (
        await h.request('GET', `/api/imports/${accepted.data.id}/rows?filter[state]=invalid`, {
          token: importer.token,
        })
      ).json<{ data: FamilyImportRow[] }>().data;
      expect(invalid).toHaveLength(1);
      expect(invalid[0]?.row_number).toBe(3);
      expect(Object.keys(invalid[0]?.errors ?? {})).toEqual(
        expect.arrayContaining([
          'head.full_name',
          'head.national_id',
          'head.birth_date',
          'primary_phone',
          'city',
        ]),
      );
      expect(invalid[0]?.errors.city).toEqual(['القيمة غير موجودة في القائمة المسموح بها']);
      expect(invalid[0]?.values['head.full_name']).toBe('علي');

      const duplicates = (
        await h.request('GET', `/api/imports/${accepted.data.id}/rows?filter[state]=duplicate`, {
          token: importer.token,
        })
      ).json<{ data: FamilyImportRow[] }>().data;
      expect(duplicates.map((row) => row.row_number)).toEqual([4, 5]);
      expect(duplicates[0]?.matches).toEqual([
        { certainty: 'certain', reasons: ['national_id'], family: null, row_number: 2 },
      ]);
      expect(duplicates[1]?.matches).toEqual([
        { certainty: 'possible', reasons: ['primary_phone'], family: null, row_number: 2 },
      ]);

      const all = (
        await h.request('GET', `/api/imports/${accepted.data.id}/rows`, { token: importer.token })
      ).json<{ meta: { total: number } }>();
      expect(all.meta.total).toBe(4);
      const list = (await h.request('GET', '/api/imports', { token: importer.token })).json<{
        data: FamilyImport[];
      }>().data;
      expect(list.map((item) => item.id)).toContain(accepted.data.id);
    });

    test('the rows hide medical cells from an importer without the medical-fields rule', async () => {
      const line = [
        'منى سعد الزهراني',
        validId(nextSerial()),
        'أنثى',
        '02/05/1975',
        mobileFor(nextSerial()),
        'الرياض',
        'العليا',
        'شقة',
        'ملك',
        'أيتام|مرضى مزمنون',
        'نعم',
        'مرض مزمن',
      ].join(';');
      const accepted = await upload(
        h,
        importer.token,
        `${CSV_HEADER};head.health_status\n${line}\n`,
      );
      expect(accepted.statusCode).toBe(202);
      const { id } = accepted.json<{ data: { id: number } }>().data;
      await validated(h, importer.token, id);
      const rowsAs = async (token: string) =>
        (await h.request('GET', `/api/imports/${id}/rows`, { token })).json<{
          data: { values: Record<string, unknown> }[];
        }>().data;

      const [hidden] = await rowsAs(importer.token);
      expect(hidden?.values).not.toHaveProperty('head.health_status');
      expect(hidden?.values.categories).toBe('أيتام');
      expect(JSON.stringify(hidden)).not.toContain('مرض');

      const [shown] = await rowsAs(await h.adminToken());
      expect(shown?.values['head.health_status']).toBe('مرض مزمن');
      expect(shown?.values.categories).toBe('أيتام|مرضى مزمنون');
    });

    test('a row matching a family of the register names that family and what matched', async () => {
      const nationalId = validId(nextSerial());
      const created = await h.request('POST', '/api/families', {
        token: await h.adminToken(),
        body: {
          head: {
            full_name: 'فهد ناصر الدوسري',
            national_id: nationalId,
            gender: 'male',
            birth_date: '1970-01-01',
          },
          primary_phone: mobileFor(8801),
          city: 'riyadh',
          district: 'riyadh_olaya',
          housing_type: 'apartment',
          housing_ownership: 'owned',
          categories: ['low_income'],
          consent_data_processing: true,
        },
      });
      expect(created.statusCode).toBe(201);
      const familyId = created.json<{ data: { id: number } }>().data.id;
      const response = await upload(
        h,
        importer.token,
        `${CSV_HEADER}\n${familyLine({ name: 'فهد ناصر الدوسري', id: nationalId, phone: mobileFor(8802), birth: '1970-01-01' })}\n`,
      );
      const done = await validated(
        h,
        importer.token,
        response.json<{ data: FamilyImport }>().data.id,
      );
      expect(done.counts.duplicate).toBe(1);
      const rows = (
        await h.request('GET', `/api/imports/${done.id}/rows?filter[state]=duplicate`, {
          token: importer.token,
        })
      ).json<{ data: FamilyImportRow[] }>().data;
      expect(rows[0]?.matches[0]).toMatchObject({
        certainty: 'certain',
        reasons: ['national_id', 'name_birth_date'],
        family: { id: familyId, head_name: 'فهد ناصر الدوسري' },
      });
    });

    test('GET /imports/{id}/errors/export: the invalid rows as uploaded, with their Arabic errors in an added column', async () => {
      const good = validId(nextSerial());
      const lines = [
        familyLine({
          name: 'عبدالرحمن سعيد الغامدي',
          id: good,
          phone: mobileFor(9101),
          birth: '1982-04-04',
        }),
        familyLine({
          name: 'ناصر',
          id: good.slice(0, 9),
          phone: mobileFor(9102),
          birth: '1982-04-04',
          city: 'أتلانتس',
        }),
      ];
      const response = await upload(h, importer.token, `${CSV_HEADER}\n${lines.join('\n')}\n`);
      const done = await validated(
        h,
        importer.token,
        response.json<{ data: FamilyImport }>().data.id,
      );
      expect(done.counts).toMatchObject({ valid: 1, invalid: 1 });
      expect((await h.request('GET', `/api/imports/${done.id}/errors/export`)).statusCode).toBe(
        401,
      );
      expect(
        (await h.request('GET', `/api/imports/${done.id}/errors/export`, { token: viewer.token }))
          .statusCode,
      ).toBe(403);
      const exported = await h.request('GET', `/api/imports/${done.id}/errors/export`, {
        token: importer.token,
      });
      expect(exported.statusCode).toBe(200);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
      const sheet = book.worksheets[0]!;
      const header = (sheet.getRow(1).values as unknown[]).slice(1);
      expect(header[0]).toBe('رقم الصف');
      expect(header.at(-1)).toBe('الأخطاء');
      expect(sheet.actualRowCount).toBe(2);
      const row = (sheet.getRow(2).values as unknown[]).slice(1);
      expect(row[0]).toBe(3);
      expect(row[header.indexOf('اسم رب الأسرة')]).toBe('ناصر');
      expect(String(row.at(-1))).toContain('المدينة: القيمة غير موجودة في القائمة المسموح بها');
    });

    test('POST /imports/{id}/rows/{row}/resolution: a certain duplicate only skipped or updated, a possible one created', async () => {
      const nationalId = validId(nextSerial());
      const created = await h.request('POST', '/api/families', {
        token: await h.adminToken(),
        body: {
          head: {
            full_name: 'تركي ماجد الشهري',
            national_id: nationalId,
            gender: 'male',
            birth_date: '1971-01-01',
          },
          primary_phone: mobileFor(9201),
          city: 'riyadh',
          district: 'riyadh_olaya',
          housing_type: 'apartment',
          housing_ownership: 'owned',
          categories: ['low_income'],
          consent_data_processing: true,
        },
      });
      expect(created.statusCode).toBe(201);
      const lines = [
        familyLine({
          name: 'تركي ماجد الشهري',
          id: nationalId,
          phone: mobileFor(9202),
          birth: '1971-01-01',
        }),
        familyLine({
          name: 'بندر علي الزهراني',
          id: validId(nextSerial()),
          phone: mobileFor(9203),
          birth: '1985-01-01',
        }),
        familyLine({
          name: 'ماجد سالم الحربي',
          id: validId(nextSerial()),
          phone: mobileFor(9203),
          birth: '1986-01-01',
        }),
      ];
      const response = await upload(h, importer.token, `${CSV_HEADER}\n${lines.join('\n')}\n`);
      const done = await validated(
        h,
        importer.token,
        response.json<{ data: FamilyImport }>().data.id,
      );
      expect(done.counts).toMatchObject({ valid: 1, duplicate: 2 });
      const resolve = (row: number, action: string, token = importer.token) =>
        h.request('POST', `/api/imports/${done.id}/rows/${row}/resolution`, {
          token,
          body: { action },
        });

      expect(
        (
          await h.request('POST', `/api/imports/${done.id}/rows/2/resolution`, {
            body: { action: 'skip' },
          })
        ).statusCode,
      ).toBe(401);
      expect((await resolve(2, 'skip', viewer.token)).statusCode).toBe(403);
      const createCertain = await resolve(2, 'create');
      expect(createCertain.statusCode).toBe(422);
      expect(createCertain.json<{ message: string }>().message).toBe(
        'رقم الهوية مسجل في أسرة أخرى؛ يمكن تجاهل الصف أو تحديث تلك الأسرة فقط',
      );
      const update = await resolve(2, 'update');
      expect(update.statusCode).toBe(200);
      expect(update.json<{ data: FamilyImportRow }>().data).toMatchObject({
        state: 'duplicate',
        resolution: 'update',
      });
      const skip = await resolve(2, 'skip');
      expect(skip.json<{ data: FamilyImportRow }>().data).toMatchObject({
        state: 'skipped',
        resolution: 'skip',
      });

      // The same phone as the row before it: possible, and no family of the register to update.
      expect((await resolve(4, 'update')).statusCode).toBe(422);
      expect((await resolve(4, 'create')).json<{ data: FamilyImportRow }>().data).toMatchObject({
        resolution: 'create',
      });
      expect((await resolve(3, 'skip')).statusCode).toBe(409);
      expect((await resolve(99, 'skip')).statusCode).toBe(404);
      expect((await resolve(3, 'merge')).statusCode).toBe(422);

      const after = await validated(h, importer.token, done.id);
      expect(after.counts).toMatchObject({ valid: 1, duplicate: 1, skipped: 1 });
    });

    test('GET /imports/{id} of an unknown import: 404 in Arabic', async () => {
      const response = await h.request('GET', '/api/imports/999999', { token: importer.token });
      expect(response.statusCode).toBe(404);
      expect(response.json<{ message: string }>().message).toBe('عملية الاستيراد غير موجودة');
    });
  });
});
