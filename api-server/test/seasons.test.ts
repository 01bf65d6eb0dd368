import { REASON_REQUIRED_MESSAGE, todayIso } from 'shared-contracts';
import {
  SEASON_MESSAGES,
  distributionResponseSchema,
  distributionSheetResponseSchema,
  seasonBeneficiaryResponseSchema,
  seasonEnrolmentResponseSchema,
  SEASON_STATUS_CODES,
  SEASON_STATUS_TRANSITIONS,
  distributionListResponseSchema,
  isFamilyEligible,
  seasonBeneficiaryListResponseSchema,
  seasonListResponseSchema,
  seasonResponseSchema,
  seasonTransitionError,
  verifyVoucherCode,
  type SeasonStatus,
} from 'shared-contracts/beneficiaries';
import { z } from 'zod';
import { MESSAGES } from '../src/http/errors';
import { LOOKUP_MESSAGES } from '../src/modules/lookups';
import { SEASON_API_MESSAGES } from '../src/modules/seasons';
import {
  BENEFICIARY_KEYS,
  approvedFamily,
  createFamily,
  familyBody,
  isZip,
  nextSerial,
  readXlsx,
  tableCounts,
  validId,
  type CreatedFamily,
} from './support/beneficiaries';
import { describeEachDatabase } from './support/harness';

