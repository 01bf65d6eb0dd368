import { z } from 'zod';
import { access, defineEndpoints, fileResponse } from '../core/endpoint';
import { itemEnvelopeOf } from '../core/envelope';
import { EXPORT_FORMATS } from '../core/list-query';
import { ARABIC_MESSAGES } from '../core/arabic-error-map';
import { integerInputSchema, isBlank, isoDateSchema, todayIso } from '../core/values';
import { financialCategoryRefSchema } from './category';
import { moneyStringSchema } from './money';
import { FINANCIAL_RECORD_MESSAGES, financeFamilyRefSchema } from './record';

/**
 * The financial report (التقرير المالي, `/financial/report`) for a period `from`–`to` (both
 * inclusive, on the records' date `occurred_on`, a calendar date in Riyadh):
 * - the totals (income, expense, balance = income − expense);
 * - income and expense by month (every month of the period, zeros included, `YYYY-MM`, oldest
 *   first) and by category;
 * - restricted funds received versus spent, per restricted purpose, and the zakat fund (zakat
 *   categories) received versus paid out;
 * - the top beneficiaries of aid: the families with the most expense linked to them.
 * Every figure counts the records whose status is in `FINANCE_COUNTED_STATUSES` (completed and
 * refunded, reversing entries included: a reversed pair nets to zero), is summed in SQL, and is a
 * two-decimal string ("0.30", never 0.30000000000000004). Needs `show_financial`.
 */

export const FINANCIAL_REPORT_MESSAGES = {
  exportLabel: 'تصدير التقرير المالي',
  periodTooLong: 'الفترة يجب ألا تزيد عن عشر سنوات',
} as const;

/** The longest period a report covers (its monthly series stays readable and bounded). */
export const FINANCIAL_REPORT_MAX_MONTHS = 120;
export const FINANCIAL_REPORT_TOP_DEFAULT = 10;

function monthsBetween(from: string, to: string): number {
  const [fromYear = 0, fromMonth = 0] = from.split('-').map(Number);
  const [toYear = 0, toMonth = 0] = to.split('-').map(Number);
  return (toYear - fromYear) * 12 + (toMonth - fromMonth) + 1;
}

const requiredDate = z.preprocess(
  (value: unknown) => (isBlank(value) ? undefined : value),
  isoDateSchema,
);

const reportPeriodShape = {
  from: requiredDate,
  to: requiredDate,
  /** How many families the top-beneficiaries table lists (1–50, default 10). */
  top: z
    .preprocess(
      (value: unknown) => (isBlank(value) ? undefined : value),
      integerInputSchema(1, 50).optional(),
    )
    .optional(),
};

function periodRules(value: { from: string; to: string }, ctx: z.RefinementCtx): void {
  if (value.from > value.to) {
    ctx.addIssue({
      code: 'custom',
      message: FINANCIAL_RECORD_MESSAGES.dateRange,
      path: ['to'],
      input: value.to,
    });
  } else if (monthsBetween(value.from, value.to) > FINANCIAL_REPORT_MAX_MONTHS) {
    ctx.addIssue({
      code: 'custom',
      message: FINANCIAL_REPORT_MESSAGES.periodTooLong,
      path: ['to'],
      input: value.to,
    });
  }
}

/** `GET /financial-report?from=2026-01-01&to=2026-12-31&top=10`: both dates required, `from` ≤ `to` (422 at `to`). */
export const financialReportQuerySchema = z.object(reportPeriodShape).superRefine(periodRules);
export type FinancialReportQuery = z.output<typeof financialReportQuerySchema>;

/** `GET /financial-report/export?from=&to=&format=xlsx` (default) or `csv`. */
export const financialReportExportQuerySchema = z
  .object({
    ...reportPeriodShape,
    format: z.enum(EXPORT_FORMATS, { error: ARABIC_MESSAGES.invalidEnum }).default('xlsx'),
  })
  .superRefine(periodRules);
export type FinancialReportExportQuery = z.output<typeof financialReportExportQuerySchema>;

/** The period a report page opens on: the twelve months ending with the current one. */
export function lastTwelveMonthsPeriod(today: string = todayIso()): { from: string; to: string } {
  const [year = 2000, month = 1] = today.split('-').map(Number);
  const start = month === 12 ? { year, month: 1 } : { year: year - 1, month: month + 1 };
  return { from: `${start.year}-${String(start.month).padStart(2, '0')}-01`, to: today };
}

