import { sql, type Kysely } from 'kysely';
import { periodText } from 'shared-contracts';
import { familyStatusSchema } from 'shared-contracts/beneficiaries';
import {
  FINANCIAL_REPORT_SECTIONS as S,
  FINANCIAL_REPORT_TOP_DEFAULT,
  financeDirectionLabel,
  reportMonths,
  type FinancialReport,
  type FinancialReportQuery,
} from 'shared-contracts/finance';
import type { Database } from '../../../db/tables';
import type { ExportValue } from '../../../http/export';
import { COUNTED, asMoney, sumWhere } from './records';

/**
 * The financial report, every figure an SQL aggregate over the counted records (completed and
 * refunded, reversing entries included) whose date lies in the period, returned as two-decimal
 * strings. `occurred_on` is a calendar date (the day in Riyadh the money moved, assigned in
 * Riyadh time when not typed), so the month of a record is `date_trunc('month', occurred_on)`
 * on the zone-free `timestamp` — never shifted by the server's or the session's time zone.
 */

const MONTH = sql<string>`to_char(date_trunc('month', r.occurred_on::timestamp), 'YYYY-MM')`;
const INCOME = sql`r.direction = 'income'`;
const EXPENSE = sql`r.direction = 'expense'`;
const ALWAYS = sql`true`;

/** The counted records of the period, joined to their category. */
function periodRecords(db: Kysely<Database>, query: { from: string; to: string }) {
  return db
    .selectFrom('financial_records as r')
    .innerJoin('financial_categories as c', 'c.id', 'r.category_id')
    .where(sql<boolean>`r.status in (${COUNTED})`)
    .where('r.occurred_on', '>=', query.from)
    .where('r.occurred_on', '<=', query.to);
}

function flowColumns() {
  const income = sumWhere(INCOME);
  const expense = sumWhere(EXPENSE);
  return [
    asMoney(income).as('income'),
    asMoney(expense).as('expense'),
    asMoney(sql`${income} - ${expense}`).as('balance'),
  ] as const;
}

