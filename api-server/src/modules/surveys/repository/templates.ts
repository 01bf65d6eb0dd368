import type { Insertable, Kysely, Transaction, Updateable } from 'kysely';
import {
  type SurveyQuestion,
  type SurveyQuestionInput,
  type SurveyTemplate,
  type SurveyTemplateDetail,
  type SurveyTemplateListQuery,
  type SurveyTemplateVersion,
} from 'shared-contracts/engagement';
import { countOf, pageRows, rowExists } from '../../../db/query';
import { whereSearch } from '../../../db/search';
import type { Database, Executor } from '../../../db/tables';
import { pageWindow } from '../../../http/pagination';
import type { SurveyTemplatesTable, SurveyTemplateVersionsTable } from '../tables';
import { newestFirst, readOptions } from './shared';

/**
 * Templates and their versions. The rule: a published version is never written again —
 * saving a published template whose questions or target changed inserts version N+1 with its own
 * question rows (published at once, the previous one `superseded`); a draft version is rewritten
 * in place (nothing can answer a draft). Answers refer to question rows, so old answers stay
 * readable with the exact wording they answered.
 */

// ---------------------------------------------------------------------------------------------
// Reads
// ---------------------------------------------------------------------------------------------

/** The questions of some versions, in order, by version id. */
export async function questionsOf(
  db: Executor,
  versionIds: readonly number[],
): Promise<Map<number, SurveyQuestion[]>> {
  const byVersion = new Map<number, SurveyQuestion[]>();
  if (versionIds.length === 0) return byVersion;
  const rows = await db
    .selectFrom('survey_questions')
    .selectAll()
    .where('version_id', 'in', [...versionIds])
    .orderBy('version_id')
    .orderBy('position')
    .execute();
  for (const row of rows) {
    const list = byVersion.get(row.version_id) ?? [];
    list.push({
      id: row.id,
      position: row.position,
      key: row.key,
      label: row.label,
      type: row.type,
      required: row.required,
      help_text: row.help_text,
      min: row.min === null ? null : Number(row.min),
      max: row.max === null ? null : Number(row.max),
      min_length: row.min_length,
      max_length: row.max_length,
      options: readOptions(row.options),
      show_if:
        row.show_if_key !== null && row.show_if_equals !== null
          ? { question_key: row.show_if_key, equals: row.show_if_equals }
          : null,
    });
    byVersion.set(row.version_id, list);
  }
  return byVersion;
}

function versionsQuery(db: Executor) {
  return db
    .selectFrom('survey_template_versions as v')
    .leftJoin('employees as e', 'e.id', 'v.published_by')
    .selectAll('v')
    .select((eb) => [
      'e.name as published_by_name',
      countOf(
        eb.selectFrom('survey_responses as r').whereRef('r.template_version_id', '=', 'v.id'),
      ).as('responses_count'),
    ]);
}

async function toVersions(
  db: Executor,
  rows: Awaited<ReturnType<ReturnType<typeof versionsQuery>['execute']>>,
): Promise<SurveyTemplateVersion[]> {
  const questions = await questionsOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    id: row.id,
    template_id: row.template_id,
    version: row.version,
    status: row.status,
    title: row.title,
    target: row.target,
    questions: questions.get(row.id) ?? [],
    published_at: row.published_at ? row.published_at.toISOString() : null,
    published_by:
      row.published_by !== null && row.published_by_name
        ? { id: row.published_by, name: row.published_by_name }
        : null,
    responses_count: row.responses_count ?? 0,
    created_at: row.created_at.toISOString(),
  }));
}

/** One version with its questions (any template). */
export async function loadVersion(
  db: Executor,
  versionId: number,
): Promise<SurveyTemplateVersion | undefined> {
  const rows = await versionsQuery(db).where('v.id', '=', versionId).execute();
  return (await toVersions(db, rows))[0];
}

/** Every version of a template, newest first; undefined when there is no such template. */
export async function loadVersions(
  db: Executor,
  templateId: number,
): Promise<SurveyTemplateVersion[] | undefined> {
  if (!(await rowExists(db, 'survey_templates', templateId))) return undefined;
  return toVersions(
    db,
    await versionsQuery(db)
      .where('v.template_id', '=', templateId)
      .orderBy('v.version', 'desc')
      .execute(),
  );
}

const SORT = {
  title: 't.title',
  status: 't.status',
  created_at: 't.created_at',
  updated_at: 't.updated_at',
} as const;

