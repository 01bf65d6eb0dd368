import { sql, type Kysely, type RawBuilder, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { FieldReader } from 'shared-contracts';
import { familyStatusSchema, maySeeMedicalServices } from 'shared-contracts/beneficiaries';
import {
  FINANCE_COUNTED_STATUSES,
  ZAKAT_ELIGIBLE_FAMILY_STATUSES,
  zakatFamilyRefusal,
  HIDDEN_MEDICAL_SERVICE_NAME,
  type FinanceFamilyOption,
  type FinanceFamilyOptionsQuery,
  type FinanceServiceOption,
  type FinanceServiceOptionsQuery,
  type FinanceOptions,
  financeDirectionLabel,
  financialRecordStatusLabel,
  paymentMethodLabel,
  type FinanceTotals,
  type FinancialCategory,
  type FinancialCategoryListQuery,
  type FinancialRecord,
  type FinancialRecordListQuery,
} from 'shared-contracts/finance';
import { countRows, orderTerm, pageRows } from '../../../db/query';
import { searchedNationalId, whereSearch, withoutNationalIds } from '../../../db/search';
import type { Database, Executor } from '../../../db/tables';
import { inBatches, type ExportValue } from '../../../http/export';
import { pageWindow } from '../../../http/pagination';

/**
 * The finance reads: the records list (filters, Arabic-normalised search, the totals of the
 * filtered set summed in SQL), one record, the export's rows and the categories. Amounts are
 * always selected as `amount::text` (two decimals): the driver would otherwise read numeric as a
 * JS number.
 */

/** `in ('completed', 'refunded')`: the statuses whose amounts count. */
export const COUNTED = sql.join(FINANCE_COUNTED_STATUSES.map((status) => sql.lit(status)));

/** The sum of the amounts of the rows matching `condition`, as an exact numeric (0 when none). */
export function sumWhere(condition: RawBuilder<unknown>): RawBuilder<string> {
  return sql<string>`coalesce(sum(r.amount) filter (where ${condition}), 0)`;
}

/** An exact numeric as the API carries money: a two-decimal string. */
export function asMoney(value: RawBuilder<unknown>): RawBuilder<string> {
  return sql<string>`(${value})::numeric(16, 2)::text`;
}

/** Every record joined to what its answer names. */
function joined(db: Executor) {
  return db
    .selectFrom('financial_records as r')
    .innerJoin('financial_categories as c', 'c.id', 'r.category_id')
    .leftJoin('families as f', 'f.id', 'r.family_id')
    .leftJoin('organisations as o', 'o.id', 'r.organisation_id')
    .leftJoin('seasons as se', 'se.id', 'r.season_id')
    .leftJoin('services as sv', 'sv.id', 'r.service_id')
    .leftJoin('service_types as st', 'st.id', 'sv.service_type_id')
    .leftJoin('employees as e', 'e.id', 'r.created_by')
    .leftJoin('financial_records as og', 'og.id', 'r.reverses_id')
    .leftJoin('financial_records as rv', 'rv.reverses_id', 'r.id');
}

type Joined = ReturnType<typeof joined>;

/**
 * Finance staff may not see identity documents: a family is found by its names, file number and
 * phones, and by one whole national ID only (`familyIdSearch`), never by a part of one.
 */
const SEARCH_HAYSTACK = sql`concat_ws(' ', r.search_text, c.name_normalized, ${withoutNationalIds('f.search_text')}, o.search_text)`;

/** A search that is one whole national ID: the families with a member holding it. */
function familyIdSearch<DB, TB extends keyof DB, O>(
  builder: SelectQueryBuilder<DB, TB, O>,
  nationalId: string,
): SelectQueryBuilder<DB, TB, O> {
  return builder.where(
    sql<SqlBool>`exists (select 1 from family_members as m where m.family_id = f.id and m.national_id = ${nationalId})`,
  );
}

/** The finance search over a query joining `families as f`: whole IDs exactly, the rest as usual. */
function whereFinanceSearch<DB, TB extends keyof DB, O>(
  builder: SelectQueryBuilder<DB, TB, O>,
  haystack: RawBuilder<unknown>,
  search: string | undefined,
): SelectQueryBuilder<DB, TB, O> {
  const nationalId = searchedNationalId(search);
  return nationalId ? familyIdSearch(builder, nationalId) : whereSearch(builder, haystack, search);
}

type ListFilter = FinancialRecordListQuery['filter'];

/** The list's search and filters. */
function filtered(
  db: Executor,
  query: { search?: string | undefined; filter: ListFilter },
): Joined {
  let builder = whereFinanceSearch(joined(db), SEARCH_HAYSTACK, query.search);
  const filter = query.filter;
  if (filter.direction?.length) builder = builder.where('r.direction', 'in', filter.direction);
  if (filter.category_id !== undefined)
    builder = builder.where('r.category_id', '=', filter.category_id);
  if (filter.status?.length) builder = builder.where('r.status', 'in', filter.status);
  if (filter.payment_method?.length)
    builder = builder.where('r.payment_method', 'in', filter.payment_method);
  if (filter.family_id !== undefined) builder = builder.where('r.family_id', '=', filter.family_id);
  if (filter.organisation_id !== undefined)
    builder = builder.where('r.organisation_id', '=', filter.organisation_id);
  if (filter.season_id !== undefined) builder = builder.where('r.season_id', '=', filter.season_id);
  if (filter.service_id !== undefined)
    builder = builder.where('r.service_id', '=', filter.service_id);
  if (filter.from) builder = builder.where('r.occurred_on', '>=', filter.from);
  if (filter.to) builder = builder.where('r.occurred_on', '<=', filter.to);
  // On the absolute amount: a reversing entry of −500.00 is a 500.00 movement.
  if (filter.amount_min !== undefined)
    builder = builder.where(sql<boolean>`abs(r.amount) >= cast(${filter.amount_min} as numeric)`);
  if (filter.amount_max !== undefined)
    builder = builder.where(sql<boolean>`abs(r.amount) <= cast(${filter.amount_max} as numeric)`);
  if (filter.restricted !== undefined)
    builder = builder.where('r.restricted_purpose', filter.restricted ? 'is not' : 'is', null);
  if (filter.zakat !== undefined) builder = builder.where('c.is_zakat', '=', filter.zakat);
  return builder;
}

function withColumns(builder: Joined) {
  return builder.select([
    'r.id',
    'r.direction',
    sql<string>`r.amount::text`.as('amount'),
    'r.occurred_on',
    'r.category_id',
    'c.code as category_code',
    'c.name as category_name',
    'c.direction as category_direction',
    'c.is_zakat as category_is_zakat',
    'r.status',
    'r.cancel_reason',
    'r.payment_method',
    'r.restricted_purpose',
    'r.reference_number',
    'r.receipt_number',
    'r.family_id',
    'f.file_number',
    'f.head_name',
    'f.status as family_status',
    'r.organisation_id',
    'o.name as organisation_name',
    'r.season_id',
    'se.name as season_name',
    'r.service_id',
    'st.name as service_name',
    'st.is_medical as service_is_medical',
    'sv.family_id as service_family_id',
    'r.notes',
    'r.reverses_id',
    'rv.id as reversed_by_id',
    'r.created_by',
    'e.name as created_by_name',
    'r.created_at',
    'r.updated_at',
  ]);
}

type RecordQueryRow = Awaited<
  ReturnType<ReturnType<typeof withColumns>['executeTakeFirstOrThrow']>
>;

const ref = (id: number | null, name: string | null) =>
  id !== null && name !== null ? { id, name } : null;

/**
 * A record as its reader may see it: a linked medical service is named
 * `HIDDEN_MEDICAL_SERVICE_NAME` unless `medical` (`maySeeMedicalServices`).
 */
function toRecord(row: RecordQueryRow, medical: boolean): FinancialRecord {
  return {
    id: row.id,
    direction: row.direction,
    amount: row.amount,
    occurred_on: row.occurred_on,
    category: {
      id: row.category_id,
      code: row.category_code,
      name: row.category_name,
      direction: row.category_direction,
      is_zakat: row.category_is_zakat,
    },
    status: row.status,
    cancel_reason: row.cancel_reason,
    payment_method: row.payment_method,
    restricted_purpose: row.restricted_purpose,
    reference_number: row.reference_number,
    receipt_number: row.receipt_number,
    family:
      row.family_id !== null && row.file_number !== null
        ? {
            id: row.family_id,
            file_number: row.file_number,
            head_name: row.head_name ?? '',
            status: familyStatusSchema.parse(row.family_status),
          }
        : null,
    organisation: ref(row.organisation_id, row.organisation_name),
    season: ref(row.season_id, row.season_name),
    service:
      row.service_id !== null && row.service_family_id !== null
        ? {
            id: row.service_id,
            name: serviceName(
              { name: row.service_name ?? '', is_medical: row.service_is_medical ?? false },
              medical,
            ),
            family_id: row.service_family_id,
          }
        : null,
    notes: row.notes,
    reverses_id: row.reverses_id,
    reversed_by_id: row.reversed_by_id,
    created_by: ref(row.created_by, row.created_by_name),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

const SORT_COLUMNS = {
  occurred_on: 'r.occurred_on',
  amount: 'r.amount',
  status: 'r.status',
  category: 'c.name',
  created_at: 'r.created_at',
} as const;

/**
 * One page in its order. The default keeps each reversing entry right under its original (the
 * pair sorts by the original's date and id), newest first, as an auditor reads a ledger.
 */
function recordPage(
  db: Executor,
  query: FinancialRecordListQuery,
  window: { limit: number; offset: number },
) {
  const builder = withColumns(filtered(db, query));
  const ordered =
    query.sort === undefined
      ? builder
          .orderBy(sql`coalesce(og.occurred_on, r.occurred_on)`, 'desc')
          .orderBy(sql`coalesce(r.reverses_id, r.id)`, 'desc')
          .orderBy('r.id', 'asc')
      : builder
          .orderBy(orderTerm(SORT_COLUMNS[query.sort], query.order))
          .orderBy('r.id', query.order);
  return ordered.limit(window.limit).offset(window.offset).execute();
}

/** Income, expense and balance of the filtered set (counted statuses only), summed in SQL. */
export async function totalsOf(
  db: Executor,
  query: { search?: string | undefined; filter: ListFilter },
): Promise<FinanceTotals> {
  const counted = sql`r.status in (${COUNTED})`;
  const income = sumWhere(sql`${counted} and r.direction = 'income'`);
  const expense = sumWhere(sql`${counted} and r.direction = 'expense'`);
  const row = await filtered(db, query)
    .select([
      asMoney(income).as('income'),
      asMoney(expense).as('expense'),
      asMoney(sql`${income} - ${expense}`).as('balance'),
      sql<number>`(count(*) filter (where ${counted}))::int`.as('counted_records'),
      sql<number>`(count(*) filter (where r.status = 'pending'))::int`.as('pending_records'),
    ])
    .executeTakeFirstOrThrow();
  return {
    income: row.income,
    expense: row.expense,
    balance: row.balance,
    counted_records: row.counted_records,
    pending_records: row.pending_records,
  };
}

export async function listRecords(
  db: Kysely<Database>,
  query: FinancialRecordListQuery,
  reader: FieldReader,
): Promise<{ rows: FinancialRecord[]; total: number; totals: FinanceTotals }> {
  const medical = maySeeMedicalServices(reader);
  const [rows, total, totals] = await Promise.all([
    recordPage(db, query, pageWindow(query)),
    countRows(filtered(db, query)),
    totalsOf(db, query),
  ]);
  return { rows: rows.map((row) => toRecord(row, medical)), total, totals };
}

export function countRecords(
  db: Kysely<Database>,
  query: FinancialRecordListQuery,
): Promise<number> {
  return countRows(filtered(db, query));
}

/** One record as `reader` may see it (no reader: as one who may not see medical services); undefined when there is none. */
export async function loadRecord(
  db: Executor,
  id: number,
  reader?: FieldReader,
): Promise<FinancialRecord | undefined> {
  const row = await withColumns(joined(db)).where('r.id', '=', id).executeTakeFirst();
  return row ? toRecord(row, reader !== undefined && maySeeMedicalServices(reader)) : undefined;
}

/** The export's rows (`FINANCIAL_RECORD_EXPORT_COLUMNS`), the filtered list in its order, labels instead of codes. */
export async function* recordExportRows(
  db: Kysely<Database>,
  query: FinancialRecordListQuery,
  reader: FieldReader,
): AsyncGenerator<Record<string, ExportValue>> {
  const medical = maySeeMedicalServices(reader);
  for await (const row of inBatches((offset, limit) => recordPage(db, query, { limit, offset }))) {
    const record = toRecord(row, medical);
    yield {
      id: record.id,
      occurred_on: record.occurred_on,
      direction: financeDirectionLabel(record.direction),
      category: record.category.name,
      zakat: record.category.is_zakat ? 'نعم' : 'لا',
      // A spreadsheet number (exact to the halala for any numeric(14,2)); the sheet's sums are the reader's.
      amount: Number(record.amount),
      status: financialRecordStatusLabel(record.status),
      payment_method: paymentMethodLabel(record.payment_method),
      restricted_purpose: record.restricted_purpose,
      reference_number: record.reference_number,
      receipt_number: record.receipt_number,
      file_number: record.family?.file_number ?? null,
      head_name: record.family?.head_name ?? null,
      organisation: record.organisation?.name ?? null,
      season: record.season?.name ?? null,
      service: record.service?.name ?? null,
      reverses_id: record.reverses_id,
      reversed_by_id: record.reversed_by_id,
      cancel_reason: record.cancel_reason,
      notes: record.notes,
    };
  }
}

// ---------------------------------------------------------------------------------------------
// Categories
// ---------------------------------------------------------------------------------------------

function categoryColumns(db: Executor) {
  return db.selectFrom('financial_categories as c').select([
    'c.id',
    'c.code',
    'c.name',
    'c.direction',
    'c.is_zakat',
    'c.active',
    'c.description',
    'c.created_at',
    'c.updated_at',
    (eb) =>
      eb
        .selectFrom('financial_records as r')
        .select(sql<number>`count(*)::int`.as('n'))
        .whereRef('r.category_id', '=', 'c.id')
        .as('records_count'),
  ]);
}

type CategoryQueryRow = Awaited<
  ReturnType<ReturnType<typeof categoryColumns>['executeTakeFirstOrThrow']>
>;

function toCategory(row: CategoryQueryRow): FinancialCategory {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    direction: row.direction,
    is_zakat: row.is_zakat,
    active: row.active,
    description: row.description,
    records_count: row.records_count ?? 0,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

const CATEGORY_SORT = {
  name: 'c.name',
  direction: 'c.direction',
  active: 'c.active',
  created_at: 'c.created_at',
} as const;

export async function listCategories(
  db: Kysely<Database>,
  query: FinancialCategoryListQuery,
): Promise<{ rows: FinancialCategory[]; total: number }> {
  let builder = whereSearch(categoryColumns(db), 'c.name_normalized', query.search);
  if (query.filter.direction?.length)
    builder = builder.where('c.direction', 'in', query.filter.direction);
  if (query.filter.active !== undefined)
    builder = builder.where('c.active', '=', query.filter.active);
  if (query.filter.is_zakat !== undefined)
    builder = builder.where('c.is_zakat', '=', query.filter.is_zakat);
  const { limit, offset } = pageWindow(query);
  // Income before expense ('income' < 'expense' is false alphabetically, hence the explicit case).
  const ordered =
    query.sort === undefined
      ? builder.orderBy(sql`case when c.direction = 'income' then 0 else 1 end`).orderBy('c.id')
      : builder
          .orderBy(orderTerm(CATEGORY_SORT[query.sort], query.order))
          .orderBy('c.id', query.order);
  const [rows, total] = await Promise.all([
    ordered.limit(limit).offset(offset).execute(),
    countRows(builder),
  ]);
  return { rows: rows.map(toCategory), total };
}

export async function loadCategory(
  db: Executor,
  id: number,
): Promise<FinancialCategory | undefined> {
  const row = await categoryColumns(db).where('c.id', '=', id).executeTakeFirst();
  return row ? toCategory(row) : undefined;
}

// ---------------------------------------------------------------------------------------------
// What the record form picks from
// ---------------------------------------------------------------------------------------------

/** Families for the form's picker (the families list's haystack), with zakat eligibility and latest services. */
export async function familyOptions(
  db: Kysely<Database>,
  query: FinanceFamilyOptionsQuery,
  reader: FieldReader,
): Promise<{ rows: FinanceFamilyOption[]; total: number }> {
  let builder = whereFinanceSearch(
    db.selectFrom('families as f'),
    withoutNationalIds('f.search_text'),
    query.search,
  );
  if (query.filter.id !== undefined) builder = builder.where('f.id', '=', query.filter.id);
  else builder = builder.where('f.status', '<>', 'archived');
  if (query.filter.zakat_eligible)
    builder = builder.where('f.status', 'in', [...ZAKAT_ELIGIBLE_FAMILY_STATUSES]);
  const { rows: families, total } = await pageRows(
    builder.select(['f.id', 'f.file_number', 'f.head_name', 'f.status']),
    {
      column: query.sort === 'head_name' ? 'f.head_name' : 'f.file_number',
      id: 'f.id',
      order: query.order,
    },
    pageWindow(query),
  );
  const services =
    families.length === 0
      ? []
      : await db
          .selectFrom('services as s')
          .innerJoin('service_types as t', 't.id', 's.service_type_id')
          .select(['s.id', 's.family_id', 't.name', 't.is_medical', 's.status', 's.request_date'])
          .where(
            's.family_id',
            'in',
            families.map((family) => family.id),
          )
          .orderBy('s.request_date', 'desc')
          .orderBy('s.id', 'desc')
          .execute();
  const medical = maySeeMedicalServices(reader);
  return {
    rows: families.map((family) => ({
      id: family.id,
      file_number: family.file_number,
      head_name: family.head_name,
      status: familyStatusSchema.parse(family.status),
      zakat_refusal: zakatFamilyRefusal(familyStatusSchema.parse(family.status)),
      services: services
        .filter((service) => service.family_id === family.id)
        .slice(0, 20)
        .map((service) => ({
          id: service.id,
          name: serviceName(service, medical),
          status: service.status,
          request_date: service.request_date,
        })),
    })),
    total,
  };
}

/** A service's name as the reader may see it: a medical type's name only for who may see medical services. */
function serviceName(service: { name: string; is_medical: boolean }, medical: boolean): string {
  return service.is_medical && !medical ? HIDDEN_MEDICAL_SERVICE_NAME : service.name;
}

/**
 * Services for the form's picker, newest request first, by the medical rule: a reader who may
 * not see medical services gets a medical one under a neutral name, and a search never looks in
 * a medical type's name for them (a match would tell the type).
 */
export async function serviceOptions(
  db: Kysely<Database>,
  query: FinanceServiceOptionsQuery,
  reader: FieldReader,
): Promise<{ rows: FinanceServiceOption[]; total: number }> {
  const medical = maySeeMedicalServices(reader);
  const typeName = medical
    ? sql`t.name_normalized`
    : sql`case when t.is_medical then '' else t.name_normalized end`;
  let builder = whereFinanceSearch(
    db
      .selectFrom('services as s')
      .innerJoin('service_types as t', 't.id', 's.service_type_id')
      .innerJoin('families as f', 'f.id', 's.family_id'),
    sql`concat_ws(' ', ${typeName}, ${withoutNationalIds('f.search_text')})`,
    query.search,
  );
  if (query.filter.id !== undefined) builder = builder.where('s.id', '=', query.filter.id);
  if (query.filter.family_id !== undefined)
    builder = builder.where('s.family_id', '=', query.filter.family_id);
  const { rows, total } = await pageRows(
    builder.select([
      's.id',
      't.name',
      't.is_medical',
      's.status',
      's.request_date',
      's.family_id',
      'f.file_number',
      'f.head_name',
      'f.status as family_status',
    ]),
    { column: 's.request_date', id: 's.id', order: query.sort ? query.order : 'desc' },
    pageWindow(query),
  );
  return {
    rows: rows.map((row) => ({
      id: row.id,
      name: serviceName(row, medical),
      status: row.status,
      request_date: row.request_date,
      family: {
        id: row.family_id,
        file_number: row.file_number,
        head_name: row.head_name,
        status: familyStatusSchema.parse(row.family_status),
      },
    })),
    total,
  };
}

/** Organisations and seasons by name, and the restricted purposes in use (most used first). */
export async function financeOptions(db: Kysely<Database>): Promise<FinanceOptions> {
  const [organisations, seasons, purposes] = await Promise.all([
    db
      .selectFrom('organisations')
      .select(['id', 'name', 'status'])
      .orderBy('name')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('seasons')
      .select(['id', 'name', 'start_date', 'end_date', 'status'])
      .orderBy('start_date', 'desc')
      .orderBy('id', 'desc')
      .execute(),
    db
      .selectFrom('financial_records')
      .select('restricted_purpose')
      .where('restricted_purpose', 'is not', null)
      .groupBy('restricted_purpose')
      .orderBy(sql`count(*)`, 'desc')
      .orderBy('restricted_purpose')
      .limit(100)
      .execute(),
  ]);
  return {
    organisations,
    seasons,
    restricted_purposes: purposes
      .map((row) => row.restricted_purpose ?? '')
      .filter((purpose) => purpose !== ''),
  };
}
