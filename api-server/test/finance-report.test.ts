import { sql } from 'kysely';
import { ARABIC_MESSAGES, todayIso } from 'shared-contracts';
import {
  FINANCIAL_RECORD_MESSAGES as M,
  FINANCIAL_REPORT_EXPORT_COLUMNS,
  FINANCIAL_REPORT_SECTIONS,
  lastTwelveMonthsPeriod,
  financialCategoryListResponseSchema,
  financialRecordListResponseSchema,
  financialRecordResponseSchema,
  financialReportResponseSchema,
  zakatFamilyRefusal,
  type FinancialReport,
} from 'shared-contracts/finance';
import { findActivityFieldLabel } from 'shared-contracts/admin';
import { MESSAGES } from '../src/http/errors';
import {
  BENEFICIARY_KEYS,
  approvedFamily,
  isZip,
  parseCsv,
  readXlsx,
  type CreatedFamily,
} from './support/beneficiaries';
import { describeEachDatabase } from './support/harness';

/** Fakes only the clock (`Date`), so the database drivers' timers keep running. */
function atInstant(iso: string): void {
  jest.useFakeTimers({
    now: new Date(iso),
    doNotFake: [
      'nextTick',
      'setImmediate',
      'clearImmediate',
      'setTimeout',
      'clearTimeout',
      'setInterval',
      'clearInterval',
      'queueMicrotask',
      'hrtime',
      'performance',
    ],
  });
}

/**
 * The financial report against hand-computed fixtures: cancelled and pending records
 * left out, a refunded original and its reversing entry netting to zero in their own months,
 * records entered at 23:30 on the last day of January and at 00:30 on the first of February,
 * Riyadh time (20:30 and 21:30 UTC on 31 January: by UTC both would be January), and amounts
 * whose float sum is wrong (0.1 + 0.2).
 */
