import type { Compilable, Kysely, OperationNodeSource, Transaction } from 'kysely';
import { todayIso, zodErrorToFieldErrors } from 'shared-contracts';
import {
  RELATIONSHIPS,
  familyDetailToInput,
  familyStatusLabel,
  familySubmitSchema,
  familyTransitionError,
  labelOf,
  FAMILY_STATUS_CODES,
  type FamilyStatus,
  type FamilyStatusChange,
} from 'shared-contracts/beneficiaries';
import { storedCode } from '../../../http/validation';
import { executeTogether } from '../../../db/query';
import type { Database, Executor } from '../../../db/tables';
import {
  conflict,
  notFound,
  orNotFound,
  unprocessable,
  withUniqueRecheck,
} from '../../../http/errors';
import type { ChangeAuthor } from '../../../http/request-meta';
import {
  type ActivityChanges,
  changeRecord,
  diffChanges,
  recordActivity,
  recordChange,
} from '../../activity-log';
import { registrationConsentsInsert, syncFormConsents } from '../../consents';
import type { LookupSet } from '../../lookups';
import { assertNationalIdsFree, checkFamilyReferences } from './checks';
import { isResearcher } from '../../lookups';
import {
  currentActiveMembers,
  endMemberships,
  familySummary,
  familyInsert,
  familyListInserts,
  membersInsert,
  reserveFamily,
  nextFamilyId,
  insertMember,
  insertStatusHistory,
  statusHistoryInsert,
  lockFamilyRow,
  refreshFamilySummary,
  releaseNationalIds,
  replaceCategories,
  replaceIncomeSources,
  storedFamilyLists,
  syncNeeds,
  updateFamilyRow,
  updateMemberRow,
  FULL_VISIBILITY,
  familyLabel,
  loadFamilyDetail,
  memberLabel,
  familyColumns,
  memberColumns,
  type FamilyWrite,
  employeeNames,
} from '../repository';
import {
  FAMILY_API_MESSAGES,
  familyAudit,
  heldCodes,
  memberAudit,
  membersWithPaths,
  planMembers,
  toFamilyWrite,
} from './write';

/**
 * The family writes (README "Families and memberships", "Members on update"): each in one
 * transaction with its status history, summary refresh and activity-log rows; a unique violation
 * from a concurrent request is answered by re-running the national-ID check (a precise 409).
 */

/** Registers a family (`draft` or `pending_review`) with its members, incomes, needs and categories; answers its id. */
/**
 * The researcher by name in the activity log (history names people, not ids):
 * `assigned_researcher_id` becomes `researcher` holding the employee's name.
 */
async function withResearcherName(
  db: Executor,
  audit: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const { assigned_researcher_id: id, ...rest } = audit;
  if (typeof id !== 'number') return { ...rest, researcher: null };
  return { ...rest, researcher: (await employeeNames(db, [id])).get(id) ?? null };
}

export async function createFamily(
  db: Kysely<Database>,
  write: FamilyWrite,
  status: FamilyStatus,
  lookups: LookupSet,
  author: ChangeAuthor,
): Promise<number> {
  const errors = await checkFamilyReferences(db, write, lookups, new Set(), null);
  errors.throwIfAny();
  await assertNationalIdsFree(db, write);
  const now = new Date();
  return withUniqueRecheck(
    () =>
      db
        .transaction()
        .execute(async (trx) => (await insertNewFamily(trx, write, status, author, now)).id),
    // A concurrent request took one of the IDs between the check and the insert.
    () => assertNationalIdsFree(db, write),
  );
}

/**
 * The writes of a registration in the caller's transaction (its checks are the caller's): the
 * family, its members, incomes, needs and categories, its first status-history row, its file
 * number and its activity-log row. `POST /families` runs it in a transaction of its own; an
 * import runs it in the transaction that also marks the file's row created (`alsoWrite`, given
 * the family's id). `source`, when given, is added to the log row's label (the import the family
 * came from).
 *
 * Three statements, each row written once: the researcher's name for the log (only when one is
 * assigned), the family's id and file number reserved together, then every row in one statement
 * (`executeTogether`). The file-number counter stays locked until commit, so every other
 * registration waits for this one: it is taken last, held for one statement and the commit, not
 * the whole registration (the busy-morning bench on PostgreSQL timed out when it was first).
 */
