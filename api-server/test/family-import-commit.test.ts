import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { IMPORT_SHEET_NAMES } from 'shared-contracts/beneficiaries';
import type { FamilyImport, FamilyImportRow } from 'shared-contracts/beneficiaries';
import { commitImport } from '../src/modules/imports/commands/commit';
import { familyBody, mobileFor, nextSerial, validId } from './support/beneficiaries';
import { describeEachDatabase, type TestEmployee, type TestHarness } from './support/harness';

const BOUNDARY = '----ataa-import-commit-test';

/** A multipart body with `kind` then `file`, as a browser's form would send it. */
function multipart(
  file: Buffer,
  fileName: string,
): { body: Buffer; headers: Record<string, string> } {
  const head = Buffer.from(
    `--${BOUNDARY}\r\ncontent-disposition: form-data; name="kind"\r\n\r\nfamilies\r\n` +
      `--${BOUNDARY}\r\ncontent-disposition: form-data; name="file"; filename="${fileName}"\r\ncontent-type: application/octet-stream\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
  return {
    body: Buffer.concat([head, file, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
  };
}

const FAMILY_HEADER = [
  'head.full_name',
  'head.national_id',
  'head.gender',
  'head.birth_date',
  'primary_phone',
  'city',
  'district',
  'housing_type',
  'housing_ownership',
  'categories',
  'consent_data_processing',
  'alt_phone',
  'address',
  'notes',
];
const MEMBER_HEADER = [
  'head_national_id',
  'full_name',
  'national_id',
  'relationship',
  'gender',
  'birth_date',
];

interface FamilyLine {
  name: string;
  id: string;
  phone: string;
  birth?: string;
  altPhone?: string;
  address?: string;
  notes?: string;
}

function familyCells(line: FamilyLine): string[] {
  return [
    line.name,
    line.id,
    'ذكر',
    line.birth ?? '1980-01-01',
    line.phone,
    'الرياض',
    'العليا',
    'شقة',
    'ملك',
    'ذوو الدخل المحدود',
    'نعم',
    line.altPhone ?? '',
    line.address ?? '',
    line.notes ?? '',
  ];
}

/** An XLSX with the families sheet and the members sheet (headers as the body's field paths). */
async function workbook(families: FamilyLine[], members: string[][] = []): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const familySheet = book.addWorksheet(IMPORT_SHEET_NAMES.families);
  familySheet.addRow(FAMILY_HEADER);
  for (const line of families) familySheet.addRow(familyCells(line));
  const memberSheet = book.addWorksheet(IMPORT_SHEET_NAMES.members);
  memberSheet.addRow(MEMBER_HEADER);
  for (const member of members) memberSheet.addRow(member);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** Waits (bounded) while the import is in a working status (validating, committing). */
async function settled(h: TestHarness, token: string, id: number): Promise<FamilyImport> {
  for (let tries = 0; tries < 1000; tries += 1) {
    const found = (await h.request('GET', `/api/imports/${id}`, { token })).json<{
      data: FamilyImport;
    }>().data;
    if (found.status !== 'validating' && found.status !== 'committing') return found;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`import ${id} did not settle`);
}

async function uploaded(
  h: TestHarness,
  token: string,
  families: FamilyLine[],
  members: string[][] = [],
  fileName = 'families.xlsx',
): Promise<FamilyImport> {
  const { body, headers } = multipart(await workbook(families, members), fileName);
  const response = await h.app.inject({
    method: 'POST',
    url: '/api/imports',
    payload: body,
    headers: { ...headers, authorization: `Bearer ${token}` },
  });
  // The body says why when the upload is refused.
  expect(response.statusCode === 202 ? 202 : `${response.statusCode} ${response.body}`).toBe(202);
  return settled(h, token, response.json<{ data: FamilyImport }>().data.id);
}

async function rowsOf(h: TestHarness, token: string, id: number): Promise<FamilyImportRow[]> {
  return (await h.request('GET', `/api/imports/${id}/rows?per_page=100`, { token })).json<{
    data: FamilyImportRow[];
  }>().data;
}

/** The families of the register whose members hold this national ID (by the list's search). */
async function familiesWithId(h: TestHarness, nationalId: string): Promise<number[]> {
  const response = await h.request('GET', `/api/families?search=${nationalId}`, {
    token: await h.adminToken(),
  });
  expect(response.statusCode).toBe(200);
  return response.json<{ data: { id: number }[] }>().data.map((family) => family.id);
}

const person = (name: string): FamilyLine => {
  const n = nextSerial();
  return { name, id: validId(n), phone: mobileFor(n) };
};

/** The commit of an import (docs/family-import.md): the families created, decisions applied, once. */
describeEachDatabase('family import commit', (h) => {
  let importer: TestEmployee;
  let viewer: TestEmployee;

  beforeAll(async () => {
    importer = await h.createEmployee({
      name: 'سلمى المستوردة',
      permissions: ['show_families', 'create_families', 'import_families'],
    });
    viewer = await h.createEmployee({ permissions: ['show_families', 'create_families'] });
  });

  test('401 without a session, 403 without import_families, 404 for an unknown import', async () => {
    const ready = await uploaded(h, importer.token, [person('نايف سعد العتيبي')]);
    expect((await h.request('POST', `/api/imports/${ready.id}/commit`)).statusCode).toBe(401);
    const forbidden = await h.request('POST', `/api/imports/${ready.id}/commit`, {
      token: viewer.token,
    });
    expect(forbidden.statusCode).toBe(403);
    const unknown = await h.request('POST', '/api/imports/999999/commit', {
      token: importer.token,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json<{ message: string }>().message).toBe('عملية الاستيراد غير موجودة');
    const after = (
      await h.request('GET', `/api/imports/${ready.id}`, { token: importer.token })
    ).json<{ data: FamilyImport }>().data;
    expect(after.status).toBe('ready');
  });

  test('the valid rows become families as POST /families makes them; a second commit creates nothing', async () => {
    const first = person('عبدالله فهد القحطاني');
    const second = person('سعود ماجد الشمري');
    const lines: FamilyLine[] = [
      first,
      second,
      // Invalid: a national ID with a wrong check digit.
      { ...person('ناصر'), id: '1234567890' },
      // The same phone as the first row: a possible duplicate nobody decided on, left out.
      { ...person('حمد علي المطيري'), phone: first.phone },
    ];
    const ready = await uploaded(h, importer.token, lines, [], 'register-2024.xlsx');
    expect(ready.counts).toMatchObject({ valid: 2, invalid: 1, duplicate: 1 });

    // Two requests at once (a double click): both answered, one job queued.
    const [response, twin] = await Promise.all([
      h.request('POST', `/api/imports/${ready.id}/commit`, { token: importer.token }),
      h.request('POST', `/api/imports/${ready.id}/commit`, { token: importer.token }),
    ]);
    expect(response.statusCode).toBe(202);
    expect(twin.statusCode).toBe(202);
    const jobs = await sql<{ n: string }>`select count(*) as n from jobs
      where kind = 'family_import.commit' and payload->>'import_id' = ${String(ready.id)}`.execute(
      h.db,
    );
    expect(Number(jobs.rows[0]?.n)).toBe(1);
    const started = response.json<{ data: FamilyImport; message: string }>();
    expect(started.message).toBe('بدأ إنشاء الأسر من الملف');
    expect(['committing', 'done']).toContain(started.data.status);

    const done = await settled(h, importer.token, ready.id);
    expect(done.status).toBe('done');
    expect(done.counts).toEqual({
      valid: 0,
      invalid: 1,
      duplicate: 0,
      created: 2,
      updated: 0,
      skipped: 1,
    });
    expect(done.processed_rows).toBe(done.total_rows);

    const rows = await rowsOf(h, importer.token, ready.id);
    // The batch's file numbers were reserved at once, in the file's order: consecutive.
    const sequenceOf = async (line: FamilyLine) => {
      const [id] = await familiesWithId(h, line.id);
      const family = await h.db
        .selectFrom('families')
        .select('file_number')
        .where('id', '=', id!)
        .executeTakeFirstOrThrow();
      return Number(family.file_number.split('-').at(-1));
    };
    expect(await sequenceOf(second)).toBe((await sequenceOf(first)) + 1);
    for (const [line, rowNumber] of [
      [first, 2],
      [second, 3],
    ] as const) {
      const found = await familiesWithId(h, line.id);
      expect(found).toHaveLength(1);
      const row = rows.find((candidate) => candidate.row_number === rowNumber);
      expect(row).toMatchObject({ state: 'created', family_id: found[0] });
      const family = (
        await h.request('GET', `/api/families/${found[0]}`, { token: await h.adminToken() })
      ).json<{ data: { status: { code: string } | string; file_number: string } }>().data;
      expect(JSON.stringify(family.status)).toContain('pending_review');
      expect(family.file_number).toMatch(/\d/);
      const history = await h.db
        .selectFrom('family_status_history')
        .select('to_status')
        .where('family_id', '=', found[0]!)
        .execute();
      expect(history.map((entry) => entry.to_status)).toEqual(['pending_review']);
      const logged = await h.db
        .selectFrom('activity_log')
        .select(['action', 'entity_label', 'employee_id'])
        .where('entity_type', '=', 'family')
        .where('family_id', '=', found[0]!)
        .execute();
      expect(logged).toHaveLength(1);
      expect(logged[0]).toMatchObject({ action: 'create', employee_id: importer.row.id });
      expect(logged[0]?.entity_label).toContain('من ملف الاستيراد «register-2024.xlsx»');
    }
    expect(await familiesWithId(h, lines[3]!.id)).toEqual([]);
    expect(rows.map((row) => row.sheet)).toEqual(['families', 'families', 'families', 'families']);
    // Decisions are taken before the commit, never after it.
    const late = await h.request('POST', `/api/imports/${ready.id}/rows/5/resolution`, {
      token: importer.token,
      body: { action: 'create' },
    });
    expect(late.statusCode).toBe(409);

    const again = await h.request('POST', `/api/imports/${ready.id}/commit`, {
      token: importer.token,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json<{ message: string }>().message).toBe('اعتُمد هذا الملف من قبل');
    // The job itself, run again (taken up after it finished), finds nothing left to create.
    await h.db
      .updateTable('family_imports')
      .set({ status: 'committing' })
      .where('id', '=', ready.id)
      .execute();
    await commitImport(
      h.db,
      {
        import_id: ready.id,
        author: { id: importer.row.id, name: 'x', ip: '127.0.0.1', userAgent: null },
      },
      { signal: new AbortController().signal },
    );
    expect(await familiesWithId(h, first.id)).toHaveLength(1);
    expect(await familiesWithId(h, second.id)).toHaveLength(1);
    const rerun = await settled(h, importer.token, ready.id);
    expect(rerun).toMatchObject({ status: 'done', counts: done.counts });
  });

  test('an update decision fills the matched family’s empty fields and adds the members it lacks, logged on it', async () => {
    const registered = familyBody({ address: null, members: [] });
    const head = registered.head;
    const admin = await h.adminToken();
    const created = await h.request('POST', '/api/families', {
      token: admin,
      body: { ...registered, housing_ownership: 'owned', monthly_rent: null },
    });
    expect(created.statusCode).toBe(201);
    const familyId = created.json<{ data: { id: number } }>().data.id;

    const spouseId = validId(nextSerial());
    const ready = await uploaded(
      h,
      importer.token,
      [
        {
          name: head.full_name,
          id: head.national_id,
          phone: mobileFor(nextSerial()),
          birth: head.birth_date,
          address: 'حي العليا، شارع التحلية',
          notes: 'من سجل الجمعية القديم',
        },
      ],
      [
        [head.national_id, 'نورة سعد القحطاني', spouseId, 'spouse', 'أنثى', '1984-05-05'],
        [head.national_id, 'فيصل خالد الحربي', '', 'son', 'ذكر', '2012-03-03'],
      ],
      'old-register.xlsx',
    );
    expect(ready.counts).toMatchObject({ duplicate: 1 });
    const resolve = (action: string) =>
      h.request('POST', `/api/imports/${ready.id}/rows/2/resolution`, {
        token: importer.token,
        body: { action },
      });
    // The same national ID: a family may not be created again.
    const refused = await resolve('create');
    expect(refused.statusCode).toBe(422);
    expect(refused.json<{ message: string }>().message).toBe(
      'رقم الهوية مسجل في أسرة أخرى؛ يمكن تجاهل الصف أو تحديث تلك الأسرة فقط',
    );
    expect((await resolve('update')).statusCode).toBe(200);

    const before = (await h.request('GET', `/api/families/${familyId}`, { token: admin })).json<{
      data: Record<string, unknown> & { members: { national_id: string | null }[] };
    }>().data;
    expect(before.members).toHaveLength(1);

    expect(
      (await h.request('POST', `/api/imports/${ready.id}/commit`, { token: importer.token }))
        .statusCode,
    ).toBe(202);
    const done = await settled(h, importer.token, ready.id);
    expect(done).toMatchObject({ status: 'done', counts: { updated: 1, created: 0 } });
    const [row] = await rowsOf(h, importer.token, ready.id);
    expect(row).toMatchObject({ state: 'updated', family_id: familyId });

    const after = (await h.request('GET', `/api/families/${familyId}`, { token: admin })).json<{
      data: Record<string, unknown> & {
        members: { full_name: string; national_id: string | null }[];
      };
    }>().data;
    // Empty fields filled; a field the family had (its phone) kept.
    expect(after.address).toBe('حي العليا، شارع التحلية');
    expect(after.notes).toBe('من سجل الجمعية القديم');
    expect(after.primary_phone).toEqual(before.primary_phone);
    expect(after.members.map((member) => member.full_name).sort()).toEqual(
      [head.full_name, 'نورة سعد القحطاني', 'فيصل خالد الحربي'].sort(),
    );
    expect(await familiesWithId(h, spouseId)).toEqual([familyId]);

    const logged = await h.db
      .selectFrom('activity_log')
      .select(['action', 'entity_type', 'entity_label', 'changes'])
      .where('family_id', '=', familyId)
      .where('employee_id', '=', importer.row.id)
      .orderBy('id')
      .execute();
    expect(logged.filter((entry) => entry.entity_type === 'family_member')).toHaveLength(2);
    const familyEntry = logged.find((entry) => entry.entity_type === 'family');
    expect(familyEntry).toMatchObject({ action: 'update' });
    expect(familyEntry?.entity_label).toContain('من ملف الاستيراد «old-register.xlsx»');
    expect(familyEntry?.changes).toMatchObject({
      address: [null, 'حي العليا، شارع التحلية'],
      notes: [null, 'من سجل الجمعية القديم'],
    });
    expect(familyEntry?.changes).not.toHaveProperty('primary_phone');
  });

  test('a commit stopped half-way resumes at the next row: no family twice, none missed', async () => {
    const lines = Array.from({ length: 5 }, (_unused, index) =>
      person(['مشعل', 'بدر', 'راشد', 'زياد', 'هشام'][index] + ' عبدالعزيز السبيعي'),
    );
    const ready = await uploaded(h, importer.token, lines);
    expect(ready.counts).toMatchObject({ valid: 5 });
    // What POST /commit does, without queueing the job: this test runs it by hand.
    await h.db
      .updateTable('family_imports')
      .set({ status: 'committing' })
      .where('id', '=', ready.id)
      .execute();
    const payload = {
      import_id: ready.id,
      author: { id: importer.row.id, name: 'سلمى المستوردة', ip: '127.0.0.1', userAgent: null },
    };

    // The first run loses its lease (the runner's signal) after its first batch of two rows.
    const lost = new AbortController();
    await commitImport(h.db, payload, {
      signal: lost.signal,
      batchSize: 2,
      progress: async () => lost.abort(),
    });
    const midway = (
      await h.request('GET', `/api/imports/${ready.id}`, { token: importer.token })
    ).json<{ data: FamilyImport }>().data;
    expect(midway).toMatchObject({ status: 'committing', processed_rows: 2 });
    expect(midway.counts).toMatchObject({ created: 2, valid: 3 });

    // Taken up again from the start: it finds the three rows left.
    await commitImport(h.db, payload, { signal: new AbortController().signal, batchSize: 2 });
    const done = await settled(h, importer.token, ready.id);
    expect(done).toMatchObject({ status: 'done', processed_rows: 5 });
    expect(done.counts).toMatchObject({ created: 5, valid: 0 });
    const rows = await rowsOf(h, importer.token, ready.id);
    const ids = rows.map((row) => row.family_id);
    expect(new Set(ids).size).toBe(5);
    for (const [index, line] of lines.entries()) {
      expect(await familiesWithId(h, line.id)).toEqual([rows[index]?.family_id]);
    }
    const created = await sql<{ n: string }>`select count(*) as n from activity_log
      where entity_type = 'family' and action = 'create'
        and family_id in (${sql.join(ids.map((id) => id ?? 0))})`.execute(h.db);
    expect(Number(created.rows[0]?.n)).toBe(5);
  });

  test('a member whose head names no family of the file is an invalid row of its own, never committed', async () => {
    const family = person('عادل حمد الرشيدي');
    const childId = validId(nextSerial());
    const orphanId = validId(nextSerial());
    const unknownHead = validId(nextSerial());
    const ready = await uploaded(
      h,
      importer.token,
      [family],
      [
        [family.id, 'ريم عادل الرشيدي', childId, 'daughter', 'أنثى', '2010-01-01'],
        [unknownHead, 'سامي يوسف الدوسري', orphanId, 'son', 'ذكر', '2011-01-01'],
      ],
    );
    expect(ready).toMatchObject({ status: 'ready', total_rows: 2, processed_rows: 2 });
    expect(ready.counts).toMatchObject({ valid: 1, invalid: 1 });
    const invalid = (
      await h.request('GET', `/api/imports/${ready.id}/rows?filter[state]=invalid`, {
        token: importer.token,
      })
    ).json<{ data: FamilyImportRow[] }>().data;
    expect(invalid).toHaveLength(1);
    expect(invalid[0]).toMatchObject({
      sheet: 'members',
      row_number: 3,
      state: 'invalid',
      errors: {
        'members.0.head_national_id': ['لا توجد في ورقة الأسر أسرة برقم هوية رب الأسرة هذا'],
      },
    });
    expect(invalid[0]?.values['head.national_id']).toBe(unknownHead);

    const exported = await h.request('GET', `/api/imports/${ready.id}/errors/export`, {
      token: importer.token,
    });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    const line = (sheet.getRow(2).values as unknown[]).slice(1);
    expect(line[header.indexOf('الورقة')]).toBe('الأفراد');
    expect(line[0]).toBe(3);
    expect(String(line.at(-1))).toContain('لا توجد في ورقة الأسر أسرة برقم هوية رب الأسرة هذا');

    expect(
      (await h.request('POST', `/api/imports/${ready.id}/commit`, { token: importer.token }))
        .statusCode,
    ).toBe(202);
    const done = await settled(h, importer.token, ready.id);
    expect(done.counts).toMatchObject({ created: 1, invalid: 1 });
    expect(done.processed_rows).toBe(2);
    const [familyId] = await familiesWithId(h, family.id);
    expect(await familiesWithId(h, childId)).toEqual([familyId]);
    expect(await familiesWithId(h, orphanId)).toEqual([]);
  });

  test('before the file is judged the commit is refused; a row the register took since, or an update whose head is not in the family, becomes invalid', async () => {
    const taken = person('وليد سالم العنزي');
    const free = person('ياسر محمد البقمي');
    const registered = familyBody({ members: [] });
    const admin = await h.adminToken();
    const existing = await h.request('POST', '/api/families', { token: admin, body: registered });
    expect(existing.statusCode).toBe(201);
    const existingId = existing.json<{ data: { id: number } }>().data.id;
    // Another head with the registered family's phone: a possible duplicate of it.
    const stranger = { ...person('مازن خالد الجهني'), phone: registered.primary_phone };
    const ready = await uploaded(h, importer.token, [taken, free, stranger]);
    expect(ready.counts).toMatchObject({ valid: 2, duplicate: 1 });
    expect(
      (
        await h.request('POST', `/api/imports/${ready.id}/rows/4/resolution`, {
          token: importer.token,
          body: { action: 'update' },
        })
      ).statusCode,
    ).toBe(200);

    await h.db
      .updateTable('family_imports')
      .set({ status: 'validating' })
      .where('id', '=', ready.id)
      .execute();
    const early = await h.request('POST', `/api/imports/${ready.id}/commit`, {
      token: importer.token,
    });
    expect(early.statusCode).toBe(409);
    expect(early.json<{ message: string }>().message).toBe(
      'لا يمكن تنفيذ ذلك قبل انتهاء التحقق من الملف',
    );
    await h.db
      .updateTable('family_imports')
      .set({ status: 'ready' })
      .where('id', '=', ready.id)
      .execute();

    // Registered by hand between the validation and the commit.
    const byHand = await h.request('POST', '/api/families', {
      token: admin,
      body: familyBody({
        head: { ...registered.head, full_name: taken.name, national_id: taken.id },
        members: [],
      }),
    });
    expect(byHand.statusCode).toBe(201);
    const byHandFamily = byHand.json<{ data: { id: number; file_number: string } }>().data;

    expect(
      (await h.request('POST', `/api/imports/${ready.id}/commit`, { token: importer.token }))
        .statusCode,
    ).toBe(202);
    const done = await settled(h, importer.token, ready.id);
    expect(done).toMatchObject({ status: 'done', processed_rows: 3 });
    expect(done.counts).toMatchObject({ created: 1, invalid: 2, updated: 0 });
    const rows = await rowsOf(h, importer.token, ready.id);
    expect(rows[0]).toMatchObject({ state: 'invalid', family_id: null });
    expect(rows[0]?.errors['head.national_id']?.[0]).toContain(
      `رقم الهوية مسجل مسبقاً في الأسرة رقم ${byHandFamily.file_number}`,
    );
    expect(rows[1]).toMatchObject({ state: 'created' });
    expect(rows[2]).toMatchObject({ state: 'invalid', family_id: null, resolution: 'update' });
    expect(rows[2]?.errors['head.national_id']).toEqual([
      'رب الأسرة في هذا الصف ليس من أفراد الأسرة المطابقة؛ لا يمكن أن يكون للأسرة ربّان، فتجاهل الصف أو صحّحه',
    ]);
    expect(await familiesWithId(h, taken.id)).toEqual([byHandFamily.id]);
    expect(await familiesWithId(h, stranger.id)).toEqual([]);
    const untouched = (
      await h.request('GET', `/api/families/${existingId}`, { token: admin })
    ).json<{
      data: { members: unknown[] };
    }>().data;
    expect(untouched.members).toHaveLength(1);
  });
});
