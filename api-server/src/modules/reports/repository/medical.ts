import { sql, type RawBuilder } from 'kysely';
import { SERVICE_STATUSES } from 'shared-contracts/services';
import { GENDERS, labelOf } from 'shared-contracts/beneficiaries';
import {
  HEALTHY_STATUS,
  MEDICAL_AGE_BANDS,
  MEDICAL_MESSAGES,
  periodDays,
  type MedicalQuery,
  type MedicalReport,
} from 'shared-contracts/reports';
import type { Executor } from '../../../db/tables';
import type { ReportComputeOptions } from './report-options';
import { loadLookups, type LookupSet } from '../../lookups';

/**
 * The medical report's SQL (contract: shared-contracts/reports/medical-report.ts). PostgreSQL
 * does the counting over the indexed columns (families by status/city/district, members by
 * family, services by request date and type) and answers small grouped rows — one per
 * (condition, sex, band, district, has-disability), per (disability, sex), per (type, status,
 * month, district) — whose number depends on the lookups, not on the data size; JavaScript only
 * folds those into the report's tables and puts the labels on. The individuals are one more
 * query, run only for a reader who may see them.
 */

const OPEN_STATUSES = ['requested', 'approved', 'in_progress'];

/**
 * A member's age band on the period's last day, as SQL (null: no birth date). A whole-years age
 * of at least N on day T is a birth date on or before T minus N years (PostgreSQL's `age()` and
 * its month arithmetic agree on 29 February), so the band is a few date comparisons against
 * constants: `age()` on every one of half a million members was half of the report's time.
 */
function ageBandSql(to: string): RawBuilder<string | null> {
  const bornBy = (years: number) => sql`(${to}::date - make_interval(years => ${years}))::date`;
  const cases = MEDICAL_AGE_BANDS.map((band) =>
    band.to === null
      ? sql`when m.birth_date <= ${bornBy(band.from)} then ${band.code}`
      : sql`when m.birth_date > ${bornBy(band.to + 1)} and m.birth_date <= ${bornBy(band.from)} then ${band.code}`,
  );
  return sql<
    string | null
  >`case when m.birth_date is null then null ${sql.join(cases, sql` `)} end`;
}

/** The families the filters select (approved: the charity's beneficiaries). */
function familyWhere(query: MedicalQuery) {
  return sql`f.status = 'approved'
    ${query.city !== undefined ? sql`and f.city = ${query.city}` : sql``}
    ${query.district !== undefined ? sql`and f.district = ${query.district}` : sql``}`;
}

/** The members the filters select: active in an approved family, of the sex and band asked. */
function memberWhere(query: MedicalQuery) {
  return sql`m.active
    and (m.end_date is null or m.end_date >= ${query.from}::date)
    ${query.sex !== undefined ? sql`and m.gender = ${query.sex}` : sql``}
    ${query.age_band !== undefined ? sql`and (${ageBandSql(query.to)}) = ${query.age_band}` : sql``}`;
}

/** The medical services of the period the filters select (`s`, `t`, `f`, and `m` when filtered by the member). */
function serviceFrom(query: MedicalQuery) {
  const byMember = query.sex !== undefined || query.age_band !== undefined;
  return sql`services s
    join service_types t on t.id = s.service_type_id and t.is_medical
    join families f on f.id = s.family_id
    ${byMember ? sql`join family_members m on m.id = s.member_id` : sql``}
    where s.request_date between ${query.from}::date and ${query.to}::date
      ${query.city !== undefined ? sql`and f.city = ${query.city}` : sql``}
      ${query.district !== undefined ? sql`and f.district = ${query.district}` : sql``}
      ${query.sex !== undefined ? sql`and m.gender = ${query.sex}` : sql``}
      ${query.age_band !== undefined ? sql`and (${ageBandSql(query.to)}) = ${query.age_band}` : sql``}`;
}

interface MemberGroup {
  health_status: string | null;
  sex: string | null;
  band: string | null;
  city: string | null;
  district: string | null;
  disabled: boolean;
  members: number;
}

interface DisabilityListGroup {
  codes: string[];
  sex: string | null;
  members: number;
}

interface ServiceGroup {
  type_id: number;
  type_name: string;
  status: string;
  month: string;
  city: string | null;
  district: string | null;
  services: number;
  cost: string;
}

interface IndividualRow {
  member_id: number;
  full_name: string;
  family_id: number;
  file_number: string;
  sex: string | null;
  age: number | null;
  health_status: string | null;
  disabilities: string[];
  city: string | null;
  district: string | null;
  services: number;
}

