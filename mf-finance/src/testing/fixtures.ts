import type { Employee, PermissionKey } from 'shared-contracts';
import type { Family } from 'shared-contracts/beneficiaries';
import type {
  FinanceFamilyOption,
  FinanceTotals,
  FinancialCategory,
  FinancialRecord,
  FinancialReport,
} from 'shared-contracts/finance';

/** Everything the finance section needs: its records and report, and the families, organisations and programmes they link to. */
export const FINANCE_KEYS: PermissionKey[] = [
  'show_financial',
  'show_families',
  'show_orgs',
  'show_seasonal',
];

/** The logged-in employee of a test (an accountant unless told otherwise). */
export function employee(permissions: PermissionKey[] = FINANCE_KEYS): Employee {
  return {
    id: 1,
    name: 'خالد المحاسب',
    email: 'khalid@example.org',
    active: true,
    permissions,
    role: null,
  };
}

// --- finance fixtures: the API's shapes, parsed by the tests' fake answers ---------

/** A category as the API lists it. */
export function category(overrides: Partial<FinancialCategory> = {}): FinancialCategory {
  return {
    id: 1,
    code: 'zakat',
    name: 'زكاة',
    direction: 'income',
    is_zakat: true,
    active: true,
    description: null,
    records_count: 3,
    created_at: '2026-01-01T08:00:00.000Z',
    updated_at: '2026-01-01T08:00:00.000Z',
    ...overrides,
  };
}

/** The seeded list, shortened: two income and three expense categories (one inactive). */
export function categories(): FinancialCategory[] {
  return [
    category(),
    category({ id: 2, code: 'sadaqa', name: 'صدقة', is_zakat: false, records_count: 0 }),
    category({
      id: 6,
      code: 'zakat_disbursement',
      name: 'صرف الزكاة للمستحقين',
      direction: 'expense',
    }),
    category({
      id: 7,
      code: 'cash_aid',
      name: 'مساعدات نقدية',
      direction: 'expense',
      is_zakat: false,
    }),
    category({
      id: 9,
      code: null,
      name: 'قرطاسية',
      direction: 'expense',
      is_zakat: false,
      active: false,
    }),
  ];
}

/** A completed income record (zakat received, linked to a family). */
export function record(overrides: Partial<FinancialRecord> = {}): FinancialRecord {
  return {
    id: 41,
    direction: 'income',
    amount: '1250.50',
    occurred_on: '2026-03-31',
    category: { id: 1, code: 'zakat', name: 'زكاة', direction: 'income', is_zakat: true },
    status: 'completed',
    cancel_reason: null,
    payment_method: 'bank_transfer',
    restricted_purpose: null,
    reference_number: 'TRX-2026-0041',
    receipt_number: 'R-1041',
    family: {
      id: 7,
      file_number: 'F-1446-00007',
      head_name: 'محمد أحمد الشهري',
      status: 'approved',
    },
    organisation: null,
    season: null,
    service: null,
    notes: null,
    reverses_id: null,
    reversed_by_id: null,
    created_by: { id: 1, name: 'خالد المحاسب' },
    created_at: '2026-03-31T20:30:00.000Z',
    updated_at: '2026-03-31T20:30:00.000Z',
    ...overrides,
  };
}

/** Totals of a filtered set, as the API sums them (strings, two decimals). */
export function totals(overrides: Partial<FinanceTotals> = {}): FinanceTotals {
  return {
    income: '1250.80',
    expense: '0.30',
    balance: '1250.50',
    counted_records: 3,
    pending_records: 1,
    ...overrides,
  };
}

/** The list's answer: `{ data, meta, totals }`. */
export function recordList(rows: FinancialRecord[], listTotals: FinanceTotals = totals()) {
  return {
    data: rows,
    meta: { page: 1, per_page: 20, total: rows.length, last_page: 1 },
    totals: listTotals,
  };
}

/** A report for January–March 2026, figures hand-computed (0.10 + 0.20 = 0.30). */
export function report(overrides: Partial<FinancialReport> = {}): FinancialReport {
  return {
    period: { from: '2026-01-01', to: '2026-03-31' },
    totals: { income: '1500.30', expense: '700.10', balance: '800.20', counted_records: 6 },
    by_month: [
      { month: '2026-01', income: '1000.10', expense: '500.00', balance: '500.10' },
      { month: '2026-02', income: '0.00', expense: '0.00', balance: '0.00' },
      { month: '2026-03', income: '500.20', expense: '200.10', balance: '300.10' },
    ],
    by_category: [
      {
        category: { id: 1, code: 'zakat', name: 'زكاة', direction: 'income', is_zakat: true },
        amount: '1500.30',
        records: 3,
      },
      {
        category: {
          id: 6,
          code: 'zakat_disbursement',
          name: 'صرف الزكاة للمستحقين',
          direction: 'expense',
          is_zakat: true,
        },
        amount: '700.10',
        records: 3,
      },
    ],
    restricted: [
      { purpose: 'كفالة الأيتام', received: '1000.10', spent: '0.30', balance: '999.80' },
    ],
    zakat: { received: '1500.30', spent: '700.10', balance: '800.20' },
    top_beneficiaries: [
      {
        family: {
          id: 7,
          file_number: 'F-1446-00007',
          head_name: 'محمد أحمد الشهري',
          status: 'approved',
        },
        amount: '700.10',
        zakat_amount: '700.10',
        records: 3,
      },
    ],
    ...overrides,
  };
}

/** A family as `GET /families` lists it (the link picker's search). */
export function family(overrides: Partial<Family> = {}): Family {
  return {
    id: 7,
    file_number: 'F-1446-00007',
    status: 'approved',
    status_reason: null,
    status_changed_at: null,
    head_name: 'محمد أحمد الشهري',
    head_national_id: null,
    primary_phone: null,
    members_count: 4,
    total_income: 3000,
    per_capita_income: 750,
    city: null,
    district: null,
    categories: [],
    researcher: null,
    next_reassessment_date: null,
    reassessment_overdue: false,
    created_at: '2026-01-01T08:00:00.000Z',
    updated_at: '2026-01-01T08:00:00.000Z',
    ...overrides,
  };
}

/** A family as finance's own lookup answers it (`GET /financial-records/families`): only what linking needs. */
export function familyOption(overrides: Partial<FinanceFamilyOption> = {}): FinanceFamilyOption {
  const { id, file_number, head_name, status } = family();
  return { id, file_number, head_name, status, zakat_refusal: null, services: [], ...overrides };
}
