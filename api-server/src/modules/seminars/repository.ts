import { sql, type Kysely, type Transaction } from 'kysely';
import { normaliseArabic } from 'shared-contracts';
import { labelOf, FAMILY_CATEGORIES, GENDERS } from 'shared-contracts/beneficiaries';
import {
  SEMINAR_MESSAGES,
  SEMINAR_TYPE_MESSAGES,
  SEMINAR_STATUS_CAPABILITIES,
  seminarStatusLabel,
  seminarTransitionError,
  type Seminar,
  type SeminarDetail,
  type SeminarInput,
  type SeminarListQuery,
  type SeminarOptions,
  type SeminarStatus,
  type SeminarStatusChange,
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
} from '../../db/named-lookup';
import { countOf, countRows, orderTerm } from '../../db/query';
import { whereSearch } from '../../db/search';
import type { Database, Executor } from '../../db/tables';
import { conflict, FieldErrors, unprocessable } from '../../http/errors';
import { pageWindow } from '../../http/pagination';
import type { ChangeAuthor } from '../../http/request-meta';
import { diffChanges, recordChange, recordUpdate } from '../activity-log';
import { promoteWaiting } from './queue';

/**
 * The seminars' SQL: seminar types (an editable lookup) and seminars — the reads (list with
 * search, filters and audience counts; one record; the form's options) and the commands, each
 * write in one transaction with its activity-log row.
 */

const iso = (value: Date) => value.toISOString();
const searchText = (...parts: readonly (string | null | undefined)[]) =>
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
        countOf(eb.selectFrom('seminars as s').whereRef('s.seminar_type_id', '=', 't.id')).as('usage_count'),
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
    status: row.status as SeminarStatus,
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
// Seminars: commands
// ---------------------------------------------------------------------------------------------

function seminarColumns(input: SeminarInput) {
  return {
    title: input.title,
    seminar_type_id: input.seminar_type_id,
    axis_id: input.axis_id ?? null,
    presenter: input.presenter ?? null,
    venue: input.venue ?? null,
    online_url: input.online_url ?? null,
    starts_at: input.starts_at,
    ends_at: input.ends_at,
    capacity: input.capacity,
    target_gender: input.target_gender ?? null,
    target_age_min: input.target_age_min ?? null,
    target_age_max: input.target_age_max ?? null,
    target_categories: [...new Set<string>(input.target_categories)],
    description: input.description ?? null,
    search_text: searchText(input.title, input.presenter, input.venue),
  };
}
type SeminarColumns = ReturnType<typeof seminarColumns>;

/** The audited values: names instead of ids, labels instead of codes. */
async function auditedSeminar(
  db: Executor,
  columns: Omit<SeminarColumns, 'search_text' | 'target_gender' | 'target_categories'> & {
    target_gender: string | null;
    target_categories: readonly string[];
  },
) {
  const typeName =
    (
      await db
        .selectFrom('seminar_types')
        .select('name')
        .where('id', '=', columns.seminar_type_id)
        .executeTakeFirst()
    )?.name ?? null;
  const axisName =
    columns.axis_id === null
      ? null
      : ((
          await db
            .selectFrom('service_axes')
            .select('name')
            .where('id', '=', columns.axis_id)
            .executeTakeFirst()
        )?.name ?? null);
  return {
    title: columns.title,
    seminar_type: typeName,
    axis: axisName,
    presenter: columns.presenter,
    venue: columns.venue,
    online_url: columns.online_url,
    starts_at: columns.starts_at,
    ends_at: columns.ends_at,
    capacity: columns.capacity,
    target_gender: columns.target_gender ? labelOf(GENDERS, columns.target_gender) : null,
    target_age_min: columns.target_age_min,
    target_age_max: columns.target_age_max,
    target_categories: columns.target_categories.map((code) => labelOf(FAMILY_CATEGORIES, code)),
    description: columns.description,
  };
}

/** 422s beyond the schema: an active type and an active axis (what the seminar holds stays accepted). */
async function checkSeminar(
  db: Executor,
  columns: SeminarColumns,
  before?: { seminar_type_id: number; axis_id: number | null },
): Promise<void> {
  const errors = new FieldErrors();
  if (!before || before.seminar_type_id !== columns.seminar_type_id) {
    const type = await db
      .selectFrom('seminar_types')
      .select('active')
      .where('id', '=', columns.seminar_type_id)
      .executeTakeFirst();
    if (!type?.active) errors.add('seminar_type_id', SEMINAR_MESSAGES.typeInactive);
  }
  if (columns.axis_id !== null && (!before || before.axis_id !== columns.axis_id)) {
    const axis = await db
      .selectFrom('service_axes')
      .select('active')
      .where('id', '=', columns.axis_id)
      .executeTakeFirst();
    if (!axis?.active) errors.add('axis_id', SEMINAR_MESSAGES.axisInactive);
  }
  errors.throwIfAny();
}

