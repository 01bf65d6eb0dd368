import type { Kysely } from 'kysely';
import { countOf, normaliseArabic } from 'shared-contracts';
import {
  SEASON_MESSAGES,
  SEASON_STATUS_CAPABILITIES,
  normaliseVoucherCode,
  seasonStatusLabel,
  seasonTransitionError,
  verifyVoucherCode,
  type DistributionInput,
  type SeasonEnrolment,
  type SeasonEnrolmentResult,
  type SeasonInput,
  type SeasonStatus,
  type SeasonStatusChange,
  SEASON_KIND_CODES,
  SEASON_STATUS_CODES,
} from 'shared-contracts/beneficiaries';
import type { Database, Executor } from '../../db/tables';
import { conflict, FieldErrors, notFound, unprocessable } from '../../http/errors';
import type { ChangeAuthor } from '../../http/request-meta';
import { diffChanges, recordActivities, recordChange } from '../activity-log';
import { familyLabel } from '../families';
import { checkLookupCode, heldKey, type LookupSet } from '../lookups';
import { organisationExists } from '../organisations';
import {
  enrolledFamilyIds,
  insertDistribution,
  insertEnrolments,
  insertSeason,
  loadEligibilityCandidates,
  lockBeneficiary,
  lockSeason,
  updateBeneficiaryRow,
  updateSeasonRow,
} from './repository';
import { evaluateEligibility } from './repository';
import type { SeasonRow, StoredEligibility } from './tables';
import { storedCode } from '../../http/validation';

/**
 * The season writes (README "Seasons"): each in one transaction that starts by locking the
 * season row, so status changes, enrolments, exclusions and handovers on one season are
 * serialised, and each logged in the activity log (rows about a family on its timeline).
 */

export const SEASON_API_MESSAGES = {
  notFound: 'البرنامج غير موجود',
  beneficiaryNotFound: 'المستفيد غير مسجل في هذا البرنامج',
  familyNotFound: 'الأسرة غير موجودة',
  familyNotEnrolled: 'الأسرة غير مسجلة في هذا البرنامج',
  beneficiaryFamilyMismatch: 'المستفيد المحدد لا يطابق الأسرة المحددة',
  fundingOrgNotFound: 'الجهة الممولة غير موجودة',
  created: 'تمت إضافة البرنامج بنجاح',
  updated: 'تم تحديث البرنامج بنجاح',
  statusChanged: 'تم تغيير حالة البرنامج بنجاح',
  enrolled: (count: number) =>
    count === 0
      ? 'لم تُسجَّل أي أسرة في البرنامج'
      : `تم تسجيل ${countOf(count, 'family', { case: 'oblique' })} في البرنامج`,
  excluded: 'تم استبعاد الأسرة من البرنامج',
  distributed: 'تم تسجيل التسليم بنجاح',
  notEditable: (status: SeasonStatus) =>
    `لا يمكن تعديل بيانات برنامج حالته «${seasonStatusLabel(status)}»`,
  notEnrolling: (status: SeasonStatus) =>
    `لا يمكن تسجيل الأسر أو استبعادها في برنامج حالته «${seasonStatusLabel(status)}»`,
  notDistributing: (status: SeasonStatus) =>
    `لا يمكن تسجيل التسليم إلا في برنامج «قيد التوزيع»، وحالة هذا البرنامج «${seasonStatusLabel(status)}»`,
  alreadyExcluded: 'الأسرة مستبعدة من هذا البرنامج مسبقاً',
  cannotExcludeReceived: 'لا يمكن استبعاد أسرة استلمت من البرنامج',
  excludedCannotReceive: 'الأسرة مستبعدة من هذا البرنامج ولا يمكن التسليم لها',
  duplicateName: 'يوجد برنامج بالاسم نفسه',
} as const;

function storedEligibility(input: SeasonInput['eligibility']): StoredEligibility {
  return {
    categories: input.categories,
    max_per_capita_income: input.max_per_capita_income ?? null,
    member_min_age: input.member_min_age ?? null,
    member_max_age: input.member_max_age ?? null,
    statuses: input.statuses,
  };
}

function seasonColumns(input: SeasonInput) {
  return {
    name: input.name,
    name_normalized: normaliseArabic(input.name),
    kind: input.kind,
    hijri_year: input.hijri_year,
    start_date: input.start_date,
    end_date: input.end_date,
    budget: input.budget ?? null,
    funding_org_id: input.funding_org_id ?? null,
    eligibility: JSON.stringify(storedEligibility(input.eligibility)),
    notes: input.notes ?? null,
  };
}

