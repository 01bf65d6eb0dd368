import { sql } from 'kysely';
import {
  FAMILY_EXPORT_COLUMNS,
  FAMILY_MESSAGES,
  familyWriteResponseSchema,
  FAMILY_STATUS_TRANSITIONS,
  FAMILY_STATUS_CODES,
  MEMBER_MESSAGES,
  familyDetailSchema,
  familyListResponseSchema,
  familyTransitionError,
  hijriYearOf,
  nationalIdCheckResponseSchema,
  phoneCheckResponseSchema,
  requiresReason,
  similarMembersResponseSchema,
  type FamilyStatus,
} from 'shared-contracts/beneficiaries';
import {
  PHONE_MESSAGES,
  REASON_REQUIRED_MESSAGE,
  SAUDI_ID_MESSAGES,
  listEnvelopeOf,
} from 'shared-contracts';
import { activityLogEntrySchema } from 'shared-contracts/admin';
import { z } from 'zod';
import { MESSAGES } from '../src/http/errors';
import { LOOKUP_MESSAGES } from '../src/modules/lookups';
import { FAMILY_API_MESSAGES } from '../src/modules/families';
import { UTF8_BOM } from '../src/http/export';
import {
  BENEFICIARY_KEYS,
  approvedFamily,
  isZip,
  parseCsv,
  readXlsx,
  arabicDigits,
  createFamily,
  familyBody,
  mobileFor,
  nextSerial,
  setStatus,
  tableCounts,
  validId,
} from './support/beneficiaries';
import { describeEachDatabase } from './support/harness';

const listSchema = familyListResponseSchema;
const itemSchema = z.object({ data: familyDetailSchema });
const timelineSchema = listEnvelopeOf(activityLogEntrySchema);

