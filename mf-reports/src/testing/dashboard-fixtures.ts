import type { PermissionKey } from 'shared-contracts';
import type { Dashboard } from 'shared-contracts/reports';

/** Every key the dashboard's sections and the lists behind them need. */
export const DASHBOARD_ALL_KEYS: PermissionKey[] = [
  'show_index',
  'show_families',
  'show_services',
  'show_financial',
  'show_seminars',
  'show_surveys',
];

const MONTHS = [
  '2025-12',
  '2026-01',
  '2026-02',
  '2026-03',
  '2026-04',
  '2026-05',
  '2026-06',
  '2026-07',
  '2026-08',
  '2026-09',
  '2026-10',
  '2026-11',
];

/** A dashboard answer with every section; `overrides` replaces whole sections (null leaves one out). */
export function dashboard(overrides: Partial<Dashboard> = {}): Dashboard {
  return {
    today: '2026-11-24',
    month: '2026-11',
    families: {
      total: 12,
      by_status: [
        { status: 'draft', count: 1 },
        { status: 'pending_review', count: 3 },
        { status: 'approved', count: 6 },
        { status: 'rejected', count: 0 },
        { status: 'suspended', count: 1 },
        { status: 'archived', count: 1 },
      ],
      registrations: MONTHS.map((month, index) => ({ month, count: index === 11 ? 4 : index % 3 })),
      reassessment_overdue: 2,
    },
    visits: { planned: 4, done: 3, overdue: 1 },
    services: { delivered_this_month: 7, pending: 5, overdue: 1 },
    finance: { income: '1500.25', expense: '320.00' },
    seminars: {
      upcoming: [
        {
          id: 31,
          title: 'ندوة التوعية الصحية',
          starts_at: '2026-11-30T17:30',
          capacity: 40,
          registered: 12,
          waiting: 0,
        },
      ],
    },
    surveys: {
      open_count: 1,
      open: [{ id: 41, title: 'استبيان رضا المستفيدين', ends_on: '2026-12-15', responses: 9 }],
    },
    ...overrides,
  };
}
