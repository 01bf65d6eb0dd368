import { sql, type Insertable, type Kysely, type Transaction, type Updateable } from 'kysely';
import { familyStatusSchema, labelOf } from 'shared-contracts/beneficiaries';
import {
  SERVABLE_FAMILY_STATUSES,
  SERVICE_OPEN_STATUSES,
  SERVICE_STATUSES,
  familyServiceRefusal,
  type Service,
  type ServiceDetail,
  type ServiceFamilyOption,
  type ServiceFamilyOptionsQuery,
  type ServiceListQuery,
  type ServiceOptions,
  type ServiceStatus,
  type ServiceStatusHistoryEntry,
  type ServiceSummary,
} from 'shared-contracts/services';
import { countRows, orderTerm, pageRows } from '../../db/query';
import { whereSearch } from '../../db/search';
import type { Database, Executor } from '../../db/tables';
import { inBatches, type ExportValue } from '../../http/export';
import { pageWindow } from '../../http/pagination';
import type { ServicesTable, ServiceStatusHistoryTable } from './tables';

/**
 * The services' reads: the list (filters, Arabic-normalised search, the overdue flag computed in
 * SQL against Riyadh's today), one service with its status history, the per-status summary, the
 * export's rows and what the service form picks from.
 */

/** Every service joined to what its answer names (type, department, axis, family, member, employees, organisation). */
function joined(db: Executor) {
  return db
    .selectFrom('services as s')
    .innerJoin('service_types as t', 't.id', 's.service_type_id')
    .innerJoin('service_departments as d', 'd.id', 't.department_id')
    .innerJoin('service_axes as x', 'x.id', 't.axis_id')
    .innerJoin('families as f', 'f.id', 's.family_id')
    .leftJoin('family_members as m', 'm.id', 's.member_id')
    .leftJoin('employees as rq', 'rq.id', 's.requested_by')
    .leftJoin('employees as pv', 'pv.id', 's.provider_id')
    .leftJoin('organisations as o', 'o.id', 's.implementing_org_id');
}

type Joined = ReturnType<typeof joined>;

const OPEN_STATUSES = sql.join(SERVICE_OPEN_STATUSES.map((status) => sql.lit(status)));

/** Open and past its expected date on `today` (`isServiceOverdue` in SQL). */
function overdueExpression(today: string) {
  return sql<boolean>`(s.expected_date is not null and s.expected_date < cast(${today} as date) and s.status in (${OPEN_STATUSES}))`;
}

/** What a search looks in: the type's name, the family's haystack (file number, head, IDs, phones), the member's and the organisation's names. */
const SEARCH_HAYSTACK = sql`concat_ws(' ', t.name_normalized, f.search_text, m.name_normalized, o.search_text)`;

/** The list's search and filters on the joined services. */
function filtered(
  db: Executor,
  query: Pick<ServiceListQuery, 'search' | 'filter'>,
  today: string,
): Joined {
  let builder = whereSearch(joined(db), SEARCH_HAYSTACK, query.search);
  const filter = query.filter;
  if (filter.status?.length) builder = builder.where('s.status', 'in', filter.status);
  if (filter.service_type_id !== undefined)
    builder = builder.where('s.service_type_id', '=', filter.service_type_id);
  if (filter.department_id !== undefined)
    builder = builder.where('t.department_id', '=', filter.department_id);
  if (filter.axis_id !== undefined) builder = builder.where('t.axis_id', '=', filter.axis_id);
  if (filter.family_id !== undefined) builder = builder.where('s.family_id', '=', filter.family_id);
  if (filter.is_medical !== undefined)
    builder = builder.where('t.is_medical', '=', filter.is_medical);
  if (filter.request_from) builder = builder.where('s.request_date', '>=', filter.request_from);
  if (filter.request_to) builder = builder.where('s.request_date', '<=', filter.request_to);
  if (filter.overdue !== undefined) {
    const overdue = overdueExpression(today);
    builder = builder.where(filter.overdue ? overdue : sql<boolean>`not ${overdue}`);
  }
  return builder;
}

function withColumns(builder: Joined, today: string) {
  return builder
    .selectAll('s')
    .select([
      't.name as type_name',
      't.unit as type_unit',
      't.is_medical as type_is_medical',
      't.department_id',
      'd.name as department_name',
      't.axis_id',
      'x.name as axis_name',
      'f.file_number',
      'f.head_name',
      'f.status as family_status',
      'm.full_name as member_name',
      'rq.name as requested_by_name',
      'pv.name as provider_name',
      'o.name as implementing_org_name',
      overdueExpression(today).as('overdue'),
    ]);
}

