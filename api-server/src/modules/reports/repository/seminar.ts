import { sql, type RawBuilder } from 'kysely';
import { SEMINAR_STATUSES, type SeminarStatus } from 'shared-contracts/engagement';
import { labelOf } from 'shared-contracts/beneficiaries';
import {
  SEMINAR_AGE_BANDS,
  SEMINAR_UNKNOWN_BAND,
  periodDays,
  type SeminarReport,
  type SeminarReportQuery,
} from 'shared-contracts/reports';
import type { Executor } from '../../../db/tables';
import { unprocessable } from '../../../http/errors';

/**
 * The seminar report (shared-contracts/reports/seminar-report.ts), computed by PostgreSQL: the
 * seminars starting in the period (`starts_at` is Riyadh wall-clock text, compared as text on its
 * index), their audience counted per seminar, then summed per type, per axis and overall in ONE
 * grouping-sets query, with the rates in SQL; the audience by sex and age band likewise.
 */

const NO_AXIS_LABEL = 'بلا محور';

/** The rate columns: percent with one decimal, null without a denominator. */
const RATES = sql`
  round(100.0 * sum(attended) filter (where status = 'held') / nullif(sum(registered) filter (where status = 'held'), 0), 1)::float8 as attendance_rate,
  round(100.0 * sum(registered) / nullif(sum(capacity), 0), 1)::float8 as fill_rate`;

interface SeminarAggregate {
  id: number;
  title: string;
  starts_at: string;
  status: SeminarStatus;
  type_id: number;
  type_name: string;
  axis_id: number | null;
  axis_name: string | null;
  capacity: number;
  registered: number;
  waiting: number;
  attended: number;
  no_show: number;
  unmarked: number;
  attendance_rate: number | null;
  fill_rate: number | null;
}

interface GroupAggregate {
  by_type: number;
  by_axis: number;
  type_id: number | null;
  type_name: string | null;
  axis_id: number | null;
  axis_name: string | null;
  seminars: number;
  held: number;
  capacity: number;
  registered: number;
  waiting: number;
  attended: number;
  no_show: number;
  held_registered: number;
  attendance_rate: number | null;
  fill_rate: number | null;
}

/** The age band of `age` (an SQL integer expression) as a CASE over SEMINAR_AGE_BANDS. */
function bandCase(age: RawBuilder<unknown>) {
  const whens = SEMINAR_AGE_BANDS.map(
    (band) =>
      sql`when ${age} between ${sql.lit(band.from)} and ${sql.lit(band.to)} then ${sql.lit(band.code)}`,
  );
  return sql`case ${sql.join(whens, sql` `)} else ${sql.lit(SEMINAR_UNKNOWN_BAND.code)} end`;
}

