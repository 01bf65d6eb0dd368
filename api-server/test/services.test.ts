import {
  ARABIC_MESSAGES,
  REASON_REQUIRED_MESSAGE,
  todayIso,
  type PermissionKey,
} from 'shared-contracts';
import {
  SERVICE_EXPORT_COLUMNS,
  SERVICE_MESSAGES,
  familyServiceRefusal,
  serviceAxisEndpoints,
  serviceDepartmentEndpoints,
  serviceEditError,
  serviceEndpoints,
  serviceLockedFieldsError,
  serviceFamilyOptionListResponseSchema,
  serviceListResponseSchema,
  serviceOptionsResponseSchema,
  serviceResponseSchema,
  serviceSummaryResponseSchema,
  serviceTransitionError,
  serviceTypeEndpoints,
  type ServiceDetail,
  type ServiceStatus,
} from 'shared-contracts/services';
import { endpointsOf } from 'shared-contracts';
import { MESSAGES } from '../src/http/errors';
import {
  BENEFICIARY_KEYS,
  approvedFamily,
  createFamily,
  familyBody,
  isZip,
  parseCsv,
  readXlsx,
  setStatus,
  type CreatedFamily,
} from './support/beneficiaries';
import { describeEachDatabase, type TestHarness } from './support/harness';

