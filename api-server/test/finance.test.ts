import { sql } from 'kysely';
import {
  ARABIC_MESSAGES,
  REASON_REQUIRED_MESSAGE,
  endpointsOf,
  todayIso,
  type PermissionKey,
} from 'shared-contracts';
import {
  FINANCE_MONEY_MESSAGES,
  FINANCIAL_CATEGORY_MESSAGES,
  FINANCIAL_RECORD_EXPORT_COLUMNS,
  FINANCIAL_RECORD_MESSAGES as M,
  financeFamilyOptionListResponseSchema,
  financeOptionEndpoints,
  financeOptionsResponseSchema,
  financialCategoryEndpoints,
  financialCategoryListResponseSchema,
  financialCategoryResponseSchema,
  financialRecordEndpoints,
  financialRecordListResponseSchema,
  financialRecordResponseSchema,
  financialReportEndpoints,
  zakatFamilyRefusal,
  type FinancialRecord,
} from 'shared-contracts/finance';
import { ACTIVITY_ENTITY_LABELS, findActivityFieldLabel } from 'shared-contracts/admin';
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

/** Row counts of what a finance write touches: a refused write leaves them as they were. */
async function financeCounts(h: TestHarness): Promise<Record<string, number>> {
  const counts = await h.rowCounts(['financial_records', 'financial_categories', 'activity_log']);
  // A refused edit changes nothing either.
  const digest = await sql<{
    d: string | null;
  }>`select string_agg(concat_ws('|', id, status, amount::text, occurred_on::text, updated_at::text), ',' order by id) as d from financial_records`.execute(
    h.db,
  );
  counts[`records:${digest.rows[0]?.d ?? ''}`] = 1;
  return counts;
}

