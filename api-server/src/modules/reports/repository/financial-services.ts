import { sql, type RawBuilder } from 'kysely';
import { SAUDI_CITIES, labelOf } from 'shared-contracts/beneficiaries';
import {
  periodDays,
  type FinancialServicesReport,
  type FinancialServicesReportQuery,
} from 'shared-contracts/reports';
import type { Executor } from '../../../db/tables';
import type { ReportComputeOptions } from './report-options';
import { catalogueGroups } from './catalogue-groups';
import { serviceFilterSql, serviceReportParameters } from './services';

/**
 * The financial-services report's SQL: the services DELIVERED in the period (the
 * partial index on `delivery_date` of delivered services), grouped by PostgreSQL. Money never
 * passes through a JavaScript number: `sum(cost)` is `numeric`, cast to `numeric(16,2)` and read
 * as text ("1250.50"); averages and a season's remainder and share are computed in SQL too.
 */

const NO_CITY_LABEL = 'غير محدد';

/** A `numeric` sum as exact text with two decimals (0.00 when nothing was summed). */
const money = (expression: RawBuilder<unknown>) =>
  sql`coalesce(${expression}, 0)::numeric(16, 2)::text`;

interface MoneyGroup {
  services: number;
  spent: string;
}

/** The financial-services report for `query`, computed now. */
export async function financialServicesReport(
  db: Executor,
  query: FinancialServicesReportQuery,
  options: ReportComputeOptions = {},
  /** The viewer may see medical services (`maySeeMedicalServices`); else the named rows leave them out. */
  medicalVisible = true,
): Promise<FinancialServicesReport> {
  // The live page reads the first rows of the per-family and per-beneficiary tables: the groups
  // are all summed and sorted, but only those rows leave PostgreSQL, with the count of all.
  const limit = options.rowsLimit === undefined ? sql`` : sql`limit ${options.rowsLimit}`;
  const parameters = await serviceReportParameters(db, query);
  // The delivered services in scope, selected once into a temporary table that every grouping
  // below reads (seven scans of the services were most of the report's time at 300,000 services);
  // it is dropped when the report's transaction ends.
  await sql`
    create temporary table sc on commit drop as
      select s.id, s.cost, s.delivery_date, s.family_id, s.member_id, s.service_type_id,
        t.department_id, t.axis_id, t.is_medical
      from services s
      join service_types t on t.id = s.service_type_id
      join families f on f.id = s.family_id
      where s.status = 'delivered'
        and s.delivery_date between ${query.from}::date and ${query.to}::date
        and ${serviceFilterSql(query)}`.execute(db);
  await sql`analyze sc`.execute(db);
  const groupSql = sql`count(*)::int as services, ${money(sql`sum(sc.cost)`)} as spent`;

  const totals = await sql<
    MoneyGroup & {
      families: number;
      beneficiaries: number;
      unpriced: number;
      average_per_family: string;
    }
  >`
    select ${groupSql},
      count(distinct sc.family_id)::int as families,
      count(distinct sc.member_id)::int as beneficiaries,
      (count(*) filter (where sc.cost is null))::int as unpriced,
      ${money(sql`round(sum(sc.cost) / nullif(count(distinct sc.family_id), 0), 2)`)} as average_per_family
    from sc`.execute(db);

  const group = (row: MoneyGroup) => ({ services: row.services, spent: row.spent });
  const catalogue = await catalogueGroups(db, {
    figures: groupSql,
    order: sql`coalesce(sum(sc.cost), 0)`,
    toGroup: group,
  });

  // The rows that name a family or a person count medical services only for a viewer who may
  // see them (the medical rule); the aggregates above and below name nobody and count them all.
  const named = medicalVisible ? sql`true` : sql`not sc.is_medical`;
  const families = await sql<
    MoneyGroup & {
      id: number;
      file_number: string;
      head_name: string;
      city: string | null;
      beneficiaries: number;
      medical: boolean;
      rows_total: number;
    }
  >`
    select f.id, f.file_number, f.head_name, f.city, ${groupSql},
      count(distinct sc.member_id)::int as beneficiaries,
      bool_or(sc.is_medical) as medical,
      (count(*) over ())::int as rows_total
    from sc join families f on f.id = sc.family_id
    where ${named}
    group by f.id, f.file_number, f.head_name, f.city
    order by coalesce(sum(sc.cost), 0) desc, f.file_number, f.id
    ${limit}`.execute(db);

  const members = await sql<
    MoneyGroup & {
      id: number;
      name: string;
      family_id: number;
      file_number: string;
      medical: boolean;
      rows_total: number;
    }
  >`
    select m.id, m.full_name as name, f.id as family_id, f.file_number, ${groupSql},
      bool_or(sc.is_medical) as medical,
      (count(*) over ())::int as rows_total
    from sc
    join family_members m on m.id = sc.member_id
    join families f on f.id = sc.family_id
    where ${named}
    group by m.id, m.full_name, f.id, f.file_number
    order by coalesce(sum(sc.cost), 0) desc, f.file_number, m.id
    ${limit}`.execute(db);

  // A season's spending: the delivered services of its enrolled families within its dates and
  // the period (and the other filters). Only seasons with a budget, overlapping the period.
  const seasons = await sql<
    MoneyGroup & {
      id: number;
      name: string;
      start_date: string;
      end_date: string;
      budget: string;
      remaining: string;
      used_percent: number | null;
    }
  >`with se as (
      select z.id, z.name, z.start_date, z.end_date, z.budget
      from seasons z
      where z.budget is not null
        and z.start_date <= ${query.to}::date and z.end_date >= ${query.from}::date
        ${query.season_id !== undefined ? sql`and z.id = ${query.season_id}` : sql``}
    ),
    spent as (
      select se.id, count(sc.id)::int as services, sum(sc.cost) as total
      from se
      left join sc on sc.delivery_date between se.start_date and se.end_date
        and exists (select 1 from season_beneficiaries sb
          where sb.season_id = se.id and sb.family_id = sc.family_id and sb.status <> 'excluded')
      group by se.id
    )
    select se.id, se.name,
      to_char(se.start_date, 'YYYY-MM-DD') as start_date,
      to_char(se.end_date, 'YYYY-MM-DD') as end_date,
      se.budget::numeric(16, 2)::text as budget,
      spent.services,
      ${money(sql`spent.total`)} as spent,
      (se.budget - coalesce(spent.total, 0))::numeric(16, 2)::text as remaining,
      round(coalesce(spent.total, 0) * 100 / nullif(se.budget, 0), 1)::float8 as used_percent
    from se join spent on spent.id = se.id
    order by se.start_date, se.id`.execute(db);

  const total = totals.rows[0];
  if (!total) throw new Error('an aggregate without a group answers one row');

  return {
    kind: 'financial-services',
    period: { from: query.from, to: query.to, days: periodDays(query.from, query.to) },
    parameters,
    totals: {
      ...group(total),
      families: total.families,
      beneficiaries: total.beneficiaries,
      unpriced: total.unpriced,
      average_per_family: total.average_per_family,
    },
    ...catalogue,
    by_family: families.rows.map((row) => ({
      family: { id: row.id, file_number: row.file_number, head_name: row.head_name },
      city: row.city,
      city_label: labelOf(SAUDI_CITIES, row.city) || NO_CITY_LABEL,
      ...group(row),
      beneficiaries: row.beneficiaries,
      medical: row.medical,
    })),
    by_family_total: families.rows[0]?.rows_total ?? 0,
    by_beneficiary: members.rows.map((row) => ({
      member: { id: row.id, name: row.name },
      family: { id: row.family_id, file_number: row.file_number },
      ...group(row),
      medical: row.medical,
    })),
    by_beneficiary_total: members.rows[0]?.rows_total ?? 0,
    by_season: seasons.rows.map((row) => ({
      season: { id: row.id, name: row.name },
      start_date: row.start_date,
      end_date: row.end_date,
      budget: row.budget,
      spent: row.spent,
      remaining: row.remaining,
      used_percent: row.used_percent,
      services: row.services,
    })),
  };
}
