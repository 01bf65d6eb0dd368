import { sql, type Insertable, type Kysely, type Transaction, type Updateable } from 'kysely';
import { todayIso } from 'shared-contracts';
import {
  formatSurveyAnswer,
  surveyStatusOn,
  type SurveyAnswerValue,
  type SurveyDetail,
  type Survey,
  type SurveyListQuery,
  type SurveyOptions,
  type SurveyQuestion,
  type SurveyQuestionSummary,
  type SurveySummary,
} from 'shared-contracts/engagement';
import { countOf, pageRows } from '../../../db/query';
import { whereSearch } from '../../../db/search';
import type { Database, Executor } from '../../../db/tables';
import { pageWindow } from '../../../http/pagination';
import type { SurveysTable } from '../tables';
import { groupNames, groupOptions, groupRef } from './groups';
import { newestFirst, readOptions, readValue } from './shared';
import { loadVersion, questionsOf } from './templates';

/**
 * Surveys: the reads (list, one survey with the version it applies, the form's options, the
 * per-question summary and the answers' export rows) and the rows the writes
 * (`../commands/surveys.ts`) check, lock and write.
 */

const SORT = {
  title: 's.title',
  starts_on: 's.starts_on',
  ends_on: 's.ends_on',
  status: 's.status',
  created_at: 's.created_at',
} as const;

function surveysQuery(db: Executor) {
  return db
    .selectFrom('surveys as s')
    .innerJoin('survey_types as ty', 'ty.id', 's.survey_type_id')
    .innerJoin('survey_templates as t', 't.id', 's.template_id')
    .innerJoin('survey_template_versions as v', 'v.id', 's.template_version_id')
    .leftJoin('employees as e', 'e.id', 's.created_by')
    .selectAll('s')
    .select((eb) => [
      'ty.name as type_name',
      't.title as template_title',
      't.target as template_target',
      'v.version as version',
      'e.name as created_by_name',
      countOf(eb.selectFrom('survey_responses as r').whereRef('r.survey_id', '=', 's.id')).as(
        'responses_count',
      ),
    ]);
}

type Row = Awaited<ReturnType<ReturnType<typeof surveysQuery>['executeTakeFirstOrThrow']>>;

