import { sql, type RawBuilder } from 'kysely';
import { SAUDI_CITIES, labelOf } from 'shared-contracts/beneficiaries';
import { todayIso } from 'shared-contracts';
import {
  SERVICES_REPORT_MESSAGES,
  SERVICES_REPORT_OVERDUE_LIMIT,
  monthLabelAr,
  periodDays,
  type ServicesReport,
  type ServicesReportParameters,
  type ServicesReportQuery,
} from 'shared-contracts/reports';
import {
  SERVICE_OPEN_STATUSES,
  SERVICE_STATUSES,
  serviceStatusLabel,
  type ServiceStatus,
} from 'shared-contracts/services';
import type { Executor } from '../../../db/tables';
import { unprocessable } from '../../../http/errors';
import { catalogueGroups } from './catalogue-groups';

/**
 * The services report's SQL. Every figure is a GROUP BY of PostgreSQL over the
 * services the filters select (`servicesScope`): the period on `request_date` (indexed), the
 * catalogue's department and axis through `service_types` (indexed on both), the family's city
 * and its season enrolment. JavaScript only renames the grouped rows.
 */

/** The filters both service reports take. */
export type ServiceReportFilters = Omit<ServicesReportQuery, 'from' | 'to'>;

const OPEN = sql.join(SERVICE_OPEN_STATUSES.map((status) => sql.lit(status)));

/**
 * The conditions on `s` (services), `t` (its type) and `f` (its family) for the filters besides
 * the period. An unknown id or code simply selects nothing.
 */
export function serviceFilterSql(filters: ServiceReportFilters): RawBuilder<unknown> {
  const parts: RawBuilder<unknown>[] = [sql`true`];
  if (filters.service_type_id !== undefined)
    parts.push(sql`s.service_type_id = ${filters.service_type_id}`);
  if (filters.department_id !== undefined)
    parts.push(sql`t.department_id = ${filters.department_id}`);
  if (filters.axis_id !== undefined) parts.push(sql`t.axis_id = ${filters.axis_id}`);
  if (filters.city !== undefined) parts.push(sql`f.city = ${filters.city}`);
  if (filters.season_id !== undefined)
    parts.push(sql`exists (select 1 from season_beneficiaries sb
      where sb.family_id = s.family_id and sb.season_id = ${filters.season_id} and sb.status <> 'excluded')`);
  return sql.join(parts, sql` and `);
}

/** The parameters of an answer, with the names of the selected season, department, axis and type. */
export async function serviceReportParameters(
  db: Executor,
  filters: ServiceReportFilters,
): Promise<ServicesReportParameters> {
  const nameOf = async (
    table: 'service_departments' | 'service_axes' | 'service_types',
    id?: number,
  ) =>
    id === undefined
      ? null
      : ((await db.selectFrom(table).select('name').where('id', '=', id).executeTakeFirst())
          ?.name ?? null);
  let seasonName: string | null = null;
  if (filters.season_id !== undefined) {
    const season = await db
      .selectFrom('seasons')
      .select('name')
      .where('id', '=', filters.season_id)
      .executeTakeFirst();
    if (!season) throw unprocessable({ season_id: [SERVICES_REPORT_MESSAGES.seasonNotFound] });
    seasonName = season.name;
  }
  return {
    season_id: filters.season_id ?? null,
    season_name: seasonName,
    department_id: filters.department_id ?? null,
    department_name: await nameOf('service_departments', filters.department_id),
    axis_id: filters.axis_id ?? null,
    axis_name: await nameOf('service_axes', filters.axis_id),
    service_type_id: filters.service_type_id ?? null,
    service_type_name: await nameOf('service_types', filters.service_type_id),
    city: filters.city ?? null,
    city_label:
      filters.city !== undefined ? labelOf(SAUDI_CITIES, filters.city) || filters.city : null,
  };
}

interface GroupFigures {
  requested: number;
  delivered: number;
  open: number;
  overdue: number;
  average_days: number | null;
  median_days: number | null;
}

/** The aggregates of a group of scoped services (`sc`), overdue judged on `asOf`. */
function groupFiguresSql(asOf: string) {
  return sql`
    count(*)::int as requested,
    (count(*) filter (where sc.status = 'delivered'))::int as delivered,
    (count(*) filter (where sc.status in (${OPEN})))::int as open,
    (count(*) filter (where sc.status in (${OPEN}) and sc.expected_date < ${asOf}::date))::int as overdue,
    round(avg(sc.delivery_date - sc.request_date)
      filter (where sc.status = 'delivered' and sc.delivery_date is not null), 1)::float8 as average_days,
    round((percentile_cont(0.5) within group (order by sc.delivery_date - sc.request_date)
      filter (where sc.status = 'delivered' and sc.delivery_date is not null))::numeric, 1)::float8 as median_days`;
}

