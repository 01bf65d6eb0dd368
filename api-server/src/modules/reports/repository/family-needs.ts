import { sql } from 'kysely';
import {
  CALORIE_MAX_AGE,
  CALORIE_SEXES,
  dailyCalorieNeed,
  type CalorieSex,
  type CalorieVersion,
} from 'shared-contracts/admin';
import {
  MEDICAL_NEED_TYPES,
  NEED_TYPES,
  SAUDI_CITIES,
  SAUDI_DISTRICTS,
  labelOf,
} from 'shared-contracts/beneficiaries';
import {
  FAMILY_NEEDS_MESSAGES,
  foodBasketOf,
  periodDays,
  placeLabelOf,
  rationsOf,
  type FamilyNeedsQuery,
  type FamilyNeedsReport,
  type FamilyNeedsRow,
} from 'shared-contracts/reports';
import type { Executor } from '../../../db/tables';
import { HttpError, unprocessable } from '../../../http/errors';
import { activeCalorieVersion } from '../../calorie-settings';

/**
 * The family-needs report (docs/family-needs.md), computed in SQL: each member's daily need comes
 * from a CASE expression built once per request with `dailyCalorieNeed` of shared-contracts (the
 * one place the rule "band + additions" lives). For each sex, pregnancy and lactation, the ages
 * 0–120 with the same kcal form runs, and a run is the birth dates whose age in whole years at the
 * period's start falls in it: born after start − (last age + 1) years and on or before start −
 * first age years (PostgreSQL's `age()` counts whole years the same way), the youngest run open
 * towards later births and the oldest towards earlier ones, as ages are clamped to 0–120. So a
 * member costs a few date comparisons, not an `age()` and a join per member, which at half a
 * million members was most of the report's time (the reports bench). Members are summed per family
 * by PostgreSQL; JS only maps the per-family rows (which the answer lists anyway) and adds them up.
 */

const NO_DISTRICT_LABEL = 'غير محدد';

interface NeedsRun {
  sex: CalorieSex;
  pregnant: boolean;
  lactating: boolean;
  age_from: number;
  age_to: number;
  kcal: number;
}

/** Every (sex, pregnant, lactating) with its runs of consecutive ages of the same daily kcal. */
function needsRuns(version: CalorieVersion): NeedsRun[] {
  const runs: NeedsRun[] = [];
  // Most members are neither pregnant nor breastfeeding: their two groups come first in the CASE.
  for (const pregnant of [false, true])
    for (const lactating of [false, true])
      for (const sex of CALORIE_SEXES) {
        let run: NeedsRun | null = null;
        for (let age = 0; age <= CALORIE_MAX_AGE; age += 1) {
          const kcal = dailyCalorieNeed(version, { sex, ageYears: age, pregnant, lactating });
          if (run && run.kcal === kcal) {
            run.age_to = age;
            continue;
          }
          if (run) runs.push(run);
          run =
            kcal === undefined
              ? null
              : { sex, pregnant, lactating, age_from: age, age_to: age, kcal };
        }
        if (run) runs.push(run);
      }
  return runs;
}

/**
 * `date - interval 'n years'` as PostgreSQL computes it: the same month and day `n` years
 * earlier, the day clamped to the month's length (29 February → 28 February).
 */
function yearsBefore(isoDate: string, years: number): string {
  const [year = 0, month = 1, day = 1] = isoDate.split('-').map(Number);
  const target = year - years;
  const monthDays = new Date(Date.UTC(target, month, 0)).getUTCDate();
  const pad = (value: number, width = 2) => String(value).padStart(width, '0');
  return `${pad(target, 4)}-${pad(month)}-${pad(Math.min(day, monthDays))}`;
}