function seasonAudit(row: {
  name: string;
  kind: string;
  hijri_year: number;
  start_date: string;
  end_date: string;
  budget: number | string | null;
  funding_org_id: number | null;
  eligibility: StoredEligibility;
  notes: string | null;
}) {
  return {
    name: row.name,
    kind: row.kind,
    hijri_year: row.hijri_year,
    start_date: row.start_date,
    end_date: row.end_date,
    budget: row.budget === null ? null : Number(row.budget),
    funding_org_id: row.funding_org_id,
    eligibility: JSON.stringify(row.eligibility),
    notes: row.notes,
  };
}

/** The season locked for a change, or 404. */
async function lockedSeason(trx: Parameters<typeof lockSeason>[0], id: number): Promise<SeasonRow> {
  const season = await lockSeason(trx, id);
  if (!season) throw notFound(SEASON_API_MESSAGES.notFound);
  return season;
}

async function checkSeasonInput(
  db: Executor,
  input: SeasonInput,
  lookups: LookupSet,
  current?: SeasonRow,
): Promise<void> {
  const errors = new FieldErrors();
  const held = new Set(
    (current?.eligibility.categories ?? []).map((code) => heldKey('family_categories', code)),
  );
  input.eligibility.categories.forEach((code, index) =>
    checkLookupCode(
      lookups,
      errors,
      `eligibility.categories.${index}`,
      'family_categories',
      code,
      held,
    ),
  );
  if (
    input.funding_org_id &&
    input.funding_org_id !== current?.funding_org_id &&
    !(await organisationExists(db, input.funding_org_id))
  ) {
    errors.add('funding_org_id', SEASON_API_MESSAGES.fundingOrgNotFound);
  }
  errors.throwIfAny();
}

/** Creates a season (`draft`); answers its id. */
export async function createSeason(
  db: Kysely<Database>,
  input: SeasonInput,
  lookups: LookupSet,
  author: ChangeAuthor,
): Promise<number> {
  await checkSeasonInput(db, input, lookups);
  const columns = seasonColumns(input);
  return db.transaction().execute(async (trx) => {
    const row = await insertSeason(trx, {
      ...columns,
      status: 'draft',
      created_by: author.id,
      updated_by: author.id,
    });
    await recordChange(trx, author, {
      action: 'create',
      entityType: 'season',
      entityId: row.id,
      entityLabel: row.name,
      changes: diffChanges(null, { ...seasonAudit(row), status: 'draft' }),
    });
    return row.id;
  });
}

/** Edits a season while its status allows it (409 otherwise); logs the fields that changed. */
export async function updateSeason(
  db: Kysely<Database>,
  id: number,
  input: SeasonInput,
  lookups: LookupSet,
  author: ChangeAuthor,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const before = await lockedSeason(trx, id);
    const status = storedCode(SEASON_STATUS_CODES, before.status, 'seasons.status');
    if (!SEASON_STATUS_CAPABILITIES[status].edit)
      throw conflict(SEASON_API_MESSAGES.notEditable(status));
    await checkSeasonInput(trx, input, lookups, before);
    const columns = seasonColumns(input);
    const diff = diffChanges(
      seasonAudit(before),
      seasonAudit({ ...columns, eligibility: storedEligibility(input.eligibility) }),
    );
    if (Object.keys(diff).length === 0) return;
    await updateSeasonRow(trx, id, { ...columns, updated_at: new Date(), updated_by: author.id });
    await recordChange(trx, author, {
      action: 'update',
      entityType: 'season',
      entityId: id,
      entityLabel: columns.name,
      changes: diff,
    });
  });
}

/** Moves a season through its workflow (409 `seasonTransitionError`). */
export async function changeSeasonStatus(
  db: Kysely<Database>,
  id: number,
  input: SeasonStatusChange,
  author: ChangeAuthor,
): Promise<void> {
  const reason = input.reason && input.reason.trim() !== '' ? input.reason.trim() : null;
  await db.transaction().execute(async (trx) => {
    const season = await lockedSeason(trx, id);
    const from = storedCode(SEASON_STATUS_CODES, season.status, 'seasons.status');
    const refused = seasonTransitionError(from, input.status);
    if (refused) throw conflict(refused, { status: [refused] });
    const now = new Date();
    await updateSeasonRow(trx, id, {
      status: input.status,
      status_reason: reason,
      status_changed_at: now,
      status_changed_by: author.id,
      updated_at: now,
      updated_by: author.id,
    });
    await recordChange(trx, author, {
      action: 'status_change',
      entityType: 'season',
      entityId: id,
      entityLabel: `${season.name}: ${seasonStatusLabel(from)} ← ${seasonStatusLabel(input.status)}`,
      changes: {
        status: [from, input.status],
        ...(reason ? { status_reason: [season.status_reason, reason] } : {}),
      },
    });
  });
}

/**
 * Enrols chosen families, or every family the rule accepts on the season's start date (already
 * enrolled ones are skipped, so running "all eligible" twice is idempotent). One activity row per
 * enrolled family (its timeline) and one for the season.
 */
