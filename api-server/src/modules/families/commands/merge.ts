import type { Transaction } from 'kysely';
import { normaliseArabic, todayIso } from 'shared-contracts';
import { RELATIONSHIPS, labelOf } from 'shared-contracts/beneficiaries';
import type { Database } from '../../../db/tables';
import { conflict, notFound } from '../../../http/errors';
import type { ChangeAuthor } from '../../../http/request-meta';
import { diffChanges, recordActivity, type ActivityChanges } from '../../activity-log';
import type { LookupSet } from '../../lookups';
import {
  currentActiveMembers,
  familyColumns,
  familyLabel,
  insertMember,
  lockFamilyRow,
  memberColumns,
  memberLabel,
  refreshFamilySummary,
  replaceCategories,
  replaceIncomeSources,
  storedFamilyLists,
  syncNeeds,
  updateFamilyRow,
  type FamilyWrite,
  type MemberWrite,
} from '../repository';
import type { FamilyMemberRow } from '../tables';
import { assertNationalIdsFree, checkFamilyReferences } from './checks';
import { FAMILY_API_MESSAGES, heldCodes, memberAudit, membersWithPaths } from './write';

/** The family's own fields a merge may fill when they are empty (never a consent or a status). */
const FILLABLE = [
  'primary_phone',
  'alt_phone',
  'city',
  'district',
  'address',
  'national_address_short_code',
  'housing_type',
  'housing_ownership',
  'monthly_rent',
  'next_reassessment_date',
  'notes',
] as const;

const isEmpty = (value: unknown) => value === null || value === undefined || value === '';

/** Whether a member of the write is already an active member: by national ID, else by name and birth date. */
function isPresent(member: MemberWrite, active: readonly FamilyMemberRow[]): boolean {
  if (member.national_id) return active.some((row) => row.national_id === member.national_id);
  const name = normaliseArabic(member.full_name);
  return active.some(
    (row) =>
      row.national_id === null &&
      row.name_normalized === name &&
      (row.birth_date ?? null) === member.birth_date,
  );
}

export interface MergeMessages {
  /** The write's head is not a member of the family (a family has one head). */
  readonly headNotInFamily: string;
}

/**
 * Merges a family write into a registered family without overwriting anything (an import's
 * `update` decision, docs/family-import.md): its empty fields take the write's values (the
 * district only with the family's own city), its empty lists (categories, incomes, needs) the
 * write's, and the write's members it lacks are added. In the caller's transaction, with an
 * activity-log row on the family (labelled with `source`) and one per added member.
 */
export async function mergeIntoFamily(
  trx: Transaction<Database>,
  familyId: number,
  write: FamilyWrite,
  lookups: LookupSet,
  author: ChangeAuthor,
  options: { now: Date; source: string; messages: MergeMessages },
): Promise<void> {
  const { now } = options;
  const family = await lockFamilyRow(trx, familyId);
  if (!family) throw notFound(FAMILY_API_MESSAGES.notFound);
  if (family.status === 'archived') throw conflict(FAMILY_API_MESSAGES.archivedReadOnly);
  const active = await currentActiveMembers(trx, familyId);
  const stored = await storedFamilyLists(trx, familyId);
  const held = heldCodes(
    family,
    active,
    stored.categories,
    stored.sources.map((row) => row.source),
    stored.needs.map((row) => row.need_type),
  );
  const errors = await checkFamilyReferences(
    trx,
    write,
    lookups,
    held,
    family.assigned_researcher_id,
  );
  errors.throwIfAny();
  // An ID of the write held by another family: 409 naming it (this family's own are fine).
  await assertNationalIdsFree(trx, write, familyId);

  const missing = membersWithPaths(write).filter(({ member }) => !isPresent(member, active));
  if (missing.some(({ path }) => path === 'head'))
    throw conflict(options.messages.headNotInFamily, {
      'head.national_id': [options.messages.headNotInFamily],
    });

  const incoming = familyColumns(write);
  const changes: ActivityChanges = {};
  const filled: Partial<ReturnType<typeof familyColumns>> = {};
  for (const key of FILLABLE) {
    if (!isEmpty(family[key]) || isEmpty(incoming[key])) continue;
    // A district belongs to a city: taken only along with the family's own city.
    if (key === 'district' && (filled.city ?? family.city) !== incoming.city) continue;
    Object.assign(filled, { [key]: incoming[key] });
    changes[key] = [null, incoming[key]];
  }
  if (Object.keys(filled).length > 0)
    await updateFamilyRow(trx, familyId, { ...filled, updated_at: now, updated_by: author.id });
  if (stored.categories.length === 0 && write.categories.length > 0) {
    await replaceCategories(trx, familyId, write.categories);
    changes.categories = [[], [...write.categories].sort()];
  }
  if (stored.sources.length === 0 && write.income_sources.length > 0) {
    await replaceIncomeSources(trx, familyId, write);
    changes.income_sources = [
      [],
      write.income_sources.map((source) => `${source.source}: ${source.amount}`),
    ];
  }
  if (stored.needs.length === 0 && write.needs.length > 0) {
    await syncNeeds(trx, familyId, write);
    changes.needs = [[], write.needs.map((need) => `${need.need_type} (${need.priority})`)];
  }

  const log = (entry: {
    action: string;
    entityType: string;
    entityId: number;
    entityLabel: string;
    changes: ActivityChanges;
  }) => recordActivity(trx, { ...entry, employeeId: author.id, meta: author.meta, familyId });
  const today = todayIso(now);
  const added: string[] = [];
  for (const { member } of missing) {
    const row = await insertMember(trx, familyId, member, author.id, today);
    added.push(
      `${row.full_name} (${row.relationship ? labelOf(RELATIONSHIPS, row.relationship) : '—'})`,
    );
    await log({
      action: 'create',
      entityType: 'family_member',
      entityId: row.id,
      entityLabel: memberLabel(row, family),
      changes: diffChanges(null, memberAudit(memberColumns(member))),
    });
  }
  if (added.length > 0) changes.members = [null, added];
  await refreshFamilySummary(trx, familyId);
  // Logged even when nothing was missing: the family's timeline shows the import looked at it.
  await log({
    action: 'update',
    entityType: 'family',
    entityId: familyId,
    entityLabel: `${familyLabel(family)}، ${options.source}`,
    changes,
  });
}