describeEachDatabase('finance: the report', (h) => {
  let token = '';
  let familyA: CreatedFamily;
  let familyB: CreatedFamily;
  let orgId = 0;
  const categories: Record<string, number> = {};
  const period = { from: '2025-01-01', to: '2025-03-31' };

  const post = (url: string, body: unknown) => h.request('POST', `/api${url}`, { token, body });
  const get = (url: string, query?: Record<string, string>) =>
    h.request('GET', `/api${url}`, { token, query });

  async function record(fields: Record<string, unknown>): Promise<number> {
    const response = await post('/financial-records', {
      payment_method: 'cash',
      ...fields,
      category_id: categories[fields.category as string],
      category: undefined,
    });
    if (response.statusCode !== 201) throw new Error(`${response.statusCode} ${response.payload}`);
    return financialRecordResponseSchema.parse(response.json()).data.id;
  }
  const income = (
    category: string,
    amount: string,
    occurred_on?: string,
    extra: Record<string, unknown> = {},
  ) => record({ direction: 'income', category, amount, occurred_on, ...extra });
  const expense = (
    category: string,
    amount: string,
    occurred_on: string,
    extra: Record<string, unknown> = {},
  ) => record({ direction: 'expense', category, amount, occurred_on, ...extra });
  async function reverse(id: number, on: string) {
    const response = await post(`/financial-records/${id}/reverse`, {
      reason: 'تصحيح بقيد عكسي',
      occurred_on: on,
    });
    if (response.statusCode !== 201) throw new Error(response.payload);
  }

  const report = async (query: Record<string, string> = period): Promise<FinancialReport> => {
    const response = await get('/financial-report', query);
    if (response.statusCode !== 200) throw new Error(response.payload);
    return financialReportResponseSchema.parse(response.json()).data;
  };

  beforeAll(async () => {
    token = (await h.createEmployee({ name: 'أمين الصندوق', permissions: ['show_financial'] }))
      .token;
    const setup = (await h.createEmployee({ permissions: BENEFICIARY_KEYS })).token;
    familyA = await approvedFamily(h, setup);
    familyB = await approvedFamily(h, setup);
    const org = await h.request('POST', '/api/orgs', {
      token: setup,
      body: { name: 'صندوق الأيتام المانح', type: 'donor' },
    });
    orgId = org.json<{ data: { id: number } }>().data.id;
    const list = financialCategoryListResponseSchema.parse(
      (await get('/financial-categories', { per_page: '50' })).json(),
    );
    for (const category of list.data) if (category.code) categories[category.code] = category.id;

    // January
    await income('zakat', '0.10', '2025-01-10');
    await income('zakat', '0.20', '2025-01-10');
    await income('sadaqa', '0.20', '2025-01-31');
    await income('grant', '5000.00', '2025-01-20', {
      restricted_purpose: 'كفالة الأيتام',
      organisation_id: orgId,
      payment_method: 'bank_transfer',
    });
    const donation = await income('general_donation', '1000.00', '2025-01-15');
    // Typed at 23:30 and at 00:30 Riyadh time without a date: the day is Riyadh's.
    try {
      atInstant('2025-01-31T20:30:00.000Z');
      await income('sadaqa', '5.55');
      atInstant('2025-01-31T21:30:00.000Z');
      await income('sadaqa', '7.77');
    } finally {
      jest.useRealTimers();
    }
    // February
    await reverse(donation, '2025-02-03');
    await income('sadaqa', '999.99', '2025-02-10', { status: 'pending' });
    const cancelled = await income('sadaqa', '500.00', '2025-02-11', { status: 'pending' });
    expect(
      (await post(`/financial-records/${cancelled}/cancel`, { reason: 'لم يصل المبلغ' }))
        .statusCode,
    ).toBe(200);
    await expense('zakat_disbursement', '300.33', '2025-02-10', { family_id: familyA.id });
    await expense('cash_aid', '1200.50', '2025-02-15', {
      family_id: familyB.id,
      restricted_purpose: 'كفالة الأيتام',
    });
    // March
    await expense('in_kind_aid', '49.99', '2025-03-31', {
      family_id: familyA.id,
      payment_method: 'in_kind',
    });
    const aid = await expense('cash_aid', '150.00', '2025-03-05', { family_id: familyB.id });
    await reverse(aid, '2025-03-06');
    await expense('operations', '0.01', '2025-03-01');
    // Outside the period.
    await income('zakat', '10000.00', '2024-12-31');
    await expense('salaries', '20000.00', '2025-04-01');
  }, 120_000);

  test('the records typed at 23:30 and 00:30 Riyadh time carry Riyadh dates', async () => {
    const rows = await sql<{ amount: string; occurred_on: string }>`
      select amount::text as amount, occurred_on::text as occurred_on from financial_records where amount in (5.55, 7.77) order by amount`.execute(
      h.db,
    );
    expect(rows.rows).toEqual([
      { amount: '5.55', occurred_on: '2025-01-31' },
      { amount: '7.77', occurred_on: '2025-02-01' },
    ]);
  });

  test('totals and months: hand-computed, to the halala', async () => {
    const data = await report();
    expect(data.period).toEqual(period);
    // Income: 0.10 + 0.20 + 0.20 + 5000.00 + 1000.00 + 5.55 (Jan) + 7.77 − 1000.00 (Feb) = 5013.82.
    // Expense: 300.33 + 1200.50 (Feb) + 49.99 + 150.00 − 150.00 + 0.01 (Mar) = 1550.83.
    expect(data.totals).toEqual({
      income: '5013.82',
      expense: '1550.83',
      balance: '3462.99',
      counted_records: 14,
    });
    expect(data.by_month).toEqual([
      { month: '2025-01', income: '6006.05', expense: '0.00', balance: '6006.05' },
      { month: '2025-02', income: '-992.23', expense: '1500.83', balance: '-2493.06' },
      { month: '2025-03', income: '0.00', expense: '50.00', balance: '-50.00' },
    ]);
  });

  test('by category: income first, larger first; 0.10 + 0.20 is "0.30"; a reversed pair nets to zero', async () => {
    const data = await report();
    expect(data.by_category.map((row) => [row.category.code, row.amount, row.records])).toEqual([
      ['grant', '5000.00', 1],
      ['sadaqa', '13.52', 3],
      ['zakat', '0.30', 2],
      ['general_donation', '0.00', 2],
      ['cash_aid', '1200.50', 3],
      ['zakat_disbursement', '300.33', 1],
      ['in_kind_aid', '49.99', 1],
      ['operations', '0.01', 1],
    ]);
  });

  test('restricted funds, the zakat fund and the top beneficiaries of aid', async () => {
    const data = await report();
    expect(data.restricted).toEqual([
      { purpose: 'كفالة الأيتام', received: '5000.00', spent: '1200.50', balance: '3799.50' },
    ]);
    expect(data.zakat).toEqual({ received: '0.30', spent: '300.33', balance: '-300.03' });
    expect(
      data.top_beneficiaries.map((row) => [
        row.family.id,
        row.amount,
        row.zakat_amount,
        row.records,
      ]),
    ).toEqual([
      [familyB.id, '1200.50', '0.00', 3],
      [familyA.id, '350.32', '300.33', 2],
    ]);
    expect(
      (await report({ ...period, top: '1' })).top_beneficiaries.map((row) => row.family.id),
    ).toEqual([familyB.id]);
  });

  test('a month boundary: the last day of January alone, the first of February alone', async () => {
    expect((await report({ from: '2025-01-31', to: '2025-01-31' })).totals).toEqual({
      income: '5.75',
      expense: '0.00',
      balance: '5.75',
      counted_records: 2,
    });
    expect((await report({ from: '2025-02-01', to: '2025-02-01' })).totals).toEqual({
      income: '7.77',
      expense: '0.00',
      balance: '7.77',
      counted_records: 1,
    });
  });

  test('the list totals of the same period match the report', async () => {
    const list = financialRecordListResponseSchema.parse(
      (
        await get('/financial-records', { 'filter[from]': period.from, 'filter[to]': period.to })
      ).json(),
    );
    const data = await report();
    expect(list.totals).toEqual({
      income: data.totals.income,
      expense: data.totals.expense,
      balance: data.totals.balance,
      counted_records: 14,
      pending_records: 1,
    });
    expect(list.meta.total).toBe(16);
  });

  test('an empty period: every month present with zeros', async () => {
    const data = await report({ from: '2023-11-15', to: '2024-01-02' });
    expect(data.by_month.map((row) => `${row.month}:${row.income}:${row.expense}`)).toEqual([
      '2023-11:0.00:0.00',
      '2023-12:0.00:0.00',
      '2024-01:0.00:0.00',
    ]);
    expect(data).toMatchObject({
      by_category: [],
      restricted: [],
      top_beneficiaries: [],
      zakat: { received: '0.00', spent: '0.00', balance: '0.00' },
    });
  });

  test('422 in Arabic: from after to, dates missing or invalid', async () => {
    const bad = await get('/financial-report', { from: '2025-02-01', to: '2025-01-31' });
    expect([bad.statusCode, bad.json()]).toEqual([
      422,
      { message: MESSAGES.validation, errors: { to: [M.dateRange] } },
    ]);
    const missing = await get('/financial-report', { to: '2025-13-01' });
    expect([missing.statusCode, missing.json()]).toEqual([
      422,
      {
        message: MESSAGES.validation,
        errors: { from: [ARABIC_MESSAGES.required], to: [ARABIC_MESSAGES.invalidDate] },
      },
    ]);
    const exportBad = await get('/financial-report/export', {
      from: '2025-02-01',
      to: '2025-01-31',
    });
    expect(exportBad.statusCode).toBe(422);
  });

  test('export: XLSX (Arabic headers, right to left, every section) and CSV; logged', async () => {
    const before = (await h.activityRows('export')).length;
    const response = await get('/financial-report/export', period);
    expect(response.statusCode).toBe(200);
    expect(isZip(response)).toBe(true);
    const sheet = await readXlsx(response);
    expect(sheet.rightToLeft).toBe(true);
    expect(sheet.header).toEqual(FINANCIAL_REPORT_EXPORT_COLUMNS.map((column) => column.header));
    expect(new Set(sheet.rows.map((row) => row[0]))).toEqual(
      new Set(Object.values(FINANCIAL_REPORT_SECTIONS)),
    );
    expect(sheet.rows[0]).toEqual([
      FINANCIAL_REPORT_SECTIONS.totals,
      // The period in words, as the page states it.
      'من 1 يناير 2025 إلى 31 مارس 2025',
      5013.82,
      1550.83,
      3462.99,
      14,
    ]);
    const csv = await get('/financial-report/export', { ...period, format: 'csv' });
    const rows = parseCsv(csv.body.replace(/^\uFEFF/, ''));
    expect(rows.find((row) => row[0] === FINANCIAL_REPORT_SECTIONS.zakat)).toEqual([
      FINANCIAL_REPORT_SECTIONS.zakat,
      'الزكاة',
      '0.3',
      '300.33',
      '-300.03',
      '',
    ]);
    const logs = (await h.activityRows('export')).slice(before);
    expect(
      logs.map((row) => [row.entity_type, (row.changes as Record<string, unknown>).format]),
    ).toEqual([
      ['financial_report', [null, 'xlsx']],
      ['financial_report', [null, 'csv']],
    ]);
    expect(logs[0]?.entity_label).toBe('تصدير التقرير المالي (من 1 يناير 2025 إلى 31 مارس 2025)');
    for (const field of Object.keys(logs[0]?.changes as Record<string, unknown>))
      expect(findActivityFieldLabel('financial_report', field)).toBeDefined();
    for (const field of ['from', 'to', 'top'])
      expect(findActivityFieldLabel('financial_report', field)).toBeDefined();
    expect((logs[0]?.changes as Record<string, unknown>).filters).toEqual([
      null,
      { search: null, sort: null, order: null, from: '2025-01-01', to: '2025-03-31', top: null },
    ]);
  });
});