export async function createSeminar(
  db: Kysely<Database>,
  input: SeminarInput,
  author: ChangeAuthor,
): Promise<number> {
  const columns = seminarColumns(input);
  return db.transaction().execute(async (trx) => {
    await checkSeminar(trx, columns);
    const now = new Date();
    const { id } = await trx
      .insertInto('seminars')
      .values({
        ...columns,
        status: 'planned',
        status_changed_at: now,
        status_changed_by: author.id,
        created_by: author.id,
        updated_by: author.id,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await recordChange(trx, author, {
      action: 'create',
      entityType: 'seminar',
      entityId: id,
      entityLabel: columns.title,
      changes: diffChanges(null, {
        ...(await auditedSeminar(trx, columns)),
        status: seminarStatusLabel('planned'),
      }),
    });
    return id;
  });
}

/** The seminar row, locked for the rest of the transaction: every audience change of one seminar queues here. */
function lockSeminar(trx: Transaction<Database>, id: number) {
  return trx.selectFrom('seminars').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

/**
 * Edits a seminar (not its status): 409 once held or cancelled; 422 when the capacity falls
 * below the people registered. A raised capacity moves the waiting list up at once, in order.
 * False when there is no such seminar.
 */
export async function updateSeminar(
  db: Kysely<Database>,
  id: number,
  input: SeminarInput,
  author: ChangeAuthor,
): Promise<boolean> {
  const columns = seminarColumns(input);
  return db.transaction().execute(async (trx) => {
    const before = await lockSeminar(trx, id);
    if (!before) return false;
    const status = before.status as SeminarStatus;
    if (!SEMINAR_STATUS_CAPABILITIES[status].edit)
      throw conflict(SEMINAR_MESSAGES.closedForEdit(seminarStatusLabel(status)));
    await checkSeminar(trx, columns, before);
    const registered = await trx
      .selectFrom('seminar_audience')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('seminar_id', '=', id)
      .where('state', '=', 'registered')
      .executeTakeFirstOrThrow();
    if (columns.capacity < registered.n)
      throw unprocessable({ capacity: [SEMINAR_MESSAGES.capacityBelowRegistered(registered.n)] });
    const changes = diffChanges(
      await auditedSeminar(trx, before),
      await auditedSeminar(trx, columns),
    );
    await trx
      .updateTable('seminars')
      .set({ ...columns, updated_at: new Date(), updated_by: author.id })
      .where('id', '=', id)
      .execute();
    await recordUpdate(trx, author, { entityType: 'seminar', entityId: id, entityLabel: columns.title, changes });
    if (columns.capacity > registered.n)
      await promoteWaiting(
        trx,
        { id, title: columns.title },
        columns.capacity - registered.n,
        author,
      );
    return true;
  });
}

/** Moves a seminar along its workflow (409 off it); cancelling keeps its reason. False when there is no such seminar. */
export async function changeSeminarStatus(
  db: Kysely<Database>,
  id: number,
  change: SeminarStatusChange,
  author: ChangeAuthor,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const seminar = await lockSeminar(trx, id);
    if (!seminar) return false;
    const from = seminar.status as SeminarStatus;
    const to = change.status;
    const refused = seminarTransitionError(from, to);
    if (refused) throw conflict(refused, { status: [refused] });
    const reason = to === 'cancelled' ? (change.reason ?? null) : seminar.status_reason;
    const now = new Date();
    await trx
      .updateTable('seminars')
      .set({
        status: to,
        status_reason: reason,
        status_changed_at: now,
        status_changed_by: author.id,
        updated_at: now,
        updated_by: author.id,
      })
      .where('id', '=', id)
      .execute();
    await recordChange(trx, author, {
      action: 'status_change',
      entityType: 'seminar',
      entityId: id,
      entityLabel: `${seminar.title}: ${seminarStatusLabel(from)} ← ${seminarStatusLabel(to)}`,
      changes: {
        status: [seminarStatusLabel(from), seminarStatusLabel(to)],
        ...(reason !== seminar.status_reason
          ? { status_reason: [seminar.status_reason, reason] }
          : {}),
      },
    });
    return true;
  });
}