/** The member's daily kcal at `start` (null when no band fits: counted as unbanded). */
function memberKcal(runs: readonly NeedsRun[], start: string) {
  const groups = new Map<string, NeedsRun[]>();
  for (const run of runs) {
    const key = `${run.sex}|${run.pregnant}|${run.lactating}`;
    groups.set(key, [...(groups.get(key) ?? []), run]);
  }
  // Codes, booleans, integers and dates computed here: literals, never input.
  const date = (iso: string) => sql`${sql.lit(iso)}::date`;
  const branches = [...groups.values()].map((group) => {
    const [first] = group;
    // Every group holds the run it was made for.
    if (!first) throw new Error('an empty group of calorie runs');
    const bands = group.map((run) => {
      const bounds = [
        run.age_to < CALORIE_MAX_AGE
          ? sql`m.birth_date > ${date(yearsBefore(start, run.age_to + 1))}`
          : null,
        run.age_from > 0 ? sql`m.birth_date <= ${date(yearsBefore(start, run.age_from))}` : null,
      ].filter((bound) => bound !== null);
      const when = bounds.length > 0 ? sql.join(bounds, sql` and `) : sql`true`;
      return sql`when ${when} then ${sql.lit(run.kcal)}`;
    });
    return sql`when m.gender = ${sql.lit(first.sex)} and m.is_pregnant = ${sql.lit(first.pregnant)}
      and m.is_lactating = ${sql.lit(first.lactating)} then case ${sql.join(bands, sql` `)} end`;
  });
  if (branches.length === 0) return sql<number | null>`null::int`;
  return sql<
    number | null
  >`case when m.birth_date is null then null ${sql.join(branches, sql` `)} end`;
}

/** Code → label of a lookup as `labelOf` answers it, through a map (one call per family row). */
function labelsOf(list: readonly { code: string; label: string }[]) {
  const labels = new Map(list.map((item) => [item.code, item.label]));
  return (code: string | null): string =>
    code === null || code === '' ? '' : (labels.get(code) ?? code);
}
const cityLabel = labelsOf(SAUDI_CITIES);
const districtLabel = labelsOf(SAUDI_DISTRICTS);

interface FamilyAggregate {
  id: number;
  file_number: string;
  head_name: string;
  city: string | null;
  district: string | null;
  members: number;
  banded: number;
  daily_kcal: number;
  needs: string[] | null;
}

type Figures = Omit<FamilyNeedsReport['totals'], 'basket'>;

function emptyFigures(): Figures {
  return {
    families: 0,
    members: 0,
    members_unbanded: 0,
    daily_kcal: 0,
    period_kcal: 0,
    planning_daily_kcal: 0,
    planning_period_kcal: 0,
    rations: 0,
  };
}

function addRow(figures: Figures, row: FamilyNeedsRow): void {
  figures.families += 1;
  figures.members += row.members;
  figures.members_unbanded += row.members_unbanded;
  figures.daily_kcal += row.daily_kcal;
  figures.period_kcal += row.period_kcal;
  figures.planning_daily_kcal += row.planning_daily_kcal;
  figures.planning_period_kcal += row.planning_period_kcal;
}