describeEachDatabase('families', (h) => {
  let token = '';
  let actorId = 0;
  let viewerToken = '';

  beforeAll(async () => {
    const researcher = await h.createEmployee({
      name: 'نورة الباحثة',
      permissions: ['show_index', ...BENEFICIARY_KEYS],
    });
    token = researcher.token;
    actorId = researcher.row.id;
    viewerToken = (await h.createEmployee({ permissions: ['show_families'] })).token;
  });

  describe('POST /families', () => {
    test('creates a family pending review (201): file number, normalised phone and IDs, summaries, history, log', async () => {
      const n = nextSerial();
      const headId = validId(n);
      const body = familyBody({
        head: {
          ...familyBody().head,
          national_id: arabicDigits(headId),
          full_name: 'أَحْمَد   محمد عبدالله الشهري',
        },
        primary_phone: `‏${arabicDigits(mobileFor(n))}`,
        alt_phone: `+966 ${mobileFor(n + 1).slice(1)}`,
        monthly_rent: '٢٬٥٠٠',
      });
      const response = await h.request('POST', '/api/families', {
        token,
        body,
        headers: { 'user-agent': 'jest-families' },
      });
      expect(response.statusCode).toBe(201);
      const parsed = familyWriteResponseSchema.parse(response.json());
      const family = parsed.data;
      expect(parsed.message).toBe(FAMILY_API_MESSAGES.created);
      expect(family.file_number).toMatch(new RegExp(`^F-${hijriYearOf(new Date())}-\\d{5}$`));
      expect(family.status).toBe('pending_review');
      expect(family.primary_phone).toBe(`+966${mobileFor(n).slice(1)}`);
      expect(family.head_national_id).toBe(headId);
      expect(family.head_name).toBe('أَحْمَد محمد عبدالله الشهري');
      expect(family.monthly_rent).toBe(2500);
      expect(family.members_count).toBe(3);
      expect(family.total_income).toBe(2000);
      expect(family.per_capita_income).toBeCloseTo(666.67, 2);
      expect(family.city).toEqual({ code: 'riyadh', label: 'الرياض' });
      expect(family.members[0]).toMatchObject({
        relationship: 'head',
        national_id: headId,
        id_type: 'national_id',
        family_status: 'pending_review',
      });
      expect(family.status_history).toEqual([
        expect.objectContaining({
          from: null,
          to: 'pending_review',
          by: { id: actorId, name: 'نورة الباحثة' },
        }),
      ]);
      expect(family.consent_by).toEqual({ id: actorId, name: 'نورة الباحثة' });

      const stored = await h.db
        .selectFrom('family_members')
        .select(['national_id', 'name_normalized'])
        .where('family_id', '=', family.id)
        .orderBy('id')
        .execute();
      expect(stored[0]).toEqual({
        national_id: headId,
        name_normalized: 'احمد محمد عبدالله الشهري',
      });

      const log = (await h.activityRows('create')).find(
        (row) => row.entity_type === 'family' && row.entity_id === String(family.id),
      );
      expect(log).toMatchObject({
        employee_id: actorId,
        family_id: family.id,
        ip: '127.0.0.1',
        user_agent: 'jest-families',
      });
      expect(log?.entity_label).toBe(`أسرة ${family.file_number} — أَحْمَد محمد عبدالله الشهري`);
      expect(log?.changes?.status).toEqual([null, 'pending_review']);
    });

    test("a member's own monthly income counts in the family's total and per person (decimal money)", async () => {
      const base = familyBody();
      const [spouse, son] = base.members;
      const body = familyBody({
        members: [spouse, { ...son, monthly_income: '٥٠٠' }],
        head: { ...base.head, monthly_income: '250.50' },
      });
      const response = await h.request('POST', '/api/families', { token, body });
      expect(response.statusCode).toBe(201);
      const family = familyWriteResponseSchema.parse(response.json()).data;
      // Sources 1,500 + 500, the son's 500 and the head's 250.50.
      expect(family.total_income).toBe(2750.5);
      expect(family.per_capita_income).toBeCloseTo(916.83, 2);
      const stored = await h.db
        .selectFrom('families')
        .select(['total_income', 'per_capita_income'])
        .where('id', '=', family.id)
        .executeTakeFirstOrThrow();
      expect([Number(stored.total_income), Number(stored.per_capita_income)]).toEqual([
        2750.5, 916.83,
      ]);
    });

    test('file numbers are sequential within the Hijri year', async () => {
      const first = await createFamily(h, token);
      const second = await createFamily(h, token);
      const sequence = (fileNumber: string) => Number(fileNumber.split('-')[2]);
      expect(sequence(second.file_number)).toBe(sequence(first.file_number) + 1);
    });

    test('save_as_draft: only the head name is required; the detail still parses', async () => {
      const response = await h.request('POST', '/api/families', {
        token,
        body: {
          save_as_draft: true,
          head: { full_name: 'سلمان عبدالله الحربي' },
          members: [{ full_name: 'ابن بلا بيانات' }],
          primary_phone: '',
        },
      });
      expect(response.statusCode).toBe(201);
      const { data, message } = familyWriteResponseSchema.parse(response.json());
      expect(message).toBe(FAMILY_API_MESSAGES.createdDraft);
      expect(data.status).toBe('draft');
      expect(data.primary_phone).toBeNull();
      expect(data.members[1]).toMatchObject({
        relationship: null,
        gender: null,
        birth_date: null,
        age: null,
      });
    });

    test('422 with Arabic field errors and nothing written', async () => {
      const before = await tableCounts(h);
      const response = await h.request('POST', '/api/families', {
        token,
        body: familyBody({
          head: { ...familyBody().head, national_id: '1000000000', birth_date: '2999-01-01' },
          primary_phone: '0312345678',
          housing_ownership: 'rented',
          monthly_rent: null,
          consent_data_processing: false,
          members: [
            { full_name: 'سارة', relationship: 'son', gender: 'female', birth_date: '2010-01-01' },
          ],
        }),
      });
      expect(response.statusCode).toBe(422);
      const body = response.json<{ message: string; errors: Record<string, string[]> }>();
      expect(body.message).toBe(MESSAGES.validation);
      expect(body.errors).toMatchObject({
        'head.national_id': [SAUDI_ID_MESSAGES.checkDigit],
        'head.birth_date': [MEMBER_MESSAGES.birthDateInFuture],
        primary_phone: [PHONE_MESSAGES.invalidMobile],
        monthly_rent: [FAMILY_MESSAGES.rentRequired],
        consent_data_processing: [FAMILY_MESSAGES.consentRequired],
        'members.0.full_name': [MEMBER_MESSAGES.nameTooShort],
        'members.0.gender': [MEMBER_MESSAGES.relationshipGenderMismatch],
      });
      expect(await tableCounts(h)).toEqual(before);
    });

    test('lookup codes must exist (and the district belong to the city): 422, nothing written', async () => {
      const before = await tableCounts(h);
      const response = await h.request('POST', '/api/families', {
        token,
        body: familyBody({
          city: 'jeddah',
          district: 'riyadh_olaya',
          housing_type: 'castle',
          categories: ['orphans', 'unicorns'],
        }),
      });
      expect(response.statusCode).toBe(422);
      expect(response.json<{ errors: Record<string, string[]> }>().errors).toEqual({
        district: [LOOKUP_MESSAGES.districtOutsideCity],
        housing_type: [LOOKUP_MESSAGES.unknown],
        'categories.1': [LOOKUP_MESSAGES.unknown],
      });
      // A deactivated lookup entry is refused for new data.
      await h.db
        .updateTable('lookups')
        .set({ active: false })
        .where('name', '=', 'need_types')
        .where('code', '=', 'furniture')
        .execute();
      const inactive = await h.request('POST', '/api/families', {
        token,
        body: familyBody({ needs: [{ need_type: 'furniture' }] }),
      });
      expect(inactive.json<{ errors: Record<string, string[]> }>().errors).toEqual({
        'needs.0.need_type': [LOOKUP_MESSAGES.inactive],
      });
      await h.db
        .updateTable('lookups')
        .set({ active: true })
        .where('name', '=', 'need_types')
        .where('code', '=', 'furniture')
        .execute();
      expect(await tableCounts(h)).toEqual(before);
    });

    test('an unknown or ineligible researcher is 422', async () => {
      const accountant = await h.createEmployee({ permissions: ['show_financial'] });
      const response = await h.request('POST', '/api/families', {
        token,
        body: familyBody({ assigned_researcher_id: accountant.row.id }),
      });
      expect(response.statusCode).toBe(422);
      expect(response.json<{ errors: object }>().errors).toEqual({
        assigned_researcher_id: [FAMILY_API_MESSAGES.researcherInvalid],
      });
    });

    test('a national ID active in another family is 409 naming that family; nothing written', async () => {
      const holder = await createFamily(h, token);
      const takenId = holder.members[1]?.national_id as string;
      const before = await tableCounts(h);
      const body = familyBody();
      const response = await h.request('POST', '/api/families', {
        token,
        body: {
          ...body,
          members: [
            ...(body.members as object[]),
            {
              full_name: 'فهد خالد سعد الحربي',
              relationship: 'son',
              gender: 'male',
              birth_date: '2012-01-01',
              national_id: arabicDigits(takenId),
            },
          ],
        },
      });
      expect(response.statusCode).toBe(409);
      const message = FAMILY_MESSAGES.nationalIdTaken({
        file_number: holder.file_number,
        head_name: 'خالد سعد محمد الحربي',
      });
      expect(response.json()).toEqual({ message, errors: { 'members.2.national_id': [message] } });
      expect(await tableCounts(h)).toEqual(before);
    });

    test('the same ID twice within the family is 422', async () => {
      const body = familyBody();
      const response = await h.request('POST', '/api/families', {
        token,
        body: {
          ...body,
          members: [
            {
              ...(body.members as { national_id: string }[])[0],
              national_id: (body.head as { national_id: string }).national_id,
            },
          ],
        },
      });
      expect(response.statusCode).toBe(422);
      const id = (body.head as { national_id: string }).national_id;
      expect(response.json<{ errors: object }>().errors).toEqual({
        'members.0.national_id': [FAMILY_MESSAGES.duplicateNationalIdInFamily(id)],
      });
    });

    test('the database itself refuses a second active membership of one ID (partial unique index)', async () => {
      const family = await createFamily(h, token);
      const member = await h.db
        .selectFrom('family_members')
        .selectAll()
        .where('family_id', '=', family.id)
        .executeTakeFirstOrThrow();
      const other = await createFamily(h, token);
      await expect(
        h.db
          .insertInto('family_members')
          .values({
            family_id: other.id,
            full_name: 'نسخة',
            name_normalized: 'نسخه',
            national_id: member.national_id,
            relationship: 'other',
          })
          .execute(),
      ).rejects.toMatchObject({ code: '23505' });
      // …but an ended membership does not count.
      await h.db
        .insertInto('family_members')
        .values({
          family_id: other.id,
          full_name: 'نسخة',
          name_normalized: 'نسخه',
          national_id: member.national_id,
          relationship: 'other',
          active: false,
          end_date: '2024-01-01',
        })
        .execute();
    });
  });

  describe('GET /families/:id', () => {
    test('shows a family; unknown or malformed ids are 404 in Arabic', async () => {
      const family = await createFamily(h, token);
      const shown = await h.request('GET', `/api/families/${family.id}`, { token });
      expect(itemSchema.parse(shown.json()).data).toMatchObject({
        id: family.id,
        members_count: 3,
      });
      for (const id of ['999999', 'abc', '0']) {
        const response = await h.request('GET', `/api/families/${id}`, { token });
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ message: FAMILY_API_MESSAGES.notFound });
      }
    });

    test('medical fields are shown to editors and hidden from view-only employees', async () => {
      const body = familyBody();
      const family = await createFamily(h, token, {
        ...body,
        members: [
          { ...(body.members as object[])[1], health_status: 'disabled', disabilities: ['visual'] },
        ],
      });
      const forEditor = itemSchema.parse(
        (await h.request('GET', `/api/families/${family.id}`, { token })).json(),
      ).data;
      expect(forEditor.members[1]).toMatchObject({
        health_status: { code: 'disabled', label: 'ذو إعاقة' },
        disabilities: [{ code: 'visual', label: 'بصرية' }],
      });
      const forViewer = itemSchema.parse(
        (await h.request('GET', `/api/families/${family.id}`, { token: viewerToken })).json(),
      ).data;
      expect(forViewer.members[1]).not.toHaveProperty('health_status');
      expect(forViewer.members[1]).not.toHaveProperty('disabilities');
    });
  });

  describe('PUT /families/:id', () => {
    test('updates fields and members by id, adds members, logs old → new', async () => {
      const family = await createFamily(h, token);
      const [head, spouse, son] = family.members;
      const body = familyBody();
      const n = nextSerial();
      const response = await h.request('PUT', `/api/families/${family.id}`, {
        token,
        body: {
          ...body,
          head: {
            ...(body.head as object),
            id: head?.id,
            national_id: head?.national_id,
            full_name: 'خالد سعد محمد الحربي',
          },
          city: 'jeddah',
          district: 'jeddah_safa',
          housing_ownership: 'owned',
          monthly_rent: null,
          categories: ['low_income', 'large_family'],
          members: [
            {
              id: spouse?.id,
              full_name: 'هيا علي ناصر الحربي',
              relationship: 'spouse',
              gender: 'female',
              birth_date: '1985-09-01',
              national_id: spouse?.national_id,
              is_pregnant: true,
            },
            {
              id: son?.id,
              full_name: 'سعد خالد سعد الحربي',
              relationship: 'son',
              gender: 'male',
              birth_date: '2015-02-20',
              national_id: son?.national_id,
            },
            {
              full_name: 'ريم خالد سعد الحربي',
              relationship: 'daughter',
              gender: 'female',
              birth_date: '2020-06-01',
              national_id: validId(n),
            },
          ],
        },
      });
      expect(response.statusCode).toBe(200);
      const { data, message } = familyWriteResponseSchema.parse(response.json());
      expect(message).toBe(FAMILY_API_MESSAGES.updated);
      expect(data).toMatchObject({
        city: { code: 'jeddah', label: 'جدة' },
        members_count: 4,
        monthly_rent: null,
      });
      expect(data.members.map((member) => member.id).slice(0, 3)).toEqual([
        head?.id,
        spouse?.id,
        son?.id,
      ]);
      expect(data.members[1]?.is_pregnant).toBe(true);

      const logs = (await h.activityRows('update')).filter((row) => row.family_id === family.id);
      const familyLog = logs.find((row) => row.entity_type === 'family');
      expect(familyLog?.changes).toMatchObject({
        city: ['riyadh', 'jeddah'],
        district: ['riyadh_malaz', 'jeddah_safa'],
        housing_ownership: ['rented', 'owned'],
        monthly_rent: [2000, null],
        categories: [['low_income'], ['large_family', 'low_income']],
      });
      expect(logs.find((row) => row.entity_type === 'family_member')?.changes).toEqual({
        is_pregnant: [false, true],
      });
      expect(
        (await h.activityRows('create')).some(
          (row) => row.entity_type === 'family_member' && row.family_id === family.id,
        ),
      ).toBe(true);
    });

    test('a registered family cannot lose a member implicitly (422); a draft can', async () => {
      const family = await createFamily(h, token);
      const body = familyBody();
      const before = await tableCounts(h);
      const response = await h.request('PUT', `/api/families/${family.id}`, {
        token,
        body: {
          ...body,
          head: {
            ...(body.head as object),
            id: family.members[0]?.id,
            national_id: family.members[0]?.national_id,
          },
          members: [],
        },
      });
      expect(response.statusCode).toBe(422);
      expect(response.json<{ errors: Record<string, string[]> }>().errors.members?.[0]).toContain(
        'نقل فرد',
      );
      expect(await tableCounts(h)).toEqual(before);

      const draft = await createFamily(h, token, {
        save_as_draft: true,
        head: { full_name: 'سلمان عبدالله الحربي' },
        members: [{ full_name: 'ابن أول الحربي' }],
      });
      const edited = await h.request('PUT', `/api/families/${draft.id}`, {
        token,
        body: { head: { full_name: 'سلمان عبدالله الحربي' }, members: [] },
      });
      expect(edited.statusCode).toBe(200);
      expect(familyWriteResponseSchema.parse(edited.json()).data.members_count).toBe(1);
    });

    test('the head can change: the new head by id, the old one kept among the members', async () => {
      const family = await createFamily(h, token);
      const [head, spouse, son] = family.members;
      const response = await h.request('PUT', `/api/families/${family.id}`, {
        token,
        body: {
          ...familyBody(),
          head: {
            id: spouse?.id,
            full_name: 'هيا علي ناصر الحربي',
            gender: 'female',
            birth_date: '1985-09-01',
            national_id: spouse?.national_id,
            marital_status: 'widowed',
          },
          members: [
            {
              id: head?.id,
              full_name: 'خالد سعد محمد الحربي',
              relationship: 'other',
              gender: 'male',
              birth_date: '1980-04-12',
              national_id: head?.national_id,
            },
            {
              id: son?.id,
              full_name: 'سعد خالد سعد الحربي',
              relationship: 'son',
              gender: 'male',
              birth_date: '2015-02-20',
              national_id: son?.national_id,
            },
          ],
        },
      });
      expect(response.statusCode).toBe(200);
      const data = familyWriteResponseSchema.parse(response.json()).data;
      expect(data.head_name).toBe('هيا علي ناصر الحربي');
      expect(data.members[0]).toMatchObject({ id: spouse?.id, relationship: 'head' });
    });

    test('unknown member ids are 422; archived families are read-only (409); unknown family 404', async () => {
      const family = await createFamily(h, token);
      const body = familyBody();
      const response = await h.request('PUT', `/api/families/${family.id}`, {
        token,
        body: { ...body, members: [{ ...(body.members as object[])[0], id: 999999 }] },
      });
      expect(response.statusCode).toBe(422);
      expect(response.json<{ errors: Record<string, string[]> }>().errors['members.0.id']).toEqual([
        FAMILY_API_MESSAGES.memberNotInFamily,
      ]);

      expect((await setStatus(h, token, family.id, 'archived', 'انتقلت الأسرة')).statusCode).toBe(
        200,
      );
      const archived = await h.request('PUT', `/api/families/${family.id}`, {
        token,
        body: familyBody(),
      });
      expect(archived.statusCode).toBe(409);
      expect(archived.json()).toEqual({ message: FAMILY_API_MESSAGES.archivedReadOnly });
      expect(
        (await h.request('PUT', '/api/families/999999', { token, body: familyBody() })).statusCode,
      ).toBe(404);
    });
  });

  describe('POST /families/:id/status', () => {
    /** A family in `status`, reached through allowed transitions. */
    async function familyIn(status: FamilyStatus) {
      const family = await createFamily(
        h,
        token,
        status === 'draft' ? { ...familyBody(), save_as_draft: true } : familyBody(),
      );
      const path: Record<FamilyStatus, FamilyStatus[]> = {
        draft: [],
        pending_review: [],
        approved: ['approved'],
        rejected: ['rejected'],
        suspended: ['approved', 'suspended'],
        archived: ['archived'],
      };
      for (const step of path[status]) {
        const response = await setStatus(h, token, family.id, step, 'سبب التغيير');
        if (response.statusCode !== 200) throw new Error(`${step}: ${response.payload}`);
      }
      return family;
    }

    test('every allowed transition succeeds, is recorded in the history and the log', async () => {
      for (const from of FAMILY_STATUS_CODES) {
        for (const to of FAMILY_STATUS_TRANSITIONS[from]) {
          const family = await familyIn(from);
          const response = await setStatus(
            h,
            token,
            family.id,
            to,
            requiresReason(to) ? 'سبب موثق' : undefined,
          );
          expect([from, to, response.statusCode]).toEqual([from, to, 200]);
          const data = familyWriteResponseSchema.parse(response.json()).data;
          expect(data.status).toBe(to);
          expect(data.status_history.at(-1)).toMatchObject({
            from,
            to,
            reason: requiresReason(to) ? 'سبب موثق' : null,
            by: { id: actorId },
          });
          const log = (await h.activityRows('status_change'))
            .filter((row) => row.entity_id === String(family.id))
            .at(-1);
          expect(log?.changes?.status).toEqual([from, to]);
          expect(log?.family_id).toBe(family.id);
        }
      }
    });

    test('refused transitions are 409 with the Arabic message; nothing written', async () => {
      for (const from of FAMILY_STATUS_CODES) {
        const family = await familyIn(from);
        for (const to of FAMILY_STATUS_CODES.filter(
          (status) => !FAMILY_STATUS_TRANSITIONS[from].includes(status),
        )) {
          const before = await tableCounts(h);
          const response = await setStatus(h, token, family.id, to, 'سبب كاف');
          expect([from, to, response.statusCode]).toEqual([from, to, 409]);
          expect(response.json<{ message: string }>().message).toBe(
            familyTransitionError(from, to),
          );
          expect(await tableCounts(h)).toEqual(before);
        }
      }
    });

    test('reject, suspend and archive need a reason (422)', async () => {
      const family = await familyIn('pending_review');
      for (const to of ['rejected', 'archived'] as const) {
        const response = await setStatus(h, token, family.id, to, 'لا');
        expect(response.statusCode).toBe(422);
        expect(response.json()).toEqual({
          message: MESSAGES.validation,
          errors: { reason: [REASON_REQUIRED_MESSAGE] },
        });
      }
      const approved = await familyIn('approved');
      expect((await setStatus(h, token, approved.id, 'suspended')).statusCode).toBe(422);
      const bad = await h.request('POST', `/api/families/${approved.id}/status`, {
        token,
        body: { status: 'flying' },
      });
      expect(bad.json<{ errors: object }>().errors).toEqual({ status: ['القيمة غير صحيحة'] });
    });

    test('draft → pending_review re-validates the stored family with the submit schema', async () => {
      const draft = await createFamily(h, token, {
        save_as_draft: true,
        head: { full_name: 'سلمان عبدالله الحربي' },
      });
      const refused = await setStatus(h, token, draft.id, 'pending_review');
      expect(refused.statusCode).toBe(422);
      const body = refused.json<{ message: string; errors: Record<string, string[]> }>();
      expect(body.message).toBe(FAMILY_API_MESSAGES.submitIncomplete);
      expect(Object.keys(body.errors)).toEqual(
        expect.arrayContaining([
          'head.national_id',
          'head.gender',
          'head.birth_date',
          'primary_phone',
          'city',
          'categories',
          'consent_data_processing',
        ]),
      );
      const full = familyBody();
      const completed = await h.request('PUT', `/api/families/${draft.id}`, {
        token,
        body: { ...full, members: [] },
      });
      expect(completed.statusCode).toBe(200);
      const submitted = await setStatus(h, token, draft.id, 'pending_review');
      expect(submitted.statusCode).toBe(200);
    });

    test('archiving releases the members national IDs (they may join another family)', async () => {
      const family = await familyIn('approved');
      const headId = family.members[0]?.national_id as string;
      expect(
        (await setStatus(h, token, family.id, 'archived', 'انتقلت الأسرة إلى مدينة أخرى'))
          .statusCode,
      ).toBe(200);
      const shown = itemSchema.parse(
        (await h.request('GET', `/api/families/${family.id}`, { token })).json(),
      ).data;
      expect(shown.members).toHaveLength(3);
      const body = familyBody();
      const again = await h.request('POST', '/api/families', {
        token,
        body: { ...body, head: { ...(body.head as object), national_id: headId } },
      });
      expect(again.statusCode).toBe(201);
    });
  });

  describe('duplicate checks', () => {
    test('national ID: the family it belongs to; available when excluded or free', async () => {
      const family = await createFamily(h, token);
      const id = family.members[0]?.national_id as string;
      const taken = await h.request('GET', '/api/families/checks/national-id', {
        token,
        query: { national_id: arabicDigits(id) },
      });
      expect(taken.statusCode).toBe(200);
      expect(nationalIdCheckResponseSchema.parse(taken.json<{ data: unknown }>().data)).toEqual({
        available: false,
        family: {
          id: family.id,
          file_number: family.file_number,
          head_name: 'خالد سعد محمد الحربي',
        },
      });
      const own = await h.request('GET', '/api/families/checks/national-id', {
        token,
        query: { national_id: id, exclude_family_id: String(family.id) },
      });
      expect(own.json()).toEqual({ data: { available: true, family: null } });
      const bad = await h.request('GET', '/api/families/checks/national-id', {
        token,
        query: { national_id: '1234567890' },
      });
      expect(bad.statusCode).toBe(422);
      expect(bad.json<{ errors: object }>().errors).toEqual({
        national_id: [SAUDI_ID_MESSAGES.checkDigit],
      });
    });

    test('phone: compared normalised, whatever form is typed', async () => {
      const n = nextSerial();
      const family = await createFamily(h, token, familyBody({ primary_phone: mobileFor(n) }));
      for (const typed of [
        mobileFor(n),
        `+966 ${mobileFor(n).slice(1, 3)} ${mobileFor(n).slice(3)}`,
        arabicDigits(mobileFor(n)),
        `00966${mobileFor(n).slice(1)}`,
      ]) {
        const response = await h.request('GET', '/api/families/checks/phone', {
          token,
          query: { phone: typed },
        });
        expect(
          phoneCheckResponseSchema
            .parse(response.json<{ data: unknown }>().data)
            .families.map((f) => f.id),
        ).toEqual([family.id]);
      }
      const excluded = await h.request('GET', '/api/families/checks/phone', {
        token,
        query: { phone: mobileFor(n), exclude_family_id: String(family.id) },
      });
      expect(excluded.json()).toEqual({ data: { families: [] } });
    });

    test('similar members: normalised name parts + same birth date; a warning on create', async () => {
      const family = await createFamily(
        h,
        token,
        familyBody({
          head: {
            ...familyBody().head,
            full_name: 'محمّد بن أحمد علي القحطاني',
            birth_date: '1979-03-03',
          },
        }),
      );
      const response = await h.request('GET', '/api/families/checks/similar-members', {
        token,
        query: { full_name: 'محمد احمد القحطاني', birth_date: '1979-03-03' },
      });
      const matches = similarMembersResponseSchema.parse(
        response.json<{ data: unknown }>().data,
      ).matches;
      expect(matches.map((match) => match.family.id)).toEqual([family.id]);
      const otherDate = await h.request('GET', '/api/families/checks/similar-members', {
        token,
        query: { full_name: 'محمد احمد القحطاني', birth_date: '1979-03-04' },
      });
      expect(otherDate.json()).toEqual({ data: { matches: [] } });

      const created = await h.request('POST', '/api/families', {
        token,
        body: familyBody({
          head: { ...familyBody().head, full_name: 'محمد أحمد القحطاني', birth_date: '1979-03-03' },
        }),
      });
      expect(created.statusCode).toBe(201);
      // (The body's other members look like those of earlier test families: warnings too.)
      const warnings = familyWriteResponseSchema.parse(created.json()).warnings;
      expect(warnings.find((warning) => warning.field === 'head.full_name')).toEqual({
        field: 'head.full_name',
        message: FAMILY_MESSAGES.similarMember(family),
        families: [
          {
            id: family.id,
            file_number: family.file_number,
            head_name: 'محمّد بن أحمد علي القحطاني',
          },
        ],
      });
    });
  });

  describe('GET /families (search, filters, sort)', () => {
    const created: Record<
      string,
      { id: number; file_number: string; phone: string; headId: string }
    > = {};

    beforeAll(async () => {
      const heads = {
        ahmad: 'أحمد ناصر سعد المطرفي',
        mustafa: 'مصطفى علي حسن البقمي',
        fatima: 'فاطمة محمد صالح الرويلي',
        plain: 'احمد فهد سالم الحازمي',
      };
      for (const [key, name] of Object.entries(heads)) {
        const n = nextSerial();
        const gender = key === 'fatima' ? 'female' : 'male';
        const family = await createFamily(
          h,
          token,
          familyBody({
            head: { ...familyBody().head, full_name: name, gender, national_id: validId(n) },
            primary_phone: mobileFor(n),
            city: key === 'fatima' ? 'makkah' : 'riyadh',
            district: key === 'fatima' ? 'makkah_awali' : 'riyadh_malaz',
            categories: key === 'fatima' ? ['widows', 'orphans'] : ['low_income'],
          }),
        );
        created[key] = {
          id: family.id,
          file_number: family.file_number,
          phone: mobileFor(n),
          headId: validId(n),
        };
      }
    });

    const search = async (term: string, extra: Record<string, string> = {}) =>
      listSchema
        .parse(
          (
            await h.request('GET', '/api/families', {
              token,
              query: { search: term, per_page: '200', ...extra },
            })
          ).json(),
        )
        .data.map((family) => family.id);

    test('Arabic-normalised: أحمد/احمد, مصطفى/مصطفي, فاطمة/فاطمه, diacritics and tatweel', async () => {
      // Every word must occur somewhere in the family (any member, any order).
      for (const term of ['أحمد المطرفي', 'احمد المطرفي', 'اَحمـد المُطرفي', 'المطرفي احمد'])
        expect(await search(term)).toEqual([created.ahmad?.id]);
      expect(await search('احمد الحازمي')).toEqual([created.plain?.id]);
      expect(await search('أحمد الحازمى')).toEqual([created.plain?.id]);
      for (const term of ['مصطفى', 'مصطفي', 'مُصطفى البقمي'])
        expect(await search(term)).toEqual([created.mustafa?.id]);
      for (const term of ['فاطمة الرويلي', 'فاطمه الرويلى'])
        expect(await search(term)).toEqual([created.fatima?.id]);
    });

    test('by file number, national ID (any digits) and phone (any accepted form)', async () => {
      const fatima = created.fatima as {
        id: number;
        file_number: string;
        phone: string;
        headId: string;
      };
      expect(await search(fatima.file_number)).toEqual([fatima.id]);
      expect(await search(fatima.file_number.toLowerCase())).toEqual([fatima.id]);
      expect(await search(arabicDigits(fatima.headId))).toEqual([fatima.id]);
      expect(await search(`${fatima.headId.slice(0, 4)} ${fatima.headId.slice(4)}`)).toEqual([
        fatima.id,
      ]);
      for (const phone of [
        fatima.phone,
        `+966${fatima.phone.slice(1)}`,
        `00966 ${fatima.phone.slice(1)}`,
        arabicDigits(fatima.phone),
        fatima.phone.slice(1),
      ]) {
        expect(await search(phone)).toEqual([fatima.id]);
      }
      expect(await search('%')).toEqual([]);
    });

    test('filters (status, city, category, reassessment) combine with search', async () => {
      expect(await search('', { 'filter[city]': 'makkah' })).toContain(created.fatima?.id);
      expect(await search('', { 'filter[category]': 'orphans,widows' })).toContain(
        created.fatima?.id,
      );
      expect(await search('مصطفى', { 'filter[status]': 'approved' })).toEqual([]);
      expect(await search('مصطفى', { 'filter[status]': 'approved,pending_review' })).toEqual([
        created.mustafa?.id,
      ]);
      await h.db
        .updateTable('families')
        .set({ next_reassessment_date: '2020-01-01' })
        .where('id', '=', created.mustafa?.id as number)
        .execute();
      expect(await search('', { 'filter[reassessment_overdue]': 'true' })).toEqual([
        created.mustafa?.id,
      ]);
      const list = listSchema.parse(
        (await h.request('GET', '/api/families', { token, query: { search: 'مصطفى' } })).json(),
      );
      expect(list.data[0]?.reassessment_overdue).toBe(true);
      const bad = await h.request('GET', '/api/families', {
        token,
        query: { 'filter[status]': 'approved,lost', sort: 'password' },
      });
      expect(bad.statusCode).toBe(422);
      expect(Object.keys(bad.json<{ errors: object }>().errors).sort()).toEqual([
        'filter.status.1',
        'sort',
      ]);
    });

    test('filter by researcher, pagination meta and sort order', async () => {
      const researcherFiltered = await search('', { 'filter[researcher_id]': String(actorId) });
      expect(researcherFiltered).toEqual([]);
      const page = listSchema.parse(
        (
          await h.request('GET', '/api/families', {
            token,
            query: { per_page: '2', page: '2', sort: 'file_number', order: 'desc' },
          })
        ).json(),
      );
      const total =
        (await sql<{ n: number }>`select count(*)::int as n from families`.execute(h.db)).rows[0]
          ?.n ?? 0;
      expect(page.meta).toEqual({ page: 2, per_page: 2, total, last_page: Math.ceil(total / 2) });
      const all = listSchema.parse(
        (
          await h.request('GET', '/api/families', {
            token,
            query: { per_page: '200', sort: 'file_number', order: 'desc' },
          })
        ).json(),
      ).data;
      expect(all.map((family) => family.file_number)).toEqual(
        [...all.map((family) => family.file_number)].sort().reverse(),
      );
      const byIncome = listSchema.parse(
        (
          await h.request('GET', '/api/families', {
            token,
            query: { per_page: '200', sort: 'per_capita_income' },
          })
        ).json(),
      ).data;
      const incomes = byIncome
        .map((family) => family.per_capita_income)
        .filter((value) => value !== null)
        .map(Number);
      expect(incomes).toEqual([...incomes].sort((a, b) => a - b));
    });
  });

  describe('validators through the API', () => {
    test('known Saudi ID vectors; Arabic-Indic digits accepted and answered normalised', async () => {
      const check = (nationalId: string) =>
        h.request('GET', '/api/families/checks/national-id', {
          token,
          query: { national_id: nationalId },
        });
      expect((await check('1000000008')).json()).toEqual({
        data: { available: true, family: null },
      });
      expect((await check('١٠٠٠٠٠٠٠٠٨')).json()).toEqual({
        data: { available: true, family: null },
      });
      expect((await check('2000000006')).statusCode).toBe(200);
      expect((await check('1000000000')).json<{ errors: object }>().errors).toEqual({
        national_id: [SAUDI_ID_MESSAGES.checkDigit],
      });
      expect((await check('3000000000')).json<{ errors: object }>().errors).toEqual({
        national_id: [SAUDI_ID_MESSAGES.shape],
      });
      expect((await check('12345')).json<{ errors: object }>().errors).toEqual({
        national_id: [SAUDI_ID_MESSAGES.shape],
      });
      const phone = await h.request('GET', '/api/families/checks/phone', {
        token,
        query: { phone: '0412345678' },
      });
      expect(phone.json<{ errors: object }>().errors).toEqual({
        phone: [PHONE_MESSAGES.invalidMobile],
      });
    });
  });

  describe('GET /families/export', () => {
    test('XLSX of the filtered list (signature, RTL, Arabic headers, row count); CSV with BOM; both logged', async () => {
      await createFamily(h, token, familyBody({ city: 'tabuk', district: 'tabuk_muruj' }));
      await createFamily(h, token, familyBody({ city: 'tabuk', district: 'tabuk_rawdah' }));
      const response = await h.request('GET', '/api/families/export', {
        token,
        query: { 'filter[city]': 'tabuk', sort: 'file_number' },
      });
      expect(response.statusCode).toBe(200);
      expect(isZip(response)).toBe(true);
      expect(response.headers['cache-control']).toBe('no-store');
      const sheet = await readXlsx(response);
      expect(sheet).toMatchObject({ name: 'الأسر', rightToLeft: true });
      expect(sheet.header).toEqual(FAMILY_EXPORT_COLUMNS.map((column) => column.header));
      expect(sheet.rows).toHaveLength(2);
      expect(sheet.rows[0]?.[6]).toBe('تبوك');
      expect(sheet.rows[0]?.[4]).toBe('قيد المراجعة');
      const log = (await h.activityRows('export')).at(-1);
      // The count in the label is Arabic (the dual, never «2 أسرة»).
      expect(log).toMatchObject({
        employee_id: actorId,
        entity_type: 'family',
        family_id: null,
        entity_label: 'تصدير قائمة الأسر (أسرتان)',
      });
      expect(log?.changes).toEqual({
        filters: [null, { search: null, sort: 'file_number', order: 'asc', city: ['tabuk'] }],
        rows: [null, 2],
        format: [null, 'xlsx'],
      });

      const csv = await h.request('GET', '/api/families/export', {
        token,
        query: { 'filter[city]': 'tabuk', format: 'csv' },
      });
      expect(csv.headers['content-disposition']).toContain("filename*=UTF-8''");
      expect(csv.payload.startsWith(UTF8_BOM)).toBe(true);
      expect(parseCsv(csv.payload.slice(1))).toHaveLength(3);
      const bad = await h.request('GET', '/api/families/export', {
        token,
        query: { format: 'pdf' },
      });
      expect(bad.statusCode).toBe(422);
    });
  });

  describe('GET /families/researchers and /families/:id/timeline', () => {
    test('researchers: active employees with show_families or edit_families', async () => {
      const editor = await h.createEmployee({ name: 'باحث محرر', permissions: ['edit_families'] });
      const inactive = await h.createEmployee({
        name: 'باحث موقوف',
        permissions: ['show_families'],
        active: false,
      });
      const other = await h.createEmployee({ name: 'محاسب', permissions: ['show_financial'] });
      const response = await h.request('GET', '/api/families/researchers', { token });
      const data = listEnvelopeOf(z.object({ id: z.number(), name: z.string() })).parse(
        response.json(),
      ).data;
      const ids = data.map((person) => person.id);
      expect(ids).toEqual(expect.arrayContaining([actorId, editor.row.id]));
      expect(ids).not.toContain(inactive.row.id);
      expect(ids).not.toContain(other.row.id);
    });

    test('timeline: the family and its members, newest first, paginated', async () => {
      const family = await createFamily(h, token);
      await setStatus(h, token, family.id, 'approved');
      const body = familyBody();
      await h.request('PUT', `/api/families/${family.id}`, {
        token,
        body: {
          ...body,
          head: {
            ...(body.head as object),
            id: family.members[0]?.id,
            national_id: family.members[0]?.national_id,
          },
          members: family.members.slice(1).map((member, index) => ({
            ...(body.members as object[])[index],
            id: member.id,
            national_id: member.national_id,
            occupation: 'طالب',
          })),
        },
      });
      // create, approve, then one update of the family (new phone) and one per member (occupation).
      const response = await h.request('GET', `/api/families/${family.id}/timeline`, {
        token,
        query: { per_page: '3' },
      });
      const timeline = timelineSchema.parse(response.json());
      expect(timeline.meta).toEqual({ page: 1, per_page: 3, total: 5, last_page: 2 });
      expect(timeline.data.map((entry) => [entry.action, entry.entity_type])).toEqual([
        ['update', 'family'],
        ['update', 'family_member'],
        ['update', 'family_member'],
      ]);
      expect(timeline.data[1]?.changes).toEqual({ occupation: [null, 'طالب'] });
      const rest = timelineSchema.parse(
        (
          await h.request('GET', `/api/families/${family.id}/timeline`, {
            token,
            query: { page: '2', per_page: '3' },
          })
        ).json(),
      );
      expect(rest.data.map((entry) => entry.action)).toEqual(['status_change', 'create']);
      expect((await h.request('GET', '/api/families/999999/timeline', { token })).statusCode).toBe(
        404,
      );
    });
  });

  test('counts reflect one row per table touched (sanity for the helpers)', async () => {
    const before = await tableCounts(h);
    await approvedFamily(h, token);
    const after = await tableCounts(h);
    expect(after.families).toBe((before.families ?? 0) + 1);
    expect(after.family_status_history).toBe((before.family_status_history ?? 0) + 2);
  });
});
