import type { Insertable, Transaction } from 'kysely';
import { normaliseArabic, todayIso } from 'shared-contracts';
import { halalasToMoney, negateMoney } from 'shared-contracts/finance';
import type { SeedContext } from '../../db/seed';
import type { Database } from '../../db/tables';
import { seededRandom } from '../families';
import type { FinancialRecordsTable } from './tables';

/** How far back the demo ledger goes. */
export const DEMO_FINANCE_MONTHS = 24;

const DAY_MS = 24 * 60 * 60 * 1000;
const addDays = (iso: string, days: number) =>
  new Date(Date.parse(`${iso}T00:00:00.000Z`) + days * DAY_MS).toISOString().slice(0, 10);
const earliest = (a: string, b: string) => (a < b ? a : b);
/** The first day of the month `back` months before `today`'s month. */
function monthStart(today: string, back: number): string {
  const [year = 2000, month = 1] = today.split('-').map(Number);
  const index = year * 12 + (month - 1) - back;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}-01`;
}
/** 10:00 Riyadh on a date, with a few minutes' spread (the entry's time of typing). */
const morningOf = (iso: string, minutes: number) =>
  new Date(Date.parse(`${iso}T07:00:00.000Z`) + minutes * 60_000);

const RESTRICTED_PURPOSES = ['كفالة الأيتام', 'سلال رمضان', 'كسوة العيد', 'ترميم منازل الأسر'];
const CANCEL_REASONS = [
  'تبرع مكرر أُدخل مرتين',
  'لم يصل المبلغ إلى الحساب',
  'اعتذار المتبرع عن الدفع',
];
const REVERSE_REASONS = [
  'استرداد التبرع بطلب من المتبرع',
  'المبلغ سُجّل على تصنيف خاطئ',
  'إعادة المبلغ لعدم اكتمال المستندات',
];
const DONOR_NOTES = [
  'تبرع عبر المنصة الإلكترونية',
  'تبرع نقدي في مقر الجمعية',
  'استقطاع شهري',
  null,
  null,
];

type Seeded = Insertable<FinancialRecordsTable> & { reverse?: { on: string; reason: string } };

/**
 * The demo ledger (SEED_DEMO), after the families, organisations, seasons and services: two years
 * of records ending today — zakat, sadaqa, donations, grants from the demo organisations (some
 * restricted to a purpose) and monthly waqf revenue in; zakat paid to approved families, cash and
 * in-kind aid (linked to delivered services and to the seasons), operations and salaries out —
 * with a few pending, cancelled (with a reason) and refunded ones (each with its reversing
 * entry). Amounts are whole halalas turned into decimal strings. Seeded random: the same data on
 * every new database of a day.
 */
export async function seedFinance(trx: Transaction<Database>, context: SeedContext): Promise<void> {
  if (!context.demo) return;
  const random = seededRandom(20261124);
  const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
  const pick = <T>(list: readonly T[]): T => {
    const item = list[Math.floor(random() * list.length)];
    if (item === undefined) throw new Error('picked from an empty list');
    return item;
  };
  /** An amount between min and max riyals, rounded to `step` riyals, sometimes with halalas. */
  const riyals = (min: number, max: number, step = 50) => {
    const whole = BigInt(Math.round(int(min, max) / step) * step || step) * 100n;
    return halalasToMoney(whole + (random() < 0.2 ? BigInt(int(1, 99)) : 0n));
  };
  const today = todayIso();

  const [categories, families, organisations, seasons, services] = await Promise.all([
    trx
      .selectFrom('financial_categories')
      .select(['id', 'code'])
      .where('code', 'is not', null)
      .execute(),
    trx
      .selectFrom('families')
      .select(['id', 'status'])
      .where('status', '=', 'approved')
      .orderBy('id')
      .execute(),
    trx
      .selectFrom('organisations')
      .select('id')
      .where('status', '=', 'active')
      .orderBy('id')
      .execute(),
    trx
      .selectFrom('seasons')
      .select(['id', 'start_date', 'end_date', 'funding_org_id'])
      .orderBy('id')
      .execute(),
    trx
      .selectFrom('services')
      .select(['id', 'family_id', 'delivery_date', 'cost'])
      .where('status', '=', 'delivered')
      .where('cost', 'is not', null)
      .where('delivery_date', 'is not', null)
      .orderBy('id')
      .execute(),
  ]);
  const category = new Map(categories.map((row) => [row.code ?? '', row.id]));
  const categoryId = (code: string) => category.get(code) ?? 0;
  if (families.length === 0) return;
  const approvedIds = new Set(families.map((family) => family.id));
  const author = context.employees.get('accountant') ?? context.employees.get('admin') ?? null;

  const records: Seeded[] = [];
  const add = (
    record: Omit<
      Seeded,
      'status' | 'search_text' | 'created_at' | 'created_by' | 'updated_at' | 'updated_by'
    >,
  ) => {
    const index = records.length;
    const recent = record.occurred_on >= addDays(today, -20);
    const roll = random();
    const status = recent && roll < 0.15 ? 'pending' : roll > 0.97 ? 'cancelled' : 'completed';
    const refunded = status === 'completed' && record.direction === 'income' && random() < 0.03;
    const at = morningOf(record.occurred_on, index % 240);
    const text = [
      record.reference_number,
      record.receipt_number,
      record.restricted_purpose,
      record.notes,
    ]
      .filter((part): part is string => typeof part === 'string' && part !== '')
      .map((part) => normaliseArabic(part))
      .join(' ');
    records.push({
      ...record,
      status,
      cancel_reason: status === 'cancelled' ? pick(CANCEL_REASONS) : null,
      cancelled_at: status === 'cancelled' ? at : null,
      cancelled_by: status === 'cancelled' ? author : null,
      search_text: text,
      created_at: at,
      created_by: author,
      updated_at: at,
      updated_by: author,
      ...(refunded
        ? {
            reverse: {
              on: earliest(addDays(record.occurred_on, int(3, 25)), today),
              reason: pick(REVERSE_REASONS),
            },
          }
        : {}),
    });
  };
  const dayIn = (start: string) => earliest(addDays(start, int(0, 27)), today);
  let receipt = 1000;
  const receiptNumber = () => `R-${(receipt += 1)}`;

  for (let back = DEMO_FINANCE_MONTHS - 1; back >= 0; back -= 1) {
    const start = monthStart(today, back);
    if (start > today) continue;
    // Income: zakat (more in Ramadan-like months), sadaqa, donations, grants, waqf revenue.
    for (let i = int(3, 6); i > 0; i -= 1) {
      const method = pick(['bank_transfer', 'bank_transfer', 'cash', 'card', 'cheque'] as const);
      add({
        direction: 'income',
        amount: riyals(500, 20000),
        occurred_on: dayIn(start),
        category_id: categoryId('zakat'),
        payment_method: method,
        reference_number:
          method === 'cheque'
            ? String(int(100000, 999999))
            : method === 'bank_transfer'
              ? `TRX${int(1000000, 9999999)}`
              : null,
        receipt_number: receiptNumber(),
        notes: pick(DONOR_NOTES),
      });
    }
    for (let i = int(3, 7); i > 0; i -= 1) {
      add({
        direction: 'income',
        amount: riyals(50, 3000, 10),
        occurred_on: dayIn(start),
        category_id: categoryId('sadaqa'),
        payment_method: pick(['cash', 'card', 'bank_transfer'] as const),
        receipt_number: receiptNumber(),
        notes: pick(DONOR_NOTES),
      });
    }
    for (let i = int(2, 4); i > 0; i -= 1) {
      const purpose = random() < 0.4 ? pick(RESTRICTED_PURPOSES) : null;
      add({
        direction: 'income',
        amount: riyals(200, 8000),
        occurred_on: dayIn(start),
        category_id: categoryId('general_donation'),
        payment_method: pick(['cash', 'card', 'bank_transfer'] as const),
        restricted_purpose: purpose,
        receipt_number: receiptNumber(),
        notes: pick(DONOR_NOTES),
      });
    }
    if (organisations.length > 0 && back % 3 === 0) {
      add({
        direction: 'income',
        amount: riyals(20000, 150000, 1000),
        occurred_on: dayIn(start),
        category_id: categoryId('grant'),
        payment_method: 'bank_transfer',
        reference_number: `GRANT-${start.slice(0, 7)}`,
        restricted_purpose: pick(RESTRICTED_PURPOSES),
        organisation_id: pick(organisations).id,
        receipt_number: receiptNumber(),
      });
    }
    add({
      direction: 'income',
      amount: riyals(12000, 18000, 500),
      occurred_on: earliest(addDays(start, 4), today),
      category_id: categoryId('waqf_revenue'),
      payment_method: 'bank_transfer',
      reference_number: `WAQF-${start.slice(0, 7)}`,
      receipt_number: receiptNumber(),
      notes: 'إيجار العمارة الوقفية',
    });

    // Expense: zakat to approved families, cash and in-kind aid, operations, salaries.
    for (let i = int(3, 6); i > 0; i -= 1) {
      const family = pick(families);
      add({
        direction: 'expense',
        amount: riyals(300, 3000),
        occurred_on: dayIn(start),
        category_id: categoryId('zakat_disbursement'),
        payment_method: pick(['bank_transfer', 'cash'] as const),
        family_id: family.id,
        notes: 'صرف زكاة لأسرة مستحقة',
      });
    }
    for (let i = int(1, 3); i > 0; i -= 1) {
      const purpose = random() < 0.5 ? pick(RESTRICTED_PURPOSES) : null;
      add({
        direction: 'expense',
        amount: riyals(200, 2000),
        occurred_on: dayIn(start),
        category_id: categoryId('cash_aid'),
        payment_method: 'bank_transfer',
        family_id: pick(families).id,
        restricted_purpose: purpose,
      });
    }
    add({
      direction: 'expense',
      amount: riyals(3000, 6000, 100),
      occurred_on: earliest(addDays(start, 1), today),
      category_id: categoryId('operations'),
      payment_method: 'bank_transfer',
      reference_number: `RENT-${start.slice(0, 7)}`,
      notes: 'إيجار المقر والخدمات',
    });
    add({
      direction: 'expense',
      amount: riyals(38000, 42000, 500),
      occurred_on: earliest(addDays(start, 26), today),
      category_id: categoryId('salaries'),
      payment_method: 'bank_transfer',
      reference_number: `PAY-${start.slice(0, 7)}`,
      notes: 'رواتب الموظفين',
    });
  }

  // In-kind aid of the seasons, within their dates (restricted to the season's purpose).
  for (const season of seasons) {
    const last = earliest(season.end_date, today);
    if (season.start_date > today) continue;
    for (let i = int(2, 4); i > 0; i -= 1) {
      const span = Math.max(
        0,
        Math.round((Date.parse(last) - Date.parse(season.start_date)) / DAY_MS),
      );
      add({
        direction: 'expense',
        amount: riyals(5000, 40000, 250),
        occurred_on: addDays(season.start_date, int(0, span)),
        category_id: categoryId('in_kind_aid'),
        payment_method: 'in_kind',
        season_id: season.id,
        organisation_id: season.funding_org_id,
        restricted_purpose: 'سلال رمضان',
        notes: 'شراء مواد عينية للبرنامج الموسمي',
      });
    }
  }

  // The cost of delivered services to approved families, linked to the service and its family.
  for (const service of services.filter((row) => approvedIds.has(row.family_id)).slice(0, 80)) {
    if (!service.delivery_date || Number(service.cost) <= 0) continue;
    add({
      direction: 'expense',
      amount: halalasToMoney(BigInt(Math.round(Number(service.cost) * 100))),
      occurred_on: earliest(service.delivery_date, today),
      category_id: categoryId(random() < 0.5 ? 'cash_aid' : 'in_kind_aid'),
      payment_method: pick(['bank_transfer', 'in_kind'] as const),
      family_id: service.family_id,
      service_id: service.id,
      notes: 'تكلفة خدمة منفذة',
    });
  }

  // Chronological ids, as if typed day by day.
  records.sort((a, b) =>
    a.occurred_on < b.occurred_on ? -1 : a.occurred_on > b.occurred_on ? 1 : 0,
  );
  for (let start = 0; start < records.length; start += 200) {
    const batch = records.slice(start, start + 200);
    const rows = batch.map(({ reverse: _reverse, ...row }) => ({
      ...row,
      status: _reverse ? 'refunded' : row.status,
    }));
    // Identity values follow the VALUES order: sorted ids map back to the rows in order.
    const inserted = (
      await trx.insertInto('financial_records').values(rows).returning('id').execute()
    ).sort((a, b) => a.id - b.id);
    const reversals = batch.flatMap((record, offset) => {
      const id = inserted[offset]?.id;
      if (!record.reverse || id === undefined) return [];
      const at = morningOf(record.reverse.on, offset);
      return [
        {
          ...record,
          reverse: undefined,
          amount: negateMoney(String(record.amount)),
          occurred_on: record.reverse.on,
          status: 'completed' as const,
          notes: record.reverse.reason,
          search_text: normaliseArabic(record.reverse.reason),
          reverses_id: id,
          created_at: at,
          updated_at: at,
        },
      ];
    });
    if (reversals.length > 0) {
      await trx
        .insertInto('financial_records')
        .values(reversals.map(({ reverse: _reverse, ...row }) => row))
        .execute();
    }
  }
}