/** The family form's two consent boxes, as the ledger's purposes. */
const formConsents = (write: FamilyWrite) => ({
  data_processing: write.consent_data_processing,
  partner_sharing: write.consent_share_with_partners,
});

export async function insertNewFamily(
  trx: Transaction<Database>,
  write: FamilyWrite,
  status: FamilyStatus,
  author: ChangeAuthor,
  now: Date,
  source?: string,
  alsoWrite?: (familyId: number) => Compilable & OperationNodeSource,
  /** A number taken before (an import reserves a batch's at once: `reserveFileNumbers`). */
  reservedFileNumber?: string,
): Promise<{ id: number; file_number: string }> {
  const columns = familyColumns(write);
  const members = membersWithPaths(write).map(({ member }) => memberColumns(member));
  const audit = await withResearcherName(
    trx,
    familyAudit(columns, write.categories, write.income_sources, write.needs),
  );
  const { id, fileNumber } = reservedFileNumber
    ? { id: await nextFamilyId(trx), fileNumber: reservedFileNumber }
    : await reserveFamily(trx, now);
  const label = familyLabel({ file_number: fileNumber, head_name: write.head.full_name });
  await executeTogether(trx, [
    familyInsert(trx, {
      ...columns,
      id,
      file_number: fileNumber,
      // A new family's members are all current, in the order written (its head first).
      ...familySummary(
        {
          file_number: fileNumber,
          primary_phone: columns.primary_phone ?? null,
          alt_phone: columns.alt_phone ?? null,
        },
        members,
        write.income_sources,
      ),
      status,
      status_changed_at: now,
      status_changed_by: author.id,
      consent_date: write.consent_data_processing ? now : null,
      consent_by: write.consent_data_processing ? author.id : null,
      created_by: author.id,
      updated_by: author.id,
      created_at: now,
      updated_at: now,
    }),
    // Its members' rows reference the family inserted above in the same statement: PostgreSQL
    // checks a foreign key at the statement's end, when the family row is there.
    ...membersInsert(trx, id, members, author.id, todayIso(now)),
    ...familyListInserts(trx, id, write),
    statusHistoryInsert(trx, {
      family_id: id,
      from_status: null,
      to_status: status,
      reason: null,
      at: now,
      by: author.id,
    }),
    changeRecord(trx, author, {
      action: 'create',
      entityType: 'family',
      entityId: id,
      entityLabel: source ? `${label}، ${source}` : label,
      changes: diffChanges(null, {
        file_number: fileNumber,
        status,
        head_name: write.head.full_name,
        ...audit,
        members: members.map(
          (member) =>
            `${member.full_name} (${member.relationship ? labelOf(RELATIONSHIPS, member.relationship) : '—'})`,
        ),
      }),
      familyId: id,
    }),
    // The form's ticked boxes are the family's first consents (docs/personal-data.md).
    ...registrationConsentsInsert(trx, id, formConsents(write), author.id, now, todayIso(now)),
    ...(alsoWrite ? [alsoWrite(id)] : []),
  ]);
  return { id, file_number: fileNumber };
}

/**
 * Applies the whole family again (README "Members on update"): members removed from a draft,
 * national IDs moved between members, members updated (a demoted head first) and added, then
 * the family's own fields and lists; every change logged on the family's timeline.
 */
