import type { Kysely, Transaction } from 'kysely';
import { normaliseArabic } from 'shared-contracts';
import {
  SURVEY_PURPOSES,
  SURVEY_TARGETS,
  SURVEY_TEMPLATE_MESSAGES as M,
  questionsFingerprint,
  surveyLabel,
  type SurveyPurpose,
  type SurveyQuestion,
  type SurveyQuestionInput,
  type SurveyQuestionType,
  type SurveyTarget,
  type SurveyTemplate,
  type SurveyTemplateDetail,
  type SurveyTemplateInput,
  type SurveyTemplateListQuery,
  type SurveyTemplateStatus,
  type SurveyTemplateVersion,
  type SurveyVersionStatus,
} from 'shared-contracts/engagement';
import { deletedChanges } from '../../db/named-lookup';
import { countOf, pageRows, rowExists } from '../../db/query';
import { whereSearch } from '../../db/search';
import type { Database, Executor } from '../../db/tables';
import { conflict } from '../../http/errors';
import { pageWindow } from '../../http/pagination';
import type { ChangeAuthor } from '../../http/request-meta';
import { diffChanges } from '../activity-log';
import { activityLogger, newestFirst } from './repository-shared';

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
      type: row.type as SurveyQuestionType,
      required: row.required,
      help_text: row.help_text,
      min: row.min === null ? null : Number(row.min),
      max: row.max === null ? null : Number(row.max),
      min_length: row.min_length,
      max_length: row.max_length,
      options:
        typeof row.options === 'string'
          ? (JSON.parse(row.options) as SurveyQuestion['options'])
          : row.options,
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
      countOf(eb.selectFrom('survey_responses as r').whereRef('r.template_version_id', '=', 'v.id')).as('responses_count'),
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
    status: row.status as SurveyVersionStatus,
    title: row.title,
    target: row.target as SurveyTarget,
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
      countOf(eb.selectFrom('survey_questions as q').whereRef('q.version_id', '=', 'v.id')).as('questions_count'),
      countOf(eb.selectFrom('survey_template_versions as c').whereRef('c.template_id', '=', 't.id')).as('versions_count'),
      countOf(eb.selectFrom('surveys as s').whereRef('s.template_id', '=', 't.id')).as('surveys_count'),
    ]);
}

type TemplateRow = Awaited<
  ReturnType<ReturnType<typeof templatesQuery>['executeTakeFirstOrThrow']>
>;