type ServiceQueryRow = Awaited<
  ReturnType<ReturnType<typeof withColumns>['executeTakeFirstOrThrow']>
>;

const ref = (id: number | null, name: string | null) =>
  id !== null && name !== null ? { id, name } : null;

function toService(row: ServiceQueryRow): Service {
  return {
    id: row.id,
    service_type: {
      id: row.service_type_id,
      name: row.type_name,
      unit: row.type_unit,
      is_medical: row.type_is_medical,
    },
    department: { id: row.department_id, name: row.department_name },
    axis: { id: row.axis_id, name: row.axis_name },
    family: {
      id: row.family_id,
      file_number: row.file_number,
      head_name: row.head_name,
      status: familyStatusSchema.parse(row.family_status),
    },
    member: ref(row.member_id, row.member_name),
    requested_by: ref(row.requested_by, row.requested_by_name),
    provider: ref(row.provider_id, row.provider_name),
    implementing_org: ref(row.implementing_org_id, row.implementing_org_name),
    request_date: row.request_date,
    approval_date: row.approval_date,
    expected_date: row.expected_date,
    delivery_date: row.delivery_date,
    quantity: row.quantity,
    cost: row.cost,
    status: row.status,
    status_reason: row.status_reason,
    overdue: row.overdue,
    beneficiary_satisfaction: row.beneficiary_satisfaction,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

const SORT_COLUMNS = {
  request_date: 's.request_date',
  expected_date: 's.expected_date',
  delivery_date: 's.delivery_date',
  status: 's.status',
  service_type: 't.name',
  cost: 's.cost',
  created_at: 's.created_at',
  updated_at: 's.updated_at',
} as const;

/** One page of the list in its order (newest request first unless a sort is asked for). */
function servicePage(
  db: Executor,
  query: ServiceListQuery,
  today: string,
  window: { limit: number; offset: number },
) {
  const builder = withColumns(filtered(db, query, today), today);
  const ordered =
    query.sort === undefined
      ? builder.orderBy('s.request_date', 'desc').orderBy('s.id', 'desc')
      : builder
          .orderBy(orderTerm(SORT_COLUMNS[query.sort], query.order, { nullsLast: true }))
          .orderBy('s.id', query.order);
  return ordered.limit(window.limit).offset(window.offset).execute();
}

export async function listServices(
  db: Kysely<Database>,
  query: ServiceListQuery,
  today: string,
): Promise<{ rows: Service[]; total: number }> {
  const [rows, total] = await Promise.all([
    servicePage(db, query, today, pageWindow(query)),
    countRows(filtered(db, query, today)),
  ]);
  return { rows: rows.map(toService), total };
}

export async function countServices(
  db: Kysely<Database>,
  query: ServiceListQuery,
  today: string,
): Promise<number> {
  return countRows(filtered(db, query, today));
}

/**
 * The ids of the services a list state matches, by id, at most `limit` of them (a bulk action on
 * "every matching service" asks one more than it accepts, to refuse a selection too large).
 */
export async function serviceIdsMatching(
  db: Kysely<Database>,
  query: Pick<ServiceListQuery, 'search' | 'filter'>,
  today: string,
  limit: number,
): Promise<number[]> {
  const rows = await filtered(db, query, today)
    .select('s.id')
    .orderBy('s.id')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/** The services as a person reads them (type — family), for a bulk action's refused items. */
export async function serviceLabels(
  db: Executor,
  ids: readonly number[],
): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('services as s')
    .innerJoin('service_types as t', 't.id', 's.service_type_id')
    .innerJoin('families as f', 'f.id', 's.family_id')
    .select(['s.id', 't.name', 'f.file_number', 'f.head_name'])
    .where('s.id', 'in', [...ids])
    .execute();
  return new Map(rows.map((row) => [row.id, `${row.name} — ${row.file_number} ${row.head_name}`]));
}

/** A service's status history, oldest first. */
async function statusHistory(
  db: Executor,
  serviceId: number,
): Promise<ServiceStatusHistoryEntry[]> {
  const rows = await db
    .selectFrom('service_status_history as h')
    .leftJoin('employees as e', 'e.id', 'h.by')
    .select(['h.from_status', 'h.to_status', 'h.reason', 'h.at', 'h.by', 'e.name as by_name'])
    .where('h.service_id', '=', serviceId)
    .orderBy('h.id')
    .execute();
  return rows.map((row) => ({
    from: row.from_status,
    to: row.to_status,
    reason: row.reason,
    at: row.at.toISOString(),
    by: ref(row.by, row.by_name),
  }));
}

/** One service with its texts and status history; undefined when there is none. */
export async function loadService(
  db: Executor,
  id: number,
  today: string,
): Promise<ServiceDetail | undefined> {
  const row = await withColumns(joined(db), today).where('s.id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  return {
    ...toService(row),
    details: row.details,
    follow_up_recommendations: row.follow_up_recommendations,
    status_history: await statusHistory(db, id),
  };
}

/** Counts per status (every status present), overdue count and delivered cost of the matching services. */
export async function summariseServices(
  db: Kysely<Database>,
  query: ServiceListQuery,
  today: string,
): Promise<ServiceSummary> {
  const base = filtered(db, query, today);
  const [byStatus, totals] = await Promise.all([
    base
      .select(['s.status', sql<number>`count(*)::int`.as('n')])
      .groupBy('s.status')
      .execute(),
    base
      .select([
        sql<number>`count(*)::int`.as('total'),
        sql<number>`(count(*) filter (where ${overdueExpression(today)}))::int`.as('overdue'),
        sql<number | string>`coalesce(sum(s.cost) filter (where s.status = 'delivered'), 0)`.as(
          'delivered_cost',
        ),
      ])
      .executeTakeFirstOrThrow(),
  ]);
  const counts: Record<ServiceStatus, number> = {
    requested: 0,
    approved: 0,
    in_progress: 0,
    delivered: 0,
    rejected: 0,
    cancelled: 0,
  };
  for (const row of byStatus) counts[row.status] = row.n;
  return {
    total: totals.total,
    by_status: counts,
    overdue: totals.overdue,
    delivered_cost: Number(totals.delivered_cost),
  };
}

/** The export's rows (`SERVICE_EXPORT_COLUMNS`), the filtered list in its order, labels instead of codes. */
export async function* serviceExportRows(
  db: Kysely<Database>,
  query: ServiceListQuery,
  today: string,
): AsyncGenerator<Record<string, ExportValue>> {
  const rows = inBatches((offset, limit) => servicePage(db, query, today, { limit, offset }));
  for await (const row of rows) {
    const service = toService(row);
    yield {
      id: service.id,
      service_type: service.service_type.name,
      department: service.department.name,
      axis: service.axis.name,
      file_number: service.family.file_number,
      head_name: service.family.head_name,
      member: service.member?.name ?? null,
      status: labelOf(SERVICE_STATUSES, service.status),
      overdue: service.overdue ? 'نعم' : 'لا',
      request_date: service.request_date,
      approval_date: service.approval_date,
      expected_date: service.expected_date,
      delivery_date: service.delivery_date,
      quantity: service.quantity,
      unit: service.service_type.unit,
      cost: service.cost === null ? null : Number(service.cost),
      requested_by: service.requested_by?.name ?? null,
      provider: service.provider?.name ?? null,
      implementing_org: service.implementing_org?.name ?? null,
      status_reason: service.status_reason,
      beneficiary_satisfaction: service.beneficiary_satisfaction,
    };
  }
}

// ---------------------------------------------------------------------------------------------
// What the service form picks from
// ---------------------------------------------------------------------------------------------

/**
 * Families for the form's picker: by search (the families list's haystack), archived ones left
 * out unless asked for by id (an edited service's family), each with its current members and why
 * it cannot be served.
 */
export async function familyOptions(
  db: Kysely<Database>,
  query: ServiceFamilyOptionsQuery,
): Promise<{ rows: ServiceFamilyOption[]; total: number }> {
  let builder = whereSearch(db.selectFrom('families as f'), 'f.search_text', query.search);
  if (query.filter.id !== undefined) builder = builder.where('f.id', '=', query.filter.id);
  else builder = builder.where('f.status', '<>', 'archived');
  if (query.filter.servable)
    builder = builder.where('f.status', 'in', [...SERVABLE_FAMILY_STATUSES]);
  const { rows: families, total } = await pageRows(
    builder.select(['f.id', 'f.file_number', 'f.head_name', 'f.status']),
    {
      column: query.sort === 'head_name' ? 'f.head_name' : 'f.file_number',
      id: 'f.id',
      order: query.order,
    },
    pageWindow(query),
  );
  const members =
    families.length === 0
      ? []
      : await db
          .selectFrom('family_members')
          .select(['id', 'family_id', 'full_name', 'relationship'])
          .where(
            'family_id',
            'in',
            families.map((family) => family.id),
          )
          .where('active', '=', true)
          .orderBy('id')
          .execute();
  return {
    rows: families.map((family) => ({
      id: family.id,
      file_number: family.file_number,
      head_name: family.head_name,
      status: familyStatusSchema.parse(family.status),
      refusal: familyServiceRefusal(familyStatusSchema.parse(family.status)),
      members: members
        .filter((member) => member.family_id === family.id)
        .map((member) => ({
          id: member.id,
          name: member.full_name,
          relationship: member.relationship,
        })),
    })),
    total,
  };
}

/** Active employees and active organisations, by name. */
export async function serviceOptions(db: Kysely<Database>): Promise<ServiceOptions> {
  const [employees, organisations] = await Promise.all([
    // With the email: the pickers show it beside a name two employees share.
    db
      .selectFrom('employees')
      .select(['id', 'name', 'email'])
      .where('active', '=', true)
      .orderBy('name')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('organisations')
      .select(['id', 'name'])
      .where('status', '=', 'active')
      .orderBy('name')
      .orderBy('id')
      .execute(),
  ]);
  return { employees, organisations };
}

// The writes' reads and row writes (`commands.ts` holds the rules and the transactions).

/** The family, share-locked so its status cannot change under the write; undefined when there is none. */
export function lockFamily(trx: Transaction<Database>, id: number) {
  return trx
    .selectFrom('families')
    .select(['id', 'file_number', 'head_name', 'status'])
    .where('id', '=', id)
    .forShare()
    .executeTakeFirst();
}

/** The service, locked for the write; undefined when there is none. */
export function lockService(trx: Transaction<Database>, id: number) {
  return trx.selectFrom('services').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function activeEmployee(db: Executor, id: number): Promise<boolean> {
  return (
    (await db
      .selectFrom('employees')
      .select('id')
      .where('id', '=', id)
      .where('active', '=', true)
      .executeTakeFirst()) !== undefined
  );
}

/** Whether `memberId` is a current member of `familyId`. */
export async function activeMemberOf(
  db: Executor,
  memberId: number,
  familyId: number,
): Promise<boolean> {
  const member = await db
    .selectFrom('family_members')
    .select('id')
    .where('id', '=', memberId)
    .where('family_id', '=', familyId)
    .where('active', '=', true)
    .executeTakeFirst();
  return member !== undefined;
}

export async function activeOrganisation(db: Executor, id: number): Promise<boolean> {
  const organisation = await db
    .selectFrom('organisations')
    .select('id')
    .where('id', '=', id)
    .where('status', '=', 'active')
    .executeTakeFirst();
  return organisation !== undefined;
}

/** The name of a service type, employee or organisation (null for none). */
export async function nameOf(
  db: Executor,
  table: 'service_types' | 'employees' | 'organisations',
  id: number | null,
): Promise<string | null> {
  if (id === null) return null;
  return (
    (await db.selectFrom(table).select('name').where('id', '=', id).executeTakeFirst())?.name ??
    null
  );
}

export function familyNames(db: Executor, id: number) {
  return db
    .selectFrom('families')
    .select(['file_number', 'head_name'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function memberName(db: Executor, id: number | null): Promise<string | null> {
  if (id === null) return null;
  return (
    (
      await db
        .selectFrom('family_members')
        .select('full_name')
        .where('id', '=', id)
        .executeTakeFirst()
    )?.full_name ?? null
  );
}

export async function insertService(
  trx: Transaction<Database>,
  values: Insertable<ServicesTable>,
): Promise<number> {
  const { id } = await trx
    .insertInto('services')
    .values(values)
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function updateServiceRow(
  trx: Transaction<Database>,
  id: number,
  values: Updateable<ServicesTable>,
): Promise<void> {
  await trx.updateTable('services').set(values).where('id', '=', id).execute();
}

export async function insertStatusHistory(
  trx: Transaction<Database>,
  values: Insertable<ServiceStatusHistoryTable>,
): Promise<void> {
  await trx.insertInto('service_status_history').values(values).execute();
}