export async function enrolFamilies(
  db: Kysely<Database>,
  id: number,
  input: SeasonEnrolment,
  author: ChangeAuthor,
): Promise<SeasonEnrolmentResult & { ineligible_count: number }> {
  return db.transaction().execute(async (trx) => {
    const season = await lockedSeason(trx, id);
    const status = storedCode(SEASON_STATUS_CODES, season.status, 'seasons.status');
    if (!SEASON_STATUS_CAPABILITIES[status].enrol)
      throw conflict(SEASON_API_MESSAGES.notEnrolling(status));

    let candidates;
    if (input.mode === 'families') {
      candidates = await loadEligibilityCandidates(trx, {
        familyIds: [...new Set(input.family_ids)],
      });
      const found = new Set(candidates.map((family) => family.id));
      const errors: Record<string, string[]> = {};
      input.family_ids.forEach((familyId, index) => {
        if (!found.has(familyId))
          errors[`family_ids.${index}`] = [SEASON_API_MESSAGES.familyNotFound];
      });
      if (Object.keys(errors).length > 0) throw unprocessable(errors);
    } else {
      candidates = await loadEligibilityCandidates(trx, { statuses: season.eligibility.statuses });
    }
    const already = await enrolledFamilyIds(
      trx,
      id,
      candidates.map((family) => family.id),
    );
    if (input.mode === 'families' && candidates.length === 1 && already.size === 1) {
      throw conflict(SEASON_MESSAGES.alreadyEnrolled, {
        family_ids: [SEASON_MESSAGES.alreadyEnrolled],
      });
    }
    const { eligible, ineligible } = evaluateEligibility(
      candidates.filter((family) => !already.has(family.id)),
      season,
    );
    const alreadyEligible =
      input.mode === 'all_eligible'
        ? evaluateEligibility(
            candidates.filter((family) => already.has(family.id)),
            season,
          ).eligible.length
        : already.size;
    const inserted = await insertEnrolments(
      trx,
      {
        id: season.id,
        kind: storedCode(SEASON_KIND_CODES, season.kind, 'seasons.kind'),
        hijri_year: season.hijri_year,
      },
      eligible.map((family) => family.id),
      author.id,
      new Date(),
    );

    const byFamily = new Map(eligible.map((family) => [family.id, family]));
    await recordActivities(
      trx,
      inserted.map((row) => {
        const family = byFamily.get(row.family_id);
        return {
          employeeId: author.id,
          action: 'enrol',
          entityType: 'season_beneficiary',
          entityId: row.id,
          entityLabel: `تسجيل ${family ? familyLabel(family) : 'أسرة'} في ${season.name}`,
          changes: { season: [null, season.name], voucher_code: [null, row.voucher_code] },
          meta: author.meta,
          familyId: row.family_id,
        };
      }),
    );
    await recordChange(trx, author, {
      action: 'enrol',
      entityType: 'season',
      entityId: id,
      entityLabel: `تسجيل أسر في ${season.name}`,
      changes: {
        mode: [null, input.mode],
        enrolled: [null, inserted.length],
        already_enrolled: [null, alreadyEligible],
        ineligible: [null, ineligible.length],
      },
    });
    return {
      enrolled: inserted.length,
      already_enrolled: alreadyEligible,
      // "All eligible" reports only the count: listing every other family would be the whole register.
      ineligible:
        input.mode === 'families'
          ? ineligible.map(({ family, reasons }) => ({
              family_id: family.id,
              file_number: family.file_number,
              head_name: family.head_name,
              reasons,
            }))
          : [],
      ineligible_count: ineligible.length,
    };
  });
}

/** Excludes an enrolled family (409 when already excluded or served, or the status does not allow it). */
export async function excludeBeneficiary(
  db: Kysely<Database>,
  id: number,
  beneficiaryId: number,
  reason: string,
  author: ChangeAuthor,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const season = await lockedSeason(trx, id);
    const beneficiary = await lockBeneficiary(trx, id, { beneficiaryId });
    if (!beneficiary) throw notFound(SEASON_API_MESSAGES.beneficiaryNotFound);
    const status = storedCode(SEASON_STATUS_CODES, season.status, 'seasons.status');
    if (!SEASON_STATUS_CAPABILITIES[status].enrol)
      throw conflict(SEASON_API_MESSAGES.notEnrolling(status));
    if (beneficiary.status === 'excluded') throw conflict(SEASON_API_MESSAGES.alreadyExcluded);
    if (beneficiary.status === 'received')
      throw conflict(SEASON_API_MESSAGES.cannotExcludeReceived);
    await updateBeneficiaryRow(trx, beneficiaryId, {
      status: 'excluded',
      status_reason: reason,
      status_changed_at: new Date(),
      status_changed_by: author.id,
    });
    await recordChange(trx, author, {
      action: 'exclude',
      entityType: 'season_beneficiary',
      entityId: beneficiaryId,
      entityLabel: `استبعاد ${familyLabel(beneficiary)} من ${season.name}`,
      changes: {
        status: [beneficiary.status, 'excluded'],
        status_reason: [beneficiary.status_reason, reason],
      },
      familyId: beneficiary.family_id,
    });
  });
}

