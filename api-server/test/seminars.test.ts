import { ARABIC_MESSAGES, REASON_REQUIRED_MESSAGE } from 'shared-contracts';
import {
  AUDIENCE_MESSAGES,
  SEMINAR_MESSAGES,
  SEMINAR_TYPE_MESSAGES,
  attendedSeminarsResponseSchema,
  audienceCandidateListResponseSchema,
  audienceChangeResponseSchema,
  audienceResponseSchema,
  seminarEndpoints,
  seminarAudienceEndpoints,
  seminarListResponseSchema,
  seminarOptionsResponseSchema,
  seminarResponseSchema,
  seminarTypeEndpoints,
  seminarTypeListResponseSchema,
  seminarTypeResponseSchema,
} from 'shared-contracts/engagement';
import { endpointUrl } from 'shared-contracts';
import { MESSAGES } from '../src/http/errors';
import {
  BENEFICIARY_KEYS,
  approvedFamily,
  familyBody,
  isZip,
  parseCsv,
  readXlsx,
  type CreatedFamily,
} from './support/beneficiaries';
import { describeEachDatabase, type TestHarness } from './support/harness';

/** Row counts of the seminar tables and the log: a refused write leaves them as they were. */
const counts = (h: TestHarness) =>
  h.rowCounts(['seminar_types', 'seminars', 'seminar_audience', 'activity_log']);