export async function financialReport(
  db: Kysely<Database>,
  query: FinancialReportQuery,
): Promise<FinancialReport> {
  const records = periodRecords(db, query);
  const [totals, months, categories, restricted, zakat, families] = await Promise.all([
    records
      .select([...flowColumns(), sql<number>`count(*)::int`.as('counted_records')])
      .executeTakeFirstOrThrow(),
    records
      .select([MONTH.as('month'), ...flowColumns()])
      .groupBy(MONTH)
      .orderBy(MONTH)
      .execute(),
    records
      .select([
        'c.id',
        'c.code',
        'c.name',
        'c.direction',
        'c.is_zakat',
        asMoney(sumWhere(ALWAYS)).as('amount'),
        sql<number>`count(*)::int`.as('records'),
      ])
      .groupBy(['c.id', 'c.code', 'c.name', 'c.direction', 'c.is_zakat'])
      .orderBy(sql`case when c.direction = 'income' then 0 else 1 end`)
      .orderBy(sql`sum(r.amount)`, 'desc')
      .orderBy('c.id')
      .execute(),
    records
      .where('r.restricted_purpose', 'is not', null)
      .select([
        'r.restricted_purpose as purpose',
        asMoney(sumWhere(INCOME)).as('received'),
        asMoney(sumWhere(EXPENSE)).as('spent'),
        asMoney(sql`${sumWhere(INCOME)} - ${sumWhere(EXPENSE)}`).as('balance'),
      ])
      .groupBy('r.restricted_purpose')
      .orderBy('r.restricted_purpose')
      .execute(),
    records
      .where('c.is_zakat', '=', true)
      .select([
        asMoney(sumWhere(INCOME)).as('received'),
        asMoney(sumWhere(EXPENSE)).as('spent'),
        asMoney(sql`${sumWhere(INCOME)} - ${sumWhere(EXPENSE)}`).as('balance'),
      ])
      .executeTakeFirstOrThrow(),
    records
      .innerJoin('families as f', 'f.id', 'r.family_id')
      .where('r.direction', '=', 'expense')
      .select([
        'f.id',
        'f.file_number',
        'f.head_name',
        'f.status',
        asMoney(sumWhere(ALWAYS)).as('amount'),
        asMoney(sumWhere(sql`c.is_zakat`)).as('zakat_amount'),
        sql<number>`count(*)::int`.as('records'),
      ])
      .groupBy(['f.id', 'f.file_number', 'f.head_name', 'f.status'])
      // A family whose aid was all reversed received nothing.
      .having(sql<boolean>`sum(r.amount) > 0`)
      .orderBy(sql`sum(r.amount)`, 'desc')
      .orderBy('f.file_number')
      .limit(query.top ?? FINANCIAL_REPORT_TOP_DEFAULT)
      .execute(),
  ]);

  // Every month of the period, zeros included: the chart's axis has no gaps.
  const byMonth = new Map(months.map((row) => [row.month, row]));
  return {
    period: { from: query.from, to: query.to },
    totals: {
      income: totals.income,
      expense: totals.expense,
      balance: totals.balance,
      counted_records: totals.counted_records,
    },
    by_month: reportMonths(query.from, query.to).map((month) => {
      const row = byMonth.get(month);
      return {
        month,
        income: row?.income ?? '0.00',
        expense: row?.expense ?? '0.00',
        balance: row?.balance ?? '0.00',
      };
    }),
    by_category: categories.map((row) => ({
      category: {
        id: row.id,
        code: row.code,
        name: row.name,
        direction: row.direction,
        is_zakat: row.is_zakat,
      },
      amount: row.amount,
      records: row.records,
    })),
    restricted: restricted.map((row) => ({
      purpose: row.purpose ?? '',
      received: row.received,
      spent: row.spent,
      balance: row.balance,
    })),
    zakat: { received: zakat.received, spent: zakat.spent, balance: zakat.balance },
    top_beneficiaries: families.map((row) => ({
      family: {
        id: row.id,
        file_number: row.file_number,
        head_name: row.head_name,
        status: familyStatusSchema.parse(row.status),
      },
      amount: row.amount,
      zakat_amount: row.zakat_amount,
      records: row.records,
    })),
  };
}

/** A money string as a spreadsheet number (exact for numeric(14,2)). */
const cell = (value: string) => Number(value);

/** The export's rows (`FINANCIAL_REPORT_EXPORT_COLUMNS`), section by section as the page shows them. */
export async function* reportExportRows(
  report: FinancialReport,
): AsyncGenerator<Record<string, ExportValue>> {
  yield {
    section: S.totals,
    item: periodText(report.period.from, report.period.to),
    income: cell(report.totals.income),
    expense: cell(report.totals.expense),
    balance: cell(report.totals.balance),
    records: report.totals.counted_records,
  };
  for (const month of report.by_month) {
    yield {
      section: S.months,
      item: month.month,
      income: cell(month.income),
      expense: cell(month.expense),
      balance: cell(month.balance),
      records: null,
    };
  }
  for (const row of report.by_category) {
    const income = row.category.direction === 'income';
    yield {
      section: S.categories,
      item: `${row.category.name} (${financeDirectionLabel(row.category.direction)})`,
      income: income ? cell(row.amount) : null,
      expense: income ? null : cell(row.amount),
      balance: null,
      records: row.records,
    };
  }
  for (const row of report.restricted) {
    yield {
      section: S.restricted,
      item: row.purpose,
      income: cell(row.received),
      expense: cell(row.spent),
      balance: cell(row.balance),
      records: null,
    };
  }
  yield {
    section: S.zakat,
    item: 'الزكاة',
    income: cell(report.zakat.received),
    expense: cell(report.zakat.spent),
    balance: cell(report.zakat.balance),
    records: null,
  };
  for (const row of report.top_beneficiaries) {
    yield {
      section: S.beneficiaries,
      item: `${row.family.file_number} — ${row.family.head_name}`,
      income: null,
      expense: cell(row.amount),
      balance: null,
      records: row.records,
    };
  }
}
