import ExcelJS from 'exceljs';
import { familyAccessLogResponseSchema } from 'shared-contracts/resources/family-access-contracts';
import {
  FAMILY_DATA_DOCUMENTS_FOLDER,
  FAMILY_DATA_HEADERS,
  FAMILY_DATA_SHEETS,
  PERSONAL_DATA_MESSAGES,
} from 'shared-contracts/resources/personal-data-contracts';
import { BENEFICIARY_KEYS, createFamily, type CreatedFamily } from './support/beneficiaries';
import { pdf, upload } from './support/documents';
import { describeEachDatabase, json, type TestEmployee } from './support/harness';
import { unzip } from './support/unzip';

/** The rows of a sheet as arrays of cell texts (header first). */
function sheetRows(sheet: ExcelJS.Worksheet): string[][] {
  const rows: string[][] = [];
  sheet.eachRow((row) => {
    const cells: string[] = [];
    row.eachCell({ includeEmpty: true }, (cell) => cells.push(cell.text));
    rows.push(cells);
  });
  return rows;
}

/** docs/personal-data.md#the-data-export: everything kept about a family, as one ZIP. */
describeEachDatabase('family data export', (h) => {
  let officer: TestEmployee;
  let researcher: TestEmployee;
  let family: CreatedFamily;
  const medicalReport = pdf('medical');

  const exportOf = (familyId: number, token?: string) =>
    h.request('GET', `/api/families/${familyId}/data-export`, token ? { token } : {});

  beforeAll(async () => {
    officer = await h.createEmployee({
      name: 'سارة مسؤولة البيانات',
      permissions: ['show_families', 'manage_personal_data'],
    });
    researcher = await h.createEmployee({ permissions: BENEFICIARY_KEYS });
    family = await createFamily(h, researcher.token);
    const uploaded = await upload(h, `families/${family.id}`, {
      token: researcher.token,
      kind: 'medical_report',
      file: medicalReport,
      fileName: 'تقرير: طبي.pdf',
    });
    expect(uploaded.statusCode).toBe(201);
  });

  test('a ZIP holding the workbook, every sheet in Arabic, and the documents', async () => {
    const response = await exportOf(family.id, officer.token);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    const disposition = String(response.headers['content-disposition']);
    expect(disposition).toMatch(
      /^attachment; filename="family-data-[\w-]+\.zip"; filename\*=UTF-8''/,
    );
    expect(decodeURIComponent(disposition.split("UTF-8''")[1] ?? '')).toBe(
      `تصدير-بيانات-الأسرة-${family.file_number}.zip`,
    );

    const entries = unzip(response.rawPayload);
    const workbookName = `بيانات-الأسرة-${family.file_number}.xlsx`;
    expect([...entries.keys()][0]).toBe(workbookName);

    // The medical report is there although the officer does not see medical fields: it is the
    // family's own data, and the export is theirs to take.
    const documentEntry = [...entries.keys()].find((name) =>
      name.startsWith(`${FAMILY_DATA_DOCUMENTS_FOLDER}/`),
    );
    expect(documentEntry).toMatch(/^المستندات\/\d+-تقرير_ طبي\.pdf$/);
    expect(entries.get(documentEntry ?? '')?.equals(medicalReport)).toBe(true);

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(entries.get(workbookName) as unknown as ExcelJS.Buffer);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(
      Object.values(FAMILY_DATA_SHEETS),
    );
    for (const sheet of workbook.worksheets) expect(sheet.views[0]?.rightToLeft).toBe(true);

    const sheet = (key: keyof typeof FAMILY_DATA_SHEETS) => {
      const found = workbook.getWorksheet(FAMILY_DATA_SHEETS[key]);
      if (!found) throw new Error(`no sheet ${key}`);
      return sheetRows(found);
    };
    const familyFields = new Map(sheet('family').map(([field, value]) => [field, value]));
    expect(familyFields.get('رقم الملف')).toBe(family.file_number);
    expect(familyFields.get('المدينة')).toBe('الرياض');
    expect(familyFields.get('الإيجار الشهري')).toBe('2000.00');
    expect(familyFields.get('الحالة')).toBe('قيد المراجعة');

    const members = sheet('members');
    expect(members[0]).toContain('صلة القرابة');
    expect(
      members.some((row) => row.includes('هيا علي ناصر الحربي') && row.includes('زوج / زوجة')),
    ).toBe(true);
    expect(sheet('consents').some((row) => row.includes('معالجة البيانات'))).toBe(true);
    const documents = sheet('documents');
    expect(documents[1]).toEqual(
      expect.arrayContaining(['تقرير: طبي.pdf', 'تقرير طبي', documentEntry ?? '']),
    );
    expect(sheet('status_history').length).toBeGreaterThanOrEqual(1);
    for (const key of [
      'services',
      'financial_records',
      'visits',
      'seminars',
      'survey_answers',
    ] as const)
      expect(sheet(key)[0]?.length).toBeGreaterThan(3);
  });

  test('the export is logged: an activity row and an export look', async () => {
    const before = (await h.activityRows()).length;
    expect((await exportOf(family.id, officer.token)).statusCode).toBe(200);
    const rows = (await h.activityRows()).slice(before);
    const logged = rows.find((row) => row.action === 'export' && row.entity_type === 'family');
    expect(logged).toMatchObject({ entity_id: String(family.id), family_id: family.id });
    expect(logged?.entity_label).toContain(`تصدير بيانات الأسرة ${family.file_number}`);
    expect(logged?.changes).toMatchObject({ format: [null, 'zip'] });

    const log = await h.request('GET', `/api/families/${family.id}/access-log`, {
      token: officer.token,
    });
    const { entries } = familyAccessLogResponseSchema.parse(log.json()).data;
    const exports = entries.filter(
      (entry) => entry.kind === 'export' && entry.employee.id === officer.row.id,
    );
    // Each export is a look of its own, even within the minute.
    expect(exports).toHaveLength(2);
  });

  test('a document whose content is missing from the store is listed as such, not zipped', async () => {
    const other = await createFamily(h, researcher.token);
    const uploaded = await upload(h, `families/${other.id}`, {
      token: researcher.token,
      kind: 'lease',
      file: pdf('lost'),
      fileName: 'عقد.pdf',
    });
    const { sha256 } = json<{ data: { sha256: string } }>(uploaded).data;
    await h.app.files.remove(sha256);
    const response = await exportOf(other.id, officer.token);
    expect(response.statusCode).toBe(200);
    const entries = unzip(response.rawPayload);
    expect([...entries.keys()]).toEqual([`بيانات-الأسرة-${other.file_number}.xlsx`]);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(
      entries.get(`بيانات-الأسرة-${other.file_number}.xlsx`) as unknown as ExcelJS.Buffer,
    );
    const documents = sheetRows(workbook.getWorksheet(FAMILY_DATA_SHEETS.documents)!);
    expect(documents[1]).toEqual(
      expect.arrayContaining(['عقد.pdf', FAMILY_DATA_HEADERS.missing_content]),
    );
  });

  test('401 without a session, 403 without manage_personal_data, 404 for a missing family', async () => {
    expect((await exportOf(family.id)).statusCode).toBe(401);
    const reader = await h.createEmployee({ permissions: ['show_families'] });
    for (const token of [reader.token, researcher.token]) {
      const refused = await exportOf(family.id, token);
      expect(refused.statusCode).toBe(403);
    }
    const missing = await exportOf(999999, officer.token);
    expect(missing.statusCode).toBe(404);
    expect(json<{ message: string }>(missing).message).toBe(PERSONAL_DATA_MESSAGES.familyNotFound);
    // The super admin holds the key.
    expect((await exportOf(family.id, await h.adminToken())).statusCode).toBe(200);
  });
});
