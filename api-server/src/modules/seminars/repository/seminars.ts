import { sql, type Insertable, type Kysely, type Transaction, type Updateable } from 'kysely';
import { normaliseArabic } from 'shared-contracts';
import { FAMILY_CATEGORIES } from 'shared-contracts/beneficiaries';
import {
  SEMINAR_TYPE_MESSAGES,
  type Seminar,
  type SeminarDetail,
  type SeminarListQuery,
  type SeminarOptions,
  type SeminarType,
  type SeminarTypeInput,
  type SeminarTypeListQuery,
} from 'shared-contracts/engagement';
import {
  describedLookupAudited,
  describedLookupColumns,
  describedLookupItem,
  namedLookupCommands,
  namedLookupReads,
} from '../../lookups';
import { countOf, countRows, orderTerm } from '../../../db/query';
import { whereSearch } from '../../../db/search';
import type { Database, Executor } from '../../../db/tables';
import { pageWindow } from '../../../http/pagination';
import type { SeminarsTable } from '../tables';

/**
 * The seminars' SQL: seminar types (an editable lookup) and seminars — the reads (list with
 * search, filters and audience counts; one record; the form's options) and the rows the commands
 * (`../commands/seminars.ts`) lock, check and write.
 */

const iso = (value: Date) => value.toISOString();
export const searchText = (...parts: readonly (string | null | undefined)[]) =>
  parts
    .filter((part): part is string => typeof part === 'string' && part !== '')
    .map((part) => normaliseArabic(part))
    .join(' ');

// ---------------------------------------------------------------------------------------------
// Seminar types
// ---------------------------------------------------------------------------------------------

const TYPE_SORT = { name: 't.name', active: 't.active', created_at: 't.created_at' } as const;

const typeReads = namedLookupReads({
  rows: (db) =>
    db
      .selectFrom('seminar_types as t')
      .selectAll('t')
      .select((eb) =>
        countOf(eb.selectFrom('seminars as s').whereRef('s.seminar_type_id', '=', 't.id')).as(
          'usage_count',
        ),
      ),
  alias: 't',
  search: 't.search_text',
  sort: TYPE_SORT,
  defaultSort: 'name',
  toItem: (row): SeminarType => describedLookupItem(row, 'seminars_count'),
});

export const listSeminarTypes = (db: Kysely<Database>, query: SeminarTypeListQuery) =>
  typeReads.list(db, query);
export const loadSeminarType = typeReads.load;

const typeColumns = (input: SeminarTypeInput) => ({
  ...describedLookupColumns(input),
  search_text: searchText(input.name, input.description),
});

const seminarTypeCommands = namedLookupCommands({
  table: 'seminar_types',
  entityType: 'seminar_type',
  messages: SEMINAR_TYPE_MESSAGES,
  columns: typeColumns,
  audited: describedLookupAudited,
  lock: (trx, id) =>
    trx.selectFrom('seminar_types').selectAll().where('id', '=', id).forUpdate().executeTakeFirst(),
  insert: async (trx, values) =>
    (await trx.insertInto('seminar_types').values(values).returning('id').executeTakeFirstOrThrow())
      .id,
  update: async (trx, id, values) => {
    await trx.updateTable('seminar_types').set(values).where('id', '=', id).execute();
  },
  inUse: async (trx, id) =>
    (await trx
      .selectFrom('seminars')
      .select('id')
      .where('seminar_type_id', '=', id)
      .executeTakeFirst()) !== undefined,
});

export const createSeminarType = seminarTypeCommands.create;
/** False when there is no such type. */
export const updateSeminarType = seminarTypeCommands.update;
/** False when there is no such type; 409 when a seminar uses it. */
export const deleteSeminarType = seminarTypeCommands.remove;

// ---------------------------------------------------------------------------------------------
// Seminars: reads
// ---------------------------------------------------------------------------------------------

function joined(db: Executor) {
  return db
    .selectFrom('seminars as s')
    .innerJoin('seminar_types as t', 't.id', 's.seminar_type_id')
    .leftJoin('service_axes as x', 'x.id', 's.axis_id')
    .leftJoin('employees as e', 'e.id', 's.status_changed_by');
}
type Joined = ReturnType<typeof joined>;

const count = (state: string | null, attendance: string | null) =>
  sql<number>`(select count(*)::int from seminar_audience a where a.seminar_id = s.id ${state ? sql`and a.state = ${state}` : sql``} ${attendance ? sql`and a.attendance = ${attendance}` : sql``})`;

function withColumns(builder: Joined) {
  return builder
    .selectAll('s')
    .select([
      't.name as type_name',
      'x.name as axis_name',
      'e.name as status_changed_by_name',
      count('registered', null).as('registered_count'),
      count('waiting', null).as('waiting_count'),
      count(null, 'attended').as('attended_count'),
    ]);
}

type SeminarQueryRow = Awaited<
  ReturnType<ReturnType<typeof withColumns>['executeTakeFirstOrThrow']>
>;

