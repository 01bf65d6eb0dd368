import type { Kysely } from 'kysely';
import {
  EXISTING_RESPONSE_KEY,
  SURVEY_RATE_MESSAGES as M,
  surveyEnded,
  surveyRateSchemaFor,
  type SurveyRateInput,
} from 'shared-contracts/engagement';
import { isUniqueViolation } from '../../../db/errors';
import type { Database, Executor } from '../../../db/tables';
import { FieldErrors, HttpError, conflict } from '../../../http/errors';
import type { ChangeAuthor } from '../../../http/request-meta';
import { recordChange } from '../../activity-log';
import { familyLabel } from '../../families';
import {
  activeMemberName,
  existingResponse,
  familyInGroup,
  familyNames,
  insertAnswers,
  insertResponse,
  loadSurveyRow,
  loadVersion,
} from '../repository';

/**
 * A response, the write: validated again against the version (`surveyRateSchemaFor`, the form's
 * own schema), the respondent checked to belong to the group, once per respondent (409 naming the
 * first response), in one transaction with its answers and its activity row (on the family's
 * timeline).
 */

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
  const existing = await existingResponse(db, surveyId, respondentKey);
  if (existing !== undefined) throw alreadyAnswered(existing);
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
  const survey = await loadSurveyRow(db, surveyId);
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
      const family = await familyNames(trx, input.family_id);
      if (!family) errors.add('family_id', M.familyNotFound);
      else if (!(await familyInGroup(trx, survey, family.id)))
        errors.add('family_id', M.familyNotInGroup);
      let memberName: string | null = null;
      if (memberId !== null) {
        const name = await activeMemberName(trx, memberId, input.family_id);
        if (name === undefined) errors.add('member_id', M.memberNotInFamily);
        memberName = name ?? null;
      }
      errors.throwIfAny();
      await refuseAnswered(trx, surveyId, respondentKey);
      const id = await insertResponse(trx, {
        survey_id: surveyId,
        template_version_id: version.id,
        family_id: input.family_id,
        member_id: memberId,
        respondent_key: respondentKey,
        collected_by: author.id,
      });
      const answered = version.questions.filter(
        (question) =>
          input.answers[question.key] !== null && input.answers[question.key] !== undefined,
      );
      await insertAnswers(
        trx,
        answered.map((question) => ({
          response_id: id,
          question_id: question.id,
          value: JSON.stringify(input.answers[question.key]),
        })),
      );
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
