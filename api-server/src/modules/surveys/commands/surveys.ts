import type { Kysely } from 'kysely';
import { normaliseArabic } from 'shared-contracts';
import {
  SURVEY_GROUP_KINDS,
  SURVEY_MESSAGES as M,
  SURVEY_STATUSES,
  surveyLabel,
  type SurveyInput,
} from 'shared-contracts/engagement';
import type { Database, Executor } from '../../../db/tables';
import { FieldErrors } from '../../../http/errors';
import type { ChangeAuthor } from '../../../http/request-meta';
import { diffChanges } from '../../activity-log';
import {
  groupRef,
  insertSurvey,
  lockSurvey,
  surveyTypeFacts,
  updateSurveyRow,
  versionFacts,
} from '../repository';
import { activityLogger } from './log';

/** Surveys, the writes: create and edit, each in one transaction with its activity row. */

interface Checked {
  templateId: number;
  templateTitle: string;
  version: number;
  typeName: string;
  groupName: string;
}

/** The rules beyond the schema, as one 422: an active type, a usable version, an existing group (what the survey holds stays accepted). */
async function checkSurvey(
  db: Executor,
  input: SurveyInput,
  before?: { survey_type_id: number; template_version_id: number },
): Promise<Checked> {
  const errors = new FieldErrors();
  const type = await surveyTypeFacts(db, input.survey_type_id);
  if (!type || (!type.active && before?.survey_type_id !== input.survey_type_id))
    errors.add('survey_type_id', M.typeInactive);
  const version = await versionFacts(db, input.template_version_id);
  const held = before?.template_version_id === input.template_version_id;
  if (
    !version ||
    (!held && (version.status !== 'published' || version.template_status !== 'published'))
  )
    errors.add('template_version_id', M.versionNotUsable);
  const group = await groupRef(db, input.group_kind, input.group_id);
  if (!group) errors.add('group_id', M.groupNotFound);
  errors.throwIfAny();
  return {
    templateId: version?.template_id ?? 0,
    templateTitle: version?.title ?? '',
    version: version?.version ?? 0,
    typeName: type?.name ?? '',
    groupName: group?.name ?? '',
  };
}

function audited(input: SurveyInput, checked: Checked) {
  return {
    title: input.title,
    survey_type: checked.typeName,
    template: checked.templateTitle,
    template_version: checked.version,
    group_kind: surveyLabel(SURVEY_GROUP_KINDS, input.group_kind),
    group: checked.groupName,
    starts_on: input.starts_on,
    ends_on: input.ends_on,
    status: surveyLabel(SURVEY_STATUSES, input.status),
    description: input.description ?? null,
  };
}

const surveyColumns = (input: SurveyInput, templateId: number) => ({
  title: input.title,
  search_text: normaliseArabic(input.title),
  survey_type_id: input.survey_type_id,
  template_id: templateId,
  template_version_id: input.template_version_id,
  group_kind: input.group_kind,
  group_id: input.group_id,
  starts_on: input.starts_on,
  ends_on: input.ends_on,
  status: input.status,
  description: input.description ?? null,
});

const log = activityLogger('survey');

export async function createSurvey(
  db: Kysely<Database>,
  input: SurveyInput,
  author: ChangeAuthor,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const checked = await checkSurvey(trx, input);
    const id = await insertSurvey(trx, {
      ...surveyColumns(input, checked.templateId),
      created_by: author.id,
      updated_by: author.id,
    });
    await log(trx, author, 'create', id, input.title, diffChanges(null, audited(input, checked)));
    return id;
  });
}

export async function updateSurvey(
  db: Kysely<Database>,
  id: number,
  input: SurveyInput,
  author: ChangeAuthor,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const before = await lockSurvey(trx, id);
    if (!before) return false;
    const checked = await checkSurvey(trx, input, before);
    const old = await checkSurvey(trx, before, before);
    const changes = diffChanges(audited(before, old), audited(input, checked));
    await updateSurveyRow(trx, id, {
      ...surveyColumns(input, checked.templateId),
      updated_at: new Date(),
      updated_by: author.id,
    });
    if (Object.keys(changes).length > 0) await log(trx, author, 'update', id, input.title, changes);
    return true;
  });
}