function toTemplate(row: TemplateRow): SurveyTemplate {
  return {
    id: row.id,
    title: row.title,
    purpose: row.purpose as SurveyPurpose,
    target: row.target as SurveyTarget,
    description: row.description,
    status: row.status as SurveyTemplateStatus,
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
// Commands
// ---------------------------------------------------------------------------------------------

async function insertQuestions(
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

/** The audited summary of the questions: one line per question, readable in the log. */
const questionLines = (questions: readonly Pick<SurveyQuestion, 'label' | 'required'>[]) =>
  questions.map((q, index) => `${index + 1}. ${q.label}${q.required ? ' (مطلوب)' : ''}`);

function audited(
  row: { title: string; purpose: string; target: string; description: string | null },
  questions: readonly Pick<SurveyQuestion, 'label' | 'required'>[],
) {
  return {
    title: row.title,
    purpose: surveyLabel(SURVEY_PURPOSES, row.purpose),
    target: surveyLabel(SURVEY_TARGETS, row.target),
    description: row.description,
    questions: questionLines(questions),
  };
}

const log = activityLogger('survey_template');

/** Moves a template to `status` and logs the change (`labels`: the old and the new status, in Arabic). */
async function changeStatus(
  trx: Transaction<Database>,
  author: ChangeAuthor,
  template: { id: number; title: string },
  status: SurveyTemplateStatus,
  labels: [string, string],
  at = new Date(),
): Promise<void> {
  await trx
    .updateTable('survey_templates')
    .set({ status, updated_at: at, updated_by: author.id })
    .where('id', '=', template.id)
    .execute();
  await log(trx, author, 'status_change', template.id, template.title, { status: labels });
}

const templateColumns = (input: SurveyTemplateInput) => ({
  title: input.title,
  search_text: normaliseArabic(input.title),
  purpose: input.purpose,
  target: input.target,
  description: input.description,
});

export async function createTemplate(
  db: Kysely<Database>,
  input: SurveyTemplateInput,
  author: ChangeAuthor,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const columns = templateColumns(input);
    const { id } = await trx
      .insertInto('survey_templates')
      .values({ ...columns, status: 'draft', created_by: author.id, updated_by: author.id })
      .returning('id')
      .executeTakeFirstOrThrow();
    const version = await trx
      .insertInto('survey_template_versions')
      .values({
        template_id: id,
        version: 1,
        status: 'draft',
        title: input.title,
        target: input.target,
        created_by: author.id,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await insertQuestions(trx, version.id, input.questions);
    await log(
      trx,
      author,
      'create',
      id,
      input.title,
      diffChanges(null, { ...audited(columns, input.questions), status: 'مسودة', version: 1 }),
    );
    return id;
  });
}

function lockTemplate(trx: Transaction<Database>, id: number) {
  return trx
    .selectFrom('survey_templates')
    .selectAll()
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

type LockedTemplate = NonNullable<Awaited<ReturnType<typeof lockTemplate>>>;

/** Runs `change` on the locked template in one transaction; false when there is no such template. */
function changeLocked(
  db: Kysely<Database>,
  id: number,
  change: (trx: Transaction<Database>, before: LockedTemplate) => Promise<void>,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const before = await lockTemplate(trx, id);
    if (!before) return false;
    await change(trx, before);
    return true;
  });
}

function latestVersion(trx: Transaction<Database>, templateId: number) {
  return trx
    .selectFrom('survey_template_versions')
    .selectAll()
    .where('template_id', '=', templateId)
    .orderBy('version', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow();
}

/**
 * Saves a template. Draft: the template and its draft version are rewritten. Published: the
 * template's own fields are updated, and when the questions or the target changed a new published
 * version is written (the answer carries its number). Retired: 409. Undefined when there is no
 * such template.
 */
export async function updateTemplate(
  db: Kysely<Database>,
  id: number,
  input: SurveyTemplateInput,
  author: ChangeAuthor,
): Promise<{ newVersion: number | null } | undefined> {
  return db.transaction().execute(async (trx) => {
    const before = await lockTemplate(trx, id);
    if (!before) return undefined;
    if (before.status === 'retired') throw conflict(M.retiredReadOnly);
    const latest = await latestVersion(trx, id);
    const oldQuestions = (await questionsOf(trx, [latest.id])).get(latest.id) ?? [];
    const columns = templateColumns(input);
    const changes = diffChanges(audited(before, oldQuestions), audited(columns, input.questions));
    await trx
      .updateTable('survey_templates')
      .set({ ...columns, updated_at: new Date(), updated_by: author.id })
      .where('id', '=', id)
      .execute();
    let newVersion: number | null = null;
    if (latest.status === 'draft') {
      await trx.deleteFrom('survey_questions').where('version_id', '=', latest.id).execute();
      await insertQuestions(trx, latest.id, input.questions);
      await trx
        .updateTable('survey_template_versions')
        .set({ title: input.title, target: input.target })
        .where('id', '=', latest.id)
        .execute();
    } else if (
      questionsFingerprint(latest.target, oldQuestions) !==
      questionsFingerprint(input.target, input.questions)
    ) {
      newVersion = latest.version + 1;
      const now = new Date();
      await trx
        .updateTable('survey_template_versions')
        .set({ status: 'superseded' })
        .where('id', '=', latest.id)
        .execute();
      const version = await trx
        .insertInto('survey_template_versions')
        .values({
          template_id: id,
          version: newVersion,
          status: 'published',
          title: input.title,
          target: input.target,
          published_at: now,
          published_by: author.id,
          created_at: now,
          created_by: author.id,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await insertQuestions(trx, version.id, input.questions);
      changes.version = [latest.version, newVersion];
    }
    if (Object.keys(changes).length > 0) await log(trx, author, 'update', id, input.title, changes);
    return { newVersion };
  });
}

/** draft → published. False when there is no such template; 409 when it is not a draft. */
export async function publishTemplate(
  db: Kysely<Database>,
  id: number,
  author: ChangeAuthor,
): Promise<boolean> {
  return changeLocked(db, id, async (trx, before) => {
    const latest = await latestVersion(trx, id);
    if (before.status !== 'draft' || latest.status !== 'draft') throw conflict(M.notDraft);
    const now = new Date();
    await trx
      .updateTable('survey_template_versions')
      .set({ status: 'published', published_at: now, published_by: author.id })
      .where('id', '=', latest.id)
      .execute();
    await changeStatus(trx, author, before, 'published', ['مسودة', 'منشور'], now);
  });
}

/** published → retired (no new surveys on it; its surveys and answers stay). */
export async function retireTemplate(
  db: Kysely<Database>,
  id: number,
  author: ChangeAuthor,
): Promise<boolean> {
  return changeLocked(db, id, async (trx, before) => {
    if (before.status !== 'published') throw conflict(M.notPublished);
    await changeStatus(trx, author, before, 'retired', ['منشور', 'موقوف']);
  });
}

/** Deletes a never-published template (its draft version and questions go with it). */
export async function deleteTemplate(
  db: Kysely<Database>,
  id: number,
  author: ChangeAuthor,
): Promise<boolean> {
  return changeLocked(db, id, async (trx, before) => {
    const versions = await trx
      .selectFrom('survey_template_versions')
      .select('id')
      .where('template_id', '=', id)
      .execute();
    if (before.status !== 'draft' || versions.length !== 1) throw conflict(M.deleteNotDraft);
    const questions =
      (
        await questionsOf(
          trx,
          versions.map((v) => v.id),
        )
      ).get(versions[0]?.id ?? 0) ?? [];
    await trx.deleteFrom('survey_templates').where('id', '=', id).execute();
    await log(trx, author, 'delete', id, before.title, deletedChanges(audited(before, questions)));
  });
}