export async function updateFamily(
  db: Kysely<Database>,
  id: number,
  write: FamilyWrite,
  lookups: LookupSet,
  author: ChangeAuthor,
): Promise<void> {
  const now = new Date();
  const today = todayIso(now);
  await withUniqueRecheck(
    () =>
      db.transaction().execute(async (trx) => {
        const family = orNotFound(await lockFamilyRow(trx, id), FAMILY_API_MESSAGES.notFound);
        if (family.status === 'archived') throw conflict(FAMILY_API_MESSAGES.archivedReadOnly);
        const isDraft = family.status === 'draft';
        const active = await currentActiveMembers(trx, id);
        const stored = await storedFamilyLists(trx, id);
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
        const plan = planMembers(write, active, isDraft, errors);
        errors.throwIfAny();
        await assertNationalIdsFree(trx, write, id);

        const log = (entry: {
          action: string;
          entityType: string;
          entityId: number;
          entityLabel: string;
          changes: ActivityChanges;
        }) =>
          recordActivity(trx, { ...entry, employeeId: author.id, meta: author.meta, familyId: id });
        // 1. Members a draft no longer lists leave it (never implicitly for a registered family).
        for (const row of plan.removed) {
          await endMemberships(
            trx,
            { memberIds: [row.id] },
            { date: today, reason: 'removed_from_draft', at: now, by: author.id },
          );
          await log({
            action: 'delete',
            entityType: 'family_member',
            entityId: row.id,
            entityLabel: memberLabel(row, family),
            changes: { active: [true, false] },
          });
        }
        // 2. IDs that move between members of this family: release them first.
        await releaseNationalIds(
          trx,
          plan.updates
            .filter(
              ({ row, member }) =>
                row.national_id !== null && row.national_id !== member.national_id,
            )
            .map(({ row }) => row.id),
        );
        // 3. Other members first (a demoted head stops being head), then the head.
        for (const { row, member } of plan.updates) {
          const columns = memberColumns(member);
          const diff = diffChanges(memberAudit(row), memberAudit(columns));
          const changed = Object.keys(diff).length > 0;
          await updateMemberRow(trx, row.id, {
            ...columns,
            ...(changed ? { updated_at: now, updated_by: author.id } : {}),
          });
          if (changed)
            await log({
              action: 'update',
              entityType: 'family_member',
              entityId: row.id,
              entityLabel: memberLabel(member, family),
              changes: diff,
            });
        }
        for (const member of plan.inserts) {
          const row = await insertMember(trx, id, member, author.id, today);
          await log({
            action: 'create',
            entityType: 'family_member',
            entityId: row.id,
            entityLabel: memberLabel(row, family),
            changes: diffChanges(null, memberAudit(memberColumns(member))),
          });
        }

        // 4. The family's own fields and lists.
        const columns = familyColumns(write);
        const before = familyAudit(
          {
            primary_phone: family.primary_phone,
            alt_phone: family.alt_phone,
            city: family.city,
            district: family.district,
            address: family.address,
            national_address_short_code: family.national_address_short_code,
            housing_type: family.housing_type,
            housing_ownership: family.housing_ownership,
            monthly_rent: family.monthly_rent,
            consent_data_processing: family.consent_data_processing,
            consent_share_with_partners: family.consent_share_with_partners,
            assigned_researcher_id: family.assigned_researcher_id,
            next_reassessment_date: family.next_reassessment_date,
            notes: family.notes,
          },
          stored.categories,
          stored.sources,
          stored.needs,
        );
        const diff = diffChanges(
          await withResearcherName(trx, before),
          await withResearcherName(
            trx,
            familyAudit(columns, write.categories, write.income_sources, write.needs),
          ),
        );
        const consentGiven = write.consent_data_processing && !family.consent_data_processing;
        await updateFamilyRow(trx, id, {
          ...columns,
          ...(consentGiven ? { consent_date: now, consent_by: author.id } : {}),
          ...(!write.consent_data_processing ? { consent_date: null, consent_by: null } : {}),
          updated_at: now,
          updated_by: author.id,
        });
        // A box ticked or unticked records or withdraws the consent in the ledger.
        await syncFormConsents(trx, id, formConsents(write), author, now);
        if (diff.income_sources) await replaceIncomeSources(trx, id, write);
        await syncNeeds(trx, id, write);
        if (diff.categories) await replaceCategories(trx, id, write.categories);
        await refreshFamilySummary(trx, id);
        const headName = write.head.full_name;
        if (headName !== family.head_name) diff.head_name = [family.head_name, headName];
        if (Object.keys(diff).length > 0) {
          await log({
            action: 'update',
            entityType: 'family',
            entityId: id,
            entityLabel: familyLabel({ file_number: family.file_number, head_name: headName }),
            changes: diff,
          });
        }
      }),
    () => assertNationalIdsFree(db, write, id),
  );
}

/**
 * Moves a family through its workflow (`FAMILY_STATUS_TRANSITIONS`): 409 for a refused
 * transition; → pending_review re-validates the stored family with the strict schema (422);
 * archiving ends its memberships (the IDs are released). A history row and an activity row each.
 */