const DAY_MS = 24 * 60 * 60 * 1000;
const daysFromToday = (days: number) =>
  new Date(Date.parse(`${todayIso()}T00:00:00.000Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** Row counts of what a service write touches: a refused write leaves them as they were. */
const serviceCounts = (h: TestHarness) =>
  h.rowCounts(['services', 'service_status_history', 'activity_log']);

describeEachDatabase('services', (h) => {
  let token = '';
  let actor = { id: 0, name: '' };
  let providerId = 0;
  let inactiveEmployeeId = 0;
  let family: CreatedFamily;
  let otherFamily: CreatedFamily;
  let pendingFamily: CreatedFamily;
  let departmentId = 0;
  let otherDepartmentId = 0;
  let axisId = 0;
  let basketTypeId = 0;
  let referralTypeId = 0;
  let inactiveTypeId = 0;
  let orgId = 0;

  const post = (url: string, body: unknown) => h.request('POST', `/api${url}`, { token, body });
  const put = (url: string, body: unknown) => h.request('PUT', `/api${url}`, { token, body });
  const get = (url: string, query?: Record<string, string>) =>
    h.request('GET', `/api${url}`, { token, query });
  const created = async <T>(response: Awaited<ReturnType<typeof post>>): Promise<T> => {
    if (response.statusCode !== 201) throw new Error(`${response.statusCode} ${response.payload}`);
    return response.json<{ data: T }>().data;
  };

  beforeAll(async () => {
    const employee = await h.createEmployee({
      name: 'سارة أخصائية الخدمات',
      permissions: ['show_services', 'show_departments', 'show_axise', ...BENEFICIARY_KEYS],
    });
    token = employee.token;
    actor = { id: employee.row.id, name: employee.row.name };
    providerId = (await h.createEmployee({ name: 'خالد مقدم الخدمة' })).row.id;
    inactiveEmployeeId = (await h.createEmployee({ name: 'موظف سابق', active: false })).row.id;
    family = await approvedFamily(h, token);
    otherFamily = await approvedFamily(h, token);
    pendingFamily = await createFamily(h, token, familyBody());
    departmentId = (
      await created<{ id: number }>(
        await post('/service-departments', { name: 'الرعاية الاجتماعية' }),
      )
    ).id;
    otherDepartmentId = (
      await created<{ id: number }>(await post('/service-departments', { name: 'الصحة' }))
    ).id;
    axisId = (await created<{ id: number }>(await post('/service-axes', { name: 'الإغاثة' }))).id;
    const type = (body: Record<string, unknown>) =>
      post('/service-types', { axis_id: axisId, department_id: departmentId, ...body });
    basketTypeId = (
      await created<{ id: number }>(
        await type({ name: 'سلة غذائية', default_cost: 200, unit: 'سلة' }),
      )
    ).id;
    referralTypeId = (
      await created<{ id: number }>(
        await type({ name: 'إحالة طبية', department_id: otherDepartmentId, is_medical: true }),
      )
    ).id;
    inactiveTypeId = (
      await created<{ id: number }>(await type({ name: 'قسيمة متوقفة', active: false }))
    ).id;
    orgId = (
      await created<{ id: number }>(await post('/orgs', { name: 'مستشفى الشفاء', type: 'partner' }))
    ).id;
  });

  const body = (overrides: Record<string, unknown> = {}) => ({
    service_type_id: basketTypeId,
    family_id: family.id,
    request_date: daysFromToday(-5),
    ...overrides,
  });

  async function service(overrides: Record<string, unknown> = {}): Promise<ServiceDetail> {
    return serviceResponseSchema.parse({
      data: await created<unknown>(await post('/services', body(overrides))),
    }).data;
  }

  async function moveTo(id: number, status: ServiceStatus, extra: Record<string, unknown> = {}) {
    return post(`/services/${id}/status`, { status, ...extra });
  }

  /** A service walked along the workflow to `status`. */
  async function serviceIn(
    status: ServiceStatus,
    overrides: Record<string, unknown> = {},
  ): Promise<ServiceDetail> {
    const record = await service(overrides);
    const path: Record<ServiceStatus, [ServiceStatus, string?][]> = {
      requested: [],
      approved: [['approved']],
      in_progress: [['approved'], ['in_progress']],
      delivered: [['approved'], ['in_progress'], ['delivered']],
      rejected: [['rejected', 'لا تنطبق الشروط']],
      cancelled: [['cancelled', 'اعتذار الأسرة']],
    };
    for (const [next, reason] of path[status]) {
      const response = await moveTo(record.id, next, reason ? { reason } : {});
      if (response.statusCode !== 200) throw new Error(`${next}: ${response.payload}`);
    }
    return serviceResponseSchema.parse((await get(`/services/${record.id}`)).json()).data;
  }

  describe('create and show', () => {
    test('201: requested, the caller as requester, cost = default × quantity, history and log on the family timeline', async () => {
      const member = family.members[0];
      const response = await post(
        '/services',
        body({
          quantity: '٢',
          member_id: member?.id,
          provider_id: providerId,
          expected_date: daysFromToday(10),
          details: ' تسليم في المنزل ',
        }),
      );
      expect(response.statusCode).toBe(201);
      const { data, message } = serviceResponseSchema.parse(response.json());
      expect(message).toBe(SERVICE_MESSAGES.created);
      expect(data).toMatchObject({
        service_type: { id: basketTypeId, name: 'سلة غذائية', unit: 'سلة', is_medical: false },
        department: { id: departmentId, name: 'الرعاية الاجتماعية' },
        axis: { id: axisId, name: 'الإغاثة' },
        family: { id: family.id, file_number: family.file_number, status: 'approved' },
        member: { id: member?.id, name: member?.full_name },
        requested_by: actor,
        provider: { id: providerId, name: 'خالد مقدم الخدمة' },
        implementing_org: null,
        quantity: 2,
        cost: 400,
        status: 'requested',
        overdue: false,
        details: 'تسليم في المنزل',
        approval_date: null,
        delivery_date: null,
      });
      expect(data.status_history).toEqual([
        { from: null, to: 'requested', reason: null, at: expect.any(String) as string, by: actor },
      ]);
      const log = (await h.activityRows('create')).find(
        (row) => row.entity_type === 'service' && row.entity_id === String(data.id),
      );
      expect(log).toMatchObject({
        employee_id: actor.id,
        family_id: family.id,
        entity_label: `سلة غذائية — أسرة ${family.file_number} — ${String(family.head_name)}`,
      });
      expect(log?.changes).toMatchObject({
        service_type: [null, 'سلة غذائية'],
        quantity: [null, 2],
        cost: [null, 400],
        status: [null, 'requested'],
        provider: [null, 'خالد مقدم الخدمة'],
      });
      const shown = serviceResponseSchema.parse((await get(`/services/${data.id}`)).json()).data;
      expect(shown).toEqual(data);
    });

    test('a referral to an organisation, with its own cost; a type without a default cost leaves it empty', async () => {
      const referral = await service({
        service_type_id: referralTypeId,
        implementing_org_id: orgId,
        requested_by_id: providerId,
      });
      expect(referral).toMatchObject({
        implementing_org: { id: orgId, name: 'مستشفى الشفاء' },
        requested_by: { id: providerId },
        cost: null,
        department: { id: otherDepartmentId },
      });
      expect((await service({ cost: '٧٥٠٫٥٠' })).cost).toBe(750.5);
    });

    test('422 with Arabic messages on the fields, nothing written', async () => {
      const before = await serviceCounts(h);
      const expect422 = async (payload: unknown, errors: Record<string, string[]>) => {
        const response = await post('/services', payload);
        expect([response.statusCode, response.json()]).toEqual([
          422,
          { message: MESSAGES.validation, errors },
        ]);
      };
      await expect422(body({ service_type_id: inactiveTypeId }), {
        service_type_id: [SERVICE_MESSAGES.typeInactive],
      });
      await expect422(body({ service_type_id: 999999 }), {
        service_type_id: [SERVICE_MESSAGES.typeInactive],
      });
      await expect422(body({ family_id: pendingFamily.id }), {
        family_id: [familyServiceRefusal('pending_review') as string],
      });
      await expect422(body({ family_id: 999999 }), {
        family_id: [SERVICE_MESSAGES.familyNotFound],
      });
      await expect422(body({ member_id: otherFamily.members[0]?.id }), {
        member_id: [SERVICE_MESSAGES.memberNotInFamily],
      });
      await expect422(body({ provider_id: inactiveEmployeeId, requested_by_id: 999999 }), {
        requested_by_id: [SERVICE_MESSAGES.employeeNotFound],
        provider_id: [SERVICE_MESSAGES.employeeNotFound],
      });
      await expect422(body({ implementing_org_id: 999999 }), {
        implementing_org_id: [SERVICE_MESSAGES.organisationNotFound],
      });
      await expect422(
        body({
          approval_date: daysFromToday(-1),
          delivery_date: daysFromToday(-1),
          beneficiary_satisfaction: 5,
        }),
        {
          approval_date: [SERVICE_MESSAGES.approvalDateNotYet],
          delivery_date: [SERVICE_MESSAGES.deliveryDateNotYet],
          beneficiary_satisfaction: [SERVICE_MESSAGES.satisfactionNotYet],
        },
      );
      await expect422(
        {
          service_type_id: '',
          family_id: family.id,
          request_date: daysFromToday(2),
          expected_date: daysFromToday(-30),
          quantity: 0,
          beneficiary_satisfaction: 9,
        },
        {
          service_type_id: [ARABIC_MESSAGES.required],
          request_date: [SERVICE_MESSAGES.requestInFuture],
          expected_date: [SERVICE_MESSAGES.expectedBeforeRequest],
          quantity: [ARABIC_MESSAGES.numberMin(1)],
          beneficiary_satisfaction: [ARABIC_MESSAGES.tooBig],
        },
      );
      expect(await serviceCounts(h)).toEqual(before);
    });

    test('404 for an unknown service on show, edit and status; 401 without a token', async () => {
      for (const response of [
        await get('/services/999999'),
        await put('/services/999999', body()),
        await moveTo(999999, 'approved'),
      ]) {
        expect([response.statusCode, response.json()]).toEqual([
          404,
          { message: SERVICE_MESSAGES.notFound },
        ]);
      }
      for (const [method, url] of [
        ['GET', '/api/services'],
        ['GET', '/api/services/summary'],
        ['GET', '/api/services/export'],
        ['GET', '/api/services/families'],
        ['GET', '/api/services/options'],
        ['GET', '/api/services/1'],
        ['POST', '/api/services'],
        ['PUT', '/api/services/1'],
        ['POST', '/api/services/1/status'],
      ] as const) {
        const response = await h.request(method, url, { body: method === 'GET' ? undefined : {} });
        expect([url, response.statusCode, response.json()]).toEqual([
          url,
          401,
          { message: MESSAGES.unauthenticated },
        ]);
      }
    });
  });

  describe('the status workflow', () => {
    test('requested → approved → in_progress → delivered: dates recorded, each step in the history and the log', async () => {
      const record = await service({ request_date: daysFromToday(-20) });
      const approved = await moveTo(record.id, 'approved', {
        date: daysFromToday(-18),
        reason: 'بعد الزيارة',
      });
      expect(approved.statusCode).toBe(200);
      expect(serviceResponseSchema.parse(approved.json())).toMatchObject({
        message: SERVICE_MESSAGES.statusChanged,
        data: { status: 'approved', approval_date: daysFromToday(-18) },
      });
      expect((await moveTo(record.id, 'in_progress')).statusCode).toBe(200);
      const delivered = serviceResponseSchema.parse(
        (await moveTo(record.id, 'delivered')).json(),
      ).data;
      expect(delivered).toMatchObject({
        status: 'delivered',
        delivery_date: todayIso(),
        status_reason: null,
      });
      expect(
        delivered.status_history.map(({ from, to, reason, by }) => ({ from, to, reason, by })),
      ).toEqual([
        { from: null, to: 'requested', reason: null, by: actor },
        { from: 'requested', to: 'approved', reason: 'بعد الزيارة', by: actor },
        { from: 'approved', to: 'in_progress', reason: null, by: actor },
        { from: 'in_progress', to: 'delivered', reason: null, by: actor },
      ]);
      const logs = (await h.activityRows('status_change')).filter(
        (row) => row.entity_type === 'service' && row.entity_id === String(record.id),
      );
      expect(logs.map((row) => row.changes)).toEqual([
        { status: ['requested', 'approved'], approval_date: [null, daysFromToday(-18)] },
        { status: ['approved', 'in_progress'] },
        { status: ['in_progress', 'delivered'], delivery_date: [null, todayIso()] },
      ]);
      expect(logs.every((row) => row.family_id === family.id)).toBe(true);
    });

    test('refused transitions are 409 with the Arabic reason, nothing written', async () => {
      const requested = await service();
      const delivered = await serviceIn('delivered');
      const rejected = await serviceIn('rejected');
      const before = await serviceCounts(h);
      for (const [record, to] of [
        [requested, 'delivered'],
        [requested, 'in_progress'],
        [requested, 'requested'],
        [delivered, 'approved'],
        [rejected, 'approved'],
      ] as const) {
        const response = await moveTo(record.id, to, { reason: 'سبب كاف' });
        const message = serviceTransitionError(record.status, to) as string;
        expect([response.statusCode, response.json()]).toEqual([
          409,
          { message, errors: { status: [message] } },
        ]);
      }
      expect(await serviceCounts(h)).toEqual(before);
    });

    test('rejecting and cancelling need a reason (422); the reason is kept; a closed service cannot be edited (409)', async () => {
      const record = await service();
      const before = await serviceCounts(h);
      const missing = await moveTo(record.id, 'rejected', { reason: ' ' });
      expect([missing.statusCode, missing.json()]).toEqual([
        422,
        { message: MESSAGES.validation, errors: { reason: [REASON_REQUIRED_MESSAGE] } },
      ]);
      expect(await serviceCounts(h)).toEqual(before);
      const rejected = serviceResponseSchema.parse(
        (await moveTo(record.id, 'rejected', { reason: 'الاحتياج مغطى من جهة أخرى' })).json(),
      ).data;
      expect(rejected).toMatchObject({
        status: 'rejected',
        status_reason: 'الاحتياج مغطى من جهة أخرى',
      });
      const edit = await put(`/services/${record.id}`, body());
      expect([edit.statusCode, edit.json()]).toEqual([
        409,
        { message: serviceEditError('rejected') },
      ]);

      const running = await serviceIn('in_progress');
      const cancelled = serviceResponseSchema.parse(
        (await moveTo(running.id, 'cancelled', { reason: 'اعتذار الأسرة' })).json(),
      ).data;
      expect(cancelled).toMatchObject({
        status: 'cancelled',
        status_reason: 'اعتذار الأسرة',
        approval_date: todayIso(),
      });
      expect(cancelled.status_history.at(-1)).toMatchObject({
        from: 'in_progress',
        to: 'cancelled',
        reason: 'اعتذار الأسرة',
      });
    });

    test('the status date cannot be before the request (422) nor in the future (422)', async () => {
      const record = await service({ request_date: daysFromToday(-3) });
      const early = await moveTo(record.id, 'approved', { date: daysFromToday(-4) });
      expect([early.statusCode, early.json()]).toEqual([
        422,
        {
          message: MESSAGES.validation,
          errors: { date: [SERVICE_MESSAGES.statusDateBeforeRequest] },
        },
      ]);
      const future = await moveTo(record.id, 'approved', { date: daysFromToday(1) });
      expect([future.statusCode, future.json()]).toEqual([
        422,
        { message: MESSAGES.validation, errors: { date: [SERVICE_MESSAGES.statusDateInFuture] } },
      ]);
    });

    test('a family no longer approved: its request cannot be approved, and the refusal says why', async () => {
      const suspended = await approvedFamily(h, token);
      const record = await service({ family_id: suspended.id });
      expect(
        (await setStatus(h, token, suspended.id, 'suspended', 'انتقال مؤقت خارج المدينة'))
          .statusCode,
      ).toBe(200);
      const before = await serviceCounts(h);
      const response = await moveTo(record.id, 'approved');
      const refusal = familyServiceRefusal('suspended') as string;
      expect([response.statusCode, response.json()]).toEqual([
        422,
        { message: refusal, errors: { family_id: [refusal] } },
      ]);
      expect(await serviceCounts(h)).toEqual(before);
      // Cancelling it is still possible.
      expect((await moveTo(record.id, 'cancelled', { reason: 'الأسرة موقوفة' })).statusCode).toBe(
        200,
      );
    });
  });

  describe('edit', () => {
    test('logs the changed fields by name; delivery fields only once delivered; a type deactivated since stays accepted', async () => {
      const record = await service();
      const response = await put(
        `/services/${record.id}`,
        body({
          provider_id: providerId,
          quantity: 3,
          cost: 600,
          follow_up_recommendations: 'زيارة بعد شهر',
        }),
      );
      expect(response.statusCode).toBe(200);
      expect(serviceResponseSchema.parse(response.json())).toMatchObject({
        message: SERVICE_MESSAGES.updated,
        data: { quantity: 3, cost: 600, requested_by: null },
      });
      const log = (await h.activityRows('update'))
        .filter((row) => row.entity_type === 'service' && row.entity_id === String(record.id))
        .at(-1);
      expect(log?.changes).toEqual({
        requested_by: [actor.name, null],
        provider: [null, 'خالد مقدم الخدمة'],
        quantity: [1, 3],
        cost: [200, 600],
        follow_up_recommendations: [null, 'زيارة بعد شهر'],
      });
      const early = await put(`/services/${record.id}`, body({ beneficiary_satisfaction: 4 }));
      expect([early.statusCode, early.json()]).toEqual([
        422,
        {
          message: MESSAGES.validation,
          errors: { beneficiary_satisfaction: [SERVICE_MESSAGES.satisfactionNotYet] },
        },
      ]);

      const delivered = await serviceIn('delivered', { service_type_id: referralTypeId });
      await put(`/service-types/${referralTypeId}`, {
        name: 'إحالة طبية',
        department_id: otherDepartmentId,
        axis_id: axisId,
        is_medical: true,
        active: false,
      });
      const rated = await put(`/services/${delivered.id}`, {
        ...body({ service_type_id: referralTypeId }),
        approval_date: delivered.approval_date,
        delivery_date: delivered.delivery_date,
        beneficiary_satisfaction: 5,
      });
      expect(rated.statusCode).toBe(200);
      expect(serviceResponseSchema.parse(rated.json()).data.beneficiary_satisfaction).toBe(5);
      // Choosing the deactivated type for another service is refused.
      const other = await put(`/services/${record.id}`, body({ service_type_id: referralTypeId }));
      expect(other.json()).toEqual({
        message: MESSAGES.validation,
        errors: { service_type_id: [SERVICE_MESSAGES.typeInactive] },
      });
      await put(`/service-types/${referralTypeId}`, {
        name: 'إحالة طبية',
        department_id: otherDepartmentId,
        axis_id: axisId,
        is_medical: true,
        active: true,
      });
    });

    test('a delivered service is closed: its family, member, type, quantity and cost cannot change (409, nothing written); a correction is a cancellation with a reason in its history', async () => {
      const delivered = await serviceIn('delivered', { cost: 1200 });
      expect(delivered.cost).toBe(1200);
      const kept = {
        ...body(),
        approval_date: delivered.approval_date,
        delivery_date: delivered.delivery_date,
        cost: 1200,
      };
      const message = serviceLockedFieldsError('delivered') as string;
      const before = await serviceCounts(h);
      for (const change of [
        { cost: 1350 },
        { cost: null },
        { family_id: otherFamily.id },
        { service_type_id: referralTypeId },
        { quantity: 2 },
        { member_id: family.members[0]?.id },
      ]) {
        const response = await put(`/services/${delivered.id}`, { ...kept, ...change });
        expect([response.statusCode, response.json()]).toEqual([409, { message }]);
      }
      expect(await serviceCounts(h)).toEqual(before);
      expect(
        serviceResponseSchema.parse((await get(`/services/${delivered.id}`)).json()).data,
      ).toMatchObject({
        cost: 1200,
        family: { id: family.id },
        service_type: { id: basketTypeId },
      });
      // Its follow-up and the beneficiary's satisfaction are still recorded (the cost given as text, as typed).
      const followed = await put(`/services/${delivered.id}`, {
        ...kept,
        cost: '1,200.00',
        follow_up_recommendations: 'زيارة متابعة',
        beneficiary_satisfaction: 4,
      });
      expect(followed.statusCode).toBe(200);
      // The correction: cancelled with its reason, which the service's own history shows.
      const cancelled = serviceResponseSchema.parse(
        (
          await moveTo(delivered.id, 'cancelled', { reason: 'سُجّلت التكلفة خطأً، تُطلب خدمة جديدة' })
        ).json(),
      ).data;
      expect(cancelled).toMatchObject({
        status: 'cancelled',
        status_reason: 'سُجّلت التكلفة خطأً، تُطلب خدمة جديدة',
      });
      expect(cancelled.status_history.at(-1)).toMatchObject({
        from: 'delivered',
        to: 'cancelled',
        reason: 'سُجّلت التكلفة خطأً، تُطلب خدمة جديدة',
      });
      const missing = await moveTo(delivered.id, 'cancelled', { reason: '' });
      expect(missing.statusCode).toBe(422);
    });

    test('moving a service to a family that cannot be served is refused; to another approved family it shows on both timelines', async () => {
      const record = await service();
      const refused = await put(`/services/${record.id}`, body({ family_id: pendingFamily.id }));
      expect(refused.json()).toEqual({
        message: MESSAGES.validation,
        errors: { family_id: [familyServiceRefusal('pending_review') as string] },
      });
      expect(
        (await put(`/services/${record.id}`, body({ family_id: otherFamily.id }))).statusCode,
      ).toBe(200);
      const rows = (await h.activityRows('update')).filter(
        (row) => row.entity_type === 'service' && row.entity_id === String(record.id),
      );
      expect(rows.map((row) => row.family_id).sort()).toEqual([family.id, otherFamily.id].sort());
    });

    test('a family timeline shows its services only to a reader who may open services', async () => {
      const record = await service();
      const timeline = async (permissions: PermissionKey[]) => {
        const reader = await h.createEmployee({ permissions });
        const response = await h.request('GET', `/api/families/${family.id}/timeline`, {
          token: reader.token,
          query: { per_page: '100' },
        });
        expect(response.statusCode).toBe(200);
        return response.json<{ data: { entity_type: string | null; entity_id: string | null }[] }>()
          .data;
      };
      const isOurs = (row: { entity_type: string | null; entity_id: string | null }) =>
        row.entity_type === 'service' && row.entity_id === String(record.id);
      expect((await timeline(['show_families'])).some((row) => row.entity_type === 'service')).toBe(
        false,
      );
      expect((await timeline(['show_families', 'show_services'])).some(isOurs)).toBe(true);
    });
  });

  describe('list, summary, export', () => {
    let listFamily: CreatedFamily;
    const ids: Record<string, number> = {};

    beforeAll(async () => {
      listFamily = await approvedFamily(h, token);
      const own = { family_id: listFamily.id };
      ids.overdue = (
        await serviceIn('approved', {
          ...own,
          request_date: daysFromToday(-30),
          expected_date: daysFromToday(-2),
        })
      ).id;
      ids.onTime = (
        await serviceIn('requested', {
          ...own,
          request_date: daysFromToday(-1),
          expected_date: daysFromToday(20),
        })
      ).id;
      ids.referral = (
        await serviceIn('delivered', {
          ...own,
          service_type_id: referralTypeId,
          request_date: daysFromToday(-60),
          expected_date: daysFromToday(-50),
          cost: 1000,
        })
      ).id;
      ids.cancelled = (
        await serviceIn('cancelled', {
          ...own,
          request_date: daysFromToday(-90),
          expected_date: daysFromToday(-80),
        })
      ).id;
    });

    const list = async (query: Record<string, string>) =>
      serviceListResponseSchema.parse(
        (await get('/services', { 'filter[family_id]': String(listFamily.id), ...query })).json(),
      );
    const idsOf = (result: Awaited<ReturnType<typeof list>>) => result.data.map((row) => row.id);

    test("a family's services, newest request first, with the overdue flag", async () => {
      const all = await list({});
      expect(idsOf(all)).toEqual([ids.onTime, ids.overdue, ids.referral, ids.cancelled]);
      expect(all.data.map((row) => [row.id, row.overdue])).toEqual([
        [ids.onTime, false],
        [ids.overdue, true],
        [ids.referral, false],
        [ids.cancelled, false],
      ]);
    });

    test('filters: status, type, department, axis, medical, overdue, request date range; sort', async () => {
      expect(idsOf(await list({ 'filter[status]': 'approved,cancelled' }))).toEqual([
        ids.overdue,
        ids.cancelled,
      ]);
      expect(idsOf(await list({ 'filter[service_type_id]': String(referralTypeId) }))).toEqual([
        ids.referral,
      ]);
      expect(idsOf(await list({ 'filter[department_id]': String(otherDepartmentId) }))).toEqual([
        ids.referral,
      ]);
      expect(idsOf(await list({ 'filter[axis_id]': String(axisId) }))).toHaveLength(4);
      expect(idsOf(await list({ 'filter[is_medical]': 'true' }))).toEqual([ids.referral]);
      expect(idsOf(await list({ 'filter[overdue]': 'true' }))).toEqual([ids.overdue]);
      expect(idsOf(await list({ 'filter[overdue]': 'false' }))).toEqual([
        ids.onTime,
        ids.referral,
        ids.cancelled,
      ]);
      expect(
        idsOf(
          await list({
            'filter[request_from]': daysFromToday(-60),
            'filter[request_to]': daysFromToday(-30),
          }),
        ),
      ).toEqual([ids.overdue, ids.referral]);
      expect(idsOf(await list({ sort: 'request_date', order: 'asc' }))).toEqual([
        ids.cancelled,
        ids.referral,
        ids.overdue,
        ids.onTime,
      ]);
      const paged = await list({ per_page: '1', page: '2' });
      expect([idsOf(paged), paged.meta]).toEqual([
        [ids.overdue],
        { page: 2, per_page: 1, total: 4, last_page: 4 },
      ]);
    });

    test('422 for a reversed date range or an unknown status', async () => {
      const reversed = await get('/services', {
        'filter[request_from]': daysFromToday(-1),
        'filter[request_to]': daysFromToday(-9),
      });
      expect([reversed.statusCode, reversed.json()]).toEqual([
        422,
        {
          message: MESSAGES.validation,
          errors: { 'filter.request_to': [SERVICE_MESSAGES.dateRange] },
        },
      ]);
      const status = await get('/services', { 'filter[status]': 'lost' });
      expect([status.statusCode, status.json()]).toEqual([
        422,
        {
          message: MESSAGES.validation,
          errors: { 'filter.status.0': [ARABIC_MESSAGES.invalidEnum] },
        },
      ]);
    });

    test('Arabic-normalised search: type name, file number, organisation', async () => {
      expect(idsOf(await list({ search: 'احاله طبيه' }))).toEqual([ids.referral]);
      const byFile = serviceListResponseSchema.parse(
        (await get('/services', { search: listFamily.file_number })).json(),
      );
      expect(byFile.data.map((row) => row.id).sort()).toEqual(Object.values(ids).sort());
      await put(`/services/${ids.onTime}`, {
        service_type_id: basketTypeId,
        family_id: listFamily.id,
        request_date: daysFromToday(-1),
        expected_date: daysFromToday(20),
        implementing_org_id: orgId,
      });
      expect(idsOf(await list({ search: 'مستشفي الشفاء' }))).toEqual([ids.onTime]);
    });

    test('summary: counts by status for one family, overdue, delivered cost', async () => {
      const summary = serviceSummaryResponseSchema.parse(
        (await get('/services/summary', { 'filter[family_id]': String(listFamily.id) })).json(),
      ).data;
      expect(summary).toEqual({
        total: 4,
        by_status: {
          requested: 1,
          approved: 1,
          in_progress: 0,
          delivered: 1,
          rejected: 0,
          cancelled: 1,
        },
        overdue: 1,
        delivered_cost: 1000,
      });
    });

    test('export: XLSX (Arabic headers, right to left, the filtered rows) and CSV; logged', async () => {
      const response = await get('/services/export', {
        'filter[family_id]': String(listFamily.id),
        'filter[status]': 'approved,delivered',
      });
      expect(response.statusCode).toBe(200);
      expect(isZip(response)).toBe(true);
      const sheet = await readXlsx(response);
      expect(sheet.rightToLeft).toBe(true);
      expect(sheet.header).toEqual(SERVICE_EXPORT_COLUMNS.map((column) => column.header));
      expect(sheet.rows.map((row) => row[0])).toEqual([ids.overdue, ids.referral]);
      expect(sheet.rows[0]?.slice(7, 9)).toEqual(['معتمدة', 'نعم']);
      const csv = await get('/services/export', {
        'filter[family_id]': String(listFamily.id),
        format: 'csv',
      });
      expect(csv.headers['content-type']).toContain('text/csv');
      expect(parseCsv(csv.body.replace(/^\uFEFF/, ''))).toHaveLength(5);
      const log = (await h.activityRows('export')).filter((row) => row.entity_type === 'service');
      expect(log.at(-2)?.changes).toMatchObject({ rows: [null, 2], format: [null, 'xlsx'] });
    });
  });

  describe('what the form picks from', () => {
    test('families: search, refusal for one that cannot be served, current members, servable filter', async () => {
      const found = serviceFamilyOptionListResponseSchema.parse(
        (await get('/services/families', { search: pendingFamily.file_number })).json(),
      );
      expect(found.data).toHaveLength(1);
      expect(found.data[0]).toMatchObject({
        id: pendingFamily.id,
        status: 'pending_review',
        refusal: familyServiceRefusal('pending_review'),
      });
      expect(found.data[0]?.members.map((member) => member.id).sort()).toEqual(
        pendingFamily.members.map((member) => member.id).sort(),
      );
      const servable = serviceFamilyOptionListResponseSchema.parse(
        (
          await get('/services/families', {
            search: pendingFamily.file_number,
            'filter[servable]': 'true',
          })
        ).json(),
      );
      expect(servable.data).toEqual([]);
      const byId = serviceFamilyOptionListResponseSchema.parse(
        (await get('/services/families', { 'filter[id]': String(family.id) })).json(),
      );
      expect(byId.data.map((row) => [row.id, row.refusal])).toEqual([[family.id, null]]);
    });

    test('options: active employees and organisations', async () => {
      const { data } = serviceOptionsResponseSchema.parse((await get('/services/options')).json());
      expect(data.employees.map((row) => row.id)).toEqual(
        expect.arrayContaining([actor.id, providerId]),
      );
      expect(data.employees.map((row) => row.id)).not.toContain(inactiveEmployeeId);
      // The email tells apart two employees of the same name in the pickers.
      const own = data.employees.find((row) => row.id === actor.id);
      expect(own?.email).toMatch(/@/);
      expect(data.organisations).toContainEqual({ id: orgId, name: 'مستشفى الشفاء' });
    });
  });

  test('403 for each key combination: show_services, show_departments alone, show_axise alone, none', async () => {
    const holders: Record<string, PermissionKey[]> = {
      services: ['show_services'],
      departments: ['show_departments'],
      axes: ['show_axise'],
      none: ['show_families'],
    };
    const tokens: Record<string, string> = {};
    for (const [name, permissions] of Object.entries(holders))
      tokens[name] = (await h.createEmployee({ permissions })).token;
    // Who may call each table's reads and writes, as the services access rules state it.
    const allowed = (table: string, write: boolean): string[] => {
      if (table === 'service-departments')
        return write ? ['departments'] : ['services', 'departments'];
      if (table === 'service-axes') return write ? ['axes'] : ['services', 'axes'];
      return ['services'];
    };
    const failures: string[] = [];
    for (const endpoint of endpointsOf(
      serviceDepartmentEndpoints,
      serviceAxisEndpoints,
      serviceTypeEndpoints,
      serviceEndpoints,
    )) {
      const url = `/api${endpoint.path.replace(/:id/g, '999999')}`;
      for (const holder of Object.keys(holders)) {
        const response = await h.request(endpoint.method, url, {
          token: tokens[holder],
          body: endpoint.method === 'GET' || endpoint.method === 'DELETE' ? undefined : {},
        });
        const expected = allowed(endpoint.resource, endpoint.method !== 'GET').includes(holder);
        const refused = response.statusCode === 403;
        if (expected === refused)
          failures.push(
            `${endpoint.method} ${endpoint.path} with ${holder}: ${response.statusCode}`,
          );
        if (refused && response.json<{ message: string }>().message !== MESSAGES.forbidden)
          failures.push(`${endpoint.id}: not the Arabic 403`);
      }
    }
    expect(failures).toEqual([]);
  });
});
