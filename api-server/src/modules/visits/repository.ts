import { sql, type Insertable, type Kysely, type Transaction, type Updateable } from 'kysely';
import { labelOf } from 'shared-contracts/beneficiaries';
import {
  VISIT_DUE_DAYS,
  VISIT_OUTCOMES,
  VISIT_PURPOSES,
  VISIT_STATUSES,
  visitChecklistLabel,
  type Visit,
  type VisitListQuery,
} from 'shared-contracts/resources/visits-contracts';
import { countRows, orderTerm } from '../../db/query';
import { whereSearch } from '../../db/search';
import type { Database, Executor } from '../../db/tables';
import { inBatches, type ExportValue } from '../../http/export';
import { pageWindow } from '../../http/pagination';
import type { VisitRow, VisitsTable } from './tables';

/**
 * The visits' SQL: the list (filters, Arabic-normalised search, the overdue flag computed against
 * Riyadh's today), one visit, the export's rows, the dashboard's month figures and the writes.
 * Answers carry every field; the routes leave out what the reader may not see.
 */

function joined(db: Executor) {
  return db
    .selectFrom('visits as v')
    .innerJoin('families as f', 'f.id', 'v.family_id')
    .leftJoin('employees as r', 'r.id', 'v.researcher_id');
}
type Joined = ReturnType<typeof joined>;

/** Not recorded and planned before `today` (`isVisitOverdue` in SQL). */
function overdueExpression(today: string) {
  return sql<boolean>`(v.outcome is null and v.planned_date < cast(${today} as date))`;
}

/** The visit's date: the day it took place once recorded, else its planned date. */
const VISIT_DATE = sql`coalesce(v.visited_on, v.planned_date)`;

const SEARCH_HAYSTACK = sql`concat_ws(' ', f.search_text, lower(coalesce(f.district, '')), lower(coalesce(r.name, '')))`;

function filtered(db: Executor, query: Pick<VisitListQuery, 'search' | 'filter'>, today: string) {
  const { filter } = query;
  let builder: Joined = whereSearch(joined(db), SEARCH_HAYSTACK, query.search);
  if (filter.researcher_id !== undefined)
    builder = builder.where('v.researcher_id', '=', filter.researcher_id);
  if (filter.family_id !== undefined) builder = builder.where('v.family_id', '=', filter.family_id);
  if (filter.status?.length === 1)
    builder = builder.where('v.outcome', filter.status[0] === 'done' ? 'is not' : 'is', null);
  if (filter.outcome && filter.outcome.length > 0)
    builder = builder.where('v.outcome', 'in', filter.outcome);
  if (filter.purpose && filter.purpose.length > 0)
    builder = builder.where('v.purpose', 'in', filter.purpose);
  if (filter.overdue !== undefined)
    builder = builder.where(
      filter.overdue ? overdueExpression(today) : sql<boolean>`not ${overdueExpression(today)}`,
    );
  if (filter.due !== undefined) {
    const due = sql<boolean>`(v.outcome is null and v.planned_date <= cast(${today} as date) + ${VISIT_DUE_DAYS}::int)`;
    builder = builder.where(filter.due ? due : sql<boolean>`not ${due}`);
  }
  if (filter.from !== undefined)
    builder = builder.where(sql<boolean>`${VISIT_DATE} >= cast(${filter.from} as date)`);
  if (filter.to !== undefined)
    builder = builder.where(sql<boolean>`${VISIT_DATE} <= cast(${filter.to} as date)`);
  return builder;
}

function withColumns(builder: Joined, today: string) {
  return builder.select([
    'v.id',
    'v.family_id',
    'v.researcher_id',
    'v.purpose',
    'v.planned_date',
    'v.visited_on',
    'v.outcome',
    'v.notes',
    'v.housing_condition',
    'v.furniture',
    'v.appliances',
    'v.health_needs_seen',
    'v.children_schooling',
    'v.created_at',
    'v.updated_at',
    'f.file_number',
    'f.head_name',
    'f.city',
    'f.district',
    'f.address',
    'f.primary_phone',
    'f.alt_phone',
    'r.name as researcher_name',
    overdueExpression(today).as('overdue'),
  ]);
}
type JoinedRow = Awaited<ReturnType<ReturnType<typeof withColumns>['execute']>>[number];

const asDate = (value: string | Date | null): string | null =>
  value === null ? null : typeof value === 'string' ? value.slice(0, 10) : value.toISOString();

