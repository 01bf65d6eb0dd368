import ExcelJS from 'exceljs';
import { listEnvelopeOf, mayCall } from 'shared-contracts';
import { activityLogEntrySchema } from 'shared-contracts/admin';
import {
  FAMILY_EXPORT_COLUMNS,
  familyEndpoints,
  memberEndpoints,
} from 'shared-contracts/beneficiaries';
import {
  BENEFICIARY_KEYS,
  createFamily,
  familyBody,
  parseCsv,
  type CreatedFamily,
} from './support/beneficiaries';
import { describeEachDatabase, type TestEmployee } from './support/harness';

/**
 * What leaves the API about a family: medical fields only by the member rule
 * (`MEMBER_FIELD_VISIBILITY`) wherever a member's data appears, staff addresses only for super
 * admins; bulk exports of identifiers only with the edit permission; no exported cell is a
 * formula.
 */

const timelineSchema = listEnvelopeOf(activityLogEntrySchema);
const MEDICAL = ['health_status', 'disabilities'];
const HYPERLINK = '=HYPERLINK("https://evil.example/x","انقر هنا")';

describeEachDatabase('security: data visibility', (h) => {
  let editor: TestEmployee;
  let viewer: TestEmployee;
  let adminToken = '';
  let family: CreatedFamily;

  beforeAll(async () => {
    editor = await h.createEmployee({ permissions: BENEFICIARY_KEYS });
    viewer = await h.createEmployee({ permissions: ['show_families'] });
    adminToken = await h.adminToken();
    const body = familyBody();
    const [spouse, son] = body.members as Record<string, unknown>[];
    family = await createFamily(h, editor.token, {
      ...body,
      head: { ...(body.head as object), full_name: HYPERLINK },
      members: [{ ...spouse, health_status: 'disabled', disabilities: ['visual'] }, son],
    });
    // One update of medical data (and a visible field) on each member, and a new member with it.
    const update = await h.request('PUT', `/api/families/${family.id}`, {
      token: editor.token,
      headers: { 'user-agent': 'researcher-browser/1.0' },
      body: {
        ...body,
        head: { ...(body.head as object), full_name: HYPERLINK, id: family.members[0]?.id },
        members: [
          {
            ...spouse,
            id: family.members[1]?.id,
            health_status: 'chronic_illness',
            disabilities: ['hearing'],
            occupation: 'معلمة',
          },
          { ...son, id: family.members[2]?.id, health_status: 'healthy', occupation: 'طالب' },
          {
            full_name: 'نورة خالد سعد الحربي',
            relationship: 'daughter',
            gender: 'female',
            birth_date: '2018-05-05',
            health_status: 'bedridden',
            disabilities: ['physical'],
          },
        ],
      },
    });
    if (update.statusCode !== 200)
      throw new Error(`update: ${update.statusCode} ${update.payload}`);
  });

  const timeline = async (token: string) => {
    const response = await h.request('GET', `/api/families/${family.id}/timeline`, {
      token,
      query: { per_page: '100' },
    });
    expect(response.statusCode).toBe(200);
    return timelineSchema.parse(response.json()).data;
  };
  const memberChanges = (entries: Awaited<ReturnType<typeof timeline>>) =>
    entries
      .filter((entry) => entry.entity_type === 'family_member')
      .map((entry) => entry.changes ?? {});

  describe('the family timeline follows the member field rule', () => {
    test('a view-only employee gets no health status or disabilities, nor staff addresses', async () => {
      const entries = await timeline(viewer.token);
      const changes = memberChanges(entries);
      // two member updates and one new member: their visible changes are still there
      expect(changes).toHaveLength(3);
      expect(changes).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ occupation: [null, 'معلمة'] }),
          expect.objectContaining({ occupation: [null, 'طالب'] }),
        ]),
      );
      for (const change of changes)
        for (const field of MEDICAL) expect(change).not.toHaveProperty(field);
      expect(JSON.stringify(entries)).not.toMatch(/chronic_illness|bedridden|hearing|physical/);
      for (const entry of entries) expect(entry).toMatchObject({ ip: null, user_agent: null });
    });

    test('an editor sees the medical changes (they may see the fields), still no staff addresses', async () => {
      const entries = await timeline(editor.token);
      expect(memberChanges(entries)).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            health_status: ['disabled', 'chronic_illness'],
            disabilities: [['visual'], ['hearing']],
          }),
        ]),
      );
      for (const entry of entries) expect(entry).toMatchObject({ ip: null, user_agent: null });
    });

    test('a super admin sees everything, IP address and user agent included', async () => {
      const entries = await timeline(adminToken);
      expect(memberChanges(entries)).toEqual(
        expect.arrayContaining([expect.objectContaining({ health_status: [null, 'bedridden'] })]),
      );
      expect(
        entries.find((entry) => entry.action === 'update' && entry.entity_type === 'family_member'),
      ).toMatchObject({
        ip: '127.0.0.1',
        user_agent: 'researcher-browser/1.0',
      });
      const log = await h.request('GET', '/api/activity-log', {
        token: adminToken,
        query: { 'filter[family_id]': String(family.id), per_page: '100' },
      });
      expect(JSON.stringify(log.json())).toContain('bedridden');
    });

    test('the family record and the members list apply the same rule', async () => {
      const detail = (
        await h.request('GET', `/api/families/${family.id}`, { token: viewer.token })
      ).json<{ data: { members: object[] } }>().data;
      for (const member of detail.members)
        for (const field of MEDICAL) expect(member).not.toHaveProperty(field);
      const list = (
        await h.request('GET', '/api/family-members', {
          token: viewer.token,
          query: { 'filter[family_id]': String(family.id) },
        })
      ).json<{ data: object[] }>().data;
      expect(list).toHaveLength(4);
      for (const member of list)
        for (const field of MEDICAL) expect(member).not.toHaveProperty(field);
    });
  });

  describe('bulk exports of national IDs and phones need edit_families', () => {
    test('show_families alone: 403 on both exports; the declarations say so (the UI hides the button)', async () => {
      for (const url of ['/api/families/export', '/api/family-members/export']) {
        expect((await h.request('GET', url, { token: viewer.token })).statusCode).toBe(403);
      }
      const subject = { active: true, permissions: ['show_families'], role: null };
      expect(mayCall(subject, familyEndpoints.export.access)).toBe(false);
      expect(mayCall(subject, memberEndpoints.export.access)).toBe(false);
      const editorSubject = { ...subject, permissions: ['show_families', 'edit_families'] };
      expect(mayCall(editorSubject, familyEndpoints.export.access)).toBe(true);
      expect(mayCall(editorSubject, memberEndpoints.export.access)).toBe(true);
      expect(
        (await h.request('GET', '/api/families/export', { token: editor.token })).statusCode,
      ).toBe(200);
    });
  });

  describe('no exported cell is a formula', () => {
    const query = (format: string) => ({ format, search: family.file_number });

    test('CSV: formula-like text behind an apostrophe; the phone keeps every digit', async () => {
      const response = await h.request('GET', '/api/families/export', {
        token: editor.token,
        query: query('csv'),
      });
      expect(response.statusCode).toBe(200);
      const [header, row] = parseCsv(response.payload.slice(1));
      expect(header).toEqual(FAMILY_EXPORT_COLUMNS.map((column) => column.header));
      const cell = (key: string) =>
        row?.[FAMILY_EXPORT_COLUMNS.findIndex((column) => column.key === key)];
      expect(cell('head_name')).toBe(`'${HYPERLINK}`);
      expect(cell('primary_phone')).toMatch(/^'\+9665\d{8}$/);
      // Nothing in the file starts a cell with a formula character.
      for (const value of row ?? []) expect(value).not.toMatch(/^[=+\-@\t\r]/);
    });

    test('XLSX: string cells in the Text format, never formulas, shown exactly as stored', async () => {
      const response = await h.request('GET', '/api/families/export', {
        token: editor.token,
        query: query('xlsx'),
      });
      expect(response.statusCode).toBe(200);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
      const sheet = workbook.worksheets[0];
      const row = sheet?.getRow(2);
      const cell = (key: string) =>
        row?.getCell(FAMILY_EXPORT_COLUMNS.findIndex((column) => column.key === key) + 1);
      const name = cell('head_name');
      expect(name?.type).toBe(ExcelJS.ValueType.RichText);
      expect(name?.formula).toBeUndefined();
      expect(name?.text).toBe(HYPERLINK);
      expect(name?.numFmt).toBe('@');
      const phone = cell('primary_phone');
      expect(phone?.type).toBe(ExcelJS.ValueType.RichText);
      expect(phone?.text).toMatch(/^\+9665\d{8}$/);
      expect(phone?.numFmt).toBe('@');
      // an ordinary cell stays what it was
      expect(cell('members_count')?.value).toBe(4);
    });
  });
});