/** Exact decimal sum of two money strings ("12.50" + "3.25" → "15.75"), in cents. */
function addMoney(a: string, b: string): string {
  const cents = (value: string) => {
    const [whole = '0', fraction = '00'] = value.split('.');
    return BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0').slice(0, 2));
  };
  const total = cents(a) + cents(b);
  return `${total / 100n}.${String(total % 100n).padStart(2, '0')}`;
}

/** The months of a period, `YYYY-MM`, in order. */
function monthsOf(from: string, to: string): string[] {
  const months: string[] = [];
  let year = Number(from.slice(0, 4));
  let month = Number(from.slice(5, 7));
  const last = to.slice(0, 7);
  for (;;) {
    const key = `${year}-${String(month).padStart(2, '0')}`;
    months.push(key);
    if (key >= last) return months;
    month += 1;
    if (month > 12) {
      month = 1;
      year += 1;
    }
  }
}

const byLabel = (a: { label: string }, b: { label: string }) =>
  a.label.localeCompare(b.label, 'ar');

/** The labels of a member's or a family's codes, as the lookup tables say now. */
function labels(lookups: LookupSet) {
  return {
    sex: (code: string | null) => (code ? labelOf(GENDERS, code) : MEDICAL_MESSAGES.unknown),
    band: (code: string | null) =>
      MEDICAL_AGE_BANDS.find((band) => band.code === code)?.label ?? MEDICAL_MESSAGES.unknown,
    health: (code: string | null) =>
      code ? lookups.label('health_statuses', code) : MEDICAL_MESSAGES.unrecorded,
    disability: (code: string) => lookups.label('disability_types', code),
    city: (code: string | null) =>
      code ? lookups.label('cities', code) : MEDICAL_MESSAGES.unknown,
    district: (code: string | null) =>
      code ? lookups.label('districts', code) : MEDICAL_MESSAGES.unknown,
  };
}

