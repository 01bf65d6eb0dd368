import type { Kysely } from 'kysely';
import { todayIso } from 'shared-contracts';
import {
  MEMBER_MESSAGES,
  RELATIONSHIP_GENDER,
  type MemberMove,
  type MemberMoveRecord,
  RELATIONSHIP_CODES,
} from 'shared-contracts/beneficiaries';
import { storedCode } from '../../http/validation';
import type { Database } from '../../db/tables';
import { conflict, notFound, unprocessable } from '../../http/errors';
import type { ChangeAuthor } from '../../http/request-meta';
import { type ActivityChanges, recordChange } from '../activity-log';
import {
  familyLabel,
  lockFamilyRows,
  memberLabel,
  refreshFamilySummary,
  type FamilyMemberRow,
  type FamilyRow,
} from '../families';
import {
  endMovedMembership,
  headNameOf,
  insertMove,
  insertMovedMember,
  lockMember,
} from './repository';

export const MEMBER_API_MESSAGES = {
  notFound: 'الفرد غير موجود',
  notActive: 'لم يعد هذا الفرد عضواً في أسرة (نُقل أو أُرشفت أسرته)، ولا يمكن نقله',
  headCannotMove:
    'لا يمكن نقل رب الأسرة؛ عيّن رب أسرة آخر لهذه الأسرة أولاً من تعديل الأسرة، ثم انقل الفرد',
  sameFamily: 'الفرد ينتمي إلى هذه الأسرة أصلاً',
  targetNotFound: 'الأسرة المستهدفة غير موجودة',
  targetArchived: 'لا يمكن النقل إلى أسرة مؤرشفة',
  effectiveBeforeStart: 'تاريخ النقل لا يمكن أن يسبق تاريخ انضمام الفرد إلى أسرته الحالية',
  effectiveInFuture: 'تاريخ النقل لا يمكن أن يكون في المستقبل',
  moved: 'تم نقل الفرد إلى الأسرة الجديدة بنجاح',
  medicalFilterForbidden: 'لا تملك صلاحية الاطلاع على البيانات الصحية',
} as const;

export interface MoveResult {
  record: MemberMoveRecord & { from_member_id: number };
  /** The new membership. */
  moved: FamilyMemberRow;
  to: FamilyRow;
}

/**
 * Moves a member to another family (README "Moving a member"): ends the membership on the
 * effective date and starts a new one there with the new relationship (a new member id), records
 * the move and one activity row on each family's timeline, refreshes both families' summaries.
 */
export async function moveMember(
  db: Kysely<Database>,
  memberId: number,
  input: MemberMove,
  author: ChangeAuthor,
): Promise<MoveResult> {
  const now = new Date();
  const today = todayIso(now);
  const effectiveDate = input.effective_date ?? today;
  return db.transaction().execute(async (trx) => {
    const member = await lockMember(trx, memberId);
    if (!member) throw notFound(MEMBER_API_MESSAGES.notFound);
    if (!member.active) throw conflict(MEMBER_API_MESSAGES.notActive);
    if (member.relationship === 'head')
      throw conflict(MEMBER_API_MESSAGES.headCannotMove, {
        relationship: [MEMBER_API_MESSAGES.headCannotMove],
      });
    if (input.to_family_id === member.family_id)
      throw unprocessable({ to_family_id: [MEMBER_API_MESSAGES.sameFamily] });

    // Both families locked in id order, so two crossing moves cannot deadlock.
    const families = await lockFamilyRows(trx, [member.family_id, input.to_family_id]);
    const from = families.find((family) => family.id === member.family_id);
    if (!from) throw new Error(`family ${member.family_id} of a locked member is gone`);
    const to = families.find((family) => family.id === input.to_family_id);
    if (!to) throw unprocessable({ to_family_id: [MEMBER_API_MESSAGES.targetNotFound] });
    if (to.status === 'archived')
      throw conflict(MEMBER_API_MESSAGES.targetArchived, {
        to_family_id: [MEMBER_API_MESSAGES.targetArchived],
      });

    const errors: Record<string, string[]> = {};
    const implied =
      RELATIONSHIP_GENDER[storedCode(RELATIONSHIP_CODES, input.relationship, 'relationship')];
    if (implied && member.gender && implied !== member.gender)
      errors.relationship = [MEMBER_MESSAGES.relationshipGenderMismatch];
    if (effectiveDate > today) errors.effective_date = [MEMBER_API_MESSAGES.effectiveInFuture];
    else if (effectiveDate < member.start_date)
      errors.effective_date = [MEMBER_API_MESSAGES.effectiveBeforeStart];
    if (Object.keys(errors).length > 0) throw unprocessable(errors);

    await endMovedMembership(trx, member.id, { date: effectiveDate, at: now, by: author.id });
    const moved = await insertMovedMember(trx, member, {
      familyId: to.id,
      relationship: input.relationship,
      startDate: effectiveDate,
      by: author.id,
    });
    const record = await insertMove(trx, {
      from_member_id: member.id,
      to_member_id: moved.id,
      from_family_id: from.id,
      to_family_id: to.id,
      from_relationship: member.relationship ?? 'other',
      to_relationship: input.relationship,
      reason: input.reason,
      effective_date: effectiveDate,
      at: now,
      by: author.id,
    });
    await refreshFamilySummary(trx, from.id);
    await refreshFamilySummary(trx, to.id);

    const changes: ActivityChanges = {
      family: [from.file_number, to.file_number],
      relationship: [member.relationship, input.relationship],
      reason: [null, input.reason],
      effective_date: [null, effectiveDate],
    };
    // One row on each family's timeline.
    await recordChange(trx, author, {
      action: 'move_out',
      entityType: 'family_member',
      entityId: member.id,
      entityLabel: `نقل ${memberLabel(member, from)} إلى ${familyLabel(to)}`,
      changes,
      familyId: from.id,
    });
    await recordChange(trx, author, {
      action: 'move_in',
      entityType: 'family_member',
      entityId: moved.id,
      entityLabel: `انضمام ${member.full_name} منقولاً من ${familyLabel(from)}`,
      changes,
      familyId: to.id,
    });
    return {
      record: {
        id: record.id,
        member_id: moved.id,
        from_member_id: member.id,
        from_family: {
          id: from.id,
          file_number: from.file_number,
          head_name: await headNameOf(trx, from.id),
        },
        to_family: {
          id: to.id,
          file_number: to.file_number,
          head_name: await headNameOf(trx, to.id),
        },
        from_relationship: storedCode(
          RELATIONSHIP_CODES,
          record.from_relationship,
          'member_moves.from_relationship',
        ),
        to_relationship: storedCode(
          RELATIONSHIP_CODES,
          record.to_relationship,
          'member_moves.to_relationship',
        ),
        reason: record.reason,
        effective_date: record.effective_date,
        at: record.at.toISOString(),
        by: { id: author.id, name: author.name },
      },
      moved,
      to,
    };
  });
}