function toSurvey(row: Row, groupName: string): Survey {
  return {
    id: row.id,
    title: row.title,
    survey_type: { id: row.survey_type_id, name: row.type_name },
    template: {
      id: row.template_id,
      title: row.template_title,
      target: row.template_target,
    },
    template_version: { id: row.template_version_id, version: row.version },
    group_kind: row.group_kind,
    group: { id: row.group_id, name: groupName },
    starts_on: row.starts_on,
    ends_on: row.ends_on,
    // Past its end date it reads closed everywhere (`surveyStatusOn`).
    status: surveyStatusOn({ status: row.status, ends_on: row.ends_on }),
    responses_count: row.responses_count ?? 0,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

export async function listSurveys(db: Kysely<Database>, query: SurveyListQuery) {
  let builder = whereSearch(surveysQuery(db), 's.search_text', query.search);
  const {
    status,
    survey_type_id: typeId,
    template_id: templateId,
    group_kind: groupKind,
  } = query.filter;
  if (status?.length === 1) {
    // As the rows read it: open means stored open and not past its end date.
    const today = todayIso();
    builder =
      status[0] === 'open'
        ? builder.where('s.status', '=', 'open').where('s.ends_on', '>=', today)
        : builder.where((eb) =>
            eb.or([eb('s.status', '=', 'closed'), eb('s.ends_on', '<', today)]),
          );
  }
  if (groupKind?.length) builder = builder.where('s.group_kind', 'in', groupKind);
  if (typeId !== undefined) builder = builder.where('s.survey_type_id', '=', typeId);
  if (templateId !== undefined) builder = builder.where('s.template_id', '=', templateId);
  const { rows, total } = await pageRows(
    builder,
    newestFirst(SORT, query, 'starts_on', 's.id'),
    pageWindow(query),
  );
  const names = await groupNames(
    db,
    rows.map((row) => ({ kind: row.group_kind, id: row.group_id })),
  );
  return {
    rows: rows.map((row) => toSurvey(row, names.get(`${row.group_kind}:${row.group_id}`) ?? '—')),
    total,
  };
}

export async function loadSurvey(db: Executor, id: number): Promise<SurveyDetail | undefined> {
  const row = await surveysQuery(db).where('s.id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  const [group, version] = await Promise.all([
    groupRef(db, row.group_kind, row.group_id),
    loadVersion(db, row.template_version_id),
  ]);
  if (!version) return undefined;
  return {
    ...toSurvey(row, group?.name ?? '—'),
    description: row.description,
    version,
    created_by:
      row.created_by !== null && row.created_by_name
        ? { id: row.created_by, name: row.created_by_name }
        : null,
  };
}

export async function surveyOptions(db: Executor): Promise<SurveyOptions> {
  const types = await db
    .selectFrom('survey_types')
    .select(['id', 'name'])
    .where('active', '=', true)
    .orderBy('name')
    .orderBy('id')
    .execute();
  const templates = await db
    .selectFrom('survey_templates as t')
    .innerJoin('survey_template_versions as v', (join) =>
      join.onRef('v.template_id', '=', 't.id').on('v.status', '=', 'published'),
    )
    .select(['t.id', 't.title', 't.target', 'v.id as version_id', 'v.version'])
    .where('t.status', '=', 'published')
    .orderBy('t.title')
    .execute();
  return {
    types,
    templates: templates.map((t) => ({
      id: t.id,
      title: t.title,
      target: t.target,
      version: { id: t.version_id, version: t.version },
    })),
    ...(await groupOptions(db)),
  };
}

// ---------------------------------------------------------------------------------------------
// Summary and export
// ---------------------------------------------------------------------------------------------

/** The answers of a survey's responses: one row per answer with its question's version. */
function answersOf(db: Executor, surveyId: number) {
  return db
    .selectFrom('survey_answers as a')
    .innerJoin('survey_responses as r', 'r.id', 'a.response_id')
    .select(['a.question_id', 'a.value', 'r.id as response_id', 'r.template_version_id'])
    .where('r.survey_id', '=', surveyId)
    .orderBy('r.collected_at', 'desc')
    .orderBy('r.id', 'desc')
    .execute();
}

function summariseQuestion(
  question: SurveyQuestion,
  values: readonly SurveyAnswerValue[],
): SurveyQuestionSummary {
  const numbers = values.filter((value): value is number => typeof value === 'number');
  const numeric = question.type === 'number' || question.type === 'rating';
  let distribution: SurveyQuestionSummary['distribution'] = [];
  const count = (match: (value: SurveyAnswerValue) => boolean) => values.filter(match).length;
  if (question.type === 'single_choice' || question.type === 'multiple_choice') {
    distribution = question.options.map((option) => ({
      value: option.value,
      label: option.label,
      count: count((v) => (Array.isArray(v) ? v.includes(option.value) : v === option.value)),
    }));
  } else if (question.type === 'yes_no') {
    distribution = [
      { value: 'yes', label: 'نعم', count: count((v) => v === true) },
      { value: 'no', label: 'لا', count: count((v) => v === false) },
    ];
  } else if (question.type === 'rating') {
    distribution = [1, 2, 3, 4, 5].map((score) => ({
      value: String(score),
      label: String(score),
      count: count((v) => v === score),
    }));
  }
  const texts =
    question.type === 'short_text' || question.type === 'long_text'
      ? values.filter((v): v is string => typeof v === 'string').slice(0, 5)
      : [];
  return {
    key: question.key,
    label: question.label,
    type: question.type,
    answered: values.length,
    average:
      numeric && numbers.length > 0
        ? Math.round((numbers.reduce((a, b) => a + b, 0) / numbers.length) * 100) / 100
        : null,
    min: numeric && numbers.length > 0 ? Math.min(...numbers) : null,
    max: numeric && numbers.length > 0 ? Math.max(...numbers) : null,
    distribution,
    samples: texts,
  };
}

/** Per version the survey's responses answered (oldest first), per question of that version. */
export async function summariseSurvey(db: Executor, surveyId: number): Promise<SurveySummary> {
  const versions = await db
    .selectFrom('survey_responses as r')
    .innerJoin('survey_template_versions as v', 'v.id', 'r.template_version_id')
    .select(['v.id', 'v.version', sql<number>`count(*)::int`.as('responses')])
    .where('r.survey_id', '=', surveyId)
    .groupBy(['v.id', 'v.version'])
    .orderBy('v.version')
    .execute();
  const questions = await questionsOf(
    db,
    versions.map((v) => v.id),
  );
  const answers = await answersOf(db, surveyId);
  const byQuestion = new Map<number, SurveyAnswerValue[]>();
  for (const answer of answers) {
    const list = byQuestion.get(answer.question_id) ?? [];
    list.push(readValue(answer.value));
    byQuestion.set(answer.question_id, list);
  }
  return {
    survey_id: surveyId,
    responses: versions.reduce((sum, v) => sum + v.responses, 0),
    versions: versions.map((v) => ({
      version_id: v.id,
      version: v.version,
      responses: v.responses,
      questions: (questions.get(v.id) ?? []).map((question) =>
        summariseQuestion(question, byQuestion.get(question.id) ?? []),
      ),
    })),
  };
}

export async function countAnswers(db: Executor, surveyId: number): Promise<number> {
  const row = await db
    .selectFrom('survey_answers as a')
    .innerJoin('survey_responses as r', 'r.id', 'a.response_id')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('r.survey_id', '=', surveyId)
    .executeTakeFirstOrThrow();
  return row.n;
}

/**
 * The export's rows: one per answer, responses oldest first, questions in order — of one survey,
 * or (the family's data export) every answer given by one family, with the survey's title.
 */
export async function* surveyAnswerRows(
  db: Executor,
  of: { surveyId: number } | { familyId: number },
): AsyncGenerator<Record<string, string | number | null>> {
  const rows = await db
    .selectFrom('survey_answers as a')
    .innerJoin('survey_responses as r', 'r.id', 'a.response_id')
    .innerJoin('survey_questions as q', 'q.id', 'a.question_id')
    .innerJoin('survey_template_versions as v', 'v.id', 'r.template_version_id')
    .innerJoin('surveys as s', 's.id', 'r.survey_id')
    .innerJoin('families as f', 'f.id', 'r.family_id')
    .leftJoin('family_members as m', 'm.id', 'r.member_id')
    .leftJoin('employees as e', 'e.id', 'r.collected_by')
    .select([
      's.title as survey',
      'r.id as response_id',
      'v.version',
      'f.file_number',
      'f.head_name',
      'm.full_name as member',
      'e.name as collected_by',
      'r.collected_at',
      'q.label',
      'q.type',
      'q.options',
      'a.value',
    ])
    .where((eb) =>
      'surveyId' in of ? eb('r.survey_id', '=', of.surveyId) : eb('r.family_id', '=', of.familyId),
    )
    .orderBy('r.collected_at')
    .orderBy('r.id')
    .orderBy('q.position')
    .execute();
  for (const row of rows) {
    const options = typeof row.options === 'string' ? readOptions(row.options) : row.options;
    yield {
      survey: row.survey,
      response_id: row.response_id,
      version: row.version,
      file_number: row.file_number,
      head_name: row.head_name,
      member: row.member,
      collected_by: row.collected_by,
      collected_at: row.collected_at.toISOString().slice(0, 10),
      question: row.label,
      answer: formatSurveyAnswer({ type: row.type, options }, readValue(row.value)),
    };
  }
}

// ---------------------------------------------------------------------------------------------
// The writes' reads and rows
// ---------------------------------------------------------------------------------------------

export function surveyTypeFacts(db: Executor, id: number) {
  return db
    .selectFrom('survey_types')
    .select(['name', 'active'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** A template version with its template's status and title, as the survey rules read it. */
export function versionFacts(db: Executor, versionId: number) {
  return db
    .selectFrom('survey_template_versions as v')
    .innerJoin('survey_templates as t', 't.id', 'v.template_id')
    .select(['v.template_id', 'v.version', 'v.status', 't.status as template_status', 't.title'])
    .where('v.id', '=', versionId)
    .executeTakeFirst();
}

export function lockSurvey(trx: Transaction<Database>, id: number) {
  return trx.selectFrom('surveys').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function insertSurvey(
  trx: Transaction<Database>,
  values: Insertable<SurveysTable>,
): Promise<number> {
  const { id } = await trx
    .insertInto('surveys')
    .values(values)
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function updateSurveyRow(
  trx: Transaction<Database>,
  id: number,
  values: Updateable<SurveysTable>,
): Promise<void> {
  await trx.updateTable('surveys').set(values).where('id', '=', id).execute();
}