/** The medical report for `query`; `withIndividuals` adds the list of individuals. */
export async function medicalReport(
  db: Executor,
  query: MedicalQuery,
  withIndividuals: boolean,
  options: ReportComputeOptions = {},
): Promise<MedicalReport> {
  const band = ageBandSql(query.to);
  const hasCondition = sql`(m.health_status is not null and m.health_status <> ${HEALTHY_STATUS})`;
  // One pass over the selected members feeds three grouping sets: the report's member groups,
  // one row per family (whether any member has a condition or a disability: the distinct
  // families cannot be added up from the groups), and one row per (disabilities, sex) — a few
  // dozen distinct lists, unfolded into codes below. Only the small groups leave PostgreSQL.
  const memberPass = await sql<{
    groups: MemberGroup[] | null;
    disability_lists: DisabilityListGroup[] | null;
    families: number;
    families_affected: number;
  }>`
    select
      json_agg(json_build_object('health_status', g.health_status, 'sex', g.sex, 'band', g.band,
        'city', g.city, 'district', g.district, 'disabled', g.disabled, 'members', g.members))
        filter (where g.per_family = 1 and g.per_list = 1) as groups,
      json_agg(json_build_object('codes', g.disabilities, 'sex', g.sex, 'members', g.members))
        filter (where g.per_list = 0 and cardinality(g.disabilities) > 0) as disability_lists,
      (count(*) filter (where g.per_family = 0))::int as families,
      (count(*) filter (where g.per_family = 0 and g.affected))::int as families_affected
    from (
      select grouping(f.id) as per_family, grouping(m.disabilities) as per_list,
        m.health_status, m.gender as sex, ${band} as band, f.city, f.district,
        cardinality(m.disabilities) > 0 as disabled, m.disabilities,
        count(*)::int as members,
        bool_or(${hasCondition} or cardinality(m.disabilities) > 0) as affected
      from families f
      join family_members m on m.family_id = f.id
      where ${familyWhere(query)} and ${memberWhere(query)}
      -- by position: the band's SQL carries parameters, which GROUP BY cannot match by text
      group by grouping sets ((3, 4, 5, 6, 7, 8), (f.id), (9, 4))
    ) g`.execute(db);

  // The services' groups, and one row per family served, in one pass likewise.
  const servicePass = await sql<{ groups: ServiceGroup[] | null; families_served: number }>`
    select
      json_agg(json_build_object('type_id', g.type_id, 'type_name', g.type_name,
        'status', g.status, 'month', g.month, 'city', g.city, 'district', g.district,
        'services', g.services, 'cost', g.cost)) filter (where g.per_family = 1) as groups,
      (count(*) filter (where g.per_family = 0))::int as families_served
    from (
      select grouping(s.family_id) as per_family, t.id as type_id, t.name as type_name, s.status,
        to_char(s.request_date, 'YYYY-MM') as month, f.city, f.district,
        count(*)::int as services,
        coalesce(sum(s.cost) filter (where s.status = 'delivered'), 0)::numeric(14, 2)::text as cost
      from ${serviceFrom(query)}
      group by grouping sets ((2, 3, 4, 5, 6, 7), (s.family_id))
    ) g`.execute(db);

  const pass = memberPass.rows[0];
  const memberGroups = pass?.groups ?? [];
  const serviceGroups = servicePass.rows[0]?.groups ?? [];
  const lookups = await loadLookups(db);
  const label = labels(lookups);
  const affectedMembers = memberGroups
    .filter(
      (group) =>
        (group.health_status !== null && group.health_status !== HEALTHY_STATUS) || group.disabled,
    )
    .reduce((sum, group) => sum + group.members, 0);
  const individuals = withIndividuals
    ? await individualsOf(db, query, label, affectedMembers, options.rowsLimit)
    : null;

  // by condition, by sex and band, by area
  const conditions = new Map<string, MedicalReport['by_condition'][number]>();
  const grid = new Map<string, MedicalReport['by_sex_age'][number]>();
  const areas = new Map<string, MedicalReport['by_area'][number]>();
  const summary: MedicalReport['summary'] = {
    families: pass?.families ?? 0,
    members: 0,
    members_with_condition: 0,
    members_with_disability: 0,
    members_unrecorded: 0,
    families_affected: pass?.families_affected ?? 0,
    services: 0,
    services_delivered: 0,
    services_open: 0,
    services_cost: serviceGroups.reduce((sum, group) => addMoney(sum, group.cost), '0.00'),
    families_served: servicePass.rows[0]?.families_served ?? 0,
  };
  for (const sex of ['male', 'female'])
    for (const item of MEDICAL_AGE_BANDS)
      grid.set(`${sex}|${item.code}`, {
        sex,
        sex_label: label.sex(sex),
        age_band: item.code,
        age_band_label: item.label,
        members: 0,
        with_condition: 0,
        with_disability: 0,
      });
  const area = (city: string | null, district: string | null) => {
    const key = `${city ?? ''}|${district ?? ''}`;
    let row = areas.get(key);
    if (!row) {
      row = {
        city,
        city_label: label.city(city),
        district,
        district_label: label.district(district),
        members: 0,
        with_condition: 0,
        with_disability: 0,
        services: 0,
      };
      areas.set(key, row);
    }
    return row;
  };

  for (const group of memberGroups) {
    const ill = group.health_status !== null && group.health_status !== HEALTHY_STATUS;
    const withCondition = ill ? group.members : 0;
    const withDisability = group.disabled ? group.members : 0;
    summary.members += group.members;
    summary.members_with_condition += withCondition;
    summary.members_with_disability += withDisability;
    if (group.health_status === null) summary.members_unrecorded += group.members;

    const conditionKey = group.health_status ?? '';
    let condition = conditions.get(conditionKey);
    if (!condition) {
      condition = {
        code: group.health_status,
        label: label.health(group.health_status),
        members: 0,
        male: 0,
        female: 0,
      };
      conditions.set(conditionKey, condition);
    }
    condition.members += group.members;
    if (group.sex === 'male') condition.male += group.members;
    if (group.sex === 'female') condition.female += group.members;

    const cellKey = `${group.sex ?? ''}|${group.band ?? ''}`;
    let cell = grid.get(cellKey);
    if (!cell) {
      cell = {
        sex: group.sex,
        sex_label: label.sex(group.sex),
        age_band: group.band,
        age_band_label: label.band(group.band),
        members: 0,
        with_condition: 0,
        with_disability: 0,
      };
      grid.set(cellKey, cell);
    }
    cell.members += group.members;
    cell.with_condition += withCondition;
    cell.with_disability += withDisability;

    const place = area(group.city, group.district);
    place.members += group.members;
    place.with_condition += withCondition;
    place.with_disability += withDisability;
  }

  const disabilityRows = new Map<string, MedicalReport['by_disability'][number]>();
  // A list of disabilities counts its members once under each code it holds.
  for (const group of pass?.disability_lists ?? []) {
    for (const code of new Set(group.codes)) {
      let row = disabilityRows.get(code);
      if (!row) {
        row = { code, label: label.disability(code), members: 0, male: 0, female: 0 };
        disabilityRows.set(code, row);
      }
      row.members += group.members;
      if (group.sex === 'male') row.male += group.members;
      if (group.sex === 'female') row.female += group.members;
    }
  }

  const types = new Map<number, MedicalReport['services_by_type'][number]>();
  const statuses = new Map<string, MedicalReport['services_by_status'][number]>(
    SERVICE_STATUSES.map((status) => [
      status.code,
      { status: status.code, label: status.label, services: 0 },
    ]),
  );
  const months = new Map<string, MedicalReport['services_by_month'][number]>(
    monthsOf(query.from, query.to).map((month) => [month, { month, services: 0, delivered: 0 }]),
  );
  for (const group of serviceGroups) {
    const delivered = group.status === 'delivered' ? group.services : 0;
    summary.services += group.services;
    summary.services_delivered += delivered;
    if (OPEN_STATUSES.includes(group.status)) summary.services_open += group.services;
    let type = types.get(group.type_id);
    if (!type) {
      type = {
        type_id: group.type_id,
        type_name: group.type_name,
        services: 0,
        delivered: 0,
        cost: '0.00',
      };
      types.set(group.type_id, type);
    }
    type.services += group.services;
    type.delivered += delivered;
    type.cost = addMoney(type.cost, group.cost);
    const status = statuses.get(group.status);
    if (status) status.services += group.services;
    const month = months.get(group.month);
    if (month) {
      month.services += group.services;
      month.delivered += delivered;
    }
    area(group.city, group.district).services += group.services;
  }

  const bandOrder = (code: string | null) => {
    const index = MEDICAL_AGE_BANDS.findIndex((item) => item.code === code);
    return index === -1 ? MEDICAL_AGE_BANDS.length : index;
  };
  const sexOrder = (code: string | null) => (code === 'male' ? 0 : code === 'female' ? 1 : 2);

  return {
    kind: 'medical',
    period: { from: query.from, to: query.to, days: periodDays(query.from, query.to) },
    parameters: {
      city: query.city ?? null,
      district: query.district ?? null,
      sex: query.sex ?? null,
      age_band: query.age_band ?? null,
    },
    summary,
    by_condition: [...conditions.values()].sort(
      (a, b) =>
        Number(a.code === null) - Number(b.code === null) || b.members - a.members || byLabel(a, b),
    ),
    by_disability: [...disabilityRows.values()].sort(
      (a, b) => b.members - a.members || byLabel(a, b),
    ),
    by_sex_age: [...grid.values()].sort(
      (a, b) => sexOrder(a.sex) - sexOrder(b.sex) || bandOrder(a.age_band) - bandOrder(b.age_band),
    ),
    by_area: [...areas.values()].sort(
      (a, b) =>
        b.with_condition + b.with_disability - (a.with_condition + a.with_disability) ||
        b.services - a.services ||
        a.city_label.localeCompare(b.city_label, 'ar') ||
        a.district_label.localeCompare(b.district_label, 'ar'),
    ),
    services_by_type: [...types.values()].sort(
      (a, b) => b.services - a.services || a.type_name.localeCompare(b.type_name, 'ar'),
    ),
    services_by_status: [...statuses.values()],
    services_by_month: [...months.values()],
    individuals: individuals?.rows ?? null,
    individuals_total: individuals?.total ?? null,
  };
}

