import type { Kysely, Transaction } from 'kysely';
import { normaliseArabic } from 'shared-contracts';
import {
  SURVEY_PURPOSES,
  SURVEY_TARGETS,
  SURVEY_TEMPLATE_MESSAGES as M,
  questionsFingerprint,
  surveyLabel,
  type SurveyQuestion,
  type SurveyTemplateInput,
  type SurveyTemplateStatus,
} from 'shared-contracts/engagement';
import { deletedChanges } from '../../lookups';
import type { Database } from '../../../db/tables';
import { conflict } from '../../../http/errors';
import type { ChangeAuthor } from '../../../http/request-meta';
import { diffChanges } from '../../activity-log';
import {
  deleteQuestions,
  deleteTemplateRow,
  insertQuestions,
  insertTemplate,
  insertVersion,
  latestVersion,
  lockTemplate,
  questionsOf,
  updateTemplateRow,
  updateVersionRow,
  versionIdsOf,
} from '../repository';
import { activityLogger } from './log';

type LockedTemplate = NonNullable<Awaited<ReturnType<typeof lockTemplate>>>;

/**
 * Templates and their versions, the writes. The rule: a published version is never written
 * again — saving a published template whose questions or target changed inserts version N+1 with
 * its own question rows (published at once, the previous one `superseded`); a draft version is
 * rewritten in place (nothing can answer a draft).
 */

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
  await updateTemplateRow(trx, template.id, { status, updated_at: at, updated_by: author.id });
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
    const id = await insertTemplate(trx, {
      ...columns,
      status: 'draft',
      created_by: author.id,
      updated_by: author.id,
    });
    const versionId = await insertVersion(trx, {
      template_id: id,
      version: 1,
      status: 'draft',
      title: input.title,
      target: input.target,
      created_by: author.id,
    });
    await insertQuestions(trx, versionId, input.questions);
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
    await updateTemplateRow(trx, id, { ...columns, updated_at: new Date(), updated_by: author.id });
    let newVersion: number | null = null;
    if (latest.status === 'draft') {
      await deleteQuestions(trx, latest.id);
      await insertQuestions(trx, latest.id, input.questions);
      await updateVersionRow(trx, latest.id, { title: input.title, target: input.target });
    } else if (
      questionsFingerprint(latest.target, oldQuestions) !==
      questionsFingerprint(input.target, input.questions)
    ) {
      newVersion = latest.version + 1;
      const now = new Date();
      await updateVersionRow(trx, latest.id, { status: 'superseded' });
      const versionId = await insertVersion(trx, {
        template_id: id,
        version: newVersion,
        status: 'published',
        title: input.title,
        target: input.target,
        published_at: now,
        published_by: author.id,
        created_at: now,
        created_by: author.id,
      });
      await insertQuestions(trx, versionId, input.questions);
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
    await updateVersionRow(trx, latest.id, {
      status: 'published',
      published_at: now,
      published_by: author.id,
    });
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
    const versions = await versionIdsOf(trx, id);
    if (before.status !== 'draft' || versions.length !== 1) throw conflict(M.deleteNotDraft);
    const questions = (await questionsOf(trx, versions)).get(versions[0] ?? 0) ?? [];
    await deleteTemplateRow(trx, id);
    await log(trx, author, 'delete', id, before.title, deletedChanges(audited(before, questions)));
  });
}
