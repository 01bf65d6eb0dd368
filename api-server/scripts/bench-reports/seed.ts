/**
 * The register `bench:reports` measures: BENCH_FAMILIES families (default 100,000) with about five
 * members each, and in proportion (per 100,000 families) 300,000 services with their status
 * history, 200,000 financial records (services-linked expenses among them), 8 seasons with
 * 80,000 enrolments, 2,000 seminars with 100,000 audience rows, 50 surveys with 50,000
 * responses and their answers, and 100,000 recorded needs.
 *
 * The families (a head, a spouse for about half) come from the busy-morning generator; everything
 * else is written by PostgreSQL itself with `INSERT … SELECT` over `generate_series` in one
 * transaction seeded with `setseed`, so two runs build the same register and 1.5 million rows
 * take seconds, not minutes. Only the small reference rows (catalogue, seasons, survey
 * templates) are inserted from JavaScript. Dates are relative to today: two years of history, a
 * few weeks of open work and upcoming seminars, so the dashboard's "this month" has figures.
 */
import { performance } from 'node:perf_hooks';
import { sql, type Insertable, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import { normaliseArabic, todayIso } from 'shared-contracts';
import { DISABILITY_TYPES, NEED_PRIORITIES, NEED_TYPES } from 'shared-contracts/beneficiaries';
import type { SurveyPurpose, SurveyQuestionType, SurveyTarget } from 'shared-contracts/engagement';
import type { Database } from '../../src/db/tables';
import { FEMALE, MALE, insertSyntheticFamilies } from '../busy-morning/synthetic-families';

type Tx = Transaction<Database>;

export interface ReportsDataOptions {
  families: number;
  /** Prints each step with its time (default true). */
  progress?: boolean;
}

/** Rows per 100,000 families (the proportions of a large charity's register). */
const PER_100K = {
  members: 500_000,
  services: 300_000,
  financialRecords: 200_000,
  seminars: 2_000,
  surveys: 50,
  responses: 50_000,
  seasons: 8,
  /** Enrolments per season, as a share of the families. */
  seasonShare: 0.1,
};

const DAY_MS = 86_400_000;
const isoDaysFrom = (today: string, days: number) =>
  new Date(Date.parse(`${today}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** `array['a', 'b']::text[]` of literals (codes and names from our own lists, never input). */
const textArray = (values: readonly string[]) =>
  sql<string[]>`array[${sql.join(values.map((value) => sql.lit(value)))}]::text[]`;
const intArray = (values: readonly number[]) =>
  sql<number[]>`array[${sql.join(values.map((value) => sql.lit(value)))}]::int[]`;
/** One element of a 1-based SQL array picked by `random()`. */
const pickFrom = (array: RawBuilder<unknown>, length: number) =>
  sql`(${array})[1 + floor(random() * ${sql.lit(length)})::int]`;

/** A member's recorded health from a uniform `h` (a quarter not recorded, about 18% not healthy). */
const healthOf = (h: RawBuilder<unknown>) => sql<string | null>`case
  when ${h} < 0.25 then null when ${h} < 0.82 then 'healthy'
  when ${h} < 0.92 then 'chronic_illness' when ${h} < 0.98 then 'disabled' else 'bedridden' end`;
const DISABILITIES = DISABILITY_TYPES.map((item) => item.code);
const disabilitiesOf = (h: RawBuilder<unknown>, d: RawBuilder<unknown>) =>
  sql<
    string[]
  >`case when ${h} >= 0.92 then array[(${textArray(DISABILITIES)})[1 + ${d} % ${sql.lit(DISABILITIES.length)}]]
    else '{}'::text[] end`;

const DEPARTMENTS = [
  'الرعاية الصحية',
  'الإسكان والمرافق',
  'التمكين والتعليم',
  'الإغاثة والمساعدات',
];
const AXES = ['الأمن الغذائي', 'الصحة', 'التعليم', 'السكن', 'التمكين الاقتصادي'];
/** [name, department, axis, default cost, medical]. */
const SERVICE_TYPES: readonly [string, number, number, number | null, boolean][] = [
  ['سلة غذائية شهرية', 3, 0, 350, false],
  ['قسيمة شراء مواد غذائية', 3, 0, 500, false],
  ['وجبات إفطار صائم', 3, 0, null, false],
  ['سداد فاتورة كهرباء', 1, 3, null, false],
  ['سداد إيجار', 1, 3, null, false],
  ['ترميم مسكن', 1, 3, null, false],
  ['أجهزة كهربائية منزلية', 1, 3, 1500, false],
  ['أثاث منزلي', 1, 3, 2000, false],
  ['كشف طبي عام', 0, 1, 150, true],
  ['أدوية أمراض مزمنة', 0, 1, 300, true],
  ['نظارات طبية', 0, 1, 400, true],
  ['جلسات علاج طبيعي', 0, 1, 250, true],
  ['كرسي متحرك', 0, 1, 1200, true],
  ['تحاليل مخبرية', 0, 1, 200, true],
  ['حقيبة مدرسية', 2, 2, 150, false],
  ['رسوم دراسية', 2, 2, null, false],
  ['دورة تدريبية مهنية', 2, 4, 800, false],
  ['دعم مشروع منزلي', 2, 4, null, false],
  ['مساعدة نقدية طارئة', 3, 0, null, false],
  ['كسوة', 3, 0, 300, false],
];
const SEASON_KINDS = [
  'ramadan_basket',
  'zakat_al_fitr',
  'adahi',
  'winter_kit',
  'back_to_school',
  'eid_clothing',
];
const SEASON_NAMES: Record<string, string> = {
  ramadan_basket: 'سلة رمضان',
  zakat_al_fitr: 'زكاة الفطر',
  adahi: 'الأضاحي',
  winter_kit: 'الحقيبة الشتوية',
  back_to_school: 'الحقيبة المدرسية',
  eid_clothing: 'كسوة العيد',
};
const SEMINAR_TYPES = [
  'توعية صحية',
  'إدارة الميزانية الأسرية',
  'تربية الأبناء',
  'التأهيل المهني',
  'الإرشاد الأسري',
];
const SEMINAR_TOPICS = [
  'التغذية السليمة',
  'الادخار',
  'التعامل مع المراهقين',
  'كتابة السيرة الذاتية',
  'الإسعافات الأولية',
  'السلامة المنزلية',
  'المشاريع المنزلية',
  'الصحة النفسية',
];
const SURVEY_TYPES = ['رضا المستفيدين', 'تقييم الاحتياج', 'تقييم الندوات'];

interface QuestionSpec {
  key: string;
  label: string;
  type: SurveyQuestionType;
  required: boolean;
  min?: number;
  max?: number;
  options?: { value: string; label: string }[];
}
type NewSurvey = Insertable<Database['surveys']>;

const SURVEY_TEMPLATES: readonly {
  title: string;
  purpose: SurveyPurpose;
  target: SurveyTarget;
  questions: QuestionSpec[];
}[] = [
  {
    title: 'رضا المستفيدين عن الخدمات',
    purpose: 'satisfaction',
    target: 'family',
    questions: [
      { key: 'satisfaction', label: 'ما مدى رضاك عن الخدمة؟', type: 'rating', required: true },
      { key: 'on_time', label: 'هل استلمت الخدمة في موعدها؟', type: 'yes_no', required: true },
      {
        key: 'quality',
        label: 'جودة الخدمة',
        type: 'single_choice',
        required: true,
        options: [
          { value: 'good', label: 'جيدة' },
          { value: 'average', label: 'متوسطة' },
          { value: 'poor', label: 'ضعيفة' },
        ],
      },
      { key: 'recommend', label: 'هل تنصح غيرك بالبرنامج؟', type: 'yes_no', required: false },
      { key: 'comments', label: 'ملاحظات أخرى', type: 'short_text', required: false },
    ],
  },
  {
    title: 'تقييم احتياج الأسرة',
    purpose: 'needs_assessment',
    target: 'family',
    questions: [
      {
        key: 'needs',
        label: 'ما أهم احتياجات الأسرة حالياً؟',
        type: 'multiple_choice',
        required: true,
        options: [
          { value: 'food', label: 'غذاء' },
          { value: 'rent', label: 'إيجار' },
          { value: 'health', label: 'علاج' },
          { value: 'education', label: 'تعليم' },
        ],
      },
      {
        key: 'income',
        label: 'الدخل الشهري للأسرة (ريال)',
        type: 'number',
        required: true,
        min: 0,
        max: 100000,
      },
      { key: 'urgency', label: 'درجة إلحاح الاحتياج', type: 'rating', required: true },
    ],
  },
];

function scaled(per100k: number, families: number, minimum: number): number {
  return Math.max(minimum, Math.round((per100k * families) / 100_000));
}

/**
 * Fills an empty register (a new schema, migrations run, no demo data) and answers the row
 * counts per table. The caller runs VACUUM ANALYZE afterwards.
 */
export async function insertReportsData(
  db: Kysely<Database>,
  options: ReportsDataOptions,
): Promise<Record<string, number>> {
  const { families, progress = true } = options;
  const log = (line: string) => {
    if (progress) console.log(line);
  };
  let started = performance.now();
  await insertSyntheticFamilies(db, { families, progress });
  log(`  families, heads and spouses: ${((performance.now() - started) / 1000).toFixed(1)} s`);

  await db.transaction().execute(async (trx) => {
    await sql`select setseed(0.2026)`.execute(trx);
    const today = todayIso();
    const step = async (label: string, run: () => Promise<unknown>) => {
      started = performance.now();
      await run();
      log(`  ${label}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
    };
    const range = async (table: 'families' | 'family_members') =>
      (
        await sql<{
          lo: number;
          n: number;
        }>`select min(id)::int as lo, (max(id) - min(id) + 1)::int as n from ${sql.table(table)}`.execute(
          trx,
        )
      ).rows[0] as {
        lo: number;
        n: number;
      };
    const familyRange = await range('families');

    await step('members (ages, health, pregnancies, children and parents)', () =>
      insertMembers(trx, families),
    );
    await step('recorded needs and registrations of the last year', () => insertNeeds(trx));
    const catalogue = await insertCatalogue(trx);
    await step('services and their status history', () =>
      insertServices(trx, families, familyRange, catalogue.types),
    );
    const seasonIds = await insertSeasons(trx, today, families);
    await step('season enrolments', () => insertEnrolments(trx));
    await step('financial records', () => insertFinance(trx, families, familyRange, seasonIds));
    const memberRange = await range('family_members');
    await step('seminars and their audience', () =>
      insertSeminars(trx, families, memberRange, catalogue.axes),
    );
    await step('surveys, responses and answers', () =>
      insertSurveys(trx, today, families, familyRange, { seasonIds, typeIds: catalogue.types }),
    );
  });

  const counts: Record<string, number> = {};
  for (const table of [
    'families',
    'family_members',
    'family_needs',
    'services',
    'service_status_history',
    'financial_records',
    'season_beneficiaries',
    'seminars',
    'seminar_audience',
    'surveys',
    'survey_responses',
    'survey_answers',
  ] as const) {
    counts[table] =
      (await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)}`.execute(db))
        .rows[0]?.n ?? 0;
  }
  return counts;
}

/**
 * Heads (25–75) and spouses (20–60) get spread birth dates, health and, for some spouses under
 * 45, a pregnancy or breastfeeding; then children (0–24), and now and then an elderly parent
 * (60–90), up to about five members a family; then each family's member count.
 */
async function insertMembers(trx: Tx, families: number): Promise<void> {
  await sql`
    update family_members m set
      birth_date = current_date - (x.age * 365 + x.days),
      is_pregnant = x.relationship = 'spouse' and x.age < 45 and x.p < 0.06,
      is_lactating = x.relationship = 'spouse' and x.age < 45 and x.p >= 0.06 and x.p < 0.14,
      marital_status = 'married',
      health_status = ${healthOf(sql`x.h`)},
      disabilities = ${disabilitiesOf(sql`x.h`, sql`x.d`)}
    from (
      select id, relationship,
        case when relationship = 'head' then 25 + floor(random() * 51) else 20 + floor(random() * 41) end::int as age,
        floor(random() * 365)::int as days, random() as p, random() as h, floor(random() * 8)::int as d
      from family_members
    ) x
    where m.id = x.id`.execute(trx);

  const existing =
    (await sql<{ n: number }>`select count(*)::int as n from family_members`.execute(trx)).rows[0]
      ?.n ?? 0;
  const target = scaled(PER_100K.members, families, families * 2);
  // Uniform 0…2·mean extra members a family: `target` in all, on average.
  const spread = Math.max(1, Math.round((2 * (target - existing)) / families) + 1);
  const maleNorm = MALE.map((name) => normaliseArabic(name));
  const femaleNorm = FEMALE.map((name) => normaliseArabic(name));
  await sql`
    insert into family_members (family_id, relationship, full_name, name_normalized, gender, birth_date,
      marital_status, health_status, disabilities, education_level, active)
    select c.family_id,
      case when c.parent then case when c.male then 'father' else 'mother' end
        else case when c.male then 'son' else 'daughter' end end,
      case when c.male then (${textArray(MALE)})[1 + c.name % ${sql.lit(MALE.length)}]
        else (${textArray(FEMALE)})[1 + c.name % ${sql.lit(FEMALE.length)}] end || ' ' || h.full_name,
      case when c.male then (${textArray(maleNorm)})[1 + c.name % ${sql.lit(MALE.length)}]
        else (${textArray(femaleNorm)})[1 + c.name % ${sql.lit(FEMALE.length)}] end || ' ' || h.name_normalized,
      case when c.male then 'male' else 'female' end,
      current_date - (c.age * 365 + c.days),
      case when c.parent then 'widowed' when c.age >= 18 then 'single' end,
      ${healthOf(sql`c.h`)},
      ${disabilitiesOf(sql`c.h`, sql`c.d`)},
      case when c.age < 6 then 'under_school_age' end,
      true
    from (
      select k.family_id, k.g, random() < 0.5 as male, k.g = 1 and random() < 0.06 as parent,
        floor(random() * 1000)::int as name, random() as h, floor(random() * 8)::int as d,
        floor(random() * 365)::int as days, random() as a
      from (
        select f.id as family_id, g
        from (select id, floor(random() * ${sql.lit(spread)})::int as k from families) f
        cross join lateral generate_series(1, f.k) g
      ) k
    ) c0
    cross join lateral (select c0.*, case when c0.parent then 60 + floor(c0.a * 31) else floor(c0.a * 25) end::int as age) c
    join family_members h on h.family_id = c.family_id and h.relationship = 'head' and h.active
    order by c.family_id, c.g`.execute(trx);

  await sql`
    update families f set members_count = c.n, per_capita_income = round(f.total_income / c.n, 2)
    from (select family_id, count(*)::int as n from family_members where active group by family_id) c
    where c.family_id = f.id`.execute(trx);
}

/** Up to two recorded needs a family (a third fulfilled), and an eighth of the families registered in the last year. */
async function insertNeeds(trx: Tx): Promise<void> {
  const needs = NEED_TYPES.map((item) => item.code);
  const priorities = NEED_PRIORITIES.map((item) => item.code);
  await sql`
    insert into family_needs (family_id, need_type, priority, fulfilled_at, position)
    select f.id, ${pickFrom(textArray(needs), needs.length)}, ${pickFrom(textArray(priorities), priorities.length)},
      case when random() < 0.3 then now() - random() * interval '200 days' end, g
    from (select id, floor(random() * 3)::int as k from families) f
    cross join lateral generate_series(1, f.k) g`.execute(trx);
  await sql`update families set created_at = now() - random() * interval '365 days' where id % 8 = 0`.execute(
    trx,
  );
}

/** Departments, axes and service types (the catalogue is demo data: an empty register has none). */
async function insertCatalogue(trx: Tx): Promise<{ types: number[]; axes: number[] }> {
  const named = (name: string) => ({
    name,
    name_normalized: normaliseArabic(name),
    search_text: normaliseArabic(name),
    active: true,
  });
  const departments = await trx
    .insertInto('service_departments')
    .values(DEPARTMENTS.map(named))
    .returning('id')
    .execute();
  const axes = await trx
    .insertInto('service_axes')
    .values(AXES.map(named))
    .returning('id')
    .execute();
  const types = await trx
    .insertInto('service_types')
    .values(
      SERVICE_TYPES.map(([name, department, axis, cost, medical]) => ({
        ...named(name),
        department_id: departments[department]?.id as number,
        axis_id: axes[axis]?.id as number,
        default_cost: cost,
        unit: null,
        is_medical: medical,
      })),
    )
    .returning('id')
    .execute();
  return { types: types.map((row) => row.id), axes: axes.map((row) => row.id) };
}

/**
 * Services over two years: 70% delivered, 15% rejected or cancelled, 15% open (requested in the
 * last two months, some past their expected date); costs from the type's default or for half of
 * the others a free amount; a satisfaction score on most delivered ones. Then the status history
 * each service's dates imply, one row per status entered.
 */
async function insertServices(
  trx: Tx,
  families: number,
  familyRange: { lo: number; n: number },
  typeIds: number[],
): Promise<void> {
  const count = scaled(PER_100K.services, families, 100);
  await sql`
    with base as (
      select g,
        ${sql.lit(familyRange.lo)} + floor(random() * ${sql.lit(familyRange.n)})::int as family_id,
        ${pickFrom(intArray(typeIds), typeIds.length)} as type_id,
        random() as rs, random() as rm, random() as rc, random() as rq, random() as rsat,
        floor(random() * 60)::int as open_age, floor(random() * 730)::int as closed_age,
        random() < 0.85 as has_expected, 7 + floor(random() * 39)::int as expect_days,
        floor(random() * 6)::int as approve_days, 1 + floor(random() * 20)::int as deliver_days,
        1 + floor(random() * 10)::int as close_days, floor(random() * 39)::int as free_cost
      from generate_series(1, ${sql.lit(count)}) g
    ),
    st as (
      select b.*, case when rs < 0.05 then 'requested' when rs < 0.09 then 'approved' when rs < 0.15 then 'in_progress'
        when rs < 0.85 then 'delivered' when rs < 0.93 then 'rejected' else 'cancelled' end as status
      from base b
    ),
    dated as (
      select s.*, current_date - case when s.status in ('requested', 'approved', 'in_progress') then s.open_age else s.closed_age end as request_date
      from st s
    ),
    approved as (
      select d.*, case when d.status in ('approved', 'in_progress', 'delivered') or (d.status = 'cancelled' and d.rc < 0.5)
        then least(d.request_date + d.approve_days, current_date) end as approval_date
      from dated d
    ),
    final as (
      select a.*,
        case when a.status = 'delivered' then least(coalesce(a.approval_date, a.request_date) + a.deliver_days, current_date) end as delivery_date,
        case when a.status in ('rejected', 'cancelled') then least(coalesce(a.approval_date, a.request_date) + a.close_days, current_date) end as closed_on
      from approved a
    )
    insert into services (service_type_id, family_id, member_id, request_date, approval_date, expected_date, delivery_date,
      quantity, cost, status, status_reason, status_changed_at, details, beneficiary_satisfaction, created_at, updated_at)
    select x.type_id, x.family_id,
      case when x.rm < 0.4 or t.is_medical then h.id end,
      x.request_date, x.approval_date,
      case when x.has_expected then x.request_date + x.expect_days end,
      x.delivery_date, x.quantity,
      case when t.default_cost is not null then t.default_cost * x.quantity when x.rc < 0.5 then (2 + x.free_cost) * 50 end,
      x.status,
      case x.status when 'rejected' then 'لا تنطبق شروط الخدمة على الأسرة' when 'cancelled' then 'اعتذار الأسرة عن استلام الخدمة' end,
      x.changed_on,
      null,
      case when x.status = 'delivered' and x.rsat < 0.8 then case when x.rsat < 0.12 then 1 + floor(x.rsat * 16)::int else 3 + floor(x.rsat * 100)::int % 3 end end,
      (x.request_date + time '06:00') at time zone 'UTC',
      x.changed_on
    from (
      select f.*, case when f.rq < 0.25 then 2 + floor(f.rq * 12)::int else 1 end as quantity,
        (coalesce(f.delivery_date, f.closed_on, f.approval_date, f.request_date) + time '07:00') at time zone 'UTC' as changed_on
      from final f
    ) x
    join service_types t on t.id = x.type_id
    left join family_members h on h.family_id = x.family_id and h.relationship = 'head' and h.active
    order by x.g`.execute(trx);

  await sql`
    insert into service_status_history (service_id, from_status, to_status, reason, at)
    select s.id, v.from_status, v.to_status, v.reason, v.at
    from services s
    cross join lateral (values
      (1, true, null::text, 'requested', null::text, (s.request_date + time '06:00') at time zone 'UTC'),
      (2, s.approval_date is not null, 'requested', 'approved', null, (s.approval_date + time '06:30') at time zone 'UTC'),
      (3, s.status in ('in_progress', 'delivered'), 'approved', 'in_progress', null, (s.approval_date + time '07:00') at time zone 'UTC'),
      (4, s.status = 'delivered', 'in_progress', 'delivered', null, s.status_changed_at),
      (5, s.status = 'rejected', 'requested', 'rejected', s.status_reason, s.status_changed_at),
      (6, s.status = 'cancelled', case when s.approval_date is null then 'requested' else 'approved' end, 'cancelled', s.status_reason, s.status_changed_at)
    ) as v(n, keep, from_status, to_status, reason, at)
    where v.keep
    order by s.id, v.n`.execute(trx);
}

/** Eight seasonal programmes over the last two years (the last one distributing), with budgets. */
async function insertSeasons(trx: Tx, today: string, families: number): Promise<number[]> {
  const count = PER_100K.seasons;
  const rows = Array.from({ length: count }, (_, index) => {
    const kind = SEASON_KINDS[index % SEASON_KINDS.length] as string;
    const start = isoDaysFrom(today, -700 + index * 90);
    const end = isoDaysFrom(start, 30);
    const year = Number(start.slice(0, 4));
    const name = `${SEASON_NAMES[kind] ?? kind} ${year}`;
    return {
      name: `${name} (${index + 1})`,
      name_normalized: normaliseArabic(`${name} (${index + 1})`),
      kind,
      hijri_year: year - 579,
      start_date: start,
      end_date: end,
      budget: String(Math.round((200_000 + index * 75_000) * Math.max(0.1, families / 100_000))),
      eligibility: JSON.stringify({
        categories: [],
        max_per_capita_income: null,
        member_min_age: null,
        member_max_age: null,
        statuses: ['approved'],
      }),
      status: end < today ? 'closed' : 'distributing',
    };
  });
  const inserted = await trx.insertInto('seasons').values(rows).returning('id').execute();
  return inserted.map((row) => row.id);
}

/** About a tenth of the approved families enrolled in each season, most of them served. */
async function insertEnrolments(trx: Tx): Promise<void> {
  await sql`
    insert into season_beneficiaries (season_id, family_id, status, status_reason, voucher_code, enrolled_at)
    select s.id, f.id,
      case when x.r < 0.7 then 'received' when x.r < 0.95 then 'enrolled' else 'excluded' end,
      case when x.r >= 0.95 then 'لا تنطبق الشروط' end,
      'BN' || s.id || '-' || f.id,
      (s.start_date - 5 + time '08:00') at time zone 'UTC'
    from seasons s
    cross join families f
    cross join lateral (select random() as r, random() as pick, f.id as for_family) x
    where f.status = 'approved' and x.pick < ${sql.lit(PER_100K.seasonShare / 0.7)}
    order by s.id, f.id`.execute(trx);
}

/**
 * The money: an expense for about half the delivered services with a cost (its family and service,
 * on its delivery date), and the rest of the records as incomes (70%) and other expenses (zakat
 * to families, operations, salaries) over two years, with pending, cancelled and refunded ones.
 */
async function insertFinance(
  trx: Tx,
  families: number,
  familyRange: { lo: number; n: number },
  seasonIds: number[],
): Promise<void> {
  const category = async (code: string) =>
    (
      await trx
        .selectFrom('financial_categories')
        .select('id')
        .where('code', '=', code)
        .executeTakeFirstOrThrow()
    ).id;
  const [cashAid, inKindAid, zakatOut, operations, salaries] = await Promise.all(
    ['cash_aid', 'in_kind_aid', 'zakat_disbursement', 'operations', 'salaries'].map(category),
  );
  const incomes = await Promise.all(
    ['zakat', 'sadaqa', 'general_donation', 'grant', 'waqf_revenue'].map(category),
  );
  const statusOf = (r: RawBuilder<unknown>) =>
    sql<string>`case when ${r} < 0.9 then 'completed' when ${r} < 0.95 then 'pending' when ${r} < 0.98 then 'cancelled' else 'refunded' end`;

  const linked = await sql`
    insert into financial_records (direction, amount, occurred_on, category_id, status, cancel_reason, cancelled_at, payment_method,
      family_id, service_id, notes, created_at, updated_at)
    select 'expense', s.cost, s.delivery_date,
      case when t.is_medical or x.c < 0.5 then ${sql.lit(cashAid)} else ${sql.lit(inKindAid)} end,
      ${statusOf(sql`x.r`)},
      case when x.r >= 0.95 and x.r < 0.98 then 'إدخال مكرر' end,
      case when x.r >= 0.95 and x.r < 0.98 then (s.delivery_date + time '10:00') at time zone 'UTC' end,
      case when x.c < 0.5 then 'bank_transfer' else 'in_kind' end,
      s.family_id, s.id, null,
      (s.delivery_date + time '09:00') at time zone 'UTC', (s.delivery_date + time '09:00') at time zone 'UTC'
    from services s
    join service_types t on t.id = s.service_type_id
    cross join lateral (select random() as r, random() as c, random() as keep, s.id as for_service) x
    where s.status = 'delivered' and s.cost is not null and x.keep < 0.5
    order by s.id`.execute(trx);
  const linkedCount = Number(linked.numAffectedRows ?? 0);
  const others = Math.max(0, scaled(PER_100K.financialRecords, families, 100) - linkedCount);

  await sql`
    insert into financial_records (direction, amount, occurred_on, category_id, status, cancel_reason, cancelled_at, payment_method,
      restricted_purpose, family_id, season_id, notes, created_at, updated_at)
    select x.direction,
      round((case when x.direction = 'income' then 50 + x.a * x.a * 20000 else 200 + x.a * 5000 end)::numeric, 2),
      x.occurred_on, x.category_id,
      ${statusOf(sql`x.r`)},
      case when x.r >= 0.95 and x.r < 0.98 then 'إدخال مكرر' end,
      case when x.r >= 0.95 and x.r < 0.98 then (x.occurred_on + time '10:00') at time zone 'UTC' end,
      ${pickFrom(textArray(['cash', 'bank_transfer', 'cheque', 'card']), 4)},
      case when x.season_id is not null and x.direction = 'income' then 'دعم البرنامج الموسمي' end,
      x.family_id, x.season_id, null,
      (x.occurred_on + time '09:00') at time zone 'UTC', (x.occurred_on + time '09:00') at time zone 'UTC'
    from (
      select y.*,
        case when y.direction = 'income' then (${intArray(incomes)})[1 + floor(y.k * ${sql.lit(incomes.length)})::int]
          when y.k < 0.5 then ${sql.lit(zakatOut)} when y.k < 0.85 then ${sql.lit(operations)} else ${sql.lit(salaries)} end as category_id,
        case when y.direction = 'expense' and y.k < 0.5 then ${sql.lit(familyRange.lo)} + floor(y.f * ${sql.lit(familyRange.n)})::int end as family_id,
        case when y.s < 0.15 then (${intArray(seasonIds)})[1 + floor(y.s / 0.15 * ${sql.lit(seasonIds.length)})::int] end as season_id
      from (
        select g, case when random() < 0.7 then 'income' else 'expense' end as direction,
          current_date - floor(random() * 730)::int as occurred_on,
          random() as a, random() as r, random() as k, random() as f, random() as s
        from generate_series(1, ${sql.lit(others)}) g
      ) y
    ) x
    order by x.g`.execute(trx);
}

/**
 * Seminars over the last two years (88% held, the rest cancelled) and the next two months
 * (planned, open, closed), each with an audience of 25–90 members in arrival order: registered
 * up to the capacity, then waiting; attendance marked on the held ones (about 78% attended).
 */
async function insertSeminars(
  trx: Tx,
  families: number,
  memberRange: { lo: number; n: number },
  axisIds: number[],
): Promise<void> {
  const types = await trx
    .insertInto('seminar_types')
    .values(
      SEMINAR_TYPES.map((name) => ({
        name,
        name_normalized: normaliseArabic(name),
        search_text: normaliseArabic(name),
        active: true,
        description: null,
      })),
    )
    .returning('id')
    .execute();
  const typeIds = types.map((row) => row.id);
  const count = scaled(PER_100K.seminars, families, 50);
  await sql`
    insert into seminars (title, seminar_type_id, axis_id, presenter, venue, starts_at, ends_at, capacity, target_gender,
      target_age_min, status, status_changed_at, search_text, description, created_at, updated_at)
    select x.title, x.type_id, x.axis_id, x.presenter, 'قاعة الجمعية الرئيسية',
      to_char(x.starts, 'YYYY-MM-DD"T"HH24:MI'), to_char(x.starts + interval '2 hours', 'YYYY-MM-DD"T"HH24:MI'),
      x.capacity, x.gender, case when x.gender is not null then 15 end,
      x.status, x.created, x.title, null, x.created, x.created
    from (
      select y.*, 'ندوة ' || y.topic || ' ' || y.g as title,
        case when y.day < 0 then case when y.r < 0.88 then 'held' else 'cancelled' end
          when y.r < 0.3 then 'planned' when y.r < 0.9 then 'open' else 'closed' end as status,
        ((current_date + y.day) + make_time(16 + y.hour, 0, 0))::timestamp as starts,
        (current_date + y.day - 20 + time '06:00') at time zone 'UTC' as created
      from (
        select g, ${pickFrom(textArray(SEMINAR_TOPICS), SEMINAR_TOPICS.length)} as topic,
          ${pickFrom(intArray(typeIds), typeIds.length)} as type_id,
          ${pickFrom(intArray(axisIds), axisIds.length)} as axis_id,
          ${pickFrom(textArray(['د. سعد القحطاني', 'أ. نورة العتيبي', 'د. هند الشمري', 'أ. فهد الدوسري']), 4)} as presenter,
          case when random() < 0.93 then -1 - floor(random() * 730)::int else floor(random() * 60)::int end as day,
          floor(random() * 5)::int as hour, 30 + floor(random() * 91)::int as capacity,
          case when random() < 0.2 then 'female' when random() < 0.1 then 'male' end as gender,
          random() as r
        from generate_series(1, ${sql.lit(count)}) g
      ) y
    ) x
    order by x.g`.execute(trx);

  await sql`
    insert into seminar_audience (seminar_id, member_id, family_id, person_name, state, position, attendance, attendance_at, created_at)
    select a.seminar_id, m.id, m.family_id, m.full_name,
      case when a.position <= a.capacity then 'registered' else 'waiting' end,
      a.position,
      case when a.held and a.position <= a.capacity then case when random() < 0.78 then 'attended' else 'no_show' end end,
      case when a.held and a.position <= a.capacity then (a.starts_at::timestamp - interval '3 hours') at time zone 'UTC' end,
      a.created_at + a.position * interval '1 hour'
    from (
      select p.*, row_number() over (partition by p.seminar_id order by p.member_id) as position
      from (
        select s.id as seminar_id, s.capacity, s.status = 'held' as held, s.starts_at, s.created_at,
          ${sql.lit(memberRange.lo)} + floor(random() * ${sql.lit(memberRange.n)})::int as member_id
        from seminars s
        cross join lateral generate_series(1, 25 + floor(random() * 66)::int + 0 * s.id) g
        where s.status <> 'cancelled'
        group by 1, 2, 3, 4, 5, 6
      ) p
    ) a
    join family_members m on m.id = a.member_id
    order by a.seminar_id, a.position`.execute(trx);
  await sql`
    update seminars s set last_position = a.last
    from (select seminar_id, max(position) as last from seminar_audience group by seminar_id) a
    where a.seminar_id = s.id`.execute(trx);
}

/**
 * Two published templates, fifty surveys (one every two weeks over two years, the recent ones
 * still open), about a thousand responses each from distinct families, and an answer to every
 * required question and half the optional ones, of the question's type.
 */
async function insertSurveys(
  trx: Tx,
  today: string,
  families: number,
  familyRange: { lo: number; n: number },
  groups: { seasonIds: number[]; typeIds: number[] },
): Promise<void> {
  const types = await trx
    .insertInto('survey_types')
    .values(
      SURVEY_TYPES.map((name) => ({
        name,
        name_normalized: normaliseArabic(name),
        description: null,
        active: true,
      })),
    )
    .returning('id')
    .execute();
  const templates: { id: number; versionId: number }[] = [];
  for (const template of SURVEY_TEMPLATES) {
    const { id } = await trx
      .insertInto('survey_templates')
      .values({
        title: template.title,
        search_text: normaliseArabic(template.title),
        purpose: template.purpose,
        target: template.target,
        description: null,
        status: 'published',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const version = await trx
      .insertInto('survey_template_versions')
      .values({
        template_id: id,
        version: 1,
        status: 'published',
        title: template.title,
        target: template.target,
        published_at: new Date(Date.parse(`${isoDaysFrom(today, -760)}T06:00:00Z`)),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('survey_questions')
      .values(
        template.questions.map((q, index) => ({
          version_id: version.id,
          position: index + 1,
          key: q.key,
          label: q.label,
          type: q.type,
          required: q.required,
          help_text: null,
          min: q.min ?? null,
          max: q.max ?? null,
          min_length: null,
          max_length: null,
          options: JSON.stringify(q.options ?? []),
          show_if_key: null,
          show_if_equals: null,
        })),
      )
      .execute();
    templates.push({ id, versionId: version.id });
  }

  const seminar = await trx
    .selectFrom('seminars')
    .select('id')
    .where('status', '=', 'held')
    .orderBy('id')
    .executeTakeFirst();
  const surveys: NewSurvey[] = Array.from({ length: PER_100K.surveys }, (_, index) => {
    const template = templates[index % 3 === 1 ? 1 : 0] as { id: number; versionId: number };
    const starts = isoDaysFrom(today, -720 + index * 14);
    const ends = isoDaysFrom(starts, 45);
    const kind = index % 3 === 0 ? 'season' : index % 3 === 1 ? 'service_type' : 'seminar';
    const groupId =
      kind === 'season'
        ? (groups.seasonIds[index % groups.seasonIds.length] as number)
        : kind === 'service_type'
          ? (groups.typeIds[index % groups.typeIds.length] as number)
          : (seminar?.id ?? (groups.seasonIds[0] as number));
    const title = `${SURVEY_TYPES[index % 3]} — الدورة ${index + 1}`;
    return {
      title,
      search_text: normaliseArabic(title),
      survey_type_id: types[index % 3]?.id as number,
      template_id: template.id,
      template_version_id: template.versionId,
      group_kind: seminar || kind !== 'seminar' ? kind : 'season',
      group_id: groupId,
      starts_on: starts,
      ends_on: ends,
      status: ends < today ? 'closed' : 'open',
      description: null,
      created_at: new Date(Date.parse(`${starts}T06:00:00Z`)),
    };
  });
  await trx.insertInto('surveys').values(surveys).execute();

  const perSurvey = Math.min(
    familyRange.n,
    Math.round((PER_100K.responses / PER_100K.surveys) * Math.max(0.01, families / 100_000)),
  );
  // g·104729 (a prime) mod n walks distinct families: one response per family and survey.
  await sql`
    insert into survey_responses (survey_id, template_version_id, family_id, member_id, respondent_key, collected_at)
    select s.id, s.template_version_id, x.family_id, null, 'family:' || x.family_id,
      (s.starts_on + floor(random() * (least(s.ends_on, current_date) - s.starts_on + 1))::int + time '07:00') at time zone 'UTC'
    from surveys s
    cross join lateral generate_series(1, ${sql.lit(perSurvey)}) g
    cross join lateral (select ${sql.lit(familyRange.lo)} + ((s.id::bigint * 7919 + g::bigint * 104729) % ${sql.lit(familyRange.n)})::int as family_id) x
    where s.starts_on <= current_date
    order by s.id, g`.execute(trx);

  await sql`
    insert into survey_answers (response_id, question_id, value)
    select r.id, q.id,
      case q.type
        when 'rating' then to_jsonb(case when random() < 0.15 then 1 + floor(random() * 2)::int else 3 + floor(random() * 3)::int end)
        when 'yes_no' then to_jsonb(random() < 0.78)
        when 'single_choice' then q.options -> floor(random() * jsonb_array_length(q.options))::int -> 'value'
        when 'multiple_choice' then coalesce(
          (select jsonb_agg(o -> 'value') from jsonb_array_elements(q.options) o where random() < 0.45 + 0 * r.id),
          jsonb_build_array(q.options -> 0 -> 'value'))
        when 'number' then to_jsonb(800 + floor(random() * 60)::int * 100)
        else to_jsonb('شكراً لكم على الجهود'::text)
      end
    from survey_responses r
    join survey_questions q on q.version_id = r.template_version_id
    where q.required or random() < 0.5
    order by r.id, q.position`.execute(trx);
}