/**
 * The members with a condition or a disability, by file number and name: the first `limit` of
 * them (the live page) or all, and how many there are. Each row counts its services, so the
 * live page's limit spares that count for every member it does not show. `total` is their
 * number, already counted in the member groups.
 */
async function individualsOf(
  db: Executor,
  query: MedicalQuery,
  label: ReturnType<typeof labels>,
  total: number,
  limit?: number,
): Promise<{ rows: NonNullable<MedicalReport['individuals']>; total: number }> {
  const listed = sql`
    from families f
    join family_members m on m.family_id = f.id
    where ${familyWhere(query)} and ${memberWhere(query)}
      and ((m.health_status is not null and m.health_status <> ${HEALTHY_STATUS})
        or cardinality(m.disabilities) > 0)`;
  const result = await sql<IndividualRow>`
    select m.id as member_id, m.full_name, f.id as family_id, f.file_number, m.gender as sex,
      case when m.birth_date is null then null
        else greatest(extract(year from age(${query.to}::date, m.birth_date))::int, 0) end as age,
      m.health_status, m.disabilities, f.city, f.district,
      (select count(*)::int from services s
        join service_types t on t.id = s.service_type_id and t.is_medical
        where s.family_id = f.id and s.member_id = m.id
          and s.request_date between ${query.from}::date and ${query.to}::date) as services
    ${listed}
    order by f.file_number, m.full_name, m.id
    ${limit === undefined ? sql`` : sql`limit ${limit}`}`.execute(db);
  const rows = result.rows.map((row) => ({
    member_id: row.member_id,
    full_name: row.full_name,
    family: { id: row.family_id, file_number: row.file_number },
    sex: row.sex,
    sex_label: label.sex(row.sex),
    age: row.age,
    health_status: row.health_status,
    health_status_label: label.health(row.health_status),
    disabilities: row.disabilities,
    disability_labels: row.disabilities.map(label.disability),
    city_label: label.city(row.city),
    district_label: label.district(row.district),
    services: row.services,
  }));
  return { rows, total };
}