export async function changeFamilyStatus(
  db: Kysely<Database>,
  id: number,
  input: FamilyStatusChange,
  lookups: LookupSet,
  author: ChangeAuthor,
): Promise<void> {
  const now = new Date();
  const today = todayIso(now);
  const reason = input.reason && input.reason.trim() !== '' ? input.reason.trim() : null;
  await db.transaction().execute(async (trx) => {
    const family = await lockFamilyRow(trx, id);
    if (!family) throw notFound(FAMILY_API_MESSAGES.notFound);
    const from = storedCode(FAMILY_STATUS_CODES, family.status, 'families.status');
    const refused = familyTransitionError(from, input.status);
    if (refused) throw conflict(refused, { status: [refused] });

    if (input.status === 'pending_review') {
      // A draft (or a resubmission) must pass the strict form before review.
      const loaded = orNotFound(
        await loadFamilyDetail(trx, id, lookups, FULL_VISIBILITY, today),
        FAMILY_API_MESSAGES.notFound,
      );
      const parsed = familySubmitSchema.safeParse(familyDetailToInput(loaded.detail));
      if (!parsed.success)
        throw unprocessable(
          zodErrorToFieldErrors(parsed.error),
          FAMILY_API_MESSAGES.submitIncomplete,
        );
      const write = toFamilyWrite(parsed.data);
      const held = heldCodes(
        loaded.row,
        loaded.members,
        loaded.categories,
        loaded.detail.income_sources.map((source) => source.source.code),
        loaded.detail.needs.map((need) => need.need_type.code),
      );
      const errors = await checkFamilyReferences(
        trx,
        write,
        lookups,
        held,
        family.assigned_researcher_id,
      );
      errors.throwIfAny(FAMILY_API_MESSAGES.submitIncomplete);
      await assertNationalIdsFree(trx, write, id);
    }

    await updateFamilyRow(trx, id, {
      status: input.status,
      status_reason: reason,
      status_changed_at: now,
      status_changed_by: author.id,
      updated_at: now,
      updated_by: author.id,
    });
    await insertStatusHistory(trx, {
      family_id: id,
      from_status: from,
      to_status: input.status,
      reason,
      at: now,
      by: author.id,
    });
    if (input.status === 'archived') {
      // An archived family releases its members' national IDs (ACTIVE_FAMILY_STATUSES); the
      // detail page still lists them (end_reason family_archived).
      await endMemberships(
        trx,
        { familyId: id },
        { date: today, reason: 'family_archived', at: now, by: author.id },
      );
    }
    const changes: ActivityChanges = { status: [from, input.status] };
    if (reason !== null || family.status_reason !== null)
      changes.status_reason = [family.status_reason, reason];
    await recordChange(trx, author, {
      action: 'status_change',
      entityType: 'family',
      entityId: id,
      entityLabel: `${familyLabel(family)}: ${familyStatusLabel(from)} ← ${familyStatusLabel(input.status)}`,
      changes,
      familyId: id,
    });
  });
}

/**
 * Assigns a family's social researcher (what the edit form's researcher field does, alone): the
 * same rules as `PUT /families/{id}` — an archived family is read-only (409), the researcher must
 * be an active employee who works on families (422) — and one activity row naming both researchers.
 * Assigning the researcher the family already has is refused (409), so a bulk action reports it.
 */
export async function assignFamilyResearcher(
  db: Kysely<Database>,
  id: number,
  researcherId: number,
  author: ChangeAuthor,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const family = orNotFound(await lockFamilyRow(trx, id), FAMILY_API_MESSAGES.notFound);
    if (family.status === 'archived') throw conflict(FAMILY_API_MESSAGES.archivedReadOnly);
    if (family.assigned_researcher_id === researcherId)
      throw conflict(FAMILY_API_MESSAGES.researcherAlreadyAssigned);
    if (!(await isResearcher(trx, researcherId)))
      throw unprocessable(
        { assigned_researcher_id: [FAMILY_API_MESSAGES.researcherInvalid] },
        FAMILY_API_MESSAGES.researcherInvalid,
      );
    const before = await withResearcherName(trx, {
      assigned_researcher_id: family.assigned_researcher_id,
    });
    const after = await withResearcherName(trx, { assigned_researcher_id: researcherId });
    const now = new Date();
    await updateFamilyRow(trx, id, {
      assigned_researcher_id: researcherId,
      updated_at: now,
      updated_by: author.id,
    });
    await recordChange(trx, author, {
      action: 'update',
      entityType: 'family',
      entityId: id,
      entityLabel: familyLabel(family),
      changes: diffChanges(before, after),
      familyId: id,
    });
  });
}
