import { sql } from 'kysely';
import {
  SURVEY_QUESTION_TYPES,
  SURVEY_STATUSES,
  surveyLabel,
  surveyStatusOn,
  type SurveyQuestionType,
  type SurveyStatus,
} from 'shared-contracts/engagement';
import {
  periodDays,
  rateOf,
  type SurveyReport,
  type SurveyReportQuery,
  type SurveyReportQuestion,
  type SurveyReportRow,
} from 'shared-contracts/reports';
import { z } from 'zod';
import type { Executor } from '../../../db/tables';
import { unprocessable } from '../../../http/errors';

/**
 * The survey report (shared-contracts/reports/survey-report.ts), computed by PostgreSQL: which
 * surveys (run overlapping the period), their responses collected in the period (Riyadh days:
 * the bounds are instants, so `survey_responses (survey_id, collected_at)` serves the range),
 * each question's answered count, average and per-option counts, and the monthly satisfaction.
 * JavaScript only places the counted options beside the question's option list (0 included)
 * and turns counts into percentages.
 */

const optionsSchema = z.array(z.object({ value: z.string(), label: z.string() }));

/** A question's stored options: parsed jsonb, or its text where a driver hands it back unparsed. */
function storedOptions(value: unknown): { value: string; label: string }[] {
  const parsed: unknown = typeof value === 'string' ? JSON.parse(value) : value;
  return optionsSchema.parse(parsed);
}

/** Riyadh is UTC+3 all year (no daylight saving): a day's bounds as instants. */
function riyadhDayStart(date: string, plusDays = 0): Date {
  return new Date(Date.parse(`${date}T00:00:00+03:00`) + plusDays * 86_400_000);
}

/** An average as numeric text from SQL (two decimals), or null. */
const averageOf = (value: string | null): number | null => (value === null ? null : Number(value));

interface SurveyAggregate {
  id: number;
  title: string;
  template_id: number;
  template_title: string;
  survey_type: string;
  status: SurveyStatus;
  starts_on: string;
  ends_on: string;
}

interface QuestionAggregate {
  survey_id: number;
  question_id: number;
  version: number;
  key: string;
  label: string;
  type: SurveyQuestionType;
  options: unknown;
  answered: number;
  average: string | null;
}

interface ChoiceAggregate {
  question_id: number;
  survey_id: number;
  choice: string;
  count: number;
}

const RATING_SCORES = ['1', '2', '3', '4', '5'];

/** Every option of a question with its counted answers (0 included), in the question's order. */
function distributionOf(
  type: SurveyQuestionType,
  options: readonly { value: string; label: string }[],
  counts: ReadonlyMap<string, number>,
  answered: number,
): SurveyReportQuestion['distribution'] {
  const items: { value: string; label: string; key: string }[] =
    type === 'single_choice' || type === 'multiple_choice'
      ? options.map((option) => ({ ...option, key: option.value }))
      : type === 'yes_no'
        ? [
            { value: 'yes', label: 'نعم', key: 'true' },
            { value: 'no', label: 'لا', key: 'false' },
          ]
        : type === 'rating'
          ? RATING_SCORES.map((score) => ({ value: score, label: score, key: score }))
          : [];
  return items.map((item) => {
    const n = counts.get(item.key) ?? 0;
    return { value: item.value, label: item.label, count: n, percent: rateOf(n, answered) ?? 0 };
  });
}

const TEXT_TYPES = new Set<string>(['short_text', 'long_text', 'date']);

