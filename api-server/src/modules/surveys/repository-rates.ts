import { sql, type Kysely } from 'kysely';
import {
  EXISTING_RESPONSE_KEY,
  SURVEY_RATE_MESSAGES as M,
  surveyEnded,
  surveyRateSchemaFor,
  type SurveyGroupKind,
  type SurveyRate,
  type SurveyRateDetail,
  type SurveyRateInput,
  type SurveyRateListQuery,
  type SurveyRespondent,
  type SurveyRespondentListQuery,
} from 'shared-contracts/engagement';
import { isUniqueViolation } from '../../db/errors';
import { pageRows } from '../../db/query';
import { whereSearch } from '../../db/search';
import type { Database, Executor } from '../../db/tables';
import { FieldErrors, HttpError, conflict } from '../../http/errors';
import { pageWindow } from '../../http/pagination';
import type { ChangeAuthor } from '../../http/request-meta';
import { recordChange } from '../activity-log';
import { familyLabel } from '../families';
import { memberOfGroup } from './groups';
import { loadVersion } from './repository-templates';
import { readValue } from './repository-surveys';
import { newestFirst } from './repository-shared';

/**
 * Responses: the list of a survey, the group's families for the respondent picker, one response
 * with its version's questions, and the write — validated again against the version
 * (`surveyRateSchemaFor`, the form's own schema), the respondent checked to belong to the group,
 * once per respondent (409 naming the first response), in one transaction with its answers and
 * its activity row (on the family's timeline).
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
  const inGroup = await memberOfGroup(
    db,
    survey.group_kind as SurveyGroupKind,
    survey.group_id,
    'f.id',
  );
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

/** The duplicate-response 409: the message, and the first response's id for the form to open. */
function alreadyAnswered(existingId: number): HttpError {
  return new HttpError(409, M.alreadyAnswered, { [EXISTING_RESPONSE_KEY]: [String(existingId)] });
}

/** 409 naming the response when this respondent already answered the survey. */
async function refuseAnswered(
  db: Executor,
  surveyId: number,
  respondentKey: string,
): Promise<void> {
  const existing = await db
    .selectFrom('survey_responses')
    .select('id')
    .where('survey_id', '=', surveyId)
    .where('respondent_key', '=', respondentKey)
    .executeTakeFirst();
  if (existing) throw alreadyAnswered(existing.id);
}

/**
 * Records one respondent's answers. Undefined when there is no such survey; 409 when it is closed
 * or the respondent answered already; 422 for answers the version refuses or a family outside
 * the group.
 */
export async function createRate(
  db: Kysely<Database>,
  surveyId: number,
  body: SurveyRateInput,
  author: ChangeAuthor,
): Promise<number | undefined> {
  const survey = await db
    .selectFrom('surveys')
    .selectAll()
    .where('id', '=', surveyId)
    .executeTakeFirst();
  if (!survey) return undefined;
  if (survey.status !== 'open') throw conflict(M.surveyClosed);
  // Past its end date a survey is closed even if nobody closed it.
  if (surveyEnded(survey)) throw conflict(M.surveyEnded);
  const version = await loadVersion(db, survey.template_version_id);
  if (!version) return undefined;
  // The form's own schema, for this version: required answers, limits, skip logic.
  const input = surveyRateSchemaFor(version).parse(body);
  const memberId = version.target === 'member' ? (input.member_id ?? null) : null;
  const respondentKey = memberId !== null ? `member:${memberId}` : `family:${input.family_id}`;
  try {
    return await db.transaction().execute(async (trx) => {
      const errors = new FieldErrors();
      const family = await trx
        .selectFrom('families')
        .select(['id', 'file_number', 'head_name'])
        .where('id', '=', input.family_id)
        .executeTakeFirst();
      if (!family) errors.add('family_id', M.familyNotFound);
      else {
        const inGroup = await memberOfGroup(
          trx,
          survey.group_kind as SurveyGroupKind,
          survey.group_id,
          'f.id',
        );
        const member = await trx
          .selectFrom('families as f')
          .select('f.id')
          .where('f.id', '=', family.id)
          .where(inGroup)
          .executeTakeFirst();
        if (!member) errors.add('family_id', M.familyNotInGroup);
      }
      let memberName: string | null = null;
      if (memberId !== null) {
        const member = await trx
          .selectFrom('family_members')
          .select('full_name')
          .where('id', '=', memberId)
          .where('family_id', '=', input.family_id)
          .where('active', '=', true)
          .executeTakeFirst();
        if (!member) errors.add('member_id', M.memberNotInFamily);
        memberName = member?.full_name ?? null;
      }
      errors.throwIfAny();
      await refuseAnswered(trx, surveyId, respondentKey);
      const { id } = await trx
        .insertInto('survey_responses')
        .values({
          survey_id: surveyId,
          template_version_id: version.id,
          family_id: input.family_id,
          member_id: memberId,
          respondent_key: respondentKey,
          collected_by: author.id,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const answered = version.questions.filter(
        (question) =>
          input.answers[question.key] !== null && input.answers[question.key] !== undefined,
      );
      if (answered.length > 0) {
        await trx
          .insertInto('survey_answers')
          .values(
            answered.map((question) => ({
              response_id: id,
              question_id: question.id,
              value: JSON.stringify(input.answers[question.key]),
            })),
          )
          .execute();
      }
      const familyText = family ? familyLabel(family) : String(input.family_id);
      await recordChange(trx, author, {
        action: 'create',
        entityType: 'survey_response',
        entityId: id,
        entityLabel: `${survey.title} — ${familyText}`,
        changes: {
          survey: [null, survey.title],
          family: [null, familyText],
          ...(memberName ? { member: [null, memberName] } : {}),
          template_version: [null, version.version],
          answers_count: [null, answered.length],
        },
        familyId: input.family_id,
      });
      return id;
    });
  } catch (error) {
    // Two collectors saving the same respondent at once: the unique index decides, the loser opens the winner's response.
    if (isUniqueViolation(error)) {
      await refuseAnswered(db, surveyId, respondentKey);
    }
    throw error;
  }
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
