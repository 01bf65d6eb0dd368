import { sql, type Insertable, type Kysely, type Transaction } from 'kysely';
import {
  type SurveyRate,
  type SurveyRateDetail,
  type SurveyRateListQuery,
  type SurveyRespondent,
  type SurveyGroupKind,
  type SurveyRespondentListQuery,
} from 'shared-contracts/engagement';
import { pageRows } from '../../../db/query';
import { whereSearch } from '../../../db/search';
import type { Database, Executor } from '../../../db/tables';
import { pageWindow } from '../../../http/pagination';
import type { SurveyAnswersTable, SurveyResponsesTable } from '../tables';
import { memberOfGroup } from './groups';
import { newestFirst, readValue } from './shared';
import { loadVersion } from './templates';

/**
 * Responses: the list of a survey, the group's families for the respondent picker, one response
 * with its version's questions, and the rows the write (`../commands/rates.ts`) checks and adds.
 */

function ratesQuery(db: Executor) {
  return db
    .selectFrom('survey_responses as r')
    .innerJoin('families as f', 'f.id', 'r.family_id')
    .innerJoin('survey_template_versions as v', 'v.id', 'r.template_version_id')
    .leftJoin('family_members as m', 'm.id', 'r.member_id')
    .leftJoin('employees as e', 'e.id', 'r.collected_by')
    .select([
      'r.id',
      'r.survey_id',
      'r.family_id',
      'f.file_number',
      'f.head_name',
      'r.member_id',
      'm.full_name as member_name',
      'r.template_version_id',
      'v.version',
      'r.collected_by',
      'e.name as collected_by_name',
      'r.collected_at',
    ]);
}

type Row = Awaited<ReturnType<ReturnType<typeof ratesQuery>['executeTakeFirstOrThrow']>>;

function toRate(row: Row): SurveyRate {
  return {
    id: row.id,
    survey_id: row.survey_id,
    family: { id: row.family_id, file_number: row.file_number, head_name: row.head_name },
    member:
      row.member_id !== null && row.member_name
        ? { id: row.member_id, name: row.member_name }
        : null,
    template_version: { id: row.template_version_id, version: row.version },
    collected_by:
      row.collected_by !== null && row.collected_by_name
        ? { id: row.collected_by, name: row.collected_by_name }
        : null,
    collected_at: row.collected_at.toISOString(),
  };
}

const SORT = { collected_at: 'r.collected_at', file_number: 'f.file_number' } as const;

export async function listRates(
  db: Kysely<Database>,
  surveyId: number,
  query: SurveyRateListQuery,
) {
  let builder = whereSearch(
    ratesQuery(db).where('r.survey_id', '=', surveyId),
    'f.search_text',
    query.search,
  );
  if (query.filter.version_id !== undefined)
    builder = builder.where('r.template_version_id', '=', query.filter.version_id);
  const { rows, total } = await pageRows(
    builder,
    newestFirst(SORT, query, 'collected_at', 'r.id'),
    pageWindow(query),
  );
  return { rows: rows.map(toRate), total };
}