function toVisit(row: JoinedRow): Visit {
  return {
    id: row.id,
    family: {
      id: row.family_id,
      file_number: row.file_number,
      head_name: row.head_name,
      city: row.city,
      district: row.district,
      address: row.address,
      primary_phone: row.primary_phone,
      alt_phone: row.alt_phone,
    },
    researcher:
      row.researcher_name === null ? null : { id: row.researcher_id, name: row.researcher_name },
    purpose: row.purpose,
    planned_date: asDate(row.planned_date) ?? '',
    status: row.outcome === null ? 'planned' : 'done',
    overdue: row.overdue,
    visited_on: asDate(row.visited_on),
    outcome: row.outcome,
    notes: row.notes,
    housing_condition: row.housing_condition,
    furniture: row.furniture,
    appliances: row.appliances,
    health_needs_seen: row.health_needs_seen,
    children_schooling: row.children_schooling,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

const SORT_COLUMNS = {
  visit_date: 'visit_date',
  planned_date: 'v.planned_date',
  visited_on: 'v.visited_on',
  district: 'f.district',
  created_at: 'v.created_at',
} as const;

function visitPage(
  db: Executor,
  query: VisitListQuery,
  today: string,
  window: { limit: number; offset: number },
) {
  const builder = withColumns(filtered(db, query, today), today);
  const sort = query.sort ?? 'visit_date';
  const order = query.sort === undefined ? 'desc' : query.order;
  const term =
    sort === 'visit_date'
      ? sql`${VISIT_DATE} ${order === 'desc' ? sql`desc` : sql`asc`}`
      : orderTerm(SORT_COLUMNS[sort], order, { nullsLast: true });
  return builder
    .orderBy(term)
    .orderBy('v.id', order)
    .limit(window.limit)
    .offset(window.offset)
    .execute();
}

export async function listVisits(
  db: Kysely<Database>,
  query: VisitListQuery,
  today: string,
): Promise<{ rows: Visit[]; total: number }> {
  const [rows, total] = await Promise.all([
    visitPage(db, query, today, pageWindow(query)),
    countRows(filtered(db, query, today)),
  ]);
  return { rows: rows.map(toVisit), total };
}

export function countVisits(
  db: Kysely<Database>,
  query: VisitListQuery,
  today: string,
): Promise<number> {
  return countRows(filtered(db, query, today));
}

/** One visit; undefined when there is none. */
export async function loadVisit(
  db: Executor,
  id: number,
  today: string,
): Promise<Visit | undefined> {
  const row = await withColumns(joined(db), today).where('v.id', '=', id).executeTakeFirst();
  return row ? toVisit(row) : undefined;
}

/** The export's rows (`VISIT_EXPORT_COLUMNS`), the filtered list in its order, labels instead of codes. */
export async function* visitExportRows(
  db: Kysely<Database>,
  query: VisitListQuery,
  today: string,
): AsyncGenerator<Record<string, ExportValue>> {
  const rows = inBatches((offset, limit) => visitPage(db, query, today, { limit, offset }));
  for await (const row of rows) {
    const visit = toVisit(row);
    yield {
      id: visit.id,
      file_number: visit.family.file_number,
      head_name: visit.family.head_name,
      district: visit.family.district,
      researcher: visit.researcher?.name ?? null,
      purpose: labelOf(VISIT_PURPOSES, visit.purpose),
      planned_date: visit.planned_date,
      status: labelOf(VISIT_STATUSES, visit.status),
      overdue: visit.overdue ? 'نعم' : 'لا',
      visited_on: visit.visited_on,
      outcome: visit.outcome === null ? null : labelOf(VISIT_OUTCOMES, visit.outcome),
      housing_condition: visitChecklistLabel('housing_condition', visit.housing_condition),
      furniture: visitChecklistLabel('furniture', visit.furniture),
      appliances: visitChecklistLabel('appliances', visit.appliances),
      health_needs_seen: visitChecklistLabel('health_needs_seen', visit.health_needs_seen ?? null),
      children_schooling: visitChecklistLabel('children_schooling', visit.children_schooling),
      notes: visit.notes,
    };
  }
}

/** This month's figures for the dashboard: planned (not recorded), done and overdue visits dated in it. */
export async function visitMonthFigures(
  db: Executor,
  month: { from: string; to: string },
  today: string,
): Promise<{ planned: number; done: number; overdue: number }> {
  const row = await db
    .selectFrom('visits as v')
    .select([
      sql<number>`(count(*) filter (where v.outcome is null))::int`.as('planned'),
      sql<number>`(count(*) filter (where v.outcome is not null))::int`.as('done'),
      sql<number>`(count(*) filter (where ${overdueExpression(today)}))::int`.as('overdue'),
    ])
    .where(
      sql<boolean>`${VISIT_DATE} between cast(${month.from} as date) and cast(${month.to} as date)`,
    )
    .executeTakeFirstOrThrow();
  return row;
}

// ---------------------------------------------------------------------------------------------
// Writes (called by the commands, inside their transaction)
// ---------------------------------------------------------------------------------------------

/** The family a visit belongs to, locked for the change; undefined when there is none. */
export function lockVisitFamily(trx: Transaction<Database>, familyId: number) {
  return trx
    .selectFrom('families')
    .select(['id', 'file_number', 'head_name', 'next_reassessment_date'])
    .where('id', '=', familyId)
    .forUpdate()
    .executeTakeFirst();
}

export async function familyExists(db: Executor, id: number): Promise<boolean> {
  const row = await db.selectFrom('families').select('id').where('id', '=', id).executeTakeFirst();
  return row !== undefined;
}

/** The name of an active employee; undefined when there is none or they are inactive. */
export async function activeEmployeeName(db: Executor, id: number): Promise<string | undefined> {
  const row = await db
    .selectFrom('employees')
    .select('name')
    .where('id', '=', id)
    .where('active', '=', true)
    .executeTakeFirst();
  return row?.name;
}

export async function employeeName(db: Executor, id: number): Promise<string | null> {
  const row = await db
    .selectFrom('employees')
    .select('name')
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.name ?? null;
}

export function lockVisit(trx: Transaction<Database>, id: number): Promise<VisitRow | undefined> {
  return trx.selectFrom('visits').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function insertVisit(
  trx: Transaction<Database>,
  values: Insertable<VisitsTable>,
): Promise<number> {
  const row = await trx
    .insertInto('visits')
    .values(values)
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateVisitRow(
  trx: Transaction<Database>,
  id: number,
  values: Updateable<VisitsTable>,
): Promise<void> {
  await trx.updateTable('visits').set(values).where('id', '=', id).execute();
}

/** Sets the family's next reassessment date (a recorded assessment visit decides it). */
export async function setNextReassessmentDate(
  trx: Transaction<Database>,
  familyId: number,
  date: string,
  by: number | null,
): Promise<void> {
  await trx
    .updateTable('families')
    .set({ next_reassessment_date: date, updated_at: new Date(), updated_by: by })
    .where('id', '=', familyId)
    .execute();
}
