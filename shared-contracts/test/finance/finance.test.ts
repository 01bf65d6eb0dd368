import '../../src/index';
import { endpointsOf, type EndpointAccess } from '../../src/core/endpoint';
import { ARABIC_MESSAGES } from '../../src/core/arabic-error-map';
import { REASON_REQUIRED_MESSAGE, todayIso } from '../../src/core/values';
import {
  ACTIVITY_ENTITY_LABELS,
  ACTIVITY_FIELD_LABELS,
  findActivityFieldLabel,
} from '../../src/admin';
import {
  FINANCE_ACTIVITY_ENTITY_ACCESS,
  FINANCE_COUNTED_STATUSES,
  FINANCE_MONEY_MESSAGES,
  FINANCIAL_CATEGORY_FIELD_LABELS,
  FINANCIAL_RECORD_FIELD_LABELS,
  FINANCIAL_RECORD_MESSAGES,
  FINANCIAL_REPORT_MESSAGES,
  SEEDED_FINANCIAL_CATEGORIES,
  lastTwelveMonthsPeriod,
  financeOptionEndpoints,
  financialCategoryEndpoints,
  financialCategoryInputSchema,
  financialListFilterErrors,
  financialRecordActions,
  financialRecordCancelSchema,
  financialRecordEditError,
  financialRecordEndpoints,
  financialRecordExportQuerySchema,
  financialRecordInputSchema,
  financialRecordListQuerySchema,
  financialRecordListResponseSchema,
  financialRecordReverseSchema,
  financialReportEndpoints,
  financialReportExportQuerySchema,
  financialReportQuerySchema,
  fromFinancialRecordListParams,
  halalasToMoney,
  moneyAmountInputSchema,
  moneyStringSchema,
  moneyToHalalas,
  negateMoney,
  reportMonths,
  sumMoney,
  toFinancialRecordListParams,
  zakatFamilyRefusal,
} from '../../src/finance';
import { errorsOf, parseOk } from '../beneficiaries/helpers';

const accessText = (access: EndpointAccess) =>
  access.kind === 'permissions' ? access.all.join(' ') : access.kind;