/** The report for `query`. */
export async function surveyReport(db: Executor, query: SurveyReportQuery): Promise<SurveyReport> {
  let templateTitle: string | null = null;
  if (query.template_id !== undefined) {
    const template = await db
      .selectFrom('survey_templates')
      .select('title')
      .where('id', '=', query.template_id)
      .executeTakeFirst();
    if (!template) throw unprocessable({ template_id: ['قالب الاستبيان غير موجود'] });
    templateTitle = template.title;
  }
  let surveyTitle: string | null = null;
  if (query.survey_id !== undefined) {
    const survey = await db
      .selectFrom('surveys')
      .select('title')
      .where('id', '=', query.survey_id)
      .executeTakeFirst();
    if (!survey) throw unprocessable({ survey_id: ['الاستبيان غير موجود'] });
    surveyTitle = survey.title;
  }
  const start = riyadhDayStart(query.from);
  const end = riyadhDayStart(query.to, 1);

  // The selected surveys and their responses in the period.
  const scope = sql`
    sel as (
      select s.id, s.title, s.template_id, s.template_version_id, s.survey_type_id, s.status,
        s.starts_on, s.ends_on
      from surveys s
      where s.starts_on <= ${query.to}::date and s.ends_on >= ${query.from}::date
        ${query.template_id !== undefined ? sql`and s.template_id = ${query.template_id}` : sql``}
        ${query.survey_id !== undefined ? sql`and s.id = ${query.survey_id}` : sql``}
    ),
    resp as (
      select r.id, r.survey_id, r.template_version_id,
        -- Riyadh's wall-clock month of the instant (UTC+3, no daylight saving).
        to_char((r.collected_at at time zone 'UTC') + interval '3 hours', 'YYYY-MM') as month
      from survey_responses r
      join sel on sel.id = r.survey_id
      where r.collected_at >= ${start} and r.collected_at < ${end}
    )`;

  // The answers of those responses, read once into a temporary table that every count below
  // reads (each query joining the answers again, and one counting them per question, were most
  // of the report's time at 200,000 answers); dropped when the report's transaction ends.
  await sql`drop table if exists pg_temp.survey_report_answers`.execute(db);
  await sql`
    create temporary table survey_report_answers on commit drop as
      with ${scope}
      select resp.survey_id, resp.month, a.question_id, q.type, a.value
      from survey_answers a
      join resp on resp.id = a.response_id
      join survey_questions q on q.id = a.question_id`.execute(db);
  const score = sql`(sa.value #>> '{}')::numeric`;
  const isRating = sql`sa.type = 'rating' and jsonb_typeof(sa.value) = 'number'`;

  // Responses and ratings per survey, per month and in all: one grouping each.
  const responseCounts = await sql<{ survey_id: number | null; month: string | null; n: number }>`
    with ${scope}
    select survey_id, month, count(*)::int as n from resp
    group by grouping sets ((survey_id), (month), ())`.execute(db);
  const ratingCounts = await sql<{
    survey_id: number | null;
    month: string | null;
    n: number;
    satisfaction: string | null;
  }>`
    select sa.survey_id, sa.month, count(*)::int as n, round(avg(${score}), 2)::text as satisfaction
    from survey_report_answers sa
    where ${isRating}
    group by grouping sets ((sa.survey_id), (sa.month), ())`.execute(db);
  type Counted = { responses: number; rating_answers: number; satisfaction: string | null };
  const countedBy = (survey: number | null, month: string | null): Counted => {
    const match = (row: { survey_id: number | null; month: string | null }) =>
      row.survey_id === survey && row.month === month;
    const rating = ratingCounts.rows.find(match);
    return {
      responses: responseCounts.rows.find(match)?.n ?? 0,
      rating_answers: rating?.n ?? 0,
      satisfaction: rating?.satisfaction ?? null,
    };
  };

  const surveys = await sql<SurveyAggregate>`
    with ${scope}
    select sel.id, sel.title, sel.template_id, t.title as template_title,
      st.name as survey_type, sel.status,
      to_char(sel.starts_on, 'YYYY-MM-DD') as starts_on,
      to_char(sel.ends_on, 'YYYY-MM-DD') as ends_on
    from sel
    join survey_templates t on t.id = sel.template_id
    join survey_types st on st.id = sel.survey_type_id
    order by sel.starts_on, sel.id`.execute(db);

  // The questions of each survey's current version and of every version answered in the period,
  // beside their answers counted once per (survey, question).
  const questions = await sql<QuestionAggregate>`
    with ${scope},
    versions as (
      select sel.id as survey_id, sel.template_version_id as version_id from sel
      union
      select distinct resp.survey_id, resp.template_version_id from resp
    ),
    answered as (
      select sa.survey_id, sa.question_id, count(*)::int as answered,
        round(avg(${score}) filter (where jsonb_typeof(sa.value) = 'number'), 2)::text as average
      from survey_report_answers sa
      group by sa.survey_id, sa.question_id
    )
    select versions.survey_id, q.id as question_id, v.version, q.key, q.label, q.type, q.options,
      coalesce(answered.answered, 0) as answered,
      case when q.type in ('rating', 'number') then answered.average end as average
    from versions
    join survey_template_versions v on v.id = versions.version_id
    join survey_questions q on q.version_id = versions.version_id
    left join answered on answered.survey_id = versions.survey_id and answered.question_id = q.id
    order by versions.survey_id, v.version, q.position, q.id`.execute(db);

  // Each option's count: a multiple choice counts each value picked; others their one value.
  const choices = await sql<ChoiceAggregate>`
    select sa.survey_id, sa.question_id, picked.choice, count(*)::int as count
    from survey_report_answers sa
    cross join lateral (
      select jsonb_array_elements_text(sa.value) as choice where jsonb_typeof(sa.value) = 'array'
      union all
      select sa.value #>> '{}' where jsonb_typeof(sa.value) <> 'array'
    ) picked
    where sa.type in ('single_choice', 'multiple_choice', 'yes_no', 'rating')
    group by sa.survey_id, sa.question_id, picked.choice`.execute(db);

  const months = (
    await sql<{ month: string }>`
      select to_char(m, 'YYYY-MM') as month
      from generate_series(date_trunc('month', ${query.from}::date), ${query.to}::date, interval '1 month') m
      order by 1`.execute(db)
  ).rows.map((row) => ({ month: row.month, ...countedBy(null, row.month) }));
  const total = countedBy(null, null);

  const counted = new Map<string, Map<string, number>>();
  for (const row of choices.rows) {
    const key = `${row.survey_id}:${row.question_id}`;
    const map = counted.get(key) ?? new Map<string, number>();
    map.set(row.choice, row.count);
    counted.set(key, map);
  }
  const bySurvey = new Map<number, SurveyReportQuestion[]>();
  for (const row of questions.rows) {
    const type = row.type;
    const options = storedOptions(row.options);
    const list = bySurvey.get(row.survey_id) ?? [];
    list.push({
      question_id: row.question_id,
      version: row.version,
      key: row.key,
      label: row.label,
      type,
      type_label: surveyLabel(SURVEY_QUESTION_TYPES, type),
      answered: row.answered,
      average: averageOf(row.average),
      distribution: distributionOf(
        type,
        options,
        counted.get(`${row.survey_id}:${row.question_id}`) ?? new Map(),
        row.answered,
      ),
      text_answers: TEXT_TYPES.has(type) ? row.answered : 0,
    });
    bySurvey.set(row.survey_id, list);
  }

  const rows: SurveyReportRow[] = surveys.rows.map((row) => {
    const counted = countedBy(row.id, null);
    // Past its end date a survey reads closed, as everywhere else.
    const status = surveyStatusOn({ status: row.status, ends_on: row.ends_on });
    return {
      survey: { id: row.id, title: row.title },
      template: { id: row.template_id, title: row.template_title },
      survey_type: row.survey_type,
      status,
      status_label: surveyLabel(SURVEY_STATUSES, status),
      starts_on: row.starts_on,
      ends_on: row.ends_on,
      responses: counted.responses,
      rating_answers: counted.rating_answers,
      satisfaction: averageOf(counted.satisfaction),
      questions: bySurvey.get(row.id) ?? [],
    };
  });

  return {
    kind: 'survey',
    period: { from: query.from, to: query.to, days: periodDays(query.from, query.to) },
    parameters: {
      template_id: query.template_id ?? null,
      template_title: templateTitle,
      survey_id: query.survey_id ?? null,
      survey_title: surveyTitle,
    },
    rows,
    by_month: months.map((row) => ({
      month: row.month,
      responses: row.responses,
      rating_answers: row.rating_answers,
      satisfaction: averageOf(row.satisfaction),
    })),
    totals: {
      surveys: rows.length,
      responses: total.responses,
      rating_answers: total.rating_answers,
      satisfaction: averageOf(total.satisfaction),
    },
  };
}
