import {
  FAMILY_ACCESS_MESSAGES,
  familyAccessLogResponseSchema,
} from 'shared-contracts/resources/family-access-contracts';
import { BENEFICIARY_KEYS, createFamily, type CreatedFamily } from './support/beneficiaries';
import { pdf, upload } from './support/documents';
import { describeEachDatabase, json, type TestEmployee } from './support/harness';

/** docs/personal-data.md: who looked at a family's file, and when. */
describeEachDatabase('family access log', (h) => {
  let viewerA: TestEmployee;
  let officer: TestEmployee;
  let researcher: TestEmployee;
  let family: CreatedFamily;

  const accessLog = async (familyId: number, token = officer.token) => {
    const response = await h.request('GET', `/api/families/${familyId}/access-log`, { token });
    expect(response.statusCode).toBe(200);
    return familyAccessLogResponseSchema.parse(response.json()).data;
  };
  const open = (familyId: number, token: string) =>
    h.request('GET', `/api/families/${familyId}`, { token });

  beforeAll(async () => {
    viewerA = await h.createEmployee({ name: 'أمل المطّلعة', permissions: ['show_families'] });
    officer = await h.createEmployee({
      name: 'سارة مسؤولة البيانات',
      permissions: ['show_families', 'manage_personal_data'],
    });
    researcher = await h.createEmployee({ permissions: BENEFICIARY_KEYS });
    family = await createFamily(h, researcher.token);
  });

  test("opening the family's page is listed with the employee's name and time", async () => {
    const before = Date.now();
    expect((await open(family.id, viewerA.token)).statusCode).toBe(200);
    const { entries, total } = await accessLog(family.id);
    const look = entries.find((entry) => entry.employee.id === viewerA.row.id);
    expect(look).toMatchObject({ employee: { name: 'أمل المطّلعة' }, kind: 'view', document: null });
    expect(Date.parse(look?.at ?? '')).toBeGreaterThanOrEqual(before - 1000);
    expect(total).toBe(entries.length);
  });

  test('a reload within a minute is the same look; another family is not listed', async () => {
    const other = await createFamily(h, researcher.token);
    await open(family.id, viewerA.token);
    await open(family.id, viewerA.token);
    await open(other.id, viewerA.token);
    const views = (await accessLog(family.id)).entries.filter(
      (entry) => entry.employee.id === viewerA.row.id && entry.kind === 'view',
    );
    expect(views).toHaveLength(1);
    expect((await accessLog(other.id)).entries.map((entry) => entry.employee.id)).toEqual([
      viewerA.row.id,
    ]);
  });

  test("showing or saving one of the family's documents is a look; its thumbnail is not", async () => {
    const uploaded = await upload(h, `families/${family.id}`, {
      token: researcher.token,
      kind: 'lease',
      file: pdf(),
      fileName: 'عقد.pdf',
    });
    expect(uploaded.statusCode).toBe(201);
    const documentId = json<{ data: { id: number } }>(uploaded).data.id;
    const content = await h.request('GET', `/api/documents/${documentId}/content`, {
      token: viewerA.token,
    });
    expect(content.statusCode).toBe(200);
    const looks = (await accessLog(family.id)).entries.filter((entry) => entry.kind === 'document');
    expect(looks).toEqual([
      expect.objectContaining({
        employee: { id: viewerA.row.id, name: 'أمل المطّلعة' },
        document: { id: documentId, file_name: 'عقد.pdf' },
      }),
    ]);
  });

  test('a failed opening writes nothing', async () => {
    const outsider = await h.createEmployee({ permissions: ['show_financial'] });
    expect((await open(family.id, outsider.token)).statusCode).toBe(403);
    expect((await open(999999, viewerA.token)).statusCode).toBe(404);
    const ids = (await accessLog(family.id)).entries.map((entry) => entry.employee.id);
    expect(ids).not.toContain(outsider.row.id);
  });

  test('401 without a session, 403 without manage_personal_data, 404 for a missing family', async () => {
    expect((await h.request('GET', `/api/families/${family.id}/access-log`)).statusCode).toBe(401);
    for (const token of [viewerA.token, researcher.token]) {
      const response = await h.request('GET', `/api/families/${family.id}/access-log`, { token });
      expect(response.statusCode).toBe(403);
    }
    const missing = await h.request('GET', '/api/families/999999/access-log', {
      token: officer.token,
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(FAMILY_ACCESS_MESSAGES.familyNotFound);
    // The super admin holds the key.
    const admin = await h.adminToken();
    expect(
      (await h.request('GET', `/api/families/${family.id}/access-log`, { token: admin }))
        .statusCode,
    ).toBe(200);
  });
});
