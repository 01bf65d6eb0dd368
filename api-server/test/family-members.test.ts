import {
  FAMILY_MEMBER_EXPORT_COLUMNS,
  MEMBER_MESSAGES,
  familyDetailSchema,
  familyMemberListResponseSchema as memberListResponseSchema,
  memberAge,
  memberMoveResponseSchema,
} from 'shared-contracts/beneficiaries';
import { REASON_REQUIRED_MESSAGE, listEnvelopeOf, todayIso } from 'shared-contracts';
import { activityLogEntrySchema } from 'shared-contracts/admin';
import { z } from 'zod';
import { UTF8_BOM } from '../src/http/export';
import { MEMBER_API_MESSAGES } from '../src/modules/family-members';
import {
  BENEFICIARY_KEYS,
  createFamily,
  familyBody,
  isZip,
  nextSerial,
  parseCsv,
  readXlsx,
  setStatus,
  tableCounts,
  validId,
  type CreatedFamily,
} from './support/beneficiaries';
import { describeEachDatabase } from './support/harness';

const detailSchema = z.object({ data: familyDetailSchema });

describeEachDatabase('family members', (h) => {
  let token = '';
  let actorId = 0;
  let viewerToken = '';
  let alpha: CreatedFamily;
  let beta: CreatedFamily;
  const today = todayIso();
  const yearsAgo = (years: number, days = 0) => {
    const date = new Date(`${today}T12:00:00Z`);
    date.setUTCFullYear(date.getUTCFullYear() - years);
    date.setUTCDate(date.getUTCDate() - days);
    return date.toISOString().slice(0, 10);
  };

  beforeAll(async () => {
    const researcher = await h.createEmployee({
      name: 'منيرة الباحثة',
      permissions: BENEFICIARY_KEYS,
    });
    token = researcher.token;
    actorId = researcher.row.id;
    viewerToken = (await h.createEmployee({ permissions: ['show_families'] })).token;
    const n = nextSerial();
    alpha = await createFamily(h, token, {
      ...familyBody(),
      head: {
        full_name: 'عبدالعزيز صالح فهد السبيعي',
        national_id: validId(n),
        gender: 'male',
        birth_date: yearsAgo(45),
        education_level: 'bachelor',
        employment_status: 'employed',
      },
      city: 'dammam',
      district: 'dammam_shati',
      members: [
        {
          full_name: 'لطيفة عبدالله محمد السبيعي',
          relationship: 'spouse',
          gender: 'female',
          birth_date: yearsAgo(40),
          national_id: validId(n + 700_000),
          health_status: 'chronic_illness',
          employment_status: 'homemaker',
        },
        // Turns 6 today: inside an age range that starts at 6.
        {
          full_name: 'جود عبدالعزيز صالح السبيعي',
          relationship: 'daughter',
          gender: 'female',
          birth_date: yearsAgo(6),
          education_level: 'primary',
        },
        // One day short of 13: still 12.
        {
          full_name: 'فارس عبدالعزيز صالح السبيعي',
          relationship: 'son',
          gender: 'male',
          birth_date: yearsAgo(13, -1),
          national_id: validId(n + 800_000),
          education_level: 'intermediate',
        },
      ],
    });
    beta = await createFamily(h, token, {
      ...familyBody(),
      head: {
        full_name: 'ريم سعد ناصر القرني',
        national_id: validId(n + 900_000),
        gender: 'female',
        birth_date: yearsAgo(38),
        marital_status: 'divorced',
      },
      city: 'riyadh',
      district: 'riyadh_shifa',
      categories: ['divorced'],
      members: [],
    });
  });

  const list = async (query: Record<string, string>, as = token) => {
    const response = await h.request('GET', '/api/family-members', {
      token: as,
      query: { per_page: '200', ...query },
    });
    expect(response.statusCode).toBe(200);
    return memberListResponseSchema.parse(response.json());
  };
  const names = async (query: Record<string, string>) =>
    (await list(query)).data.map((member) => member.full_name);

  describe('GET /family-members', () => {
    test('members across families with their family, computed age and labels', async () => {
      const body = await list({ 'filter[family_id]': String(alpha.id) });
      expect(body.meta.total).toBe(4);
      expect(body.data[0]).toMatchObject({
        family_id: alpha.id,
        family_file_number: alpha.file_number,
        family_status: 'pending_review',
        relationship: 'head',
        age: 45,
        city: { code: 'dammam', label: 'الدمام' },
        education_level: { code: 'bachelor', label: 'بكالوريوس' },
      });
      expect(body.data.find((member) => member.full_name.startsWith('جود'))?.age).toBe(
        memberAge(yearsAgo(6)),
      );
    });

    test('filters: gender, relationship, age range (whole years today), education, family status, city', async () => {
      const scope = { 'filter[family_id]': String(alpha.id) };
      expect(await names({ ...scope, 'filter[gender]': 'female' })).toEqual([
        'لطيفة عبدالله محمد السبيعي',
        'جود عبدالعزيز صالح السبيعي',
      ]);
      expect(await names({ ...scope, 'filter[relationship]': 'son,daughter' })).toHaveLength(2);
      expect(await names({ ...scope, 'filter[age_min]': '6', 'filter[age_max]': '12' })).toEqual([
        'جود عبدالعزيز صالح السبيعي',
        'فارس عبدالعزيز صالح السبيعي',
      ]);
      expect(await names({ ...scope, 'filter[age_min]': '7', 'filter[age_max]': '12' })).toEqual([
        'فارس عبدالعزيز صالح السبيعي',
      ]);
      expect(await names({ ...scope, 'filter[age_min]': '13', 'filter[age_max]': '30' })).toEqual(
        [],
      );
      expect(await names({ ...scope, 'filter[age_min]': '12', 'filter[age_max]': '3' })).toEqual(
        [],
      );
      expect(
        await names({ ...scope, 'filter[education_level]': 'primary,intermediate' }),
      ).toHaveLength(2);
      expect(await names({ ...scope, 'filter[employment_status]': 'homemaker' })).toEqual([
        'لطيفة عبدالله محمد السبيعي',
      ]);
      expect(
        await names({ 'filter[city]': 'riyadh', 'filter[marital_status]': 'divorced' }),
      ).toContain('ريم سعد ناصر القرني');
      expect(await names({ ...scope, 'filter[family_status]': 'approved' })).toEqual([]);
      const bad = await h.request('GET', '/api/family-members', {
        token,
        query: { 'filter[gender]': 'other', 'filter[age_min]': '-1', sort: 'national_id' },
      });
      expect(bad.statusCode).toBe(422);
      expect(Object.keys(bad.json<{ errors: object }>().errors).sort()).toEqual([
        'filter.age_min',
        'filter.gender.0',
        'sort',
      ]);
    });

    test('health status: filter and fields for editors only (403 for view-only)', async () => {
      expect(
        await names({
          'filter[health_status]': 'chronic_illness',
          'filter[family_id]': String(alpha.id),
        }),
      ).toEqual(['لطيفة عبدالله محمد السبيعي']);
      const denied = await h.request('GET', '/api/family-members', {
        token: viewerToken,
        query: { 'filter[health_status]': 'chronic_illness' },
      });
      expect(denied.statusCode).toBe(403);
      expect(denied.json()).toEqual({ message: MEMBER_API_MESSAGES.medicalFilterForbidden });
      const viewer = await list({ 'filter[family_id]': String(alpha.id) }, viewerToken);
      expect(viewer.data.every((member) => !('health_status' in member))).toBe(true);
    });

    test('search: normalised name, national ID, phone, file number; sort', async () => {
      expect(await names({ search: 'لطيفه السبيعى' })).toEqual(['لطيفة عبدالله محمد السبيعي']);
      const fares = alpha.members.find((member) => member.full_name.startsWith('فارس'));
      expect(await names({ search: fares?.national_id ?? '' })).toEqual([
        'فارس عبدالعزيز صالح السبيعي',
      ]);
      expect((await names({ search: alpha.file_number.toLowerCase() })).length).toBe(4);
      const sorted = await names({
        'filter[family_id]': String(alpha.id),
        sort: 'birth_date',
        order: 'desc',
      });
      expect(sorted[0]).toBe('جود عبدالعزيز صالح السبيعي');
    });
  });

  describe('GET /family-members/export', () => {
    test('XLSX (right-to-left, Arabic headers, one row per member), logged with filters and count', async () => {
      const response = await h.request('GET', '/api/family-members/export', {
        token,
        query: { 'filter[family_id]': String(alpha.id) },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe(
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      );
      expect(response.headers['content-disposition']).toMatch(
        /^attachment; filename="family-members-\d{4}-\d{2}-\d{2}\.xlsx"/,
      );
      expect(isZip(response)).toBe(true);
      const sheet = await readXlsx(response);
      expect(sheet.rightToLeft).toBe(true);
      expect(sheet.header).toEqual(FAMILY_MEMBER_EXPORT_COLUMNS.map((column) => column.header));
      expect(sheet.rows).toHaveLength(4);
      expect(sheet.rows.map((row) => row[1])).toContain('لطيفة عبدالله محمد السبيعي');
      const log = (await h.activityRows('export')).at(-1);
      expect(log).toMatchObject({ employee_id: actorId, entity_type: 'family_member' });
      expect(log?.changes).toMatchObject({
        rows: [null, 4],
        format: [null, 'xlsx'],
        filters: [null, expect.objectContaining({ family_id: alpha.id })],
      });
    });

    test('CSV with a UTF-8 BOM; view-only employees may not export national IDs and phones', async () => {
      const response = await h.request('GET', '/api/family-members/export', {
        token,
        query: { format: 'csv', 'filter[family_id]': String(alpha.id) },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.payload.startsWith(UTF8_BOM)).toBe(true);
      const rows = parseCsv(response.payload.slice(1));
      expect(rows[0]).toEqual(FAMILY_MEMBER_EXPORT_COLUMNS.map((column) => column.header));
      expect(rows.slice(1)).toHaveLength(4);
      expect((await h.activityRows('export')).at(-1)?.changes).toMatchObject({
        hidden_columns: [null, []],
        format: [null, 'csv'],
      });
      const refused = await h.request('GET', '/api/family-members/export', {
        token: viewerToken,
        query: { format: 'csv' },
      });
      expect(refused.statusCode).toBe(403);
    });
  });

  describe('POST /family-members/:id/move', () => {
    test('ends the old membership, starts a new one, records the move, updates both families', async () => {
      const fares = alpha.members.find((member) => member.full_name.startsWith('فارس'));
      const response = await h.request('POST', `/api/family-members/${fares?.id}/move`, {
        token,
        body: {
          to_family_id: beta.id,
          relationship: 'son',
          reason: 'انتقل للعيش مع والدته بعد الطلاق',
        },
      });
      expect(response.statusCode).toBe(200);
      const { data, message } = memberMoveResponseSchema.parse(response.json());
      expect(message).toBe(MEMBER_API_MESSAGES.moved);
      expect(data).toMatchObject({
        from_member_id: fares?.id,
        from_family: {
          id: alpha.id,
          file_number: alpha.file_number,
          head_name: 'عبدالعزيز صالح فهد السبيعي',
        },
        to_family: { id: beta.id, file_number: beta.file_number, head_name: 'ريم سعد ناصر القرني' },
        from_relationship: 'son',
        to_relationship: 'son',
        effective_date: today,
        by: { id: actorId, name: 'منيرة الباحثة' },
      });
      expect(data.member).toMatchObject({
        id: data.member_id,
        family_id: beta.id,
        national_id: fares?.national_id,
        full_name: fares?.full_name,
      });

      const old = await h.db
        .selectFrom('family_members')
        .selectAll()
        .where('id', '=', fares?.id as number)
        .executeTakeFirstOrThrow();
      expect(old).toMatchObject({ active: false, end_date: today, end_reason: 'moved' });
      const alphaNow = detailSchema.parse(
        (await h.request('GET', `/api/families/${alpha.id}`, { token })).json(),
      ).data;
      const betaNow = detailSchema.parse(
        (await h.request('GET', `/api/families/${beta.id}`, { token })).json(),
      ).data;
      expect(alphaNow.members_count).toBe(3);
      expect(betaNow.members_count).toBe(2);
      expect(betaNow.members.map((member) => member.full_name)).toContain(fares?.full_name);
      // The ID now belongs to the new family.
      const check = await h.request('GET', '/api/families/checks/national-id', {
        token,
        query: { national_id: fares?.national_id as string },
      });
      expect(check.json<{ data: { family: { id: number } } }>().data.family.id).toBe(beta.id);

      const timeline = (id: number) =>
        h
          .request('GET', `/api/families/${id}/timeline`, { token })
          .then((r) => listEnvelopeOf(activityLogEntrySchema).parse(r.json()).data);
      expect((await timeline(alpha.id))[0]).toMatchObject({
        action: 'move_out',
        entity_type: 'family_member',
        entity_id: String(fares?.id),
      });
      expect((await timeline(beta.id))[0]).toMatchObject({
        action: 'move_in',
        entity_id: String(data.member_id),
      });
      expect((await timeline(beta.id))[0]?.changes).toMatchObject({
        reason: [null, 'انتقل للعيش مع والدته بعد الطلاق'],
      });
      // An ended membership cannot move again.
      const again = await h.request('POST', `/api/family-members/${fares?.id}/move`, {
        token,
        body: { to_family_id: alpha.id, relationship: 'son', reason: 'إعادة' },
      });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ message: MEMBER_API_MESSAGES.notActive });
    });

    test('refusals: the head (409), same family, reason, relationship vs gender, dates (422) — nothing written', async () => {
      const head = alpha.members[0];
      const spouse = alpha.members[1];
      const before = await tableCounts(h);
      const headMove = await h.request('POST', `/api/family-members/${head?.id}/move`, {
        token,
        body: { to_family_id: beta.id, relationship: 'other', reason: 'سبب كاف' },
      });
      expect(headMove.statusCode).toBe(409);
      expect(headMove.json<{ message: string }>().message).toBe(MEMBER_API_MESSAGES.headCannotMove);
      const same = await h.request('POST', `/api/family-members/${spouse?.id}/move`, {
        token,
        body: { to_family_id: alpha.id, relationship: 'other', reason: 'سبب كاف' },
      });
      expect(same.json()).toEqual({
        message: 'البيانات المدخلة غير صالحة',
        errors: { to_family_id: [MEMBER_API_MESSAGES.sameFamily] },
      });
      const noReason = await h.request('POST', `/api/family-members/${spouse?.id}/move`, {
        token,
        body: { to_family_id: beta.id, relationship: 'sister' },
      });
      expect(noReason.json<{ errors: object }>().errors).toEqual({
        reason: [REASON_REQUIRED_MESSAGE],
      });
      const mismatch = await h.request('POST', `/api/family-members/${spouse?.id}/move`, {
        token,
        body: { to_family_id: beta.id, relationship: 'brother', reason: 'سبب كاف' },
      });
      expect(mismatch.json<{ errors: object }>().errors).toEqual({
        relationship: [MEMBER_MESSAGES.relationshipGenderMismatch],
      });
      const future = await h.request('POST', `/api/family-members/${spouse?.id}/move`, {
        token,
        body: {
          to_family_id: beta.id,
          relationship: 'sister',
          reason: 'سبب كاف',
          effective_date: '2999-01-01',
        },
      });
      expect(future.json<{ errors: object }>().errors).toEqual({
        effective_date: [MEMBER_API_MESSAGES.effectiveInFuture],
      });
      const headRelationship = await h.request('POST', `/api/family-members/${spouse?.id}/move`, {
        token,
        body: { to_family_id: beta.id, relationship: 'head', reason: 'سبب كاف' },
      });
      expect(headRelationship.json<{ errors: object }>().errors).toEqual({
        relationship: [MEMBER_MESSAGES.secondHead],
      });
      const missingTarget = await h.request('POST', `/api/family-members/${spouse?.id}/move`, {
        token,
        body: { to_family_id: 999999, relationship: 'sister', reason: 'سبب كاف' },
      });
      expect(missingTarget.json<{ errors: object }>().errors).toEqual({
        to_family_id: [MEMBER_API_MESSAGES.targetNotFound],
      });
      expect(
        (
          await h.request('POST', '/api/family-members/999999/move', {
            token,
            body: { to_family_id: beta.id, relationship: 'sister', reason: 'سبب كاف' },
          })
        ).statusCode,
      ).toBe(404);
      expect(await tableCounts(h)).toEqual(before);
    });

    test('moving into an archived family is refused (409)', async () => {
      const archived = await createFamily(h, token);
      expect((await setStatus(h, token, archived.id, 'archived', 'انتقلت الأسرة')).statusCode).toBe(
        200,
      );
      const spouse = alpha.members[1];
      const response = await h.request('POST', `/api/family-members/${spouse?.id}/move`, {
        token,
        body: { to_family_id: archived.id, relationship: 'sister', reason: 'سبب كاف' },
      });
      expect(response.statusCode).toBe(409);
      expect(response.json<{ message: string }>().message).toBe(MEMBER_API_MESSAGES.targetArchived);
    });
  });
});