/** The demo ledger: two years ending today, deterministic, with every status and the zakat rule kept. */
describeEachDatabase(
  'finance: the demo ledger',
  (h) => {
    test('two years of records, cancelled and refunded ones, zakat paid only to approved families', async () => {
      const stats = await sql<{
        n: number;
        first: string;
        last: string;
        cancelled: number;
        refunded: number;
        reversals: number;
        pending: number;
        linked_services: number;
        linked_seasons: number;
        linked_orgs: number;
      }>`
        select count(*)::int as n, min(occurred_on)::text as first, max(occurred_on)::text as last,
          (count(*) filter (where status = 'cancelled'))::int as cancelled,
          (count(*) filter (where status = 'refunded'))::int as refunded,
          (count(*) filter (where reverses_id is not null))::int as reversals,
          (count(*) filter (where status = 'pending'))::int as pending,
          (count(*) filter (where service_id is not null))::int as linked_services,
          (count(*) filter (where season_id is not null))::int as linked_seasons,
          (count(*) filter (where organisation_id is not null))::int as linked_orgs
        from financial_records`.execute(h.db);
      const row = stats.rows[0];
      expect(row?.n).toBeGreaterThan(500);
      expect(row && row.last <= todayIso()).toBe(true);
      expect(row && row.first <= lastTwelveMonthsPeriod().from).toBe(true);
      expect(row?.cancelled).toBeGreaterThan(0);
      expect(row?.refunded).toBeGreaterThan(0);
      expect(row?.reversals).toBe(row?.refunded);
      expect(row?.linked_services).toBeGreaterThan(0);
      expect(row?.linked_orgs).toBeGreaterThan(0);
      const zakatToOthers = await sql<{ n: number }>`
        select count(*)::int as n from financial_records r
        join financial_categories c on c.id = r.category_id
        left join families f on f.id = r.family_id
        where c.is_zakat and r.direction = 'expense' and r.reverses_id is null and (f.id is null or f.status <> 'approved')`.execute(
        h.db,
      );
      expect(zakatToOthers.rows[0]?.n).toBe(0);
      const zakat = await sql<{ income: number; expense: number }>`
        select (count(*) filter (where r.direction = 'income'))::int as income, (count(*) filter (where r.direction = 'expense'))::int as expense
        from financial_records r join financial_categories c on c.id = r.category_id where c.is_zakat`.execute(
        h.db,
      );
      expect(zakat.rows[0]?.income).toBeGreaterThan(0);
      expect(zakat.rows[0]?.expense).toBeGreaterThan(0);
      expect(zakatFamilyRefusal('approved')).toBeNull();
    });

    test('the report over the last twelve months answers in SQL with every month', async () => {
      const admin = await h.adminToken();
      const response = await h.request('GET', '/api/financial-report', {
        token: admin,
        query: lastTwelveMonthsPeriod(),
      });
      expect(response.statusCode).toBe(200);
      const data = financialReportResponseSchema.parse(response.json()).data;
      expect(data.by_month).toHaveLength(12);
      expect(Number(data.totals.income)).toBeGreaterThan(0);
      expect(data.top_beneficiaries.length).toBeGreaterThan(0);
    });
  },
  { seedDemo: true },
);