describeEachDatabase('seasons', (h) => {
  let token = '';
  let actorId = 0;
  const families: CreatedFamily[] = [];
  let pending: CreatedFamily;
  let rich: CreatedFamily;
  let orgId = 0;

  beforeAll(async () => {
    const employee = await h.createEmployee({ name: 'فهد الموزع', permissions: BENEFICIARY_KEYS });
    token = employee.token;
    actorId = employee.row.id;
    // Approved families: two low-income with children, one with a high income (ineligible by income).
    for (let i = 0; i < 3; i += 1) families.push(await approvedFamily(h, token));
    rich = await approvedFamily(
      h,
      token,
      familyBody({ income_sources: [{ source: 'salary', amount: 30000 }] }),
    );
    pending = await createFamily(h, token);
    const org = await h.request('POST', '/api/orgs', {
      token,
      body: { name: 'مؤسسة الداعم', type: 'donor' },
    });
    orgId = org.json<{ data: { id: number } }>().data.id;
  });

  const seasonBody = (overrides: Record<string, unknown> = {}) => ({
    name: 'سلة رمضان 1448',
    kind: 'ramadan_basket',
    hijri_year: '١٤٤٨',
    start_date: '2027-02-01',
    end_date: '2027-03-10',
    budget: 100000,
    funding_org_id: orgId,
    eligibility: {
      categories: ['low_income'],
      max_per_capita_income: 2000,
      statuses: ['approved'],
    },
    ...overrides,
  });

  async function season(status: SeasonStatus = 'draft', overrides: Record<string, unknown> = {}) {
    const created = await h.request('POST', '/api/seasons', { token, body: seasonBody(overrides) });
    if (created.statusCode !== 201) throw new Error(created.payload);
    const id = created.json<{ data: { id: number } }>().data.id;
    const path: Record<SeasonStatus, SeasonStatus[]> = {
      draft: [],
      approved: ['approved'],
      distributing: ['approved', 'distributing'],
      closed: ['approved', 'distributing', 'closed'],
      cancelled: ['cancelled'],
    };
    for (const step of path[status]) {
      const response = await h.request('POST', `/api/seasons/${id}/status`, {
        token,
        body: { status: step, reason: 'سبب موثق' },
      });
      if (response.statusCode !== 200) throw new Error(response.payload);
    }
    return id;
  }

  const enrol = (id: number, body: object) =>
    h.request('POST', `/api/seasons/${id}/beneficiaries`, { token, body });

  describe('seasons CRUD and status', () => {
    test('creates (201) a draft with its rule, funding org and counters; logged', async () => {
      const response = await h.request('POST', '/api/seasons', { token, body: seasonBody() });
      expect(response.statusCode).toBe(201);
      const { data } = seasonResponseSchema.parse(response.json());
      expect(data).toMatchObject({
        status: 'draft',
        hijri_year: 1448,
        funding_org: { id: orgId, name: 'مؤسسة الداعم' },
        eligibility: {
          categories: [{ code: 'low_income', label: 'ذوو الدخل المحدود' }],
          max_per_capita_income: 2000,
          statuses: ['approved'],
        },
        beneficiaries_count: 0,
        cash_distributed_total: 0,
      });
      expect(
        (await h.activityRows('create')).some(
          (row) => row.entity_type === 'season' && row.entity_id === String(data.id),
        ),
      ).toBe(true);
    });

    test('422: dates, unknown funding org and category, nothing written', async () => {
      const before = await tableCounts(h);
      const dates = await h.request('POST', '/api/seasons', {
        token,
        body: seasonBody({ end_date: '2027-01-01' }),
      });
      expect(dates.json()).toEqual({
        message: MESSAGES.validation,
        errors: { end_date: [SEASON_MESSAGES.endBeforeStart] },
      });
      const refs = await h.request('POST', '/api/seasons', {
        token,
        body: seasonBody({ funding_org_id: 999999, eligibility: { categories: ['pirates'] } }),
      });
      expect(refs.json()).toEqual({
        message: MESSAGES.validation,
        errors: {
          funding_org_id: [SEASON_API_MESSAGES.fundingOrgNotFound],
          'eligibility.categories.0': [LOOKUP_MESSAGES.unknown],
        },
      });
      expect(await tableCounts(h)).toEqual(before);
    });

    test('every allowed status transition; refused ones 409; cancelling needs a reason', async () => {
      for (const from of SEASON_STATUS_CODES) {
        for (const to of SEASON_STATUS_CODES) {
          const id = await season(from);
          const response = await h.request('POST', `/api/seasons/${id}/status`, {
            token,
            body: { status: to, reason: to === 'cancelled' ? 'أُلغي التمويل' : undefined },
          });
          if (SEASON_STATUS_TRANSITIONS[from].includes(to)) {
            expect([from, to, response.statusCode]).toEqual([from, to, 200]);
            expect(seasonResponseSchema.parse(response.json()).data.status).toBe(to);
          } else {
            expect([from, to, response.statusCode]).toEqual([from, to, 409]);
            expect(response.json<{ message: string }>().message).toBe(
              seasonTransitionError(from, to),
            );
          }
        }
      }
      const id = await season('draft');
      const noReason = await h.request('POST', `/api/seasons/${id}/status`, {
        token,
        body: { status: 'cancelled' },
      });
      expect(noReason.json()).toEqual({
        message: MESSAGES.validation,
        errors: { reason: [REASON_REQUIRED_MESSAGE] },
      });
    });

    test('editing is allowed in draft/approved only (409 after); list, filters and 404', async () => {
      const id = await season('approved');
      const edited = await h.request('PUT', `/api/seasons/${id}`, {
        token,
        body: seasonBody({ name: 'سلة رمضان 1448 (معدل)', budget: 120000 }),
      });
      expect(edited.statusCode).toBe(200);
      expect(seasonResponseSchema.parse(edited.json()).data).toMatchObject({
        name: 'سلة رمضان 1448 (معدل)',
        budget: 120000,
      });
      const closed = await season('closed');
      const refused = await h.request('PUT', `/api/seasons/${closed}`, {
        token,
        body: seasonBody(),
      });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ message: SEASON_API_MESSAGES.notEditable('closed') });

      const list = seasonListResponseSchema.parse(
        (
          await h.request('GET', '/api/seasons', {
            token,
            query: { search: 'معدل', 'filter[status]': 'approved', 'filter[hijri_year]': '1448' },
          })
        ).json(),
      );
      expect(list.data.map((item) => item.id)).toEqual([id]);
      expect((await h.request('GET', '/api/seasons/999999', { token })).json()).toEqual({
        message: SEASON_API_MESSAGES.notFound,
      });
    });
  });

  describe('enrolment', () => {
    test('one family: enrolled with a voucher; twice → 409; ineligible reported with reasons', async () => {
      const id = await season('approved');
      const family = families[0] as CreatedFamily;
      const response = await enrol(id, { mode: 'families', family_ids: [family.id] });
      expect(response.statusCode).toBe(200);
      expect(seasonEnrolmentResponseSchema.parse(response.json()).data).toEqual({
        enrolled: 1,
        already_enrolled: 0,
        ineligible: [],
        ineligible_count: 0,
      });
      // Counted in Arabic: «أسرة واحدة», and none said as Arabic says it (never «1 أسرة», «0 أسرة»).
      expect(seasonEnrolmentResponseSchema.parse(response.json()).message).toBe(
        'تم تسجيل أسرة واحدة في البرنامج',
      );
      const before = await tableCounts(h);
      const twice = await enrol(id, { mode: 'families', family_ids: [family.id] });
      expect(twice.statusCode).toBe(409);
      expect(twice.json()).toEqual({
        message: SEASON_MESSAGES.alreadyEnrolled,
        errors: { family_ids: [SEASON_MESSAGES.alreadyEnrolled] },
      });
      expect(await tableCounts(h)).toEqual(before);

      const mixedAnswer = seasonEnrolmentResponseSchema.parse(
        (
          await enrol(id, { mode: 'families', family_ids: [family.id, rich.id, pending.id] })
        ).json(),
      );
      expect(mixedAnswer.message).toBe('لم تُسجَّل أي أسرة في البرنامج');
      const mixed = mixedAnswer.data;
      expect(mixed.enrolled).toBe(0);
      expect(mixed.already_enrolled).toBe(1);
      expect(mixed.ineligible.map((item) => item.family_id).sort()).toEqual(
        [rich.id, pending.id].sort(),
      );
      expect(mixed.ineligible.find((item) => item.family_id === pending.id)?.reasons[0]).toContain(
        'قيد المراجعة',
      );

      const list = seasonBeneficiaryListResponseSchema.parse(
        (await h.request('GET', `/api/seasons/${id}/beneficiaries`, { token })).json(),
      );
      expect(list.data).toHaveLength(1);
      const beneficiary = list.data[0];
      expect(beneficiary).toMatchObject({
        status: 'enrolled',
        family: { id: family.id },
        enrolled_by: { id: actorId, name: 'فهد الموزع' },
        distributions_count: 0,
      });
      expect(
        verifyVoucherCode(
          beneficiary?.voucher_code ?? '',
          { id, kind: 'ramadan_basket', hijri_year: 1448 },
          family.id,
        ),
      ).toBe(true);
      const unknown = await enrol(id, { mode: 'families', family_ids: [999999] });
      expect(unknown.json()).toEqual({
        message: MESSAGES.validation,
        errors: { 'family_ids.0': [SEASON_API_MESSAGES.familyNotFound] },
      });
    });

    test('the enrol search offers only families not yet enrolled (families filter[not_in_season])', async () => {
      const id = await season('approved');
      const [enrolled, other] = families as [CreatedFamily, CreatedFamily];
      await enrol(id, { mode: 'families', family_ids: [enrolled.id] });
      const search = async (seasonId: number) => {
        const response = await h.request(
          'GET',
          `/api/families?filter[not_in_season]=${seasonId}&per_page=100`,
          { token },
        );
        expect(response.statusCode).toBe(200);
        return response.json<{ data: { id: number }[] }>().data.map((row) => row.id);
      };
      const offered = await search(id);
      expect(offered).not.toContain(enrolled.id);
      expect(offered).toContain(other.id);
      // Another programme still offers the family.
      expect(await search(await season('approved'))).toContain(enrolled.id);
    });

    test('all eligible: exactly the families isFamilyEligible accepts, in one go; idempotent', async () => {
      const id = await season('approved', {
        eligibility: {
          categories: ['low_income'],
          max_per_capita_income: 2000,
          member_min_age: 5,
          member_max_age: 15,
        },
      });
      const first = seasonEnrolmentResponseSchema.parse(
        (await enrol(id, { mode: 'all_eligible' })).json(),
      ).data;
      // The expectation computed independently from every approved family's detail.
      const approved = await h.request('GET', '/api/families', {
        token,
        query: { 'filter[status]': 'approved', per_page: '200' },
      });
      const expected: number[] = [];
      for (const family of approved.json<{ data: { id: number }[] }>().data) {
        const detail = (await h.request('GET', `/api/families/${family.id}`, { token })).json<{
          data: Parameters<typeof isFamilyEligible>[0];
        }>().data;
        if (
          isFamilyEligible(
            detail,
            {
              categories: ['low_income'],
              max_per_capita_income: 2000,
              member_min_age: 5,
              member_max_age: 15,
            },
            '2027-02-01',
          ).eligible
        )
          expected.push(family.id);
      }
      expect(expected.length).toBeGreaterThan(0);
      expect(first.enrolled).toBe(expected.length);
      const enrolled = seasonBeneficiaryListResponseSchema.parse(
        (
          await h.request('GET', `/api/seasons/${id}/beneficiaries`, {
            token,
            query: { per_page: '200' },
          })
        ).json(),
      );
      expect(enrolled.data.map((item) => item.family.id).sort()).toEqual(expected.sort());
      expect(enrolled.data.map((item) => item.family.id)).not.toContain(rich.id);

      const second = seasonEnrolmentResponseSchema.parse(
        (await enrol(id, { mode: 'all_eligible' })).json(),
      ).data;
      expect(second).toMatchObject({ enrolled: 0, already_enrolled: expected.length });
      // One log row per family (their timelines) plus one for the season.
      const rows = (await h.activityRows('enrol')).filter(
        (row) => row.entity_type === 'season_beneficiary',
      );
      expect(
        rows.filter((row) => expected.includes(row.family_id ?? 0)).length,
      ).toBeGreaterThanOrEqual(expected.length);
    });

    test('closed or cancelled seasons refuse enrolment (409)', async () => {
      for (const status of ['closed', 'cancelled'] as const) {
        const id = await season(status);
        const response = await enrol(id, { mode: 'all_eligible' });
        expect(response.statusCode).toBe(409);
        expect(response.json()).toEqual({ message: SEASON_API_MESSAGES.notEnrolling(status) });
      }
    });

    test('exclude: reason required, then excluded; twice → 409; 404 for another season', async () => {
      const id = await season('approved');
      await enrol(id, { mode: 'families', family_ids: [(families[1] as CreatedFamily).id] });
      const beneficiary = seasonBeneficiaryListResponseSchema.parse(
        (await h.request('GET', `/api/seasons/${id}/beneficiaries`, { token })).json(),
      ).data[0];
      const url = `/api/seasons/${id}/beneficiaries/${beneficiary?.id}/exclude`;
      expect((await h.request('POST', url, { token, body: { reason: 'x' } })).json()).toEqual({
        message: MESSAGES.validation,
        errors: { reason: [REASON_REQUIRED_MESSAGE] },
      });
      const excluded = await h.request('POST', url, {
        token,
        body: { reason: 'انتقلت إلى خارج المدينة' },
      });
      expect(excluded.statusCode).toBe(200);
      expect(seasonBeneficiaryResponseSchema.parse(excluded.json()).data).toMatchObject({
        status: 'excluded',
        status_reason: 'انتقلت إلى خارج المدينة',
      });
      expect(
        (await h.request('POST', url, { token, body: { reason: 'مرة أخرى' } })).json(),
      ).toEqual({ message: SEASON_API_MESSAGES.alreadyExcluded });
      const other = await season('approved');
      expect(
        (
          await h.request(
            'POST',
            `/api/seasons/${other}/beneficiaries/${beneficiary?.id}/exclude`,
            { token, body: { reason: 'سبب كاف' } },
          )
        ).statusCode,
      ).toBe(404);
      const count = seasonResponseSchema.parse(
        (await h.request('GET', `/api/seasons/${id}`, { token })).json(),
      ).data.beneficiaries_count;
      expect(count).toBe(0);
    });
  });

  describe('distributions', () => {
    let seasonId = 0;
    let beneficiaryId = 0;
    let voucher = '';
    let family: CreatedFamily;

    beforeAll(async () => {
      seasonId = await season('approved', {
        name: 'كسوة العيد 1448',
        kind: 'eid_clothing',
        eligibility: { statuses: ['approved'] },
      });
      family = families[2] as CreatedFamily;
      await enrol(seasonId, {
        mode: 'families',
        family_ids: [family.id, (families[0] as CreatedFamily).id],
      });
      const list = seasonBeneficiaryListResponseSchema.parse(
        (
          await h.request('GET', `/api/seasons/${seasonId}/beneficiaries`, {
            token,
            query: { search: family.file_number },
          })
        ).json(),
      );
      beneficiaryId = list.data[0]?.id ?? 0;
      voucher = list.data[0]?.voucher_code ?? '';
    });

    const distribute = (body: Record<string, unknown>) =>
      h.request('POST', `/api/seasons/${seasonId}/distributions`, {
        token,
        body: {
          kind: 'items',
          items: [{ item: 'clothing_voucher', quantity: '٢' }],
          distributed_at: todayIso(),
          received_by_name: 'خالد سعد الحربي',
          ...body,
        },
      });

    test('only while distributing (409 when approved)', async () => {
      const response = await distribute({ beneficiary_id: beneficiaryId });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ message: SEASON_API_MESSAGES.notDistributing('approved') });
      expect(
        (
          await h.request('POST', `/api/seasons/${seasonId}/status`, {
            token,
            body: { status: 'distributing' },
          })
        ).statusCode,
      ).toBe(200);
    });

    test('records a handover: handed_over_by is the logged-in employee; the family has received', async () => {
      const response = await distribute({
        family_id: family.id,
        voucher_code: voucher.toLowerCase().replace(/-/g, ' '),
        received_by_national_id: validId(nextSerial()),
      });
      expect(response.statusCode).toBe(201);
      const { data } = distributionResponseSchema.parse(response.json());
      expect(data).toMatchObject({
        beneficiary_id: beneficiaryId,
        family: { id: family.id, file_number: family.file_number },
        kind: 'items',
        items: [{ item: { code: 'clothing_voucher', label: 'قسيمة كسوة' }, quantity: 2 }],
        handed_over_by: { id: actorId, name: 'فهد الموزع' },
        voucher_code: voucher,
      });
      const stored = await h.db
        .selectFrom('distributions')
        .select('handed_over_by')
        .where('id', '=', data.id)
        .executeTakeFirstOrThrow();
      expect(stored.handed_over_by).toBe(actorId);
      const beneficiaries = seasonBeneficiaryListResponseSchema.parse(
        (
          await h.request('GET', `/api/seasons/${seasonId}/beneficiaries`, {
            token,
            query: { 'filter[status]': 'received' },
          })
        ).json(),
      );
      expect(
        beneficiaries.data.map((item) => [
          item.id,
          item.distributions_count,
          item.last_distributed_at,
        ]),
      ).toEqual([[beneficiaryId, 1, todayIso()]]);
      const log = (await h.activityRows('distribute')).at(-1);
      expect(log).toMatchObject({
        employee_id: actorId,
        family_id: family.id,
        entity_type: 'distribution',
      });

      // The family detail lists what reached it (extra keys beside familyDetailSchema's).
      const detail = (await h.request('GET', `/api/families/${family.id}`, { token })).json<{
        data: { seasons: unknown[]; distributions: unknown[] };
      }>().data;
      expect(detail.seasons).toContainEqual({
        id: seasonId,
        name: 'كسوة العيد 1448',
        hijri_year: 1448,
        season_status: 'distributing',
        beneficiary_id: beneficiaryId,
        status: 'received',
        voucher_code: voucher,
      });
      expect(detail.distributions).toEqual([
        expect.objectContaining({
          id: data.id,
          season: { id: seasonId, name: 'كسوة العيد 1448' },
          kind: 'items',
          items: [{ item: { code: 'clothing_voucher', label: 'قسيمة كسوة' }, quantity: 2 }],
        }),
      ]);

      const cash = await distribute({
        beneficiary_id: beneficiaryId,
        kind: 'cash',
        cash_amount: '٣٠٠',
        items: undefined,
      });
      expect(cash.statusCode).toBe(201);
      const seasonNow = seasonResponseSchema.parse(
        (await h.request('GET', `/api/seasons/${seasonId}`, { token })).json(),
      ).data;
      expect(seasonNow).toMatchObject({
        received_count: 1,
        cash_distributed_total: 300,
        beneficiaries_count: 2,
      });
      const list = distributionListResponseSchema.parse(
        (await h.request('GET', `/api/seasons/${seasonId}/distributions`, { token })).json(),
      );
      expect(list.meta.total).toBe(2);
      expect(list.data[0]?.kind).toBe('cash');
    });

    test('422: wrong voucher, unknown item, unknown beneficiary, future date, missing parts; nothing written', async () => {
      const before = await tableCounts(h);
      const wrongVoucher = await distribute({
        beneficiary_id: beneficiaryId,
        voucher_code: 'EC48-AAAA-AA',
      });
      expect(wrongVoucher.json()).toEqual({
        message: MESSAGES.validation,
        errors: { voucher_code: [SEASON_MESSAGES.invalidVoucher] },
      });
      const badItem = await distribute({
        beneficiary_id: beneficiaryId,
        items: [{ item: 'gold', quantity: 1 }],
      });
      expect(badItem.json<{ errors: object }>().errors).toEqual({
        'items.0.item': [LOOKUP_MESSAGES.unknown],
      });
      const unknown = await distribute({ beneficiary_id: 999999 });
      expect(unknown.json<{ errors: object }>().errors).toEqual({
        beneficiary_id: [SEASON_API_MESSAGES.beneficiaryNotFound],
      });
      const notEnrolled = await distribute({ family_id: rich.id });
      expect(notEnrolled.json<{ errors: object }>().errors).toEqual({
        family_id: [SEASON_API_MESSAGES.familyNotEnrolled],
      });
      const missing = await distribute({
        kind: 'cash',
        items: undefined,
        distributed_at: '2999-01-01',
      });
      expect(Object.keys(missing.json<{ errors: object }>().errors).sort()).toEqual([
        'beneficiary_id',
        'cash_amount',
        'distributed_at',
      ]);
      expect(await tableCounts(h)).toEqual(before);
    });

    test('printable distribution list (logged) and the beneficiaries export', async () => {
      const sheet = await h.request('GET', `/api/seasons/${seasonId}/distribution-list`, { token });
      expect(sheet.statusCode).toBe(200);
      const data = distributionSheetResponseSchema.parse(sheet.json()).data;
      expect(data.season.id).toBe(seasonId);
      expect(data.beneficiaries).toHaveLength(2);
      expect((await h.activityRows('print')).at(-1)).toMatchObject({
        entity_type: 'season',
        entity_id: String(seasonId),
      });

      const response = await h.request('GET', `/api/seasons/${seasonId}/beneficiaries/export`, {
        token,
      });
      expect(response.statusCode).toBe(200);
      expect(isZip(response)).toBe(true);
      const xlsx = await readXlsx(response);
      expect(xlsx.rightToLeft).toBe(true);
      expect(xlsx.header[0]).toBe('رقم الملف');
      expect(xlsx.rows).toHaveLength(2);
      expect((await h.activityRows('export')).at(-1)?.changes).toMatchObject({ rows: [null, 2] });
      expect(
        (await h.request('GET', '/api/seasons/999999/beneficiaries/export', { token })).statusCode,
      ).toBe(404);
    });

    test('an excluded family cannot receive (409)', async () => {
      const other = seasonBeneficiaryListResponseSchema.parse(
        (
          await h.request('GET', `/api/seasons/${seasonId}/beneficiaries`, {
            token,
            query: { 'filter[status]': 'enrolled' },
          })
        ).json(),
      ).data[0];
      await h.request('POST', `/api/seasons/${seasonId}/beneficiaries/${other?.id}/exclude`, {
        token,
        body: { reason: 'لم تحضر في موعدها' },
      });
      const response = await distribute({ beneficiary_id: other?.id });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ message: SEASON_API_MESSAGES.excludedCannotReceive });
    });
  });

  test('envelopes parse (a quick sanity of the local schemas)', () => {
    expect(z.object({ message: z.string() }).safeParse({ message: 'x' }).success).toBe(true);
  });
});