describeEachDatabase('finance: records and categories', (h) => {
  let token = '';
  let actorId = 0;
  let admin = '';
  let family: CreatedFamily;
  let otherFamily: CreatedFamily;
  let pendingFamily: CreatedFamily;
  let suspendedFamily: CreatedFamily;
  let orgId = 0;
  let seasonId = 0;
  let serviceId = 0;
  const categories: Record<string, number> = {};

  const post = (url: string, body: unknown, as = token) =>
    h.request('POST', `/api${url}`, { token: as, body });
  const put = (url: string, body: unknown) => h.request('PUT', `/api${url}`, { token, body });
  const get = (url: string, query?: Record<string, string>) =>
    h.request('GET', `/api${url}`, { token, query });
  const okId = async (response: Awaited<ReturnType<typeof post>>): Promise<number> => {
    if (response.statusCode !== 201) throw new Error(`${response.statusCode} ${response.payload}`);
    return response.json<{ data: { id: number } }>().data.id;
  };

  const body = (overrides: Record<string, unknown> = {}) => ({
    direction: 'income',
    amount: '1250.50',
    occurred_on: '2026-01-31',
    category_id: categories.zakat,
    payment_method: 'bank_transfer',
    reference_number: 'TRX-7781',
    ...overrides,
  });
  const zakatExpense = (overrides: Record<string, unknown> = {}) =>
    body({
      direction: 'expense',
      category_id: categories.zakat_disbursement,
      amount: '800.00',
      family_id: family.id,
      ...overrides,
    });

  async function record(overrides: Record<string, unknown> = {}): Promise<FinancialRecord> {
    const response = await post('/financial-records', body(overrides));
    if (response.statusCode !== 201) throw new Error(`${response.statusCode} ${response.payload}`);
    return financialRecordResponseSchema.parse(response.json()).data;
  }
  const show = async (id: number) =>
    financialRecordResponseSchema.parse((await get(`/financial-records/${id}`)).json()).data;

  beforeAll(async () => {
    const employee = await h.createEmployee({
      name: 'منى المحاسبة',
      permissions: ['show_financial'],
    });
    token = employee.token;
    actorId = employee.row.id;
    admin = await h.adminToken();
    const setup = (
      await h.createEmployee({
        permissions: [...BENEFICIARY_KEYS, 'show_services', 'show_departments', 'show_axise'],
      })
    ).token;
    family = await approvedFamily(h, setup);
    otherFamily = await approvedFamily(h, setup);
    pendingFamily = await createFamily(h, setup, familyBody());
    // A new family waits for review.
    expect(pendingFamily.status).toBe('pending_review');
    suspendedFamily = await approvedFamily(h, setup);
    expect(
      (await setStatus(h, setup, suspendedFamily.id, 'suspended', 'انتقال الأسرة إلى مدينة أخرى'))
        .statusCode,
    ).toBe(200);
    orgId = await okId(await post('/orgs', { name: 'مؤسسة الخير المانحة', type: 'donor' }, setup));
    seasonId = await okId(
      await post(
        '/seasons',
        {
          name: 'سلة رمضان التجريبية',
          kind: 'ramadan_basket',
          hijri_year: '1447',
          start_date: '2026-02-01',
          end_date: '2026-03-20',
          eligibility: { statuses: ['approved'] },
        },
        setup,
      ),
    );
    const departmentId = await okId(
      await post('/service-departments', { name: 'الإغاثة العاجلة' }, setup),
    );
    const axisId = await okId(await post('/service-axes', { name: 'الدعم المعيشي' }, setup));
    const typeId = await okId(
      await post(
        '/service-types',
        { name: 'دعم إيجار', department_id: departmentId, axis_id: axisId, default_cost: 1500 },
        setup,
      ),
    );
    serviceId = await okId(
      await post(
        '/services',
        { service_type_id: typeId, family_id: family.id, request_date: '2026-01-05' },
        setup,
      ),
    );
    const list = financialCategoryListResponseSchema.parse(
      (await get('/financial-categories', { per_page: '50' })).json(),
    );
    for (const category of list.data) if (category.code) categories[category.code] = category.id;
  }, 120_000);

  describe('categories', () => {
    test('the ten seeded categories, income first, zakat flagged on both sides', async () => {
      const list = financialCategoryListResponseSchema.parse(
        (await get('/financial-categories')).json(),
      );
      expect(
        list.data.map((category) => `${category.direction}:${category.code}:${category.is_zakat}`),
      ).toEqual([
        'income:zakat:true',
        'income:sadaqa:false',
        'income:general_donation:false',
        'income:grant:false',
        'income:waqf_revenue:false',
        'expense:zakat_disbursement:true',
        'expense:cash_aid:false',
        'expense:in_kind_aid:false',
        'expense:operations:false',
        'expense:salaries:false',
      ]);
      const expense = financialCategoryListResponseSchema.parse(
        (
          await get('/financial-categories', {
            'filter[direction]': 'expense',
            'filter[is_zakat]': 'true',
          })
        ).json(),
      );
      expect(expense.data.map((category) => category.code)).toEqual(['zakat_disbursement']);
      const searched = financialCategoryListResponseSchema.parse(
        (await get('/financial-categories', { search: 'الزكاه' })).json(),
      );
      expect(searched.data.map((category) => category.code)).toEqual(['zakat_disbursement']);
    });

    test('create, show, edit, logged; duplicate name 409; a used category keeps its direction and zakat flag', async () => {
      const created = await post('/financial-categories', {
        name: 'كفالة يتيم',
        direction: 'income',
        description: 'تبرعات كفالة الأيتام الشهرية',
      });
      expect(created.statusCode).toBe(201);
      const category = financialCategoryResponseSchema.parse(created.json());
      expect(category.message).toBe(FINANCIAL_CATEGORY_MESSAGES.created);
      expect(category.data).toMatchObject({
        name: 'كفالة يتيم',
        code: null,
        direction: 'income',
        is_zakat: false,
        active: true,
        records_count: 0,
      });
      const id = category.data.id;
      expect((await get(`/financial-categories/${id}`)).json()).toEqual({ data: category.data });
      const log = (await h.activityRows('create')).find(
        (row) => row.entity_type === 'financial_category' && row.entity_id === String(id),
      );
      expect(log?.changes).toMatchObject({
        name: [null, 'كفالة يتيم'],
        direction: [null, 'income'],
      });

      const before = await financeCounts(h);
      const duplicate = await post('/financial-categories', {
        name: 'كفالة يتيم',
        direction: 'expense',
      });
      expect([duplicate.statusCode, duplicate.json()]).toEqual([
        409,
        {
          message: FINANCIAL_CATEGORY_MESSAGES.duplicateName,
          errors: { name: [FINANCIAL_CATEGORY_MESSAGES.duplicateName] },
        },
      ]);
      const invalid = await post('/financial-categories', { name: 'ك', direction: 'both' });
      expect([invalid.statusCode, invalid.json()]).toEqual([
        422,
        {
          message: MESSAGES.validation,
          errors: {
            name: [ARABIC_MESSAGES.stringMin(2)],
            direction: [ARABIC_MESSAGES.invalidEnum],
          },
        },
      ]);
      expect(await financeCounts(h)).toEqual(before);

      await record({ category_id: id });
      const used = await put(`/financial-categories/${id}`, {
        name: 'كفالة يتيم',
        direction: 'expense',
      });
      expect([used.statusCode, used.json()]).toEqual([
        409,
        {
          message: FINANCIAL_CATEGORY_MESSAGES.usedDirection,
          errors: { direction: [FINANCIAL_CATEGORY_MESSAGES.usedDirection] },
        },
      ]);
      const zakat = await put(`/financial-categories/${id}`, {
        name: 'كفالة يتيم',
        direction: 'income',
        is_zakat: true,
      });
      expect(zakat.statusCode).toBe(409);
      const renamed = await put(`/financial-categories/${id}`, {
        name: 'كفالة الأيتام',
        direction: 'income',
        active: false,
        description: 'تبرعات كفالة الأيتام الشهرية',
      });
      expect(renamed.statusCode).toBe(200);
      expect(financialCategoryResponseSchema.parse(renamed.json()).data).toMatchObject({
        name: 'كفالة الأيتام',
        active: false,
        records_count: 1,
      });
      const update = (await h.activityRows('update')).find(
        (row) => row.entity_type === 'financial_category' && row.entity_id === String(id),
      );
      expect(update?.changes).toEqual({
        name: ['كفالة يتيم', 'كفالة الأيتام'],
        active: [true, false],
      });
      // An inactive category is not offered for new records.
      const refused = await post('/financial-records', body({ category_id: id }));
      expect(refused.json()).toEqual({
        message: MESSAGES.validation,
        errors: { category_id: [M.categoryInactive] },
      });
    });

    test('404 for an unknown category', async () => {
      for (const response of [
        await get('/financial-categories/999999'),
        await put('/financial-categories/999999', { name: 'غير موجود', direction: 'income' }),
      ]) {
        expect([response.statusCode, response.json()]).toEqual([
          404,
          { message: FINANCIAL_CATEGORY_MESSAGES.notFound },
        ]);
      }
    });
  });

  describe('records: create and show', () => {
    test('201: the amount a two-decimal string, links named, logged on the family timeline', async () => {
      const response = await post(
        '/financial-records',
        body({
          amount: '١٬٢٥٠٫٥',
          family_id: family.id,
          organisation_id: orgId,
          season_id: seasonId,
          service_id: serviceId,
          restricted_purpose: 'كفالة الأيتام',
          receipt_number: 'R-1001',
          notes: ' تبرع عبر المنصة ',
        }),
      );
      expect(response.statusCode).toBe(201);
      const { data, message } = financialRecordResponseSchema.parse(response.json());
      expect(message).toBe(M.created);
      expect(data).toMatchObject({
        direction: 'income',
        amount: '1250.50',
        occurred_on: '2026-01-31',
        category: {
          id: categories.zakat,
          code: 'zakat',
          name: 'زكاة',
          direction: 'income',
          is_zakat: true,
        },
        status: 'completed',
        payment_method: 'bank_transfer',
        restricted_purpose: 'كفالة الأيتام',
        reference_number: 'TRX-7781',
        receipt_number: 'R-1001',
        family: { id: family.id, file_number: family.file_number, status: 'approved' },
        organisation: { id: orgId, name: 'مؤسسة الخير المانحة' },
        season: { id: seasonId, name: 'سلة رمضان التجريبية' },
        service: { id: serviceId, name: 'دعم إيجار', family_id: family.id },
        notes: 'تبرع عبر المنصة',
        reverses_id: null,
        reversed_by_id: null,
        cancel_reason: null,
        created_by: { id: actorId, name: 'منى المحاسبة' },
      });
      expect(await show(data.id)).toEqual(data);
      const log = (await h.activityRows('create')).find(
        (row) => row.entity_type === 'financial_record' && row.entity_id === String(data.id),
      );
      expect(log).toMatchObject({
        employee_id: actorId,
        family_id: family.id,
        entity_label: 'إيراد 1,250.50 ريال — زكاة',
      });
      expect(log?.changes).toMatchObject({
        amount: [null, '1250.50'],
        category: [null, 'زكاة'],
        status: [null, 'completed'],
        organisation: [null, 'مؤسسة الخير المانحة'],
      });
      // Stored exactly.
      const stored = await sql<{
        amount: string;
      }>`select amount::text as amount from financial_records where id = ${data.id}`.execute(h.db);
      expect(stored.rows[0]?.amount).toBe('1250.50');
    });

    test('the date defaults to today in Riyadh; 0.1 stays 0.10', async () => {
      const created = await record({
        occurred_on: undefined,
        amount: 0.1,
        category_id: categories.sadaqa,
        payment_method: 'cash',
        reference_number: null,
      });
      expect(created).toMatchObject({ occurred_on: todayIso(), amount: '0.10' });
    });

    test('422 with Arabic messages on the fields, nothing written', async () => {
      const before = await financeCounts(h);
      const expect422 = async (
        payload: unknown,
        errors: Record<string, string[]>,
        message: string = MESSAGES.validation,
      ) => {
        const response = await post('/financial-records', payload);
        expect([response.statusCode, response.json()]).toEqual([422, { message, errors }]);
      };
      await expect422(body({ amount: '0' }), { amount: [FINANCE_MONEY_MESSAGES.positive] });
      await expect422(body({ amount: '-5' }), { amount: [FINANCE_MONEY_MESSAGES.positive] });
      await expect422(body({ amount: '10.005' }), { amount: [FINANCE_MONEY_MESSAGES.decimals] });
      await expect422(body({ amount: 0.001 }), { amount: [FINANCE_MONEY_MESSAGES.decimals] });
      await expect422(body({ amount: '1000000000000' }), {
        amount: [FINANCE_MONEY_MESSAGES.tooBig],
      });
      await expect422(
        {
          amount: '',
          direction: '',
          payment_method: 'bitcoin',
          status: 'refunded',
          occurred_on: '2999-01-01',
        },
        {
          direction: [ARABIC_MESSAGES.required],
          amount: [ARABIC_MESSAGES.required],
          occurred_on: [M.dateInFuture],
          category_id: [ARABIC_MESSAGES.required],
          status: [ARABIC_MESSAGES.invalidEnum],
          payment_method: [ARABIC_MESSAGES.invalidEnum],
        },
      );
      await expect422(body({ payment_method: 'cheque', reference_number: '' }), {
        reference_number: [M.chequeNeedsNumber],
      });
      await expect422(body({ category_id: categories.salaries }), {
        category_id: [M.categoryDirection('income')],
      });
      await expect422(body({ category_id: 999999 }), { category_id: [M.categoryInactive] });
      await expect422(
        body({ family_id: 999999, organisation_id: 999999, season_id: 999999, service_id: 999999 }),
        {
          family_id: [M.familyNotFound],
          organisation_id: [M.organisationNotFound],
          season_id: [M.seasonNotFound],
          service_id: [M.serviceNotFound],
        },
        M.familyNotFound,
      );
      await expect422(body({ family_id: otherFamily.id, service_id: serviceId }), {
        service_id: [M.serviceOtherFamily],
      });
      expect(await financeCounts(h)).toEqual(before);
    });

    test('404 for an unknown record on show, edit, cancel and reverse', async () => {
      for (const response of [
        await get('/financial-records/999999'),
        await put('/financial-records/999999', body()),
        await post('/financial-records/999999/cancel', { reason: 'سبب موثق' }),
        await post('/financial-records/999999/reverse', { reason: 'سبب موثق' }),
      ]) {
        expect([response.statusCode, response.json()]).toEqual([404, { message: M.notFound }]);
      }
    });
  });

  describe('the zakat rule', () => {
    test('zakat paid out needs a family, and an approved one: 422 with the reason, nothing written', async () => {
      const before = await financeCounts(h);
      const refuse = async (overrides: Record<string, unknown>, reason: string) => {
        const response = await post('/financial-records', zakatExpense(overrides));
        expect([response.statusCode, response.json()]).toEqual([
          422,
          { message: reason, errors: { family_id: [reason] } },
        ]);
      };
      await refuse({ family_id: null }, M.zakatNeedsFamily);
      await refuse({ family_id: pendingFamily.id }, zakatFamilyRefusal('pending_review') as string);
      await refuse({ family_id: suspendedFamily.id }, zakatFamilyRefusal('suspended') as string);
      await refuse(
        { family_id: suspendedFamily.id, status: 'pending' },
        'لا يجوز صرف الزكاة لأسرة حالتها «موقوفة»، تُصرف الزكاة للأسر المعتمدة فقط',
      );
      expect(await financeCounts(h)).toEqual(before);
    });

    test('to an approved family it is recorded; other expenses and zakat income need no family', async () => {
      expect(await record(zakatExpense())).toMatchObject({
        amount: '800.00',
        family: { id: family.id },
        category: { is_zakat: true },
      });
      expect(
        await record(
          body({
            direction: 'expense',
            category_id: categories.operations,
            amount: '300',
            family_id: suspendedFamily.id,
          }),
        ),
      ).toMatchObject({ family: { id: suspendedFamily.id } });
      expect(await record(body({ family_id: null }))).toMatchObject({ family: null });
    });

    test('an edit of a pending zakat expense is checked again', async () => {
      const pending = await record(zakatExpense({ status: 'pending' }));
      const response = await put(
        `/financial-records/${pending.id}`,
        zakatExpense({ status: 'pending', family_id: pendingFamily.id }),
      );
      expect([response.statusCode, response.json<{ message: string }>().message]).toEqual([
        422,
        zakatFamilyRefusal('pending_review'),
      ]);
      expect((await show(pending.id)).family?.id).toBe(family.id);
    });
  });

  describe('pending, completed, cancelled', () => {
    test('a pending record is edited (and completed) in place, the changes logged', async () => {
      const pending = await record({ status: 'pending', family_id: family.id });
      const response = await put(
        `/financial-records/${pending.id}`,
        body({
          status: 'completed',
          amount: '1300',
          family_id: otherFamily.id,
          receipt_number: 'R-2',
        }),
      );
      expect(response.statusCode).toBe(200);
      const { data, message } = financialRecordResponseSchema.parse(response.json());
      expect(message).toBe(M.updated);
      expect(data).toMatchObject({
        status: 'completed',
        amount: '1300.00',
        family: { id: otherFamily.id },
        receipt_number: 'R-2',
      });
      const logs = (await h.activityRows('update')).filter(
        (row) => row.entity_type === 'financial_record' && row.entity_id === String(pending.id),
      );
      expect(logs.map((row) => row.family_id).sort()).toEqual([family.id, otherFamily.id].sort());
      expect(logs[0]?.changes).toMatchObject({
        amount: ['1250.50', '1300.00'],
        status: ['pending', 'completed'],
        receipt_number: [null, 'R-2'],
      });
    });

    test('a completed record is never edited in place: 409 pointing to the reversal, nothing written', async () => {
      const completed = await record();
      const before = await financeCounts(h);
      const response = await put(`/financial-records/${completed.id}`, body({ amount: '1.00' }));
      expect([response.statusCode, response.json()]).toEqual([
        409,
        { message: M.completedNotEditable },
      ]);
      expect(M.completedNotEditable).toContain('قيداً عكسياً');
      const cancel = await post(`/financial-records/${completed.id}/cancel`, {
        reason: 'خطأ في الإدخال',
      });
      expect([cancel.statusCode, cancel.json()]).toEqual([
        409,
        { message: M.cancelOnlyPending, errors: { status: [M.cancelOnlyPending] } },
      ]);
      expect(await financeCounts(h)).toEqual(before);
    });

    test('cancel: a pending record with a reason; closed afterwards', async () => {
      const pending = await record({ status: 'pending' });
      const before = await financeCounts(h);
      for (const reason of [undefined, 'لا']) {
        const refused = await post(
          `/financial-records/${pending.id}/cancel`,
          reason === undefined ? {} : { reason },
        );
        expect([refused.statusCode, refused.json()]).toEqual([
          422,
          { message: MESSAGES.validation, errors: { reason: [REASON_REQUIRED_MESSAGE] } },
        ]);
      }
      expect(await financeCounts(h)).toEqual(before);
      const response = await post(`/financial-records/${pending.id}/cancel`, {
        reason: ' تبرع مكرر ',
      });
      expect(response.statusCode).toBe(200);
      const { data, message } = financialRecordResponseSchema.parse(response.json());
      expect(message).toBe(M.cancelled);
      expect(data).toMatchObject({ status: 'cancelled', cancel_reason: 'تبرع مكرر' });
      const log = (await h.activityRows('status_change')).find(
        (row) => row.entity_type === 'financial_record' && row.entity_id === String(pending.id),
      );
      expect(log?.changes).toEqual({
        status: ['pending', 'cancelled'],
        cancel_reason: [null, 'تبرع مكرر'],
      });
      const edit = await put(`/financial-records/${pending.id}`, body());
      expect([edit.statusCode, edit.json()]).toEqual([
        409,
        { message: M.closedNotEditable('ملغى') },
      ]);
      const reverse = await post(`/financial-records/${pending.id}/reverse`, {
        reason: 'سبب موثق',
      });
      expect([reverse.statusCode, reverse.json()]).toEqual([
        409,
        { message: M.reverseOnlyCompleted },
      ]);
    });
  });

  describe('reversing entries', () => {
    test('reverse: the opposite-amount entry referencing the original, the original refunded, both logged, in one step', async () => {
      const original = await record({
        amount: '500.25',
        family_id: family.id,
        restricted_purpose: 'سلال رمضان',
        occurred_on: '2026-01-10',
      });
      const response = await post(`/financial-records/${original.id}/reverse`, {
        reason: 'المبلغ سُجّل على تصنيف خاطئ',
        occurred_on: '2026-02-02',
      });
      expect(response.statusCode).toBe(201);
      const { data: reversal, message } = financialRecordResponseSchema.parse(response.json());
      expect(message).toBe(M.reversed);
      expect(reversal).toMatchObject({
        direction: 'income',
        amount: '-500.25',
        occurred_on: '2026-02-02',
        category: { id: categories.zakat },
        status: 'completed',
        family: { id: family.id },
        restricted_purpose: 'سلال رمضان',
        notes: 'المبلغ سُجّل على تصنيف خاطئ',
        reverses_id: original.id,
        reversed_by_id: null,
      });
      expect(await show(original.id)).toMatchObject({
        status: 'refunded',
        reversed_by_id: reversal.id,
        amount: '500.25',
      });
      const logs = (await h.activityRows()).filter(
        (row) =>
          row.entity_type === 'financial_record' &&
          [String(original.id), String(reversal.id)].includes(row.entity_id ?? ''),
      );
      expect(logs.map((row) => [row.action, row.entity_id])).toEqual([
        ['create', String(original.id)],
        ['create', String(reversal.id)],
        ['status_change', String(original.id)],
      ]);
      expect(logs[1]?.changes).toMatchObject({
        amount: [null, '-500.25'],
        reverses: [null, `قيد ${original.id}`],
      });
      expect(logs[2]?.changes).toEqual({
        status: ['completed', 'refunded'],
        reversed_by: [null, `قيد ${reversal.id}`],
        reversal_reason: [null, 'المبلغ سُجّل على تصنيف خاطئ'],
      });

      // The list shows them side by side (the reversal right under its original) and they net to zero.
      const list = financialRecordListResponseSchema.parse(
        (
          await get('/financial-records', {
            'filter[restricted]': 'true',
            search: 'سلال رمضان',
            per_page: '100',
          })
        ).json(),
      );
      const ids = list.data.map((row) => row.id);
      expect(ids.indexOf(reversal.id)).toBe(ids.indexOf(original.id) + 1);
      expect(list.totals).toMatchObject({ income: '0.00', balance: '0.00', counted_records: 2 });
    });

    test('refused reversals: twice, of a reversal, of a pending record, before the original; a reversal is not edited', async () => {
      const original = await record({ occurred_on: '2026-01-20' });
      const before = await financeCounts(h);
      const early = await post(`/financial-records/${original.id}/reverse`, {
        reason: 'سبب موثق',
        occurred_on: '2026-01-19',
      });
      expect([early.statusCode, early.json()]).toEqual([
        422,
        { message: MESSAGES.validation, errors: { occurred_on: [M.reversalBeforeOriginal] } },
      ]);
      const noReason = await post(`/financial-records/${original.id}/reverse`, {});
      expect([noReason.statusCode, noReason.json()]).toEqual([
        422,
        { message: MESSAGES.validation, errors: { reason: [REASON_REQUIRED_MESSAGE] } },
      ]);
      expect(await financeCounts(h)).toEqual(before);

      const reversal = financialRecordResponseSchema.parse(
        (
          await post(`/financial-records/${original.id}/reverse`, {
            reason: 'استرداد بطلب المتبرع',
          })
        ).json(),
      ).data;
      expect(reversal.occurred_on).toBe(todayIso());
      const again = await post(`/financial-records/${original.id}/reverse`, { reason: 'سبب موثق' });
      expect([again.statusCode, again.json()]).toEqual([409, { message: M.alreadyReversed }]);
      const ofReversal = await post(`/financial-records/${reversal.id}/reverse`, {
        reason: 'سبب موثق',
      });
      expect([ofReversal.statusCode, ofReversal.json()]).toEqual([
        409,
        { message: M.reversalNotReversible },
      ]);
      const edit = await put(`/financial-records/${reversal.id}`, body());
      expect([edit.statusCode, edit.json()]).toEqual([409, { message: M.reversalNotEditable }]);
      const pending = await record({ status: 'pending' });
      const ofPending = await post(`/financial-records/${pending.id}/reverse`, {
        reason: 'سبب موثق',
      });
      expect([ofPending.statusCode, ofPending.json()]).toEqual([
        409,
        { message: M.reverseOnlyCompleted },
      ]);
      const count = await sql<{
        n: number;
      }>`select count(*)::int as n from financial_records where reverses_id = ${original.id}`.execute(
        h.db,
      );
      expect(count.rows[0]?.n).toBe(1);
    });
  });

  describe('the list, its totals and the export', () => {
    let listFamily: CreatedFamily;
    beforeAll(async () => {
      const setup = (await h.createEmployee({ permissions: BENEFICIARY_KEYS })).token;
      listFamily = await approvedFamily(h, setup);
      const on = { family_id: listFamily.id };
      await record({
        ...on,
        amount: '0.10',
        occurred_on: '2026-03-01',
        category_id: categories.sadaqa,
        payment_method: 'cash',
        reference_number: null,
      });
      await record({
        ...on,
        amount: '0.20',
        occurred_on: '2026-03-02',
        category_id: categories.sadaqa,
        payment_method: 'card',
        reference_number: null,
      });
      await record(
        zakatExpense({
          ...on,
          amount: '100.05',
          occurred_on: '2026-03-03',
          notes: '=HYPERLINK("http://x")',
        }),
      );
      await record({ ...on, amount: '999.99', occurred_on: '2026-03-04', status: 'pending' });
      const cancelled = await record({
        ...on,
        amount: '500.00',
        occurred_on: '2026-03-05',
        status: 'pending',
      });
      expect(
        (await post(`/financial-records/${cancelled.id}/cancel`, { reason: 'لم يصل المبلغ' }))
          .statusCode,
      ).toBe(200);
      const refunded = await record({ ...on, amount: '40.00', occurred_on: '2026-03-06' });
      expect(
        (
          await post(`/financial-records/${refunded.id}/reverse`, {
            reason: 'استرداد التبرع',
            occurred_on: '2026-03-07',
          })
        ).statusCode,
      ).toBe(201);
    });

    test('one call gives a family panel its records and totals (completed and refunded counted, exact decimals)', async () => {
      const list = financialRecordListResponseSchema.parse(
        (
          await get('/financial-records', {
            'filter[family_id]': String(listFamily.id),
            per_page: '5',
          })
        ).json(),
      );
      expect(list.meta).toEqual({ page: 1, per_page: 5, total: 7, last_page: 2 });
      // income 0.10 + 0.20 + 40.00 − 40.00 = 0.30 (never 0.30000000000000004); expense 100.05.
      expect(list.totals).toEqual({
        income: '0.30',
        expense: '100.05',
        balance: '-99.75',
        counted_records: 5,
        pending_records: 1,
      });
      expect(list.data[0]?.family?.id).toBe(listFamily.id);
    });

    test('filters: direction, status, method, category, dates, amounts, zakat; bad ranges are 422s', async () => {
      const ids = async (query: Record<string, string>) =>
        financialRecordListResponseSchema.parse(
          (
            await get('/financial-records', {
              'filter[family_id]': String(listFamily.id),
              ...query,
            })
          ).json(),
        );
      expect((await ids({ 'filter[direction]': 'expense' })).data.map((row) => row.amount)).toEqual(
        ['100.05'],
      );
      expect(
        (await ids({ 'filter[status]': 'cancelled,pending' })).data.map((row) => row.amount).sort(),
      ).toEqual(['500.00', '999.99']);
      expect((await ids({ 'filter[status]': 'cancelled' })).totals).toMatchObject({
        income: '0.00',
        counted_records: 0,
      });
      expect(
        (await ids({ 'filter[payment_method]': 'card' })).data.map((row) => row.amount),
      ).toEqual(['0.20']);
      expect((await ids({ 'filter[category_id]': String(categories.sadaqa) })).totals.income).toBe(
        '0.30',
      );
      expect(
        (await ids({ 'filter[from]': '2026-03-02', 'filter[to]': '2026-03-03' })).data.map(
          (row) => row.occurred_on,
        ),
      ).toEqual(['2026-03-03', '2026-03-02']);
      // The amount range is on the absolute amount: the reversal of 40.00 is a 40.00 movement.
      expect(
        (await ids({ 'filter[amount_min]': '40', 'filter[amount_max]': '100.05' })).data
          .map((row) => row.amount)
          .sort(),
      ).toEqual(['-40.00', '100.05', '40.00']);
      // Zakat on both sides: the zakat income (the default category of these fixtures) and the zakat paid out.
      expect(
        (await ids({ 'filter[zakat]': 'true', 'filter[direction]': 'expense' })).data.map(
          (row) => row.amount,
        ),
      ).toEqual(['100.05']);
      expect(
        (await ids({ 'filter[zakat]': 'false' })).data.map((row) => row.amount).sort(),
      ).toEqual(['0.10', '0.20']);
      const bad = await get('/financial-records', {
        'filter[from]': '2026-03-05',
        'filter[to]': '2026-03-01',
        'filter[amount_min]': '10',
        'filter[amount_max]': '5',
      });
      expect([bad.statusCode, bad.json()]).toEqual([
        422,
        {
          message: MESSAGES.validation,
          errors: { 'filter.to': [M.dateRange], 'filter.amount_max': [M.amountRange] },
        },
      ]);
      const badAmount = await get('/financial-records', { 'filter[amount_min]': '1.001' });
      expect([badAmount.statusCode, badAmount.json()]).toEqual([
        422,
        {
          message: MESSAGES.validation,
          errors: { 'filter.amount_min': [FINANCE_MONEY_MESSAGES.decimals] },
        },
      ]);
    });

    test('export: XLSX by default (Arabic headers, right to left), CSV formula-safe; logged', async () => {
      const response = await get('/financial-records/export', {
        'filter[family_id]': String(listFamily.id),
      });
      expect(response.statusCode).toBe(200);
      expect(isZip(response)).toBe(true);
      const sheet = await readXlsx(response);
      expect(sheet.rightToLeft).toBe(true);
      expect(sheet.header).toEqual(FINANCIAL_RECORD_EXPORT_COLUMNS.map((column) => column.header));
      expect(sheet.rows).toHaveLength(7);
      const csv = await get('/financial-records/export', {
        'filter[family_id]': String(listFamily.id),
        'filter[zakat]': 'true',
        'filter[direction]': 'expense',
        format: 'csv',
      });
      const rows = parseCsv(csv.body.replace(/^\uFEFF/, ''));
      expect(rows[1]?.[5]).toBe('100.05');
      expect(
        rows[1]?.[FINANCIAL_RECORD_EXPORT_COLUMNS.findIndex((column) => column.key === 'notes')],
      ).toBe(`'=HYPERLINK("http://x")`);
      const logs = (await h.activityRows('export')).filter(
        (row) => row.entity_type === 'financial_record',
      );
      expect(logs).toHaveLength(2);
      expect(logs[0]?.changes).toMatchObject({ rows: [null, 7], format: [null, 'xlsx'] });
    });
  });

  test('the record form pickers: families with zakat eligibility and their services; organisations, seasons, purposes', async () => {
    const families = financeFamilyOptionListResponseSchema.parse(
      (await get('/financial-records/families', { search: family.file_number })).json(),
    );
    expect(families.data).toEqual([
      {
        id: family.id,
        file_number: family.file_number,
        head_name: expect.any(String) as string,
        status: 'approved',
        zakat_refusal: null,
        services: [
          { id: serviceId, name: 'دعم إيجار', status: 'requested', request_date: '2026-01-05' },
        ],
      },
    ]);
    const pending = financeFamilyOptionListResponseSchema.parse(
      (await get('/financial-records/families', { 'filter[id]': String(pendingFamily.id) })).json(),
    );
    expect(pending.data[0]?.zakat_refusal).toBe(zakatFamilyRefusal('pending_review'));
    const eligible = financeFamilyOptionListResponseSchema.parse(
      (
        await get('/financial-records/families', {
          'filter[zakat_eligible]': 'true',
          per_page: '50',
        })
      ).json(),
    );
    expect(eligible.data.every((row) => row.status === 'approved')).toBe(true);
    expect(eligible.data.map((row) => row.id)).not.toContain(suspendedFamily.id);
    const options = financeOptionsResponseSchema.parse(
      (await get('/financial-records/options')).json(),
    ).data;
    expect(options.organisations).toContainEqual({
      id: orgId,
      name: 'مؤسسة الخير المانحة',
      status: 'active',
    });
    expect(options.seasons.map((season) => season.id)).toContain(seasonId);
    expect(options.restricted_purposes).toEqual(
      expect.arrayContaining(['كفالة الأيتام', 'سلال رمضان']),
    );
  });

  test('the OpenAPI description lists every finance endpoint with its Arabic summary', async () => {
    const document = (await h.request('GET', '/api/openapi.json')).json<{
      paths: Record<string, Record<string, { summary?: string }>>;
    }>();
    for (const endpoint of endpointsOf(
      financialRecordEndpoints,
      financeOptionEndpoints,
      financialCategoryEndpoints,
      financialReportEndpoints,
    )) {
      const path = endpoint.path.replace(/:([A-Za-z]+)/g, '{$1}');
      expect([path, document.paths[path]?.[endpoint.method.toLowerCase()]?.summary]).toEqual([
        path,
        endpoint.summary,
      ]);
    }
  });

  test('every field the finance writes logged has an Arabic label; every entity type an Arabic name', async () => {
    const rows = await sql<{ entity_type: string | null; field: string }>`
      select distinct entity_type, jsonb_object_keys(changes::jsonb) as field
      from activity_log where changes is not null and entity_type like 'financial%'`.execute(h.db);
    expect(rows.rows.length).toBeGreaterThan(20);
    expect(
      rows.rows
        .filter((row) => findActivityFieldLabel(row.entity_type, row.field) === undefined)
        .map((row) => `${row.entity_type ?? '-'}.${row.field}`),
    ).toEqual([]);
    const types = await sql<{
      entity_type: string;
    }>`select distinct entity_type from activity_log where entity_type like 'financial%'`.execute(
      h.db,
    );
    expect(
      types.rows.map((row) => row.entity_type).filter((type) => !(type in ACTIVITY_ENTITY_LABELS)),
    ).toEqual([]);
  });

  test('401 without a token and 403 without show_financial, on every finance endpoint', async () => {
    const other = (
      await h.createEmployee({
        permissions: ['show_families', 'show_services', 'show_orgs'] as PermissionKey[],
      })
    ).token;
    const failures: string[] = [];
    for (const endpoint of endpointsOf(
      financialRecordEndpoints,
      financeOptionEndpoints,
      financialCategoryEndpoints,
      financialReportEndpoints,
    )) {
      const url = `/api${endpoint.path.replace(/:id/g, '1')}`;
      const payload = endpoint.method === 'GET' ? undefined : {};
      const anonymous = await h.request(endpoint.method, url, { body: payload });
      if (
        anonymous.statusCode !== 401 ||
        anonymous.json<{ message: string }>().message !== MESSAGES.unauthenticated
      )
        failures.push(`${endpoint.id}: ${anonymous.statusCode} without a token`);
      const refused = await h.request(endpoint.method, url, { token: other, body: payload });
      if (
        refused.statusCode !== 403 ||
        refused.json<{ message: string }>().message !== MESSAGES.forbidden
      )
        failures.push(`${endpoint.id}: ${refused.statusCode} without the key`);
    }
    expect(failures).toEqual([]);
    // A super admin passes.
    expect((await h.request('GET', '/api/financial-records', { token: admin })).statusCode).toBe(
      200,
    );
  });
});
