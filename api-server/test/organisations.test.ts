import {
  ORGANISATION_MESSAGES,
  organisationListResponseSchema,
  organisationResponseSchema,
} from 'shared-contracts/beneficiaries';
import { PHONE_MESSAGES } from 'shared-contracts';
import { MESSAGES } from '../src/http/errors';
import { LOOKUP_MESSAGES } from '../src/modules/lookups';
import { ORGANISATION_API_MESSAGES } from '../src/modules/organisations';
import { BENEFICIARY_KEYS, arabicDigits, tableCounts } from './support/beneficiaries';
import { describeEachDatabase } from './support/harness';

describeEachDatabase('organisations', (h) => {
  let token = '';
  let actorId = 0;

  beforeAll(async () => {
    const employee = await h.createEmployee({ permissions: BENEFICIARY_KEYS });
    token = employee.token;
    actorId = employee.row.id;
  });

  const orgBody = (overrides: Record<string, unknown> = {}) => ({
    name: 'مؤسسة الأمل الخيرية',
    name_en: 'Al-Amal Foundation',
    type: 'donor',
    registration_number: arabicDigits('7001112223'),
    contact_person: 'سعود بن فهد المطيري',
    phone: '٠٥٠ ١٢٣ ٤٥٦٧',
    email: ' Grants@Al-Amal.org.SA ',
    city: 'riyadh',
    website: 'al-amal.org.sa',
    agreements: [
      {
        title: 'منحة السلال الغذائية',
        start_date: '2026-01-01',
        end_date: '2026-06-30',
        value: '١٢٠٬٠٠٠',
      },
    ],
    ...overrides,
  });

  test('creates an organisation (201): normalised phone, email, website, registration number; logged', async () => {
    const response = await h.request('POST', '/api/orgs', { token, body: orgBody() });
    expect(response.statusCode).toBe(201);
    const { data, message } = organisationResponseSchema.parse(response.json());
    expect(message).toBe(ORGANISATION_API_MESSAGES.created);
    expect(data).toMatchObject({
      name: 'مؤسسة الأمل الخيرية',
      type: 'donor',
      registration_number: '7001112223',
      phone: '+966501234567',
      email: 'grants@al-amal.org.sa',
      website: 'https://al-amal.org.sa',
      status: 'active',
      city: { code: 'riyadh', label: 'الرياض' },
      agreements_count: 1,
    });
    expect(data.agreements[0]).toMatchObject({
      title: 'منحة السلال الغذائية',
      value: 120000,
      start_date: '2026-01-01',
    });
    const log = (await h.activityRows('create')).find(
      (row) => row.entity_type === 'organisation' && row.entity_id === String(data.id),
    );
    expect(log).toMatchObject({ employee_id: actorId, entity_label: 'مؤسسة الأمل الخيرية' });
    // The history reads the agreement's dates and value in words, never 2026-01-01 or 120000.
    expect((log?.changes as Record<string, unknown>).agreements).toEqual([
      null,
      ['منحة السلال الغذائية (من 1 يناير 2026 إلى 30 يونيو 2026، 120,000 ريال)'],
    ]);
  });

  test('422 with Arabic messages (email, phone, dates, unknown city), nothing written', async () => {
    const before = await tableCounts(h);
    const response = await h.request('POST', '/api/orgs', {
      token,
      body: orgBody({
        name: 'جمعية أخرى',
        email: 'not-an-email',
        phone: '12',
        type: 'bank',
        agreements: [{ title: 'اتفاقية', start_date: '2026-05-01', end_date: '2026-01-01' }],
      }),
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      message: MESSAGES.validation,
      errors: {
        email: [ORGANISATION_MESSAGES.invalidEmail],
        phone: [PHONE_MESSAGES.invalidPhone],
        type: ['القيمة غير صحيحة'],
        'agreements.0.end_date': [ORGANISATION_MESSAGES.agreementEndBeforeStart],
      },
    });
    const city = await h.request('POST', '/api/orgs', {
      token,
      body: orgBody({ name: 'جمعية ثالثة', registration_number: null, city: 'atlantis' }),
    });
    expect(city.json()).toEqual({
      message: MESSAGES.validation,
      errors: { city: [LOOKUP_MESSAGES.unknown] },
    });
    expect(await tableCounts(h)).toEqual(before);
  });

  test('409 on the same (normalised) name or registration number', async () => {
    const sameName = await h.request('POST', '/api/orgs', {
      token,
      body: orgBody({ name: 'موسسة الامل الخيريه', registration_number: null }),
    });
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json()).toEqual({
      message: ORGANISATION_API_MESSAGES.duplicateName,
      errors: { name: [ORGANISATION_API_MESSAGES.duplicateName] },
    });
    const sameNumber = await h.request('POST', '/api/orgs', {
      token,
      body: orgBody({ name: 'جمعية مختلفة' }),
    });
    expect(sameNumber.statusCode).toBe(409);
    expect(sameNumber.json<{ message: string }>().message).toBe(
      ORGANISATION_API_MESSAGES.duplicateRegistration,
    );
  });

  test('updates fields and agreements (edit by id, add, remove); unknown agreement id 422; 404', async () => {
    const created = organisationResponseSchema.parse(
      (
        await h.request('POST', '/api/orgs', {
          token,
          body: orgBody({
            name: 'جمعية الوفاء',
            registration_number: '1234',
            agreements: [
              { title: 'أولى', start_date: '2026-01-01', end_date: '2026-02-01' },
              { title: 'ثانية', start_date: '2026-03-01', end_date: '2026-04-01' },
            ],
          }),
        })
      ).json(),
    ).data;
    const [first] = created.agreements;
    const response = await h.request('PUT', `/api/orgs/${created.id}`, {
      token,
      body: orgBody({
        name: 'جمعية الوفاء',
        registration_number: '1234',
        status: 'inactive',
        phone: '011 234 5678',
        agreements: [
          {
            id: first?.id,
            title: 'أولى (معدلة)',
            start_date: '2026-01-01',
            end_date: '2026-02-15',
            value: 5000,
          },
          { title: 'ثالثة', start_date: '2026-05-01', end_date: '2026-06-01' },
        ],
      }),
    });
    expect(response.statusCode).toBe(200);
    const data = organisationResponseSchema.parse(response.json()).data;
    expect(data).toMatchObject({ status: 'inactive', phone: '0112345678', agreements_count: 2 });
    expect(
      data.agreements.map((agreement) => [agreement.id === first?.id, agreement.title]),
    ).toEqual([
      [true, 'أولى (معدلة)'],
      [false, 'ثالثة'],
    ]);
    const log = (await h.activityRows('update')).find(
      (row) => row.entity_type === 'organisation' && row.entity_id === String(created.id),
    );
    expect(log?.changes).toMatchObject({
      status: ['active', 'inactive'],
      phone: ['+966501234567', '0112345678'],
    });

    const unknown = await h.request('PUT', `/api/orgs/${created.id}`, {
      token,
      body: orgBody({
        name: 'جمعية الوفاء',
        registration_number: '1234',
        agreements: [{ id: 999999, title: 'x', start_date: '2026-01-01', end_date: '2026-01-02' }],
      }),
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json<{ errors: object }>().errors).toEqual({
      'agreements.0.id': [ORGANISATION_API_MESSAGES.agreementNotFound],
    });
    expect(
      (await h.request('PUT', '/api/orgs/999999', { token, body: orgBody() })).statusCode,
    ).toBe(404);
    expect((await h.request('GET', '/api/orgs/999999', { token })).json()).toEqual({
      message: ORGANISATION_API_MESSAGES.notFound,
    });
  });

  test('list: search (name normalised, phone in any form), filters, sort, pagination', async () => {
    await h.request('POST', '/api/orgs', {
      token,
      body: orgBody({
        name: 'مورّد التمور الفاخرة',
        type: 'supplier',
        registration_number: null,
        phone: '0559998877',
        email: null,
        city: 'ahsa',
      }),
    });
    const search = async (query: Record<string, string>) =>
      organisationListResponseSchema.parse(
        (await h.request('GET', '/api/orgs', { token, query })).json(),
      );
    expect((await search({ search: 'مورد التمور' })).data.map((org) => org.name)).toEqual([
      'مورّد التمور الفاخرة',
    ]);
    expect((await search({ search: '+966 55 999 8877' })).data.map((org) => org.name)).toEqual([
      'مورّد التمور الفاخرة',
    ]);
    expect((await search({ search: 'الوفاء' })).data.map((org) => org.name)).toEqual([
      'جمعية الوفاء',
    ]);
    // English name and email are searched too (the two created from the same body share them).
    expect((await search({ search: 'AL-AMAL.org' })).meta.total).toBe(2);
    expect(
      (await search({ 'filter[type]': 'supplier' })).data.every((org) => org.type === 'supplier'),
    ).toBe(true);
    expect((await search({ 'filter[city]': 'ahsa' })).meta.total).toBe(1);
    const sorted = (await search({ sort: 'name', order: 'desc' })).data.map((org) => org.name);
    expect(sorted).toHaveLength(3);
    const page = await search({ per_page: '1', page: '2' });
    expect(page.meta).toEqual({ page: 2, per_page: 1, total: 3, last_page: 3 });
    expect(
      (await h.request('GET', '/api/orgs', { token, query: { sort: 'email' } })).statusCode,
    ).toBe(422);
  });
});