function toSeminar(row: SeminarQueryRow): Seminar {
  return {
    id: row.id,
    title: row.title,
    seminar_type: { id: row.seminar_type_id, name: row.type_name },
    axis:
      row.axis_id !== null && row.axis_name !== null
        ? { id: row.axis_id, name: row.axis_name }
        : null,
    presenter: row.presenter,
    venue: row.venue,
    online_url: row.online_url,
    starts_at: row.starts_at,
    ends_at: row.ends_at,
    capacity: row.capacity,
    target_gender:
      row.target_gender === 'male' || row.target_gender === 'female' ? row.target_gender : null,
    target_age_min: row.target_age_min,
    target_age_max: row.target_age_max,
    target_categories: FAMILY_CATEGORIES.map((item) => item.code).filter((code) =>
      row.target_categories.includes(code),
    ),
    status: row.status,
    status_reason: row.status_reason,
    registered_count: row.registered_count,
    waiting_count: row.waiting_count,
    attended_count: row.attended_count,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

const SORT = {
  starts_at: 's.starts_at',
  title: 's.title',
  status: 's.status',
  capacity: 's.capacity',
  created_at: 's.created_at',
} as const;

function filtered(db: Executor, query: Pick<SeminarListQuery, 'search' | 'filter'>): Joined {
  let builder = whereSearch(
    joined(db),
    sql`concat_ws(' ', s.search_text, t.name_normalized)`,
    query.search,
  );
  const { filter } = query;
  if (filter.status?.length) builder = builder.where('s.status', 'in', filter.status);
  if (filter.seminar_type_id !== undefined)
    builder = builder.where('s.seminar_type_id', '=', filter.seminar_type_id);
  if (filter.axis_id !== undefined) builder = builder.where('s.axis_id', '=', filter.axis_id);
  // Text times: the start date is the first ten characters; "to" takes its whole day.
  if (filter.from) builder = builder.where('s.starts_at', '>=', filter.from);
  if (filter.to) builder = builder.where('s.starts_at', '<', `${filter.to}T99`);
  return builder;
}

export async function listSeminars(
  db: Kysely<Database>,
  query: SeminarListQuery,
): Promise<{ rows: Seminar[]; total: number }> {
  const builder = filtered(db, query);
  const { limit, offset } = pageWindow(query);
  const order = query.sort ? query.order : 'desc';
  const [rows, total] = await Promise.all([
    withColumns(builder)
      .orderBy(orderTerm(SORT[query.sort ?? 'starts_at'], order))
      .orderBy('s.id', order)
      .limit(limit)
      .offset(offset)
      .execute(),
    countRows(builder),
  ]);
  return { rows: rows.map(toSeminar), total };
}

export async function loadSeminar(db: Executor, id: number): Promise<SeminarDetail | undefined> {
  const row = await withColumns(joined(db)).where('s.id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  return {
    ...toSeminar(row),
    description: row.description,
    status_changed_at: row.status_changed_at ? iso(row.status_changed_at) : null,
    status_changed_by:
      row.status_changed_by !== null && row.status_changed_by_name !== null
        ? { id: row.status_changed_by, name: row.status_changed_by_name }
        : null,
  };
}

export async function seminarOptions(db: Executor): Promise<SeminarOptions> {
  const [types, axes] = await Promise.all([
    db
      .selectFrom('seminar_types')
      .select(['id', 'name', 'active'])
      .orderBy('name')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('service_axes')
      .select(['id', 'name', 'active'])
      .orderBy('name')
      .orderBy('id')
      .execute(),
  ]);
  return { types, axes };
}

// ---------------------------------------------------------------------------------------------
// Seminars: the writes' reads and rows
// ---------------------------------------------------------------------------------------------

/** The seminar row, locked for the rest of the transaction: every audience change of one seminar queues here. */
export function lockSeminar(trx: Transaction<Database>, id: number) {
  return trx.selectFrom('seminars').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function seminarTypeName(db: Executor, id: number): Promise<string | null> {
  return (
    (await db.selectFrom('seminar_types').select('name').where('id', '=', id).executeTakeFirst())
      ?.name ?? null
  );
}

export async function axisName(db: Executor, id: number | null): Promise<string | null> {
  if (id === null) return null;
  return (
    (await db.selectFrom('service_axes').select('name').where('id', '=', id).executeTakeFirst())
      ?.name ?? null
  );
}

export async function seminarTypeActive(db: Executor, id: number): Promise<boolean> {
  const type = await db
    .selectFrom('seminar_types')
    .select('active')
    .where('id', '=', id)
    .executeTakeFirst();
  return type?.active ?? false;
}

export async function axisActive(db: Executor, id: number): Promise<boolean> {
  const axis = await db
    .selectFrom('service_axes')
    .select('active')
    .where('id', '=', id)
    .executeTakeFirst();
  return axis?.active ?? false;
}

export async function insertSeminar(
  trx: Transaction<Database>,
  values: Insertable<SeminarsTable>,
): Promise<number> {
  const { id } = await trx
    .insertInto('seminars')
    .values(values)
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function updateSeminarRow(
  trx: Transaction<Database>,
  id: number,
  values: Updateable<SeminarsTable>,
): Promise<void> {
  await trx.updateTable('seminars').set(values).where('id', '=', id).execute();
}