function shiftDays(iso: string, days: number): string {
  const date = new Date(`${iso}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

const validRecord = {
  direction: 'income',
  amount: '1250.50',
  occurred_on: '2026-01-31',
  category_id: 1,
  payment_method: 'cash',
};

describe('the finance endpoint declarations', () => {
  test('every finance endpoint, all behind show_financial, with an Arabic summary', () => {
    const all = endpointsOf(
      financialRecordEndpoints,
      financeOptionEndpoints,
      financialCategoryEndpoints,
      financialReportEndpoints,
    );
    expect(
      all.map((endpoint) => `${endpoint.method} ${endpoint.path} ${accessText(endpoint.access)}`),
    ).toEqual([
      'GET /financial-records show_financial',
      'GET /financial-records/export show_financial',
      'GET /financial-records/:id show_financial',
      'POST /financial-records show_financial',
      'PUT /financial-records/:id show_financial',
      'POST /financial-records/:id/cancel show_financial',
      'POST /financial-records/:id/reverse show_financial',
      'GET /financial-records/families show_financial',
      'GET /financial-records/services show_financial',
      'GET /financial-records/options show_financial',
      'GET /financial-categories show_financial',
      'GET /financial-categories/:id show_financial',
      'POST /financial-categories show_financial',
      'PUT /financial-categories/:id show_financial',
      'GET /financial-report show_financial',
      'GET /financial-report/export show_financial',
    ]);
    for (const endpoint of all) expect(endpoint.summary).toMatch(/[\u0600-\u06FF]/);
    expect(financialRecordEndpoints.create.status).toBe(201);
    expect(financialRecordEndpoints.reverse.status).toBe(201);
    expect(financialCategoryEndpoints.create.status).toBe(201);
  });
});

describe('money as two-decimal strings', () => {
  test('typed amounts become the canonical string', () => {
    expect(parseOk(moneyAmountInputSchema, '1250.5')).toBe('1250.50');
    expect(parseOk(moneyAmountInputSchema, '١٬٢٥٠٫٥٠')).toBe('1250.50');
    expect(parseOk(moneyAmountInputSchema, '1,250')).toBe('1250.00');
    expect(parseOk(moneyAmountInputSchema, 0.1)).toBe('0.10');
    expect(parseOk(moneyAmountInputSchema, 7)).toBe('7.00');
    expect(parseOk(moneyAmountInputSchema, '999999999999.99')).toBe('999999999999.99');
  });

  test('amount > 0 with at most two decimals, Arabic messages', () => {
    expect(errorsOf(moneyAmountInputSchema, '0')._).toEqual([FINANCE_MONEY_MESSAGES.positive]);
    expect(errorsOf(moneyAmountInputSchema, '0.00')._).toEqual([FINANCE_MONEY_MESSAGES.positive]);
    expect(errorsOf(moneyAmountInputSchema, '-5')._).toEqual([FINANCE_MONEY_MESSAGES.positive]);
    expect(errorsOf(moneyAmountInputSchema, '1.005')._).toEqual([FINANCE_MONEY_MESSAGES.decimals]);
    expect(errorsOf(moneyAmountInputSchema, 0.001)._).toEqual([FINANCE_MONEY_MESSAGES.decimals]);
    expect(errorsOf(moneyAmountInputSchema, 1e-7)._).toEqual([FINANCE_MONEY_MESSAGES.decimals]);
    expect(errorsOf(moneyAmountInputSchema, '1000000000000')._).toEqual([
      FINANCE_MONEY_MESSAGES.tooBig,
    ]);
    expect(errorsOf(moneyAmountInputSchema, 'abc')._).toEqual([ARABIC_MESSAGES.notANumber]);
    expect(errorsOf(moneyAmountInputSchema, '')._).toEqual([ARABIC_MESSAGES.required]);
    expect(errorsOf(moneyAmountInputSchema, null)._).toEqual([ARABIC_MESSAGES.required]);
    expect(errorsOf(moneyAmountInputSchema, Number.NaN)._).toEqual([ARABIC_MESSAGES.notANumber]);
  });

  test('exact arithmetic in halalas: 0.1 + 0.2 is 0.30', () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(sumMoney(['0.10', '0.20'])).toBe('0.30');
    expect(sumMoney(['1250.50', '-1250.50'])).toBe('0.00');
    expect(sumMoney(['-0.05', '0.01'])).toBe('-0.04');
    expect(moneyToHalalas('999999999999.99')).toBe(99999999999999n);
    expect(halalasToMoney(-5n)).toBe('-0.05');
    expect(negateMoney('1250.50')).toBe('-1250.50');
    expect(negateMoney('-3.00')).toBe('3.00');
  });

  test('responses carry strings only, never numbers', () => {
    expect(moneyStringSchema.safeParse('0.30').success).toBe(true);
    expect(moneyStringSchema.safeParse('-1250.50').success).toBe(true);
    expect(moneyStringSchema.safeParse('0.3').success).toBe(false);
    expect(moneyStringSchema.safeParse(0.3).success).toBe(false);
  });
});

describe('the financial record input', () => {
  test('a valid record: canonical amount, completed by default', () => {
    const parsed = parseOk(financialRecordInputSchema, {
      ...validRecord,
      amount: '١٢٥٠٫٥',
      reference_number: '',
    });
    expect(parsed.amount).toBe('1250.50');
    expect(parsed.status).toBe('completed');
    expect(parsed.reference_number).toBeNull();
  });

  test('required fields and Arabic messages', () => {
    const errors = errorsOf(financialRecordInputSchema, {});
    expect(errors.direction).toEqual([ARABIC_MESSAGES.required]);
    expect(errors.amount).toEqual([ARABIC_MESSAGES.required]);
    expect(errors.category_id).toBeDefined();
    expect(errors.payment_method).toEqual([ARABIC_MESSAGES.required]);
  });

  test('refused values', () => {
    const errors = errorsOf(financialRecordInputSchema, {
      ...validRecord,
      amount: '10.123',
      direction: 'transfer',
      status: 'refunded',
      payment_method: 'bitcoin',
      occurred_on: shiftDays(todayIso(), 1),
    });
    expect(errors.amount).toEqual([FINANCE_MONEY_MESSAGES.decimals]);
    expect(errors.direction).toEqual([ARABIC_MESSAGES.invalidEnum]);
    expect(errors.status).toEqual([ARABIC_MESSAGES.invalidEnum]);
    expect(errors.payment_method).toEqual([ARABIC_MESSAGES.invalidEnum]);
    expect(errors.occurred_on).toEqual([FINANCIAL_RECORD_MESSAGES.dateInFuture]);
  });

  test('a cheque needs its number', () => {
    expect(
      errorsOf(financialRecordInputSchema, { ...validRecord, payment_method: 'cheque' })
        .reference_number,
    ).toEqual([FINANCIAL_RECORD_MESSAGES.chequeNeedsNumber]);
    expect(
      parseOk(financialRecordInputSchema, {
        ...validRecord,
        payment_method: 'cheque',
        reference_number: '004512',
      }).reference_number,
    ).toBe('004512');
  });

  test('cancel and reverse need a reason', () => {
    expect(errorsOf(financialRecordCancelSchema, {}).reason).toEqual([REASON_REQUIRED_MESSAGE]);
    expect(errorsOf(financialRecordCancelSchema, { reason: ' ab ' }).reason).toEqual([
      REASON_REQUIRED_MESSAGE,
    ]);
    expect(parseOk(financialRecordCancelSchema, { reason: 'تبرع مكرر' }).reason).toBe('تبرع مكرر');
    expect(errorsOf(financialRecordReverseSchema, {}).reason).toEqual([REASON_REQUIRED_MESSAGE]);
    expect(
      errorsOf(financialRecordReverseSchema, {
        reason: 'مبلغ خاطئ',
        occurred_on: shiftDays(todayIso(), 2),
      }).occurred_on,
    ).toEqual([FINANCIAL_RECORD_MESSAGES.dateInFuture]);
  });
});

describe('statuses, reversal and the zakat rule', () => {
  test('a completed record is never edited in place; the message points to the reversal', () => {
    expect(financialRecordEditError({ status: 'pending', reverses_id: null })).toBeNull();
    expect(financialRecordEditError({ status: 'completed', reverses_id: null })).toBe(
      FINANCIAL_RECORD_MESSAGES.completedNotEditable,
    );
    expect(FINANCIAL_RECORD_MESSAGES.completedNotEditable).toContain('قيد');
    expect(financialRecordEditError({ status: 'refunded', reverses_id: null })).toContain('مسترد');
    expect(financialRecordEditError({ status: 'completed', reverses_id: 4 })).toBe(
      FINANCIAL_RECORD_MESSAGES.reversalNotEditable,
    );
    expect(financialRecordActions({ status: 'completed', reverses_id: null })).toEqual({
      edit: false,
      cancel: false,
      reverse: true,
    });
    expect(financialRecordActions({ status: 'completed', reverses_id: 3 })).toEqual({
      edit: false,
      cancel: false,
      reverse: false,
    });
    expect(financialRecordActions({ status: 'pending', reverses_id: null })).toEqual({
      edit: true,
      cancel: true,
      reverse: false,
    });
  });

  test('completed and refunded records count; pending and cancelled never', () => {
    expect([...FINANCE_COUNTED_STATUSES]).toEqual(['completed', 'refunded']);
  });

  test('zakat only to approved families, with the reason in Arabic', () => {
    expect(zakatFamilyRefusal('approved')).toBeNull();
    expect(zakatFamilyRefusal('suspended')).toBe(
      'لا يجوز صرف الزكاة لأسرة حالتها «موقوفة»، تُصرف الزكاة للأسر المعتمدة فقط',
    );
    expect(zakatFamilyRefusal('pending_review')).toContain('قيد المراجعة');
  });

  test('the seeded categories: five income, five expense, zakat flagged on both sides', () => {
    expect(
      SEEDED_FINANCIAL_CATEGORIES.filter((c) => c.direction === 'income').map((c) => c.code),
    ).toEqual(['zakat', 'sadaqa', 'general_donation', 'grant', 'waqf_revenue']);
    expect(
      SEEDED_FINANCIAL_CATEGORIES.filter((c) => c.is_zakat).map((c) => `${c.code}:${c.direction}`),
    ).toEqual(['zakat:income', 'zakat_disbursement:expense']);
  });

  test('category input', () => {
    expect(
      parseOk(financialCategoryInputSchema, {
        name: 'كفالة يتيم',
        direction: 'income',
        description: '',
      }),
    ).toEqual({
      name: 'كفالة يتيم',
      direction: 'income',
      is_zakat: false,
      active: true,
      description: null,
    });
    const errors = errorsOf(financialCategoryInputSchema, { name: 'ك', direction: '' });
    expect(errors.name).toEqual([ARABIC_MESSAGES.stringMin(2)]);
    expect(errors.direction).toEqual([ARABIC_MESSAGES.required]);
  });
});

describe('the list query and its totals', () => {
  test('filters round-trip through the URL', () => {
    const state = parseOk(financialRecordListQuerySchema, {
      'filter[direction]': 'expense',
      'filter[status]': 'completed,refunded',
      'filter[family_id]': '7',
      'filter[from]': '2026-01-01',
      'filter[to]': '2026-01-31',
      'filter[amount_min]': '١٠٠',
      'filter[amount_max]': '5000.5',
      'filter[zakat]': 'true',
    });
    expect(state.filter).toEqual({
      direction: ['expense'],
      status: ['completed', 'refunded'],
      family_id: 7,
      from: '2026-01-01',
      to: '2026-01-31',
      amount_min: '100.00',
      amount_max: '5000.50',
      zakat: true,
    });
    expect(
      fromFinancialRecordListParams(new URLSearchParams(toFinancialRecordListParams(state))).filter,
    ).toEqual(state.filter);
  });

  test('bad filters are 422s at their names; cross-field rules in Arabic', () => {
    expect(
      Object.keys(
        errorsOf(financialRecordListQuerySchema, {
          'filter[status]': 'lost',
          'filter[amount_min]': '1.001',
        }),
      ),
    ).toEqual(['filter.status.0', 'filter.amount_min']);
    const state = parseOk(financialRecordListQuerySchema, {
      'filter[from]': '2026-02-01',
      'filter[to]': '2026-01-31',
      'filter[amount_min]': '500',
      'filter[amount_max]': '100',
    });
    expect(financialListFilterErrors(state.filter)).toEqual({
      'filter.to': [FINANCIAL_RECORD_MESSAGES.dateRange],
      'filter.amount_max': [FINANCIAL_RECORD_MESSAGES.amountRange],
    });
    expect(
      financialListFilterErrors({
        from: '2026-01-31',
        to: '2026-01-31',
        amount_min: '5.00',
        amount_max: '5.00',
      }),
    ).toBeNull();
    expect(parseOk(financialRecordExportQuerySchema, {}).format).toBe('xlsx');
  });

  test('the list answer carries totals as strings', () => {
    const answer = {
      data: [],
      meta: { page: 1, per_page: 20, total: 0, last_page: 1 },
      totals: {
        income: '0.30',
        expense: '0.00',
        balance: '0.30',
        counted_records: 2,
        pending_records: 0,
      },
    };
    expect(financialRecordListResponseSchema.parse(answer).totals.income).toBe('0.30');
    expect(
      financialRecordListResponseSchema.safeParse({
        ...answer,
        totals: { ...answer.totals, income: 0.3 },
      }).success,
    ).toBe(false);
  });
});

describe('the report query', () => {
  test('from ≤ to, both required', () => {
    expect(parseOk(financialReportQuerySchema, { from: '2026-01-31', to: '2026-01-31' })).toEqual({
      from: '2026-01-31',
      to: '2026-01-31',
    });
    expect(
      errorsOf(financialReportQuerySchema, { from: '2026-02-01', to: '2026-01-31' }).to,
    ).toEqual([FINANCIAL_RECORD_MESSAGES.dateRange]);
    const missing = errorsOf(financialReportQuerySchema, { from: '', to: '2026-13-01' });
    expect(missing.from).toEqual([ARABIC_MESSAGES.required]);
    expect(missing.to).toEqual([ARABIC_MESSAGES.invalidDate]);
    expect(
      errorsOf(financialReportQuerySchema, { from: '2010-01-01', to: '2026-01-01' }).to,
    ).toEqual([FINANCIAL_REPORT_MESSAGES.periodTooLong]);
    expect(
      parseOk(financialReportExportQuerySchema, { from: '2026-01-01', to: '2026-03-31' }).format,
    ).toBe('xlsx');
    expect(
      errorsOf(financialReportExportQuerySchema, {
        from: '2026-01-01',
        to: '2026-03-31',
        format: 'pdf',
      }).format,
    ).toEqual([ARABIC_MESSAGES.invalidEnum]);
  });

  test('months of a period and the default period', () => {
    expect(reportMonths('2025-11-15', '2026-02-01')).toEqual([
      '2025-11',
      '2025-12',
      '2026-01',
      '2026-02',
    ]);
    expect(reportMonths('2026-01-01', '2026-01-31')).toEqual(['2026-01']);
    expect(lastTwelveMonthsPeriod('2026-11-24')).toEqual({ from: '2025-12-01', to: '2026-11-24' });
    expect(lastTwelveMonthsPeriod('2026-12-05')).toEqual({ from: '2026-01-01', to: '2026-12-05' });
  });
});

describe('the activity-log vocabulary', () => {
  test('every logged field and entity has an Arabic label, readable with show_financial', () => {
    expect(ACTIVITY_ENTITY_LABELS.financial_record).toBe('قيد مالي');
    expect(ACTIVITY_ENTITY_LABELS.financial_category).toBe('تصنيف مالي');
    for (const field of Object.keys(FINANCIAL_RECORD_FIELD_LABELS)) {
      expect(findActivityFieldLabel('financial_record', field)).toMatch(/[\u0600-\u06FF]/);
    }
    expect(ACTIVITY_FIELD_LABELS.financial_category).toBe(FINANCIAL_CATEGORY_FIELD_LABELS);
    expect(FINANCE_ACTIVITY_ENTITY_ACCESS.financial_record).toEqual(['show_financial']);
  });
});