describeEachDatabase('seminars: types, seminars, audience', (h) => {
  let token = '';
  let actorId = 0;
  let typeId = 0;
  let family: CreatedFamily;
  let axisId = 0;

  const post = (url: string, body: unknown) => h.request('POST', `/api${url}`, { token, body });
  const put = (url: string, body: unknown) => h.request('PUT', `/api${url}`, { token, body });
  const get = (url: string, query?: Record<string, string>) =>
    h.request('GET', `/api${url}`, { token, query });
  const del = (url: string) => h.request('DELETE', `/api${url}`, { token });

  const seminarBody = (overrides: Record<string, unknown> = {}) => ({
    title: 'إدارة ميزانية الأسرة',
    seminar_type_id: typeId,
    axis_id: axisId,
    presenter: 'أ. منيرة العتيبي',
    venue: 'قاعة الجمعية',
    starts_at: '2030-03-01T17:00',
    ends_at: '2030-03-01T19:00',
    capacity: 5,
    ...overrides,
  });

  async function seminar(
    overrides: Record<string, unknown> = {},
    status: 'planned' | 'open' = 'open',
  ) {
    const response = await post('/seminars', seminarBody(overrides));
    if (response.statusCode !== 201) throw new Error(response.payload);
    const created = seminarResponseSchema.parse(response.json()).data;
    if (status === 'open') {
      const opened = await post(`/seminars/${created.id}/status`, { status: 'open' });
      if (opened.statusCode !== 200) throw new Error(opened.payload);
    }
    return created;
  }

  async function guest(seminarId: number, n: number) {
    return post(`/seminars/${seminarId}/audience`, {
      kind: 'guest',
      guest_name: `ضيف رقم ${n}`,
      guest_phone: `05${String(60000000 + n).padStart(8, '0')}`,
    });
  }

  beforeAll(async () => {
    const actor = await h.createEmployee({
      name: 'هند منسقة البرامج',
      permissions: ['show_seminars', 'show_axise', ...BENEFICIARY_KEYS],
    });
    token = actor.token;
    actorId = actor.row.id;
    family = await approvedFamily(h, token, familyBody());
    const axis = await h.request('POST', '/api/service-axes', {
      token,
      body: { name: 'التوعية الأسرية' },
    });
    if (axis.statusCode !== 201) throw new Error(axis.payload);
    axisId = axis.json<{ data: { id: number } }>().data.id;
    const type = await post('/seminar-types', { name: 'ندوة توعوية', description: 'لقاء قصير' });
    if (type.statusCode !== 201) throw new Error(type.payload);
    typeId = seminarTypeResponseSchema.parse(type.json()).data.id;
  }, 60_000);

  describe('seminar types', () => {
    test('create, list with search, update (logged), delete unused; 409 duplicate or in use', async () => {
      const created = await post('/seminar-types', { name: 'ورشة عمل' });
      expect(created.statusCode).toBe(201);
      const type = seminarTypeResponseSchema.parse(created.json());
      expect(type.message).toBe(SEMINAR_TYPE_MESSAGES.created);
      const list = seminarTypeListResponseSchema.parse(
        (await get('/seminar-types', { search: 'ورشه' })).json(),
      );
      expect(list.data.map((row) => row.name)).toEqual(['ورشة عمل']);
      const updated = await put(`/seminar-types/${type.data.id}`, {
        name: 'ورشة عمل تطبيقية',
        active: false,
      });
      expect(updated.statusCode).toBe(200);
      const log = (await h.activityRows('update')).find(
        (row) => row.entity_type === 'seminar_type' && row.entity_id === String(type.data.id),
      );
      expect(log?.changes).toEqual({
        name: ['ورشة عمل', 'ورشة عمل تطبيقية'],
        active: [true, false],
      });
      const duplicate = await post('/seminar-types', { name: 'ندوه توعويه' });
      expect(duplicate.statusCode).toBe(409);
      expect(duplicate.json()).toEqual({
        message: SEMINAR_TYPE_MESSAGES.duplicateName,
        errors: { name: [SEMINAR_TYPE_MESSAGES.duplicateName] },
      });
      await seminar({}, 'planned');
      const inUse = await del(`/seminar-types/${typeId}`);
      expect(inUse.statusCode).toBe(409);
      expect(inUse.json()).toEqual({ message: SEMINAR_TYPE_MESSAGES.inUse });
      expect((await del(`/seminar-types/${type.data.id}`)).json()).toEqual({
        message: SEMINAR_TYPE_MESSAGES.deleted,
      });
      expect((await get(`/seminar-types/${type.data.id}`)).statusCode).toBe(404);
    });

    test('422 in Arabic for a blank name; an inactive type is refused to a new seminar; nothing written', async () => {
      const before = await counts(h);
      const blank = await post('/seminar-types', { name: ' ' });
      expect(blank.statusCode).toBe(422);
      expect(blank.json()).toEqual({
        message: MESSAGES.validation,
        errors: { name: [ARABIC_MESSAGES.required] },
      });
      expect(await counts(h)).toEqual(before);
      const retired = seminarTypeResponseSchema.parse(
        (await post('/seminar-types', { name: 'محاضرة عن بعد', active: false })).json(),
      ).data;
      const refused = await post('/seminars', seminarBody({ seminar_type_id: retired.id }));
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toEqual({
        message: MESSAGES.validation,
        errors: { seminar_type_id: [SEMINAR_MESSAGES.typeInactive] },
      });
    });
  });

  describe('seminars', () => {
    test('create (201, planned, logged with names), show, list filters and search, options', async () => {
      const response = await post(
        '/seminars',
        seminarBody({
          title: 'مهارات البحث عن عمل',
          target_gender: 'female',
          target_age_min: 18,
          target_age_max: 45,
          target_categories: ['widows', 'low_income'],
          online_url: 'meet.example.org/x',
        }),
      );
      expect(response.statusCode).toBe(201);
      const { data, message } = seminarResponseSchema.parse(response.json());
      expect(message).toBe(SEMINAR_MESSAGES.created);
      expect(data).toMatchObject({
        status: 'planned',
        seminar_type: { id: typeId, name: 'ندوة توعوية' },
        axis: { id: axisId, name: 'التوعية الأسرية' },
        starts_at: '2030-03-01T17:00',
        online_url: 'https://meet.example.org/x',
        target_categories: ['widows', 'low_income'],
        registered_count: 0,
      });
      const log = (await h.activityRows('create')).find(
        (row) => row.entity_type === 'seminar' && row.entity_id === String(data.id),
      );
      expect(log).toMatchObject({ employee_id: actorId, entity_label: 'مهارات البحث عن عمل' });
      expect(log?.changes).toMatchObject({
        seminar_type: [null, 'ندوة توعوية'],
        target_gender: [null, 'أنثى'],
        target_categories: [null, ['أرامل', 'ذوو الدخل المحدود']],
        status: [null, 'مخطط لها'],
      });

      await seminar({
        title: 'ندوة في الماضي',
        starts_at: '2025-01-10T10:00',
        ends_at: '2025-01-10T12:00',
      });
      const search = seminarListResponseSchema.parse(
        (await get('/seminars', { search: 'البحث عن عمل' })).json(),
      );
      expect(search.data.map((row) => row.title)).toEqual(['مهارات البحث عن عمل']);
      const open = seminarListResponseSchema.parse(
        (
          await get('/seminars', {
            'filter[status]': 'open',
            'filter[from]': '2025-01-10',
            'filter[to]': '2025-01-10',
          })
        ).json(),
      );
      expect(open.data.map((row) => row.title)).toEqual(['ندوة في الماضي']);
      const byType = seminarListResponseSchema.parse(
        (
          await get('/seminars', { 'filter[seminar_type_id]': String(typeId), per_page: '100' })
        ).json(),
      );
      expect(byType.data.length).toBeGreaterThanOrEqual(3);
      // Newest start first by default.
      expect(byType.data.map((row) => row.starts_at)).toEqual(
        [...byType.data.map((row) => row.starts_at)].sort().reverse(),
      );
      const range = await get('/seminars', {
        'filter[from]': '2026-02-01',
        'filter[to]': '2026-01-01',
      });
      expect(range.statusCode).toBe(422);
      expect(range.json()).toEqual({
        message: MESSAGES.validation,
        errors: { 'filter.to': [SEMINAR_MESSAGES.dateRange] },
      });
      const options = seminarOptionsResponseSchema.parse((await get('/seminars/options')).json());
      expect(options.data.types.map((row) => row.id)).toContain(typeId);
      expect(options.data.axes.map((row) => row.id)).toContain(axisId);
    });

    test('422 in Arabic: end before start, no place, bad link, capacity 0, age range; nothing written', async () => {
      const before = await counts(h);
      const response = await post('/seminars', {
        ...seminarBody({
          ends_at: '2030-03-01T16:00',
          capacity: 0,
          target_age_min: 40,
          target_age_max: 20,
          online_url: 'ftp://x',
        }),
        venue: '',
      });
      expect(response.statusCode).toBe(422);
      const { errors } = response.json<{ errors: Record<string, string[]> }>();
      expect(errors.ends_at).toEqual([SEMINAR_MESSAGES.endBeforeStart]);
      expect(errors.capacity).toEqual([ARABIC_MESSAGES.numberMin(1)]);
      expect(errors.target_age_max).toEqual([SEMINAR_MESSAGES.ageRange]);
      expect(errors.online_url).toEqual([SEMINAR_MESSAGES.invalidLink]);
      const noPlace = await post('/seminars', { ...seminarBody(), venue: null });
      expect(noPlace.json<{ errors: Record<string, string[]> }>().errors).toEqual({
        venue: [SEMINAR_MESSAGES.placeRequired],
      });
      const badTime = await post('/seminars', seminarBody({ starts_at: '2030-02-30T10:00' }));
      expect(badTime.json<{ errors: Record<string, string[]> }>().errors).toEqual({
        starts_at: [SEMINAR_MESSAGES.invalidDateTime],
      });
      expect(await counts(h)).toEqual(before);
    });

    test('update logs changed fields; status workflow: 409 off it, cancelling needs a reason and closes editing', async () => {
      const created = await seminar({}, 'planned');
      const updated = await put(
        `/seminars/${created.id}`,
        seminarBody({ title: 'إدارة ميزانية الأسرة الشهرية', capacity: 8 }),
      );
      expect(updated.statusCode).toBe(200);
      const log = (await h.activityRows('update')).find(
        (row) => row.entity_type === 'seminar' && row.entity_id === String(created.id),
      );
      expect(log?.changes).toEqual({
        title: ['إدارة ميزانية الأسرة', 'إدارة ميزانية الأسرة الشهرية'],
        capacity: [5, 8],
      });
      const held = await post(`/seminars/${created.id}/status`, { status: 'held' });
      expect(held.statusCode).toBe(409);
      expect(held.json<{ message: string }>().message).toBe(
        'لا يمكن نقل الندوة من حالة «مخطط لها» إلى حالة «منعقدة»',
      );
      const noReason = await post(`/seminars/${created.id}/status`, { status: 'cancelled' });
      expect(noReason.statusCode).toBe(422);
      expect(noReason.json()).toEqual({
        message: MESSAGES.validation,
        errors: { reason: [REASON_REQUIRED_MESSAGE] },
      });
      const cancelled = await post(`/seminars/${created.id}/status`, {
        status: 'cancelled',
        reason: 'اعتذار المحاضرة',
      });
      expect(seminarResponseSchema.parse(cancelled.json()).data).toMatchObject({
        status: 'cancelled',
        status_reason: 'اعتذار المحاضرة',
      });
      const statusLog = (await h.activityRows('status_change')).find(
        (row) => row.entity_id === String(created.id),
      );
      expect(statusLog?.changes).toEqual({
        status: ['مخطط لها', 'ملغاة'],
        status_reason: [null, 'اعتذار المحاضرة'],
      });
      const edit = await put(`/seminars/${created.id}`, seminarBody());
      expect(edit.statusCode).toBe(409);
      expect(edit.json<{ message: string }>().message).toBe(
        SEMINAR_MESSAGES.closedForEdit('ملغاة'),
      );
    });

    test('404 for an unknown seminar on every route; 401 without a token', async () => {
      for (const [method, url, body] of [
        ['GET', '/seminars/999999', undefined],
        ['PUT', '/seminars/999999', seminarBody()],
        ['POST', '/seminars/999999/status', { status: 'open' }],
        ['GET', '/seminars/999999/audience', undefined],
        ['GET', '/seminars/999999/candidates', undefined],
        [
          'POST',
          '/seminars/999999/audience',
          { kind: 'guest', guest_name: 'ضيف الندوة', guest_phone: '0551234567' },
        ],
        ['PUT', '/seminars/999999/audience/1', { attendance: 'attended' }],
        ['DELETE', '/seminars/999999/audience/1', undefined],
        ['GET', '/seminars/999999/audience/export', undefined],
      ] as const) {
        const response = await h.request(method, `/api${url}`, { token, body });
        expect([url, response.statusCode, response.json()]).toEqual([
          url,
          404,
          { message: SEMINAR_MESSAGES.notFound },
        ]);
      }
      const open = await seminar();
      const entry = await h.request('PUT', `/api/seminars/${open.id}/audience/999999`, {
        token,
        body: { attendance: 'attended' },
      });
      expect(entry.statusCode).toBe(404);
      expect(entry.json()).toEqual({ message: AUDIENCE_MESSAGES.notFound });
      for (const endpoint of [
        ...Object.values(seminarTypeEndpoints),
        ...Object.values(seminarEndpoints),
        ...Object.values(seminarAudienceEndpoints),
      ]) {
        const url = `/api${endpointUrl(endpoint, { id: 1, entryId: 1 })}`;
        const response = await h.request(endpoint.method, url);
        expect([url, response.statusCode, response.json()]).toEqual([
          url,
          401,
          { message: MESSAGES.unauthenticated },
        ]);
      }
    });

    test('403 in Arabic for an employee without show_seminars, on every route', async () => {
      const other = await h.createEmployee({
        permissions: ['show_families', 'show_services', 'show_surveys'],
      });
      for (const endpoint of [
        ...Object.values(seminarTypeEndpoints),
        ...Object.values(seminarEndpoints),
        ...Object.values(seminarAudienceEndpoints),
      ]) {
        const url = `/api${endpointUrl(endpoint, { id: 1, entryId: 1 })}`;
        const response = await h.request(endpoint.method, url, {
          token: other.token,
          query: endpoint.path === '/seminars/attended' ? { family_id: '1' } : undefined,
        });
        expect([url, response.statusCode, response.json()]).toEqual([
          url,
          403,
          { message: MESSAGES.forbidden },
        ]);
      }
    });
  });

  describe('audience', () => {
    test('capacity, the waiting list in order, and promotion when a place frees (marked, logged)', async () => {
      const open = await seminar({ capacity: 2 });
      const answers = [];
      for (let n = 1; n <= 4; n += 1)
        answers.push(audienceChangeResponseSchema.parse((await guest(open.id, n)).json()));
      expect(answers.map((answer) => answer.message)).toEqual([
        AUDIENCE_MESSAGES.registered,
        AUDIENCE_MESSAGES.registered,
        AUDIENCE_MESSAGES.waiting,
        AUDIENCE_MESSAGES.waiting,
      ]);
      const audience = answers[3]?.data;
      expect(
        audience?.entries.map((entry) => [entry.name, entry.state, entry.waiting_position]),
      ).toEqual([
        ['ضيف رقم 1', 'registered', null],
        ['ضيف رقم 2', 'registered', null],
        ['ضيف رقم 3', 'waiting', 1],
        ['ضيف رقم 4', 'waiting', 2],
      ]);
      expect(audience?.counts).toMatchObject({ registered: 2, waiting: 2, free_places: 0 });
      // The history says the place the screen said (1 and 2 in the queue), not the arrival order.
      const created = await h.activityRows('create');
      const placeLogged = audience?.entries.map((entry) => {
        const changes = created.find(
          (row) => row.entity_type === 'seminar_audience' && row.entity_id === String(entry.id),
        )?.changes;
        return [changes?.waiting_position ?? null, changes?.position ?? null];
      });
      expect(placeLogged).toEqual([
        [null, null],
        [null, null],
        [[null, 1], null],
        [[null, 2], null],
      ]);
      const first = audience?.entries[0]?.id;
      const removed = audienceChangeResponseSchema.parse(
        (await del(`/seminars/${open.id}/audience/${first}`)).json(),
      );
      expect(removed.message).toBe(AUDIENCE_MESSAGES.removed);
      expect(removed.entry).toMatchObject({ name: 'ضيف رقم 3', state: 'registered' });
      expect(removed.entry?.promoted_at).not.toBeNull();
      expect(
        removed.data.entries.map((entry) => [entry.name, entry.state, entry.waiting_position]),
      ).toEqual([
        ['ضيف رقم 2', 'registered', null],
        ['ضيف رقم 3', 'registered', null],
        ['ضيف رقم 4', 'waiting', 1],
      ]);
      const promotedLog = (await h.activityRows('update')).find(
        (row) =>
          row.entity_type === 'seminar_audience' && row.entity_id === String(removed.entry?.id),
      );
      expect(promotedLog?.changes).toEqual({
        state: ['في قائمة الانتظار', 'مسجل'],
        promoted: [null, true],
      });
      // Raising the capacity moves the rest up; lowering it below the registered is refused.
      const raised = await put(`/seminars/${open.id}`, seminarBody({ capacity: 3 }));
      expect(raised.statusCode).toBe(200);
      const after = audienceResponseSchema.parse(
        (await get(`/seminars/${open.id}/audience`)).json(),
      ).data;
      expect(after.counts).toMatchObject({ registered: 3, waiting: 0 });
      const lowered = await put(`/seminars/${open.id}`, seminarBody({ capacity: 1 }));
      expect(lowered.statusCode).toBe(422);
      expect(lowered.json()).toEqual({
        message: MESSAGES.validation,
        errors: { capacity: [SEMINAR_MESSAGES.capacityBelowRegistered(3)] },
      });
    });

    test('20 parallel registrations for 5 places: exactly 5 registered and 15 waiting, in order', async () => {
      const open = await seminar({ capacity: 5 });
      const responses = await Promise.all(
        Array.from({ length: 20 }, (_, index) => guest(open.id, 100 + index)),
      );
      expect(responses.map((response) => response.statusCode)).toEqual(Array(20).fill(201));
      const audience = audienceResponseSchema.parse(
        (await get(`/seminars/${open.id}/audience`)).json(),
      ).data;
      expect(audience.counts).toMatchObject({ registered: 5, waiting: 15, free_places: 0 });
      expect(
        audience.entries
          .filter((entry) => entry.state === 'waiting')
          .map((entry) => entry.waiting_position),
      ).toEqual(Array.from({ length: 15 }, (_, index) => index + 1));
      const positions = await h.db
        .selectFrom('seminar_audience')
        .select(['position', 'state'])
        .where('seminar_id', '=', open.id)
        .orderBy('position')
        .execute();
      expect(positions.map((row) => row.position)).toEqual(
        Array.from({ length: 20 }, (_, index) => index + 1),
      );
      expect(positions.map((row) => row.state)).toEqual([
        ...Array(5).fill('registered'),
        ...Array(15).fill('waiting'),
      ]);
    });

    test('candidates for a show_seminars-only employee: no national ID in any row, a national ID finds only its whole self', async () => {
      const open = await seminar();
      const viewer = await h.createEmployee({ permissions: ['show_seminars'] });
      const [, , son] = family.members;
      const id = String(son?.national_id);
      const search = async (term: string) => {
        const response = await h.request('GET', `/api/seminars/${open.id}/candidates`, {
          token: viewer.token,
          query: { search: term, per_page: '50' },
        });
        expect(response.statusCode).toBe(200);
        return response;
      };

      const whole = await search(id);
      const found = audienceCandidateListResponseSchema.parse(whole.json());
      expect(found.data.map((row) => row.member_id)).toEqual([son?.id]);
      expect(whole.payload).not.toContain(id);
      expect(whole.payload).not.toContain('national_id');
      // Arabic-Indic digits, spaces and dashes still name the whole ID.
      const arabic = id.replace(/\d/g, (digit) => String.fromCharCode(0x0660 + Number(digit)));
      const spaced = `${arabic.slice(0, 4)} ${arabic.slice(4, 7)}-${arabic.slice(7)}`;
      expect(
        audienceCandidateListResponseSchema
          .parse((await search(spaced)).json())
          .data.map((row) => row.member_id),
      ).toEqual([son?.id]);

      // A part of an ID finds nobody by it (no prefix, suffix or middle, no ID one digit longer):
      // whatever a run of digits finds, it finds through a family's file number.
      for (const part of [
        id.slice(0, 9),
        id.slice(0, 6),
        id.slice(0, 3),
        id.slice(-4),
        id.slice(2, 8),
        `${id}0`,
      ]) {
        const rows = audienceCandidateListResponseSchema.parse((await search(part)).json()).data;
        expect(rows.filter((row) => !row.family.file_number.includes(part))).toEqual([]);
      }

      // A name search answers rows without any national ID either.
      const byName = await search('هيا علي');
      expect(byName.json<{ data: unknown[] }>().data.length).toBeGreaterThan(0);
      expect(byName.payload).not.toContain('national_id');
      expect(byName.payload).not.toContain(String(family.members[1]?.national_id));
    });

    test('members: search by name, ID or file number; outside the target needs a confirmed override, recorded', async () => {
      const open = await seminar({ target_gender: 'female', target_age_min: 18 });
      const [head, spouse, son] = family.members;
      const byName = audienceCandidateListResponseSchema.parse(
        (await get(`/seminars/${open.id}/candidates`, { search: 'هيا علي' })).json(),
      );
      expect(byName.data.map((row) => row.member_id)).toEqual([spouse?.id]);
      expect(byName.data[0]?.outside_reasons).toEqual([]);
      const byFile = audienceCandidateListResponseSchema.parse(
        (
          await get(`/seminars/${open.id}/candidates`, {
            search: family.file_number,
            per_page: '10',
          })
        ).json(),
      );
      expect(byFile.data.map((row) => row.member_id).sort()).toEqual(
        [head?.id, spouse?.id, son?.id].sort(),
      );
      const byId = audienceCandidateListResponseSchema.parse(
        (await get(`/seminars/${open.id}/candidates`, { search: String(son?.national_id) })).json(),
      );
      expect(byId.data[0]?.outside_reasons).toEqual([
        'الندوة موجهة لفئة «أنثى»',
        'العمر (15 سنة) خارج الفئة العمرية المستهدفة (18 سنة فأكثر)',
      ]);

      const fits = await post(`/seminars/${open.id}/audience`, {
        kind: 'member',
        member_id: spouse?.id,
      });
      expect(fits.statusCode).toBe(201);
      expect(audienceChangeResponseSchema.parse(fits.json()).entry).toMatchObject({
        kind: 'member',
        name: 'هيا علي ناصر الحربي',
        family: { id: family.id },
        override_note: null,
      });
      const again = await post(`/seminars/${open.id}/audience`, {
        kind: 'member',
        member_id: spouse?.id,
      });
      expect(again.statusCode).toBe(409);
      expect(again.json<{ message: string }>().message).toBe(AUDIENCE_MESSAGES.alreadyRegistered);

      const before = await counts(h);
      const outside = await post(`/seminars/${open.id}/audience`, {
        kind: 'member',
        member_id: head?.id,
      });
      expect(outside.statusCode).toBe(422);
      expect(outside.json()).toEqual({
        message: MESSAGES.validation,
        errors: {
          override_confirmed: [AUDIENCE_MESSAGES.overrideRequired, 'الندوة موجهة لفئة «أنثى»'],
        },
      });
      const guestMissing = await post(`/seminars/${open.id}/audience`, {
        kind: 'guest',
        guest_name: '',
        guest_phone: '12',
      });
      expect(guestMissing.statusCode).toBe(422);
      expect(
        Object.keys(guestMissing.json<{ errors: Record<string, string[]> }>().errors).sort(),
      ).toEqual(['guest_name', 'guest_phone']);
      expect(await counts(h)).toEqual(before);

      const confirmed = await post(`/seminars/${open.id}/audience`, {
        kind: 'member',
        member_id: head?.id,
        override_confirmed: true,
        override_reason: 'ولي أمر يرافق ابنته',
      });
      expect(confirmed.statusCode).toBe(201);
      expect(audienceChangeResponseSchema.parse(confirmed.json()).entry?.override_note).toBe(
        'الندوة موجهة لفئة «أنثى» — السبب: ولي أمر يرافق ابنته',
      );
      const log = (await h.activityRows('create')).find(
        (row) =>
          row.entity_type === 'seminar_audience' &&
          row.changes !== null &&
          JSON.stringify(row.changes).includes('override_note'),
      );
      expect(log?.family_id).toBe(family.id);
    });

    test('an exception outside the target is registered only with its reason, kept with the entry and in the log', async () => {
      const open = await seminar({ title: 'لقاء الأمهات', target_gender: 'female' });
      const [head] = family.members;
      const before = await counts(h);
      // Confirmed, but without a reason (or a blank or too short one): refused, nothing written.
      for (const reason of [undefined, '  ', 'لا']) {
        const noReason = await post(`/seminars/${open.id}/audience`, {
          kind: 'member',
          member_id: head?.id,
          override_confirmed: true,
          override_reason: reason,
        });
        expect(noReason.statusCode).toBe(422);
        expect(noReason.json()).toEqual({
          message: MESSAGES.validation,
          errors: { override_reason: [REASON_REQUIRED_MESSAGE] },
        });
      }
      expect(await counts(h)).toEqual(before);
      const confirmed = await post(`/seminars/${open.id}/audience`, {
        kind: 'member',
        member_id: head?.id,
        override_confirmed: true,
        override_reason: ' ولي أمر يرافق ابنته ',
      });
      expect(confirmed.statusCode).toBe(201);
      const entry = audienceChangeResponseSchema.parse(confirmed.json()).entry;
      expect(entry?.override_note).toBe('الندوة موجهة لفئة «أنثى» — السبب: ولي أمر يرافق ابنته');
      const log = (await h.activityRows('create')).find(
        (row) => row.entity_type === 'seminar_audience' && row.entity_id === String(entry?.id),
      );
      expect(JSON.stringify(log?.changes)).toContain('السبب: ولي أمر يرافق ابنته');
    });

    test('attendance: marked for registered people only, the rate counts; the family panel lists attended seminars', async () => {
      // Attendance is taken once the seminar has begun: this one started in the past.
      const open = await seminar({
        title: 'الإسعافات الأولية',
        capacity: 2,
        starts_at: '2026-01-10T17:00',
        ends_at: '2026-01-10T19:00',
      });
      const [head, spouse] = family.members;
      await post(`/seminars/${open.id}/audience`, { kind: 'member', member_id: head?.id });
      await post(`/seminars/${open.id}/audience`, { kind: 'member', member_id: spouse?.id });
      const waiting = audienceChangeResponseSchema.parse((await guest(open.id, 900)).json());
      const [first, second, third] = waiting.data.entries;
      const refused = await put(`/seminars/${open.id}/audience/${third?.id}`, {
        attendance: 'attended',
      });
      expect(refused.statusCode).toBe(409);
      expect(refused.json<{ message: string }>().message).toBe(AUDIENCE_MESSAGES.attendanceWaiting);
      const bad = await put(`/seminars/${open.id}/audience/${first?.id}`, { attendance: 'maybe' });
      expect(bad.statusCode).toBe(422);
      expect(bad.json()).toEqual({
        message: MESSAGES.validation,
        errors: { attendance: [ARABIC_MESSAGES.invalidEnum] },
      });
      await put(`/seminars/${open.id}/audience/${first?.id}`, { attendance: 'attended' });
      const marked = audienceChangeResponseSchema.parse(
        (
          await put(`/seminars/${open.id}/audience/${second?.id}`, { attendance: 'no_show' })
        ).json(),
      );
      expect(marked.data.counts).toMatchObject({ attended: 1, no_show: 1, unmarked: 0 });
      const log = (await h.activityRows('update')).find(
        (row) => row.entity_type === 'seminar_audience' && row.entity_id === String(second?.id),
      );
      expect(log?.changes).toEqual({ attendance: [null, 'لم يحضر'] });
      const attended = attendedSeminarsResponseSchema.parse(
        (await get('/seminars/attended', { family_id: String(family.id) })).json(),
      );
      expect(attended.data.map((row) => [row.seminar.title, row.member.name])).toContainEqual([
        'الإسعافات الأولية',
        'خالد سعد محمد الحربي',
      ]);
      expect(attended.data.map((row) => row.member.id)).not.toContain(spouse?.id);
      // Once held, nobody can be removed; a cancelled seminar takes no attendance.
      await post(`/seminars/${open.id}/status`, { status: 'closed' });
      await post(`/seminars/${open.id}/status`, { status: 'held' });
      const remove = await del(`/seminars/${open.id}/audience/${first?.id}`);
      expect(remove.statusCode).toBe(409);
      expect(remove.json<{ message: string }>().message).toBe(
        AUDIENCE_MESSAGES.unregisterClosed('منعقدة'),
      );
      const planned = await seminar({}, 'planned');
      const closedReg = await guest(planned.id, 901);
      expect(closedReg.statusCode).toBe(409);
      expect(closedReg.json<{ message: string }>().message).toBe(
        AUDIENCE_MESSAGES.registrationClosed('مخطط لها'),
      );
    });

    test('attendance before the seminar starts (Riyadh time) is refused in Arabic and changes nothing', async () => {
      const upcoming = await seminar({ title: 'ندوة لم تبدأ' });
      const [head] = family.members;
      const registered = audienceChangeResponseSchema.parse(
        (
          await post(`/seminars/${upcoming.id}/audience`, { kind: 'member', member_id: head?.id })
        ).json(),
      );
      const entryId = registered.entry?.id;
      const before = await counts(h);
      for (const attendance of ['attended', 'no_show'] as const) {
        const refused = await put(`/seminars/${upcoming.id}/audience/${entryId}`, { attendance });
        expect(refused.statusCode).toBe(422);
        expect(refused.json()).toEqual({
          message: AUDIENCE_MESSAGES.attendanceNotStarted,
          errors: { attendance: [AUDIENCE_MESSAGES.attendanceNotStarted] },
        });
      }
      expect(await counts(h)).toEqual(before);
      const audience = audienceResponseSchema.parse(
        (await get(`/seminars/${upcoming.id}/audience`)).json(),
      ).data;
      expect(audience.counts).toMatchObject({ attended: 0, no_show: 0, unmarked: 1 });
      const attended = attendedSeminarsResponseSchema.parse(
        (await get('/seminars/attended', { family_id: String(family.id) })).json(),
      );
      expect(attended.data.map((row) => row.seminar.title)).not.toContain('ندوة لم تبدأ');
    });

    test('export: the audience list (XLSX) and the sign-in sheet (CSV), each logged', async () => {
      const open = await seminar({ capacity: 1 });
      await guest(open.id, 950);
      await guest(open.id, 951);
      const xlsx = await get(`/seminars/${open.id}/audience/export`);
      expect(xlsx.statusCode).toBe(200);
      expect(isZip(xlsx)).toBe(true);
      const sheet = await readXlsx(xlsx);
      expect(sheet.rightToLeft).toBe(true);
      expect(sheet.header).toEqual([
        'م',
        'الاسم',
        'النوع',
        'رقم الملف',
        'رقم الهوية',
        'رقم الجوال',
        'حالة التسجيل',
        'ترتيب الانتظار',
        'الحضور',
        'نُقل من الانتظار',
        'تسجيل استثنائي',
      ]);
      expect(sheet.rows.map((row) => [row[1], row[6]])).toEqual([
        ['ضيف رقم 950', 'مسجل'],
        ['ضيف رقم 951', 'في قائمة الانتظار'],
      ]);
      const csv = await get(`/seminars/${open.id}/audience/export`, {
        sheet: 'sign_in',
        format: 'csv',
      });
      const rows = parseCsv(csv.payload.replace(/^\uFEFF/, ''));
      expect(rows[0]).toEqual(['م', 'الاسم', 'رقم الملف', 'رقم الجوال', 'التوقيع']);
      expect(rows.slice(1).map((row) => row[1])).toEqual(['ضيف رقم 950']);
      const exports = (await h.activityRows('export')).filter(
        (row) => row.entity_type === 'seminar' && row.entity_id === String(open.id),
      );
      expect(exports.map((row) => row.entity_label)).toEqual([
        expect.stringContaining('كشف الجمهور'),
        expect.stringContaining('كشف التوقيع'),
      ]);
    });
  });
});
