import { HIDDEN_MEDICAL_SERVICE_NAME } from 'shared-contracts/finance';
import {
  FINANCIAL_RECORD_MESSAGES as M,
  financeFamilyOptionListResponseSchema,
  financeServiceOptionListResponseSchema,
  financialCategoryListResponseSchema,
  financialRecordResponseSchema,
} from 'shared-contracts/finance';
import {
  BENEFICIARY_KEYS,
  approvedFamily,
  parseCsv,
  type CreatedFamily,
} from './support/beneficiaries';
import { describeEachDatabase } from './support/harness';

/**
 * The record form's link lookups under finance's own key: an accountant (`show_financial` only,
 * no families, services or organisations keys) finds the family a zakat payment goes to, and the
 * lookups answer only what linking needs — never a medical service's type, unless the reader may
 * see medical services.
 */
describeEachDatabase('finance: the record form link lookups', (h) => {
  let accountant = '';
  let medicalAccountant = '';
  let family: CreatedFamily;
  let medicalServiceId = 0;
  let rentServiceId = 0;
  let zakatDisbursement = 0;

  const get = (token: string, url: string, query?: Record<string, string>) =>
    h.request('GET', `/api${url}`, { token, query });

  beforeAll(async () => {
    accountant = (await h.createEmployee({ permissions: ['show_financial'] })).token;
    medicalAccountant = (
      await h.createEmployee({ permissions: ['show_financial', 'edit_families'] })
    ).token;
    const setup = (
      await h.createEmployee({
        permissions: [...BENEFICIARY_KEYS, 'show_services', 'show_departments', 'show_axise'],
      })
    ).token;
    family = await approvedFamily(h, setup);
    const id = async (url: string, body: unknown) => {
      const response = await h.request('POST', `/api${url}`, { token: setup, body });
      if (response.statusCode !== 201)
        throw new Error(`${url}: ${response.statusCode} ${response.payload}`);
      return response.json<{ data: { id: number } }>().data.id;
    };
    const department_id = await id('/service-departments', { name: 'الرعاية الصحية' });
    const axis_id = await id('/service-axes', { name: 'الصحة' });
    const wheelchair = await id('/service-types', {
      name: 'كرسي متحرك',
      department_id,
      axis_id,
      is_medical: true,
    });
    const rent = await id('/service-types', { name: 'دعم إيجار', department_id, axis_id });
    medicalServiceId = await id('/services', {
      service_type_id: wheelchair,
      family_id: family.id,
      request_date: '2026-01-07',
    });
    rentServiceId = await id('/services', {
      service_type_id: rent,
      family_id: family.id,
      request_date: '2026-01-05',
    });
    const categories = financialCategoryListResponseSchema.parse(
      (await get(accountant, '/financial-categories', { per_page: '50' })).json(),
    );
    zakatDisbursement =
      categories.data.find((category) => category.code === 'zakat_disbursement')?.id ?? 0;
  }, 120_000);

  test('an accountant finds a family by file number: only file number, head, status, zakat refusal and non-medical service details', async () => {
    const response = await get(accountant, '/financial-records/families', {
      search: family.file_number,
    });
    expect(response.statusCode).toBe(200);
    const raw = response.json<{ data: Record<string, unknown>[] }>().data;
    expect(Object.keys(raw[0] ?? {}).sort()).toEqual([
      'file_number',
      'head_name',
      'id',
      'services',
      'status',
      'zakat_refusal',
    ]);
    const families = financeFamilyOptionListResponseSchema.parse(response.json());
    expect(families.data).toEqual([
      {
        id: family.id,
        file_number: family.file_number,
        head_name: expect.any(String) as string,
        status: 'approved',
        zakat_refusal: null,
        services: [
          {
            id: medicalServiceId,
            name: HIDDEN_MEDICAL_SERVICE_NAME,
            status: 'requested',
            request_date: '2026-01-07',
          },
          { id: rentServiceId, name: 'دعم إيجار', status: 'requested', request_date: '2026-01-05' },
        ],
      },
    ]);
    expect(response.payload).not.toContain('كرسي متحرك');
    // The same family by id (a form opened with ?family_id=): its name, never a bare number.
    const byId = financeFamilyOptionListResponseSchema.parse(
      (
        await get(accountant, '/financial-records/families', { 'filter[id]': String(family.id) })
      ).json(),
    );
    expect(byId.data[0]?.head_name).toBe(families.data[0]?.head_name);
  });

  test('a reader who may see medical fields gets the medical service by its name', async () => {
    const families = financeFamilyOptionListResponseSchema.parse(
      (
        await get(medicalAccountant, '/financial-records/families', { search: family.file_number })
      ).json(),
    );
    expect(families.data[0]?.services.map((service) => service.name)).toEqual([
      'كرسي متحرك',
      'دعم إيجار',
    ]);
  });

  test('the services lookup: by family or id, a medical type never named nor matched by a search for the accountant', async () => {
    const ofFamily = financeServiceOptionListResponseSchema.parse(
      (
        await get(accountant, '/financial-records/services', {
          'filter[family_id]': String(family.id),
        })
      ).json(),
    );
    expect(
      ofFamily.data.map((service) => [service.id, service.name, service.family.file_number]),
    ).toEqual([
      [medicalServiceId, HIDDEN_MEDICAL_SERVICE_NAME, family.file_number],
      [rentServiceId, 'دعم إيجار', family.file_number],
    ]);
    const searched = financeServiceOptionListResponseSchema.parse(
      (await get(accountant, '/financial-records/services', { search: 'كرسي' })).json(),
    );
    expect(searched.data).toEqual([]);
    const byId = financeServiceOptionListResponseSchema.parse(
      (
        await get(accountant, '/financial-records/services', {
          'filter[id]': String(rentServiceId),
        })
      ).json(),
    );
    expect(byId.data.map((service) => service.name)).toEqual(['دعم إيجار']);
    const medical = financeServiceOptionListResponseSchema.parse(
      (await get(medicalAccountant, '/financial-records/services', { search: 'كرسي' })).json(),
    );
    expect(medical.data.map((service) => [service.id, service.name])).toEqual([
      [medicalServiceId, 'كرسي متحرك'],
    ]);
  });

  test('the accountant records a zakat payment to the family found, linked to a medical service it cannot name', async () => {
    const created = await h.request('POST', '/api/financial-records', {
      token: accountant,
      body: {
        direction: 'expense',
        amount: '450.00',
        occurred_on: '2026-01-20',
        category_id: zakatDisbursement,
        payment_method: 'cash',
        family_id: family.id,
        service_id: medicalServiceId,
      },
    });
    expect(created.statusCode).toBe(201);
    const record = financialRecordResponseSchema.parse(created.json()).data;
    expect(record.family).toMatchObject({ id: family.id, file_number: family.file_number });
    expect(record.service).toEqual({
      id: medicalServiceId,
      name: HIDDEN_MEDICAL_SERVICE_NAME,
      family_id: family.id,
    });
    for (const response of [
      await get(accountant, `/financial-records/${record.id}`),
      await get(accountant, '/financial-records', { 'filter[family_id]': String(family.id) }),
      await get(accountant, '/financial-records/export', {
        'filter[family_id]': String(family.id),
        format: 'csv',
      }),
    ]) {
      expect(response.statusCode).toBe(200);
      expect(response.payload).not.toContain('كرسي متحرك');
      expect(response.payload).toContain(HIDDEN_MEDICAL_SERVICE_NAME);
    }
    const csv = parseCsv(
      (
        await get(medicalAccountant, '/financial-records/export', {
          'filter[family_id]': String(family.id),
          format: 'csv',
        })
      ).payload.slice(1),
    );
    expect(csv.flat()).toContain('كرسي متحرك');
    // Without the family, zakat is refused as before (the lookup is what makes the link possible).
    const refused = await h.request('POST', '/api/financial-records', {
      token: accountant,
      body: {
        direction: 'expense',
        amount: '10.00',
        occurred_on: '2026-01-20',
        category_id: zakatDisbursement,
        payment_method: 'cash',
      },
    });
    expect(refused.statusCode).toBe(422);
    expect(JSON.stringify(refused.json())).toContain(M.zakatNeedsFamily);
  });

  test('finance lookups and the records list find a family by one whole national ID only, never by a part of one', async () => {
    const nationalId = family.members.find((member) => member.national_id)?.national_id ?? '';
    expect(nationalId).toMatch(/^[12]\d{9}$/);
    const found = (response: { json: () => unknown }) =>
      (
        response.json() as {
          data: { id: number; family_id?: number | null; family?: { id: number } | null }[];
        }
      ).data;
    // The test family's phones are written from the same serial as its IDs' middle digits, so the
    // parts tried here start with the ID's first digit or end with its check digit (no phone has them).
    for (const part of [nationalId.slice(0, 6), nationalId.slice(0, 9), nationalId.slice(5)]) {
      expect(found(await get(accountant, '/financial-records/families', { search: part }))).toEqual(
        [],
      );
      expect(found(await get(accountant, '/financial-records/services', { search: part }))).toEqual(
        [],
      );
      expect(found(await get(accountant, '/financial-records', { search: part }))).toEqual([]);
    }
    const whole = `${nationalId.slice(0, 4)} ${nationalId.slice(4)}`;
    expect(
      found(await get(accountant, '/financial-records/families', { search: whole })).map(
        (row) => row.id,
      ),
    ).toEqual([family.id]);
    const services = found(
      await get(accountant, '/financial-records/services', { search: nationalId }),
    );
    expect(services.map((row) => row.id).sort()).toEqual([medicalServiceId, rentServiceId].sort());
    const records = found(await get(accountant, '/financial-records', { search: nationalId }));
    expect(records.length).toBeGreaterThan(0);
    expect(records.every((row) => row.family?.id === family.id)).toBe(true);
  });
});