export async function loadRate(db: Executor, id: number): Promise<SurveyRateDetail | undefined> {
  const row = await ratesQuery(db).where('r.id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  const survey = await db
    .selectFrom('surveys')
    .select(['id', 'title'])
    .where('id', '=', row.survey_id)
    .executeTakeFirstOrThrow();
  const version = await loadVersion(db, row.template_version_id);
  if (!version) return undefined;
  const stored = await db
    .selectFrom('survey_answers')
    .select(['question_id', 'value'])
    .where('response_id', '=', id)
    .execute();
  const byQuestion = new Map(stored.map((answer) => [answer.question_id, readValue(answer.value)]));
  const answers: SurveyRateDetail['answers'] = {};
  for (const question of version.questions)
    answers[question.key] = byQuestion.get(question.id) ?? null;
  return { ...toRate(row), survey, version, answers };
}

/** The survey's group as the respondent picker lists it; undefined when there is no such survey. */
export async function listRespondents(
  db: Kysely<Database>,
  surveyId: number,
  query: SurveyRespondentListQuery,
): Promise<{ rows: SurveyRespondent[]; total: number } | undefined> {
  const survey = await db
    .selectFrom('surveys')
    .select(['group_kind', 'group_id'])
    .where('id', '=', surveyId)
    .executeTakeFirst();
  if (!survey) return undefined;
  const inGroup = await memberOfGroup(db, survey.group_kind, survey.group_id, 'f.id');
  let builder = whereSearch(
    db
      .selectFrom('families as f')
      .select((eb) => [
        'f.id',
        'f.file_number',
        'f.head_name',
        eb
          .selectFrom('survey_responses as r')
          .select('r.id')
          .whereRef('r.family_id', '=', 'f.id')
          .where('r.survey_id', '=', surveyId)
          .where('r.member_id', 'is', null)
          .limit(1)
          .as('response_id'),
      ])
      .where(inGroup)
      .where('f.status', '<>', 'archived'),
    'f.search_text',
    query.search,
  );
  if (query.filter.id !== undefined) builder = builder.where('f.id', '=', query.filter.id);
  const sort = query.sort === 'head_name' ? 'f.head_name' : 'f.file_number';
  const { rows, total } = await pageRows(
    builder,
    { column: sort, order: query.order, id: 'f.id', idOrder: 'asc' },
    pageWindow(query),
  );
  const members = rows.length
    ? await db
        .selectFrom('family_members')
        .select(['id', 'full_name', 'family_id'])
        .where(
          'family_id',
          'in',
          rows.map((row) => row.id),
        )
        .where('active', '=', true)
        .orderBy('id')
        .execute()
    : [];
  return {
    rows: rows.map((row) => ({
      id: row.id,
      file_number: row.file_number,
      head_name: row.head_name,
      response_id: row.response_id ?? null,
      members: members
        .filter((member) => member.family_id === row.id)
        .map((member) => ({ id: member.id, name: member.full_name })),
    })),
    total,
  };
}

/** Used by the module's export: how many responses a survey has. */
export async function countRates(db: Executor, surveyId: number): Promise<number> {
  return (
    await db
      .selectFrom('survey_responses')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('survey_id', '=', surveyId)
      .executeTakeFirstOrThrow()
  ).n;
}

// ---------------------------------------------------------------------------------------------
// The write's reads and rows
// ---------------------------------------------------------------------------------------------

export function loadSurveyRow(db: Executor, id: number) {
  return db.selectFrom('surveys').selectAll().where('id', '=', id).executeTakeFirst();
}

export function familyNames(db: Executor, id: number) {
  return db
    .selectFrom('families')
    .select(['id', 'file_number', 'head_name'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Whether the family belongs to the survey's group. */
export async function familyInGroup(
  db: Executor,
  survey: { group_kind: SurveyGroupKind; group_id: number },
  familyId: number,
): Promise<boolean> {
  const inGroup = await memberOfGroup(db, survey.group_kind, survey.group_id, 'f.id');
  const family = await db
    .selectFrom('families as f')
    .select('f.id')
    .where('f.id', '=', familyId)
    .where(inGroup)
    .executeTakeFirst();
  return family !== undefined;
}

/** A current member of the family: their name; undefined otherwise. */
export async function activeMemberName(
  db: Executor,
  memberId: number,
  familyId: number,
): Promise<string | undefined> {
  const member = await db
    .selectFrom('family_members')
    .select('full_name')
    .where('id', '=', memberId)
    .where('family_id', '=', familyId)
    .where('active', '=', true)
    .executeTakeFirst();
  return member?.full_name;
}

/** The respondent's response to the survey, when there is one. */
export async function existingResponse(
  db: Executor,
  surveyId: number,
  respondentKey: string,
): Promise<number | undefined> {
  const existing = await db
    .selectFrom('survey_responses')
    .select('id')
    .where('survey_id', '=', surveyId)
    .where('respondent_key', '=', respondentKey)
    .executeTakeFirst();
  return existing?.id;
}

export async function insertResponse(
  trx: Transaction<Database>,
  values: Insertable<SurveyResponsesTable>,
): Promise<number> {
  const { id } = await trx
    .insertInto('survey_responses')
    .values(values)
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function insertAnswers(
  trx: Transaction<Database>,
  values: readonly Insertable<SurveyAnswersTable>[],
): Promise<void> {
  if (values.length > 0)
    await trx
      .insertInto('survey_answers')
      .values([...values])
      .execute();
}