/** The services report for `query`, computed now. */
export async function servicesReport(
  db: Executor,
  query: ServicesReportQuery,
  today: string = todayIso(),
  /** The viewer may see medical services (`maySeeMedicalServices`); else the overdue list leaves them out. */
  medicalVisible = true,
): Promise<ServicesReport> {
  const parameters = await serviceReportParameters(db, query);
  const asOf = query.to < today ? query.to : today;
  // The services in scope, selected once into a temporary table (dropped when the report's
  // transaction ends) that each grouping below reads as `sc`: seven joins of the services with
  // their types and families were most of the report's time at 300,000 services.
  await sql`drop table if exists pg_temp.services_in_scope`.execute(db);
  await sql`
    create temporary table services_in_scope on commit drop as
      select s.id, s.status, s.request_date, s.delivery_date, s.expected_date, s.family_id,
        s.service_type_id, t.department_id, t.axis_id
      from services s
      join service_types t on t.id = s.service_type_id
      join families f on f.id = s.family_id
      where s.request_date between ${query.from}::date and ${query.to}::date
        and ${serviceFilterSql(query)}`.execute(db);
  const scope = sql`with sc as (select * from services_in_scope)`;
  const figures = groupFiguresSql(asOf);

  const totals = await sql<
    GroupFigures & { families: number; rejected: number; cancelled: number }
  >`${scope}
    select ${figures},
      count(distinct sc.family_id)::int as families,
      (count(*) filter (where sc.status = 'rejected'))::int as rejected,
      (count(*) filter (where sc.status = 'cancelled'))::int as cancelled
    from sc`.execute(db);

  const statuses = await sql<{ status: string; count: number }>`${scope}
    select sc.status, count(*)::int as count from sc group by sc.status`.execute(db);
  const statusCount = new Map(statuses.rows.map((row) => [row.status, row.count]));

  const group = (row: GroupFigures) => ({
    requested: row.requested,
    delivered: row.delivered,
    open: row.open,
    overdue: row.overdue,
    average_days: row.average_days,
    median_days: row.median_days,
  });
  const catalogue = await catalogueGroups(db, {
    scope,
    figures,
    order: sql`count(*)`,
    toGroup: group,
  });

  // Every month of the period, zero included: a series over the months, joined to the counts.
  const months = await sql<{ month: string; requested: number; delivered: number }>`${scope},
    m as (
      select to_char(g, 'YYYY-MM') as month
      from generate_series(date_trunc('month', ${query.from}::date), ${query.to}::date, interval '1 month') g
    )
    select m.month, coalesce(c.requested, 0) as requested, coalesce(c.delivered, 0) as delivered
    from m
    left join (
      select to_char(sc.request_date, 'YYYY-MM') as month, count(*)::int as requested,
        (count(*) filter (where sc.status = 'delivered'))::int as delivered
      from sc group by 1
    ) c on c.month = m.month
    order by m.month`.execute(db);

  const overdue = await sql<{
    id: number;
    family_id: number;
    file_number: string;
    head_name: string;
    type_name: string;
    status: ServiceStatus;
    request_date: string;
    expected_date: string;
    days_overdue: number;
    medical: boolean;
  }>`${scope}
    select sc.id, f.id as family_id, f.file_number, f.head_name, t.name as type_name, sc.status,
      t.is_medical as medical,
      to_char(sc.request_date, 'YYYY-MM-DD') as request_date,
      to_char(sc.expected_date, 'YYYY-MM-DD') as expected_date,
      (${asOf}::date - sc.expected_date)::int as days_overdue
    from sc
    join families f on f.id = sc.family_id
    join service_types t on t.id = sc.service_type_id
    where sc.status in (${OPEN}) and sc.expected_date < ${asOf}::date
      -- the list names families: a medical service only for a viewer who may see it
      and (${medicalVisible ? sql`true` : sql`not t.is_medical`})
    order by sc.expected_date, sc.id
    limit ${SERVICES_REPORT_OVERDUE_LIMIT}`.execute(db);

  const total = totals.rows[0];
  if (!total) throw new Error('an aggregate without a group answers one row');

  return {
    kind: 'services',
    period: { from: query.from, to: query.to, days: periodDays(query.from, query.to) },
    parameters,
    as_of: asOf,
    totals: {
      ...group(total),
      families: total.families,
      rejected: total.rejected,
      cancelled: total.cancelled,
    },
    by_status: SERVICE_STATUSES.map((status) => ({
      status: status.code,
      label: status.label,
      count: statusCount.get(status.code) ?? 0,
    })),
    ...catalogue,
    by_month: months.rows.map((row) => ({
      month: row.month,
      label: monthLabelAr(row.month),
      requested: row.requested,
      delivered: row.delivered,
    })),
    overdue: overdue.rows.map((row) => ({
      service_id: row.id,
      family: { id: row.family_id, file_number: row.file_number, head_name: row.head_name },
      service_type_name: row.type_name,
      status: row.status,
      status_label: serviceStatusLabel(row.status),
      request_date: row.request_date,
      expected_date: row.expected_date,
      days_overdue: row.days_overdue,
      medical: row.medical,
    })),
  };
}