/** The report for `query` under the active calorie settings (or `version` when given). */
export async function familyNeedsReport(
  db: Executor,
  query: FamilyNeedsQuery,
  given?: CalorieVersion,
  /** The viewer may see medical fields (`maySeeMedicalFields`); else a row's needs leave out the medical ones. */
  medicalVisible = true,
): Promise<FamilyNeedsReport> {
  const version = given ?? (await activeCalorieVersion(db));
  if (!version) throw new HttpError(409, FAMILY_NEEDS_MESSAGES.noCalorieSettings);
  let seasonName: string | null = null;
  if (query.season_id !== undefined) {
    const season = await db
      .selectFrom('seasons')
      .select('name')
      .where('id', '=', query.season_id)
      .executeTakeFirst();
    if (!season) throw unprocessable({ season_id: ['البرنامج الموسمي غير موجود'] });
    seasonName = season.name;
  }
  const days = periodDays(query.from, query.to);
  const kcal = memberKcal(needsRuns(version), query.from);
  // Its one big query runs in the report's transaction, whose settings (`applyReportSettings`)
  // keep its per-family aggregate and sort in memory.
  const result = await sql<FamilyAggregate>`
    -- The selected families, computed once (their filters may be subqueries); kept in memory
    -- by the report's work_mem.
    with fam as materialized (
      select f.id, f.file_number, f.head_name, f.city, f.district
      from families f
      where f.status = 'approved'
        ${query.city !== undefined ? sql`and f.city = ${query.city}` : sql``}
        ${query.district !== undefined ? sql`and f.district = ${query.district}` : sql``}
        ${
          query.category !== undefined
            ? sql`and exists (select 1 from family_categories c where c.family_id = f.id and c.category = ${query.category})`
            : sql``
        }
        ${
          query.season_id !== undefined
            ? sql`and exists (select 1 from season_beneficiaries sb
                  where sb.family_id = f.id and sb.season_id = ${query.season_id} and sb.status <> 'excluded')`
            : sql``
        }
    ),
    mem as (
      select mk.family_id,
        count(*)::int as members,
        count(mk.kcal)::int as banded,
        coalesce(sum(mk.kcal), 0)::int as daily_kcal
      from (
        select m.family_id, ${kcal} as kcal
        from family_members m
        join fam on fam.id = m.family_id
        -- The family as recorded: its active members (a membership's start date is when it was
        -- entered, not when the person joined, so it does not exclude anyone from a past period).
        -- An active membership has no end date (the table's check), so an ended one is never
        -- counted; the index family_members_needs_idx holds exactly these rows and the columns read.
        where m.active
      ) mk
      group by mk.family_id
    ),
    recorded as (
      select nd.family_id, array_agg(nd.need_type order by nd.position, nd.id) as needs
      from family_needs nd
      join fam on fam.id = nd.family_id
      where nd.fulfilled_at is null
        ${medicalVisible ? sql`` : sql`and nd.need_type not in (${sql.join([...MEDICAL_NEED_TYPES])})`}
      group by nd.family_id
    )
    select fam.id, fam.file_number, fam.head_name, fam.city, fam.district,
      coalesce(mem.members, 0) as members,
      coalesce(mem.banded, 0) as banded,
      coalesce(mem.daily_kcal, 0) as daily_kcal,
      recorded.needs
    from fam
    left join mem on mem.family_id = fam.id
    left join recorded on recorded.family_id = fam.id
    -- The greatest need first: the screen shows the first rows of a long table (REPORT_TABLE_LIMIT).
    order by coalesce(mem.daily_kcal, 0) desc, fam.file_number, fam.id`.execute(db);

  const planning = version.planning_figure;
  const rows: FamilyNeedsRow[] = result.rows.map((row) => {
    const period = row.daily_kcal * days;
    return {
      family: { id: row.id, file_number: row.file_number, head_name: row.head_name },
      city: row.city,
      district: row.district,
      city_label: cityLabel(row.city) || NO_DISTRICT_LABEL,
      district_label: districtLabel(row.district) || NO_DISTRICT_LABEL,
      members: row.members,
      members_unbanded: row.members - row.banded,
      daily_kcal: row.daily_kcal,
      period_kcal: period,
      planning_daily_kcal: planning * row.members,
      planning_period_kcal: planning * row.members * days,
      rations: rationsOf(period, planning),
      recorded_needs: (row.needs ?? []).map((code) => labelOf(NEED_TYPES, code)),
    };
  });

  const totals = emptyFigures();
  const districts = new Map<string, FamilyNeedsReport['by_district'][number]>();
  for (const row of rows) {
    addRow(totals, row);
    // The city and the district together: the same district name exists in several cities.
    const key = `${row.city ?? ''}|${row.district ?? ''}`;
    let district = districts.get(key);
    if (!district) {
      district = {
        city: row.city,
        city_label: row.city_label,
        district: row.district,
        district_label: row.district_label,
        ...emptyFigures(),
      };
      districts.set(key, district);
    }
    addRow(district, row);
  }
  totals.rations = rationsOf(totals.period_kcal, planning);
  const byDistrict = [...districts.values()]
    .map((district) => ({ ...district, rations: rationsOf(district.period_kcal, planning) }))
    .sort(
      (a, b) =>
        b.period_kcal - a.period_kcal || placeLabelOf(a).localeCompare(placeLabelOf(b), 'ar'),
    );

  return {
    kind: 'family-needs',
    period: { from: query.from, to: query.to, days },
    parameters: {
      season_id: query.season_id ?? null,
      season_name: seasonName,
      city: query.city ?? null,
      district: query.district ?? null,
      category: query.category ?? null,
    },
    calorie_settings: {
      id: version.id,
      version_number: version.version_number,
      planning_figure: version.planning_figure,
      pregnancy_addition: version.pregnancy_addition,
      lactation_addition: version.lactation_addition,
    },
    rows,
    rows_total: rows.length,
    totals: { ...totals, basket: foodBasketOf(totals.rations) },
    by_district: byDistrict,
    by_season:
      query.season_id !== undefined && seasonName !== null
        ? [{ season: { id: query.season_id, name: seasonName }, ...totals }]
        : [],
  };
}