function templatesQuery(db: Executor) {
  return db
    .selectFrom('survey_templates as t')
    .innerJoin('survey_template_versions as v', (join) =>
      join.onRef('v.template_id', '=', 't.id').on('v.version', '=', (eb) =>
        eb
          .selectFrom('survey_template_versions as l')
          .select((l) => l.fn.max('l.version').as('m'))
          .whereRef('l.template_id', '=', 't.id'),
      ),
    )
    .selectAll('t')
    .select((eb) => [
      'v.id as version_id',
      'v.version as version',
      countOf(eb.selectFrom('survey_questions as q').whereRef('q.version_id', '=', 'v.id')).as(
        'questions_count',
      ),
      countOf(
        eb.selectFrom('survey_template_versions as c').whereRef('c.template_id', '=', 't.id'),
      ).as('versions_count'),
      countOf(eb.selectFrom('surveys as s').whereRef('s.template_id', '=', 't.id')).as(
        'surveys_count',
      ),
    ]);
}

type TemplateRow = Awaited<
  ReturnType<ReturnType<typeof templatesQuery>['executeTakeFirstOrThrow']>
>;

function toTemplate(row: TemplateRow): SurveyTemplate {
  return {
    id: row.id,
    title: row.title,
    purpose: row.purpose,
    target: row.target,
    description: row.description,
    status: row.status,
    current_version: {
      id: row.version_id,
      version: row.version,
      questions_count: row.questions_count ?? 0,
    },
    versions_count: row.versions_count ?? 1,
    surveys_count: row.surveys_count ?? 0,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

export async function listTemplates(db: Kysely<Database>, query: SurveyTemplateListQuery) {
  let builder = whereSearch(templatesQuery(db), 't.search_text', query.search);
  if (query.filter.status?.length) builder = builder.where('t.status', 'in', query.filter.status);
  const { rows, total } = await pageRows(
    builder,
    newestFirst(SORT, query, 'updated_at', 't.id'),
    pageWindow(query),
  );
  return { rows: rows.map(toTemplate), total };
}

export async function loadTemplate(
  db: Executor,
  id: number,
): Promise<SurveyTemplateDetail | undefined> {
  const row = await templatesQuery(db).where('t.id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  const version = await loadVersion(db, row.version_id);
  if (!version) return undefined;
  return { ...toTemplate(row), version };
}

// ---------------------------------------------------------------------------------------------
// The writes' locks and rows (the rules and transactions: ../commands/templates.ts)
// ---------------------------------------------------------------------------------------------

/** Writes a version's questions, in order. */
export async function insertQuestions(
  trx: Transaction<Database>,
  versionId: number,
  questions: readonly SurveyQuestionInput[],
): Promise<void> {
  if (questions.length === 0) return;
  await trx
    .insertInto('survey_questions')
    .values(
      questions.map((question, index) => ({
        version_id: versionId,
        position: index + 1,
        key: question.key,
        label: question.label,
        type: question.type,
        required: question.required,
        help_text: question.help_text ?? null,
        min: question.min ?? null,
        max: question.max ?? null,
        min_length: question.min_length ?? null,
        max_length: question.max_length ?? null,
        options: JSON.stringify(question.options),
        show_if_key: question.show_if?.question_key ?? null,
        show_if_equals: question.show_if?.equals ?? null,
      })),
    )
    .execute();
}

export function lockTemplate(trx: Transaction<Database>, id: number) {
  return trx
    .selectFrom('survey_templates')
    .selectAll()
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export function latestVersion(trx: Transaction<Database>, templateId: number) {
  return trx
    .selectFrom('survey_template_versions')
    .selectAll()
    .where('template_id', '=', templateId)
    .orderBy('version', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow();
}

export async function insertTemplate(
  trx: Transaction<Database>,
  values: Insertable<SurveyTemplatesTable>,
): Promise<number> {
  const { id } = await trx
    .insertInto('survey_templates')
    .values(values)
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function updateTemplateRow(
  trx: Transaction<Database>,
  id: number,
  values: Updateable<SurveyTemplatesTable>,
): Promise<void> {
  await trx.updateTable('survey_templates').set(values).where('id', '=', id).execute();
}

export async function deleteTemplateRow(trx: Transaction<Database>, id: number): Promise<void> {
  await trx.deleteFrom('survey_templates').where('id', '=', id).execute();
}

export async function insertVersion(
  trx: Transaction<Database>,
  values: Insertable<SurveyTemplateVersionsTable>,
): Promise<number> {
  const { id } = await trx
    .insertInto('survey_template_versions')
    .values(values)
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function updateVersionRow(
  trx: Transaction<Database>,
  id: number,
  values: Updateable<SurveyTemplateVersionsTable>,
): Promise<void> {
  await trx.updateTable('survey_template_versions').set(values).where('id', '=', id).execute();
}

/** Drops a draft version's questions (nothing answers a draft). */
export async function deleteQuestions(
  trx: Transaction<Database>,
  versionId: number,
): Promise<void> {
  await trx.deleteFrom('survey_questions').where('version_id', '=', versionId).execute();
}

/** The ids of a template's versions. */
export async function versionIdsOf(db: Executor, templateId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('survey_template_versions')
    .select('id')
    .where('template_id', '=', templateId)
    .execute();
  return rows.map((row) => row.id);
}