/** The report for `query`. */
export async function seminarReport(
  db: Executor,
  query: SeminarReportQuery,
): Promise<SeminarReport> {
  let typeName: string | null = null;
  if (query.seminar_type_id !== undefined) {
    const type = await db
      .selectFrom('seminar_types')
      .select('name')
      .where('id', '=', query.seminar_type_id)
      .executeTakeFirst();
    if (!type) throw unprocessable({ seminar_type_id: ['نوع الندوة غير موجود'] });
    typeName = type.name;
  }
  let axisName: string | null = null;
  if (query.axis_id !== undefined) {
    const axis = await db
      .selectFrom('service_axes')
      .select('name')
      .where('id', '=', query.axis_id)
      .executeTakeFirst();
    if (!axis) throw unprocessable({ axis_id: ['المحور غير موجود'] });
    axisName = axis.name;
  }

  // The seminars starting in the period (cancelled ones too: counted apart), with their counts.
  const scope = sql`
    chosen as (
      select s.id, s.title, s.starts_at, s.status, s.capacity, s.seminar_type_id, s.axis_id
      from seminars s
      where s.starts_at >= ${query.from} and s.starts_at <= ${`${query.to}T23:59`}
        ${query.seminar_type_id !== undefined ? sql`and s.seminar_type_id = ${query.seminar_type_id}` : sql``}
        ${query.axis_id !== undefined ? sql`and s.axis_id = ${query.axis_id}` : sql``}
    ),
    per as (
      select chosen.*,
        count(a.id) filter (where a.state = 'registered')::int as registered,
        count(a.id) filter (where a.state = 'waiting')::int as waiting,
        count(a.id) filter (where a.attendance = 'attended')::int as attended,
        count(a.id) filter (where a.attendance = 'no_show')::int as no_show,
        count(a.id) filter (where a.state = 'registered' and a.attendance is null)::int as unmarked
      from chosen
      left join seminar_audience a on a.seminar_id = chosen.id
      where chosen.status <> 'cancelled'
      group by chosen.id, chosen.title, chosen.starts_at, chosen.status, chosen.capacity,
        chosen.seminar_type_id, chosen.axis_id
    )`;

  const seminars = await sql<SeminarAggregate>`
    with ${scope}
    select per.id, per.title, per.starts_at, per.status, per.seminar_type_id as type_id,
      t.name as type_name, per.axis_id, x.name as axis_name, per.capacity, per.registered,
      per.waiting, per.attended, per.no_show, per.unmarked,
      case when per.status = 'held' and per.registered > 0
        then round(100.0 * per.attended / per.registered, 1)::float8 end as attendance_rate,
      round(100.0 * per.registered / per.capacity, 1)::float8 as fill_rate
    from per
    join seminar_types t on t.id = per.seminar_type_id
    left join service_axes x on x.id = per.axis_id
    order by per.starts_at, per.id`.execute(db);

  const groups = await sql<GroupAggregate>`
    with ${scope}
    select (grouping(per.seminar_type_id, t.name) = 0)::int as by_type,
      (grouping(per.axis_id, x.name) = 0)::int as by_axis,
      per.seminar_type_id as type_id, t.name as type_name, per.axis_id, x.name as axis_name,
      count(*)::int as seminars,
      (count(*) filter (where status = 'held'))::int as held,
      coalesce(sum(capacity), 0)::int as capacity,
      coalesce(sum(registered), 0)::int as registered,
      coalesce(sum(waiting), 0)::int as waiting,
      coalesce(sum(attended), 0)::int as attended,
      coalesce(sum(no_show), 0)::int as no_show,
      coalesce(sum(registered) filter (where status = 'held'), 0)::int as held_registered,
      ${RATES}
    from per
    join seminar_types t on t.id = per.seminar_type_id
    left join service_axes x on x.id = per.axis_id
    group by grouping sets ((per.seminar_type_id, t.name), (per.axis_id, x.name), ())
    order by seminars desc, type_name, axis_name`.execute(db);

  const cancelled = await sql<{ n: number }>`
    with ${scope}
    select count(*)::int as n from chosen where status = 'cancelled'`.execute(db);

  // The registered audience: a member's sex and age on the seminar's day; a guest is unknown.
  const audience = await sql<{
    all_sexes: number;
    all_bands: number;
    sex: string | null;
    band: string | null;
    registered: number;
    attended: number;
  }>`
    with ${scope},
    people as (
      select coalesce(m.gender, 'unknown') as sex,
        ${bandCase(sql`extract(year from age(substr(per.starts_at, 1, 10)::date, m.birth_date))::int`)} as band,
        a.attendance
      from per
      join seminar_audience a on a.seminar_id = per.id and a.state = 'registered'
      left join family_members m on m.id = a.member_id
    )
    select grouping(sex)::int as all_sexes, grouping(band)::int as all_bands, sex, band,
      count(*)::int as registered,
      (count(*) filter (where attendance = 'attended'))::int as attended
    from people
    group by grouping sets ((sex, band), (sex), (band))`.execute(db);

  const figures = (row: GroupAggregate) => ({
    seminars: row.seminars,
    held: row.held,
    capacity: row.capacity,
    registered: row.registered,
    waiting: row.waiting,
    attended: row.attended,
    no_show: row.no_show,
    held_registered: row.held_registered,
    attendance_rate: row.attendance_rate,
    fill_rate: row.fill_rate,
  });
  const overall = groups.rows.find((row) => row.by_type === 0 && row.by_axis === 0);
  const empty = {
    seminars: 0,
    held: 0,
    capacity: 0,
    registered: 0,
    waiting: 0,
    attended: 0,
    no_show: 0,
    held_registered: 0,
    attendance_rate: null,
    fill_rate: null,
  };

  const sexes = [
    { sex: 'male', label: 'ذكور' },
    { sex: 'female', label: 'إناث' },
    { sex: 'unknown', label: 'غير محدد' },
  ];
  /** One cell of the audience's grid (`undefined` = every sex or every band), 0 when empty. */
  const cell = (sex: string | undefined, band: string | undefined) => {
    const row = audience.rows.find(
      (item) =>
        (sex === undefined ? item.all_sexes === 1 : item.all_sexes === 0 && item.sex === sex) &&
        (band === undefined ? item.all_bands === 1 : item.all_bands === 0 && item.band === band),
    );
    return { registered: row?.registered ?? 0, attended: row?.attended ?? 0 };
  };
  const bands = [...SEMINAR_AGE_BANDS, SEMINAR_UNKNOWN_BAND];

  return {
    kind: 'seminar',
    period: { from: query.from, to: query.to, days: periodDays(query.from, query.to) },
    parameters: {
      seminar_type_id: query.seminar_type_id ?? null,
      seminar_type_name: typeName,
      axis_id: query.axis_id ?? null,
      axis_name: axisName,
    },
    rows: seminars.rows.map((row) => ({
      seminar: { id: row.id, title: row.title },
      starts_at: row.starts_at,
      status: row.status,
      status_label: labelOf(SEMINAR_STATUSES, row.status),
      seminar_type: { id: row.type_id, name: row.type_name },
      axis: row.axis_id !== null ? { id: row.axis_id, name: row.axis_name ?? '' } : null,
      capacity: row.capacity,
      registered: row.registered,
      waiting: row.waiting,
      attended: row.attended,
      no_show: row.no_show,
      unmarked: row.unmarked,
      attendance_rate: row.attendance_rate,
      fill_rate: row.fill_rate,
    })),
    totals: { ...(overall ? figures(overall) : empty), cancelled: cancelled.rows[0]?.n ?? 0 },
    by_type: groups.rows
      .filter((row) => row.by_type === 1)
      .map((row) => ({
        seminar_type: { id: row.type_id ?? 0, name: row.type_name ?? '' },
        ...figures(row),
      })),
    by_axis: groups.rows
      .filter((row) => row.by_axis === 1)
      .map((row) => ({
        axis: row.axis_id !== null ? { id: row.axis_id, name: row.axis_name ?? '' } : null,
        axis_label: row.axis_name ?? NO_AXIS_LABEL,
        ...figures(row),
      })),
    by_sex: sexes.map((item) => ({ ...item, ...cell(item.sex, undefined) })),
    by_age_band: bands.map((band) => ({
      band: band.code,
      label: band.label,
      male: cell('male', band.code).registered,
      female: cell('female', band.code).registered,
      unknown: cell('unknown', band.code).registered,
      ...cell(undefined, band.code),
    })),
  };
}