/**
 * A handover as `distribute` takes it: the single one's body, or a bulk one's (docs/bulk-actions.md)
 * whose recipient is left `null` for the family's head, read with the locked beneficiary.
 */
export type HandoverInput = Omit<DistributionInput, 'received_by_name'> & {
  received_by_name: string | null;
};

/**
 * Records one handover while the season is distributing (409 otherwise): the beneficiary by id
 * or family (422 when not enrolled or mismatched), a typed voucher code must be its own, item
 * codes must exist; an excluded family cannot receive (409). The beneficiary becomes `received`.
 */
export async function distribute(
  db: Kysely<Database>,
  id: number,
  input: HandoverInput,
  lookups: LookupSet,
  author: ChangeAuthor,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const season = await lockedSeason(trx, id);
    const status = storedCode(SEASON_STATUS_CODES, season.status, 'seasons.status');
    if (!SEASON_STATUS_CAPABILITIES[status].distribute)
      throw conflict(SEASON_API_MESSAGES.notDistributing(status));

    const beneficiary = await lockBeneficiary(
      trx,
      id,
      input.beneficiary_id
        ? { beneficiaryId: input.beneficiary_id }
        : { familyId: input.family_id ?? 0 },
    );
    if (!beneficiary) {
      throw unprocessable(
        input.beneficiary_id
          ? { beneficiary_id: [SEASON_API_MESSAGES.beneficiaryNotFound] }
          : { family_id: [SEASON_API_MESSAGES.familyNotEnrolled] },
      );
    }
    const errors = new FieldErrors();
    if (input.beneficiary_id && input.family_id && beneficiary.family_id !== input.family_id) {
      errors.add('family_id', SEASON_API_MESSAGES.beneficiaryFamilyMismatch);
    }
    if (
      input.voucher_code &&
      (normaliseVoucherCode(input.voucher_code) !== beneficiary.voucher_code ||
        !verifyVoucherCode(
          input.voucher_code,
          {
            id: season.id,
            kind: storedCode(SEASON_KIND_CODES, season.kind, 'seasons.kind'),
            hijri_year: season.hijri_year,
          },
          beneficiary.family_id,
        ))
    ) {
      errors.add('voucher_code', SEASON_MESSAGES.invalidVoucher);
    }
    const items = input.kind === 'items' ? (input.items ?? []) : [];
    items.forEach((item, index) =>
      checkLookupCode(lookups, errors, `items.${index}.item`, 'distribution_item_kinds', item.item),
    );
    errors.throwIfAny();
    if (beneficiary.status === 'excluded')
      throw conflict(SEASON_API_MESSAGES.excludedCannotReceive);

    const cashAmount = input.kind === 'cash' ? (input.cash_amount ?? null) : null;
    const receivedBy = input.received_by_name ?? beneficiary.head_name;
    const distributionId = await insertDistribution(
      trx,
      {
        season_id: id,
        beneficiary_id: beneficiary.id,
        family_id: beneficiary.family_id,
        kind: input.kind,
        cash_amount: cashAmount,
        distributed_at: input.distributed_at,
        received_by_name: receivedBy,
        received_by_national_id: input.received_by_national_id ?? null,
        handed_over_by: author.id,
        voucher_code: beneficiary.voucher_code,
        notes: input.notes ?? null,
      },
      items.map((item) => ({ item: item.item, quantity: item.quantity })),
    );
    if (beneficiary.status === 'enrolled') {
      await updateBeneficiaryRow(trx, beneficiary.id, {
        status: 'received',
        status_changed_at: new Date(),
        status_changed_by: author.id,
      });
    }
    await recordChange(trx, author, {
      action: 'distribute',
      entityType: 'distribution',
      entityId: distributionId,
      entityLabel: `تسليم ${familyLabel(beneficiary)} من ${season.name}`,
      changes: diffChanges(null, {
        season: season.name,
        kind: input.kind,
        items: items.map(
          (item) => `${lookups.label('distribution_item_kinds', item.item)} × ${item.quantity}`,
        ),
        cash_amount: cashAmount,
        distributed_at: input.distributed_at,
        received_by_name: receivedBy,
        voucher_code: beneficiary.voucher_code,
        handed_over_by: author.name,
      }),
      familyId: beneficiary.family_id,
    });
    return distributionId;
  });
}
