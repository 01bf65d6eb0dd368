import { ARABIC_MESSAGES } from 'shared-contracts';
import {
  SERVICE_AXIS_MESSAGES,
  SERVICE_DEPARTMENT_MESSAGES,
  SERVICE_TYPE_MESSAGES,
  serviceAxisListResponseSchema,
  serviceAxisResponseSchema,
  serviceDepartmentListResponseSchema,
  serviceDepartmentManagersResponseSchema,
  serviceDepartmentResponseSchema,
  serviceTypeListResponseSchema,
  serviceTypeResponseSchema,
} from 'shared-contracts/services';
import { MESSAGES } from '../src/http/errors';
import { BENEFICIARY_KEYS, approvedFamily } from './support/beneficiaries';
import { describeEachDatabase, type TestHarness } from './support/harness';

/** Row counts of the catalogue tables and the log: a refused write leaves them as they were. */
const catalogueCounts = (h: TestHarness) =>
  h.rowCounts(['service_departments', 'service_axes', 'service_types', 'services', 'activity_log']);

describeEachDatabase('service catalogue: departments, axes, types', (h) => {
  /** show_services + show_departments + show_axise: every catalogue endpoint. */
  let token = '';
  let actorId = 0;
  let managerId = 0;
  let inactiveEmployeeId = 0;

  beforeAll(async () => {
    const actor = await h.createEmployee({
      name: 'نورة مديرة الخدمات',
      permissions: ['show_services', 'show_departments', 'show_axise', ...BENEFICIARY_KEYS],
    });
    token = actor.token;
    actorId = actor.row.id;
    managerId = (await h.createEmployee({ name: 'أحمد مدير القطاع' })).row.id;
    inactiveEmployeeId = (await h.createEmployee({ name: 'موظف موقوف', active: false })).row.id;
  });

  const post = (url: string, body: unknown) => h.request('POST', `/api${url}`, { token, body });
  const put = (url: string, body: unknown) => h.request('PUT', `/api${url}`, { token, body });
  const get = (url: string, query?: Record<string, string>) =>
    h.request('GET', `/api${url}`, { token, query });
  const del = (url: string) => h.request('DELETE', `/api${url}`, { token });

  async function department(name: string, extra: Record<string, unknown> = {}) {
    const response = await post('/service-departments', { name, ...extra });
    if (response.statusCode !== 201) throw new Error(response.payload);
    return serviceDepartmentResponseSchema.parse(response.json()).data;
  }
  async function axis(name: string, extra: Record<string, unknown> = {}) {
    const response = await post('/service-axes', { name, ...extra });
    if (response.statusCode !== 201) throw new Error(response.payload);
    return serviceAxisResponseSchema.parse(response.json()).data;
  }

  describe('departments', () => {
    test('create (201): trimmed, with its manager, logged with readable values', async () => {
      const response = await post('/service-departments', {
        name: '  الرعاية الأسرية ',
        manager_id: String(managerId),
      });
      expect(response.statusCode).toBe(201);
      const { data, message } = serviceDepartmentResponseSchema.parse(response.json());
      expect(message).toBe(SERVICE_DEPARTMENT_MESSAGES.created);
      expect(data).toMatchObject({
        name: 'الرعاية الأسرية',
        manager: { id: managerId, name: 'أحمد مدير القطاع' },
        active: true,
        service_types_count: 0,
      });
      const log = (await h.activityRows('create')).find(
        (row) => row.entity_type === 'service_department' && row.entity_id === String(data.id),
      );
      expect(log).toMatchObject({
        employee_id: actorId,
        entity_label: 'الرعاية الأسرية',
        changes: {
          name: [null, 'الرعاية الأسرية'],
          manager: [null, 'أحمد مدير القطاع'],
          active: [null, true],
        },
      });
    });

    test('list: Arabic-normalised search, active filter, paging; show; managers', async () => {
      await department('قطاع الإسكان', { active: false });
      const search = serviceDepartmentListResponseSchema.parse(
        (await get('/service-departments', { search: 'الاسكان' })).json(),
      );
      expect(search.data.map((row) => row.name)).toEqual(['قطاع الإسكان']);
      const inactive = serviceDepartmentListResponseSchema.parse(
        (await get('/service-departments', { 'filter[active]': 'false' })).json(),
      );
      expect(inactive.data.map((row) => row.name)).toEqual(['قطاع الإسكان']);
      const paged = serviceDepartmentListResponseSchema.parse(
        (await get('/service-departments', { per_page: '1', sort: 'name', order: 'desc' })).json(),
      );
      expect(paged.meta).toMatchObject({ per_page: 1, total: 2, last_page: 2 });
      const shown = serviceDepartmentResponseSchema.parse(
        (await get(`/service-departments/${search.data[0]?.id}`)).json(),
      );
      expect(shown.data.active).toBe(false);
      const managers = serviceDepartmentManagersResponseSchema.parse(
        (await get('/service-departments/managers')).json(),
      );
      expect(managers.data.map((row) => row.id)).toContain(managerId);
      expect(managers.data.map((row) => row.id)).not.toContain(inactiveEmployeeId);
    });

    test('update logs the changed fields only; 404 for an unknown id', async () => {
      const created = await department('التنمية الاقتصادية');
      const response = await put(`/service-departments/${created.id}`, {
        name: 'التنمية الاقتصادية',
        manager_id: managerId,
        active: false,
      });
      expect(response.statusCode).toBe(200);
      expect(serviceDepartmentResponseSchema.parse(response.json()).message).toBe(
        SERVICE_DEPARTMENT_MESSAGES.updated,
      );
      const log = (await h.activityRows('update')).find(
        (row) => row.entity_type === 'service_department' && row.entity_id === String(created.id),
      );
      expect(log?.changes).toEqual({ manager: [null, 'أحمد مدير القطاع'], active: [true, false] });
      for (const response404 of [
        await get('/service-departments/999999'),
        await put('/service-departments/999999', { name: 'أي قطاع' }),
        await del('/service-departments/999999'),
      ]) {
        expect(response404.statusCode).toBe(404);
        expect(response404.json()).toEqual({ message: SERVICE_DEPARTMENT_MESSAGES.notFound });
      }
    });

    test('409 for the same name (after normalisation); 422 in Arabic for a blank name or an inactive manager; nothing written', async () => {
      await department('الصحة المجتمعية');
      const before = await catalogueCounts(h);
      const duplicate = await post('/service-departments', { name: 'الصحه المجتمعيه' });
      expect(duplicate.statusCode).toBe(409);
      expect(duplicate.json()).toEqual({
        message: SERVICE_DEPARTMENT_MESSAGES.duplicateName,
        errors: { name: [SERVICE_DEPARTMENT_MESSAGES.duplicateName] },
      });
      const blank = await post('/service-departments', { name: '  ', manager_id: 'x' });
      expect(blank.statusCode).toBe(422);
      expect(blank.json()).toEqual({
        message: MESSAGES.validation,
        errors: { name: [ARABIC_MESSAGES.required], manager_id: ['يجب إدخال رقم'] },
      });
      const manager = await post('/service-departments', {
        name: 'قطاع جديد',
        manager_id: inactiveEmployeeId,
      });
      expect(manager.statusCode).toBe(422);
      expect(manager.json()).toEqual({
        message: MESSAGES.validation,
        errors: { manager_id: [SERVICE_DEPARTMENT_MESSAGES.managerNotFound] },
      });
      expect(await catalogueCounts(h)).toEqual(before);
    });

    test('delete: an unused department goes (logged), one in use is a 409 and stays', async () => {
      const unused = await department('قطاع مؤقت');
      const response = await del(`/service-departments/${unused.id}`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: SERVICE_DEPARTMENT_MESSAGES.deleted });
      expect((await get(`/service-departments/${unused.id}`)).statusCode).toBe(404);
      const log = (await h.activityRows('delete')).find(
        (row) => row.entity_type === 'service_department' && row.entity_id === String(unused.id),
      );
      expect(log?.changes).toMatchObject({ name: ['قطاع مؤقت', null] });

      const used = await department('قطاع مستخدم');
      const usedAxis = await axis('محور لقطاع مستخدم');
      expect(
        (
          await post('/service-types', {
            name: 'نوع في القطاع',
            department_id: used.id,
            axis_id: usedAxis.id,
          })
        ).statusCode,
      ).toBe(201);
      const before = await catalogueCounts(h);
      const refused = await del(`/service-departments/${used.id}`);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ message: SERVICE_DEPARTMENT_MESSAGES.inUse });
      expect(await catalogueCounts(h)).toEqual(before);
      const axisRefused = await del(`/service-axes/${usedAxis.id}`);
      expect(axisRefused.statusCode).toBe(409);
      expect(axisRefused.json()).toEqual({ message: SERVICE_AXIS_MESSAGES.inUse });
    });
  });

  describe('axes', () => {
    test('create, search by description, update, delete; logged', async () => {
      const created = await axis('التمكين الاقتصادي', { description: 'برامج التدريب والتوظيف' });
      expect(created).toMatchObject({
        description: 'برامج التدريب والتوظيف',
        active: true,
        service_types_count: 0,
      });
      const found = serviceAxisListResponseSchema.parse(
        (await get('/service-axes', { search: 'التوظيف' })).json(),
      );
      expect(found.data.map((row) => row.id)).toEqual([created.id]);
      const updated = await put(`/service-axes/${created.id}`, {
        name: 'التمكين الاقتصادي',
        description: '',
        active: false,
      });
      expect(serviceAxisResponseSchema.parse(updated.json()).data).toMatchObject({
        description: null,
        active: false,
      });
      const log = (await h.activityRows('update')).find(
        (row) => row.entity_type === 'service_axis' && row.entity_id === String(created.id),
      );
      expect(log?.changes).toEqual({
        description: ['برامج التدريب والتوظيف', null],
        active: [true, false],
      });
      expect((await del(`/service-axes/${created.id}`)).json()).toEqual({
        message: SERVICE_AXIS_MESSAGES.deleted,
      });
      expect((await get(`/service-axes/${created.id}`)).json()).toEqual({
        message: SERVICE_AXIS_MESSAGES.notFound,
      });
    });

    test('409 duplicate name, 422 too short, nothing written', async () => {
      await axis('الإغاثة العاجلة');
      const before = await catalogueCounts(h);
      expect((await post('/service-axes', { name: 'الاغاثة العاجلة' })).json()).toEqual({
        message: SERVICE_AXIS_MESSAGES.duplicateName,
        errors: { name: [SERVICE_AXIS_MESSAGES.duplicateName] },
      });
      const short = await post('/service-axes', { name: 'ا' });
      expect(short.statusCode).toBe(422);
      expect(short.json()).toEqual({
        message: MESSAGES.validation,
        errors: { name: [ARABIC_MESSAGES.stringMin(2)] },
      });
      expect(await catalogueCounts(h)).toEqual(before);
    });
  });

  describe('service types', () => {
    let departmentId = 0;
    let axisId = 0;
    let inactiveDepartmentId = 0;

    beforeAll(async () => {
      departmentId = (await department('الخدمات الصحية')).id;
      axisId = (await axis('الصحة والعلاج')).id;
      inactiveDepartmentId = (await department('قطاع متوقف', { active: false })).id;
    });

    test('create (201) with exact money; list filters and search; counts on its department and axis', async () => {
      const response = await post('/service-types', {
        name: 'نظارة طبية',
        department_id: departmentId,
        axis_id: String(axisId),
        default_cost: '٤٥٠٫٧٥',
        unit: 'نظارة',
        is_medical: true,
      });
      expect(response.statusCode).toBe(201);
      const { data } = serviceTypeResponseSchema.parse(response.json());
      expect(data).toMatchObject({
        name: 'نظارة طبية',
        department: { id: departmentId, name: 'الخدمات الصحية' },
        axis: { id: axisId, name: 'الصحة والعلاج' },
        default_cost: 450.75,
        unit: 'نظارة',
        is_medical: true,
        active: true,
        services_count: 0,
      });
      const log = (await h.activityRows('create')).find(
        (row) => row.entity_type === 'service_type' && row.entity_id === String(data.id),
      );
      expect(log?.changes).toMatchObject({
        department: [null, 'الخدمات الصحية'],
        axis: [null, 'الصحة والعلاج'],
        default_cost: [null, 450.75],
      });

      await post('/service-types', {
        name: 'صرف دواء',
        department_id: departmentId,
        axis_id: axisId,
        is_medical: false,
        active: false,
      });
      const medical = serviceTypeListResponseSchema.parse(
        (
          await get('/service-types', {
            'filter[department_id]': String(departmentId),
            'filter[is_medical]': 'true',
          })
        ).json(),
      );
      expect(medical.data.map((row) => row.name)).toEqual(['نظارة طبية']);
      const active = serviceTypeListResponseSchema.parse(
        (
          await get('/service-types', {
            'filter[axis_id]': String(axisId),
            'filter[active]': 'false',
          })
        ).json(),
      );
      expect(active.data.map((row) => row.name)).toEqual(['صرف دواء']);
      const searched = serviceTypeListResponseSchema.parse(
        (await get('/service-types', { search: 'نظاره' })).json(),
      );
      expect(searched.data.map((row) => row.name)).toEqual(['نظارة طبية']);
      const departmentRow = serviceDepartmentResponseSchema.parse(
        (await get(`/service-departments/${departmentId}`)).json(),
      );
      expect(departmentRow.data.service_types_count).toBe(2);
    });

    test('422 in Arabic: inactive or unknown department / axis, bad money; nothing written', async () => {
      const before = await catalogueCounts(h);
      const inactive = await post('/service-types', {
        name: 'نوع جديد',
        department_id: inactiveDepartmentId,
        axis_id: 999999,
      });
      expect(inactive.statusCode).toBe(422);
      expect(inactive.json()).toEqual({
        message: MESSAGES.validation,
        errors: {
          department_id: [SERVICE_TYPE_MESSAGES.departmentInactive],
          axis_id: [SERVICE_TYPE_MESSAGES.axisInactive],
        },
      });
      const money = await post('/service-types', {
        name: 'نوع جديد',
        department_id: departmentId,
        axis_id: axisId,
        default_cost: '12.345',
      });
      expect(money.json()).toEqual({
        message: MESSAGES.validation,
        errors: { default_cost: ['يجب ألا يزيد المبلغ عن منزلتين عشريتين'] },
      });
      expect(await catalogueCounts(h)).toEqual(before);
    });

    test('a type keeps a department deactivated since; update logs; duplicate 409', async () => {
      const holder = await department('قطاع سيتوقف');
      const created = serviceTypeResponseSchema.parse(
        (
          await post('/service-types', {
            name: 'حقيبة مدرسية',
            department_id: holder.id,
            axis_id: axisId,
          })
        ).json(),
      ).data;
      expect(
        (await put(`/service-departments/${holder.id}`, { name: 'قطاع سيتوقف', active: false }))
          .statusCode,
      ).toBe(200);
      const kept = await put(`/service-types/${created.id}`, {
        name: 'حقيبة مدرسية',
        department_id: holder.id,
        axis_id: axisId,
        default_cost: 150,
      });
      expect(kept.statusCode).toBe(200);
      const log = (await h.activityRows('update')).find(
        (row) => row.entity_type === 'service_type' && row.entity_id === String(created.id),
      );
      expect(log?.changes).toEqual({ default_cost: [null, 150] });
      const duplicate = await put(`/service-types/${created.id}`, {
        name: 'نظاره طبيه',
        department_id: holder.id,
        axis_id: axisId,
      });
      expect(duplicate.statusCode).toBe(409);
      expect(duplicate.json()).toMatchObject({ message: SERVICE_TYPE_MESSAGES.duplicateName });
      for (const response of [
        await get('/service-types/999999'),
        await put('/service-types/999999', {
          name: 'نوع',
          department_id: holder.id,
          axis_id: axisId,
        }),
        await del('/service-types/999999'),
      ]) {
        expect([response.statusCode, response.json()]).toEqual([
          404,
          { message: SERVICE_TYPE_MESSAGES.notFound },
        ]);
      }
    });

    test('delete: an unused type goes; one a service uses is a 409 (deactivate instead)', async () => {
      const unused = serviceTypeResponseSchema.parse(
        (
          await post('/service-types', {
            name: 'نوع للحذف',
            department_id: departmentId,
            axis_id: axisId,
          })
        ).json(),
      ).data;
      expect((await del(`/service-types/${unused.id}`)).json()).toEqual({
        message: SERVICE_TYPE_MESSAGES.deleted,
      });

      const used = serviceTypeResponseSchema.parse(
        (
          await post('/service-types', {
            name: 'جلسة علاج طبيعي',
            department_id: departmentId,
            axis_id: axisId,
          })
        ).json(),
      ).data;
      const family = await approvedFamily(h, token);
      const service = await post('/services', {
        service_type_id: used.id,
        family_id: family.id,
        request_date: '2026-01-10',
      });
      expect(service.statusCode).toBe(201);
      const before = await catalogueCounts(h);
      const refused = await del(`/service-types/${used.id}`);
      expect([refused.statusCode, refused.json()]).toEqual([
        409,
        { message: SERVICE_TYPE_MESSAGES.inUse },
      ]);
      expect(await catalogueCounts(h)).toEqual(before);
      expect(
        serviceTypeResponseSchema.parse((await get(`/service-types/${used.id}`)).json()).data
          .services_count,
      ).toBe(1);
      const deactivated = await put(`/service-types/${used.id}`, {
        name: 'جلسة علاج طبيعي',
        department_id: departmentId,
        axis_id: axisId,
        active: false,
      });
      expect(deactivated.statusCode).toBe(200);
    });
  });

  test('401 without a token on every catalogue route', async () => {
    for (const [method, url] of [
      ['GET', '/api/service-departments'],
      ['GET', '/api/service-departments/managers'],
      ['POST', '/api/service-axes'],
      ['PUT', '/api/service-types/1'],
      ['DELETE', '/api/service-axes/1'],
    ] as const) {
      const response = await h.request(method, url, {
        body: method === 'GET' || method === 'DELETE' ? undefined : {},
      });
      expect([url, response.statusCode, response.json()]).toEqual([
        url,
        401,
        { message: MESSAGES.unauthenticated },
      ]);
    }
  });
});