/** The `YYYY-MM` months of a period, oldest first (the report's `by_month` has one row each). */
export function reportMonths(from: string, to: string): string[] {
  const months: string[] = [];
  let [year = 0, month = 0] = from.split('-').map(Number);
  const last = to.slice(0, 7);
  for (let guard = 0; guard <= FINANCIAL_REPORT_MAX_MONTHS + 1; guard += 1) {
    const key = `${year}-${String(month).padStart(2, '0')}`;
    months.push(key);
    if (key >= last) break;
    month += 1;
    if (month > 12) {
      month = 1;
      year += 1;
    }
  }
  return months;
}

const flowSchema = z.object({
  income: moneyStringSchema,
  expense: moneyStringSchema,
  balance: moneyStringSchema,
});

export const financialReportSchema = z.object({
  period: z.object({ from: z.iso.date(), to: z.iso.date() }),
  totals: flowSchema.extend({ counted_records: z.number().int().min(0) }),
  /** Every month of the period, oldest first, zeros included. */
  by_month: z.array(flowSchema.extend({ month: z.string().regex(/^\d{4}-\d{2}$/) })),
  /** The categories with counted records in the period: income first, then expense, larger amounts first. */
  by_category: z.array(
    z.object({
      category: financialCategoryRefSchema,
      amount: moneyStringSchema,
      records: z.number().int().min(0),
    }),
  ),
  /** Per restricted purpose (records with one), by purpose name. */
  restricted: z.array(
    z.object({
      purpose: z.string(),
      received: moneyStringSchema,
      spent: moneyStringSchema,
      balance: moneyStringSchema,
    }),
  ),
  /** The zakat fund: zakat-category income versus zakat-category expense. */
  zakat: z.object({
    received: moneyStringSchema,
    spent: moneyStringSchema,
    balance: moneyStringSchema,
  }),
  /** The families with the most expense linked to them, largest first (ties by file number). */
  top_beneficiaries: z.array(
    z.object({
      family: financeFamilyRefSchema,
      amount: moneyStringSchema,
      zakat_amount: moneyStringSchema,
      records: z.number().int().min(0),
    }),
  ),
});
export type FinancialReport = z.infer<typeof financialReportSchema>;
export const financialReportResponseSchema = itemEnvelopeOf(financialReportSchema);

/**
 * The report export: one sheet, one row per figure, grouped by section (totals, months,
 * categories, restricted purposes, zakat, top beneficiaries) so it reads like the page.
 */
export const FINANCIAL_REPORT_EXPORT_COLUMNS = [
  { key: 'section', header: 'القسم' },
  { key: 'item', header: 'البند' },
  { key: 'income', header: 'الإيرادات / الوارد (ريال)' },
  { key: 'expense', header: 'المصروفات / المنصرف (ريال)' },
  { key: 'balance', header: 'الرصيد / المبلغ (ريال)' },
  { key: 'records', header: 'عدد القيود' },
] as const;

/** The Arabic section names of the export (and the page's headings). */
export const FINANCIAL_REPORT_SECTIONS = {
  totals: 'الإجماليات',
  months: 'حسب الشهر',
  categories: 'حسب التصنيف',
  restricted: 'الأموال المقيدة',
  zakat: 'صندوق الزكاة',
  beneficiaries: 'أكثر الأسر استفادة',
} as const;

const financeKey = access.allOf('show_financial');

export const financialReportEndpoints = defineEndpoints('financial-report', {
  show: {
    method: 'GET',
    path: '/financial-report',
    query: financialReportQuerySchema,
    response: financialReportResponseSchema,
    access: financeKey,
    summary:
      'التقرير المالي لفترة: حسب الشهر والتصنيف، الأموال المقيدة، الزكاة، أكثر الأسر استفادة',
  },
  export: {
    method: 'GET',
    path: '/financial-report/export',
    query: financialReportExportQuerySchema,
    response: fileResponse,
    access: financeKey,
    summary: 'تصدير التقرير المالي (XLSX أو CSV)',
  },
});
