import { z } from 'zod';
import { access, defineEndpoints } from '../../core/endpoint';
import { itemEnvelopeOf } from '../../core/envelope';
import { defineNoun } from '../../core/plural';
import { familyStatusSchema } from '../../beneficiaries/family-status';
import { moneyStringSchema } from '../../finance/money';
import type { PermissionKey } from '../../permissions';

/**
 * The dashboard (`GET /dashboard`, page /dashboard, `show_index`): the figures a manager opens
 * the day with, computed in SQL in one request. Each section is there only when the employee
 * holds the key of the list behind it (`DASHBOARD_SECTION_KEYS`); without it the server sends
 * `null`, so a figure the employee may not open never reaches the browser.
 *
 * Months are Riyadh calendar months (`YYYY-MM`); "this month" runs from its first day to its last
 * day inclusive; money is a two-decimal string summed in PostgreSQL (finance/money.ts).
 */

/** The key that opens each section (the key of the list its figures link to). */
export const DASHBOARD_SECTION_KEYS = {
  families: 'show_families',
  visits: 'show_families',
  services: 'show_services',
  finance: 'show_financial',
  seminars: 'show_seminars',
  surveys: 'show_surveys',
} as const satisfies Record<string, PermissionKey>;
export type DashboardSection = keyof typeof DASHBOARD_SECTION_KEYS;

/** How many months the registrations series covers (the current one included). */
export const DASHBOARD_REGISTRATION_MONTHS = 12;
/** How many upcoming seminars and open surveys the dashboard lists. */
export const DASHBOARD_LIST_LIMIT = 5;

const count = z.number().int().min(0);
const monthSchema = z.string().regex(/^\d{4}-\d{2}$/);
const dateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const dashboardFamiliesSchema = z.object({
  total: count,
  /** Every status, zeros included, in the order of FAMILY_STATUSES. */
  by_status: z.array(z.object({ status: familyStatusSchema, count })),
  /** The last 12 Riyadh months, oldest first, zeros included (families by `created_at`). */
  registrations: z.array(z.object({ month: monthSchema, count })),
  /** Families whose next reassessment date is before today (the families list's own filter). */
  reassessment_overdue: count,
});

/** Field visits dated in this month (the visits list's own filters, period = this month). */
export const dashboardVisitsSchema = z.object({
  /** Not recorded yet (overdue ones included). */
  planned: count,
  /** Recorded with an outcome. */
  done: count,
  /** Not recorded and planned before today. */
  overdue: count,
});

export const dashboardServicesSchema = z.object({
  /** Delivered with a delivery date in this month. */
  delivered_this_month: count,
  /** Open: requested, approved or in progress (any month). */
  pending: count,
  /** Open and past their expected date (the services list's `overdue` filter). */
  overdue: count,
});

export const dashboardFinanceSchema = z.object({
  /** Counted records (completed, refunded, reversals) dated in this month. */
  income: moneyStringSchema,
  expense: moneyStringSchema,
});

export const dashboardSeminarSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  /** Riyadh wall-clock `YYYY-MM-DDTHH:MM`, as the seminars module keeps it. */
  starts_at: z.string(),
  capacity: count,
  registered: count,
  waiting: count,
});

export const dashboardSurveySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  ends_on: dateSchema,
  responses: count,
});

export const dashboardSchema = z.object({
  /** Riyadh's today and its month: what "this month" and "overdue" were computed against. */
  today: dateSchema,
  month: monthSchema,
  families: dashboardFamiliesSchema.nullable(),
  visits: dashboardVisitsSchema.nullable(),
  services: dashboardServicesSchema.nullable(),
  finance: dashboardFinanceSchema.nullable(),
  /** The next seminars not held or cancelled, soonest first. */
  seminars: z.object({ upcoming: z.array(dashboardSeminarSchema) }).nullable(),
  /** Open surveys (the soonest to close first) with their response counts, and how many are open in all. */
  surveys: z.object({ open_count: count, open: z.array(dashboardSurveySchema) }).nullable(),
});
export type Dashboard = z.output<typeof dashboardSchema>;
export const dashboardResponseSchema = itemEnvelopeOf(dashboardSchema);

export const dashboardEndpoints = defineEndpoints('dashboard', {
  show: {
    method: 'GET',
    path: '/dashboard',
    response: dashboardResponseSchema,
    access: access.allOf('show_index'),
    summary: 'لوحة التحكم: أرقام اليوم، كل قسم لمن يملك صلاحية القائمة التي خلفه',
  },
});

/** The Riyadh months of the registrations series ending with `today`'s month, oldest first. */
export function dashboardMonths(today: string, count = DASHBOARD_REGISTRATION_MONTHS): string[] {
  const [year = 0, month = 1] = today.split('-').map(Number);
  const months: string[] = [];
  for (let back = count - 1; back >= 0; back -= 1) {
    const index = year * 12 + (month - 1) - back;
    months.push(`${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`);
  }
  return months;
}

/** The first and last day (`YYYY-MM-DD`) of a month `YYYY-MM`. */
export function monthBounds(month: string): { from: string; to: string } {
  const [year = 0, number = 1] = month.split('-').map(Number);
  // Day 0 of the next month is the last day of this one (UTC: no zone moves it).
  const last = new Date(Date.UTC(year, number, 0)).getUTCDate();
  return { from: `${month}-01`, to: `${month}-${String(last).padStart(2, '0')}` };
}

/** The dashboard's nouns that NOUNS lacks (counts go through `countOf`). */
export const DASHBOARD_NOUNS = {
  seminar: defineNoun({
    one: 'ندوة',
    two: 'ندوتان',
    few: 'ندوات',
    many: 'ندوة',
    other: 'ندوة',
    gender: 'feminine',
    zero: 'لا توجد ندوات',
  }),
  survey: defineNoun({
    one: 'استبيان',
    two: 'استبيانان',
    few: 'استبيانات',
    many: 'استبياناً',
    other: 'استبيان',
    gender: 'masculine',
    zero: 'لا توجد استبيانات',
  }),
  response: defineNoun({
    one: 'رد',
    two: 'ردان',
    few: 'ردود',
    many: 'رداً',
    other: 'رد',
    gender: 'masculine',
    zero: 'لا توجد ردود',
  }),
} as const;
