import {
  isFamilyEligible,
  type Distribution,
  type FamilyStatus,
  type Season,
  type SeasonBeneficiary,
  type SeasonEligibilityRule,
  SEASON_KIND_CODES,
  SEASON_STATUS_CODES,
  SEASON_BENEFICIARY_STATUS_CODES,
  DISTRIBUTION_KIND_CODES,
  FAMILY_STATUS_CODES,
} from 'shared-contracts/beneficiaries';
import type { Executor } from '../../../db/tables';
import type { LookupSet } from '../../lookups';
import {
  distributionItemsOf,
  type BeneficiaryRow,
  type DistributionRow,
  type EligibilityCandidate,
  type SeasonListRow,
} from './seasons';
import type { SeasonRow, StoredEligibility } from '../tables';
import { storedCode } from '../../../http/validation';

export function toSeasonResource(row: SeasonListRow, lookups: LookupSet): Season {
  const rule = row.eligibility;
  return {
    id: row.id,
    name: row.name,
    kind: storedCode(SEASON_KIND_CODES, row.kind, 'seasons.kind'),
    hijri_year: row.hijri_year,
    start_date: row.start_date,
    end_date: row.end_date,
    budget: row.budget,
    funding_org:
      row.funding_org_id !== null
        ? { id: row.funding_org_id, name: row.funding_org_name ?? '' }
        : null,
    eligibility: {
      categories: lookups.refs('family_categories', rule.categories ?? []),
      max_per_capita_income: rule.max_per_capita_income ?? null,
      member_min_age: rule.member_min_age ?? null,
      member_max_age: rule.member_max_age ?? null,
      statuses: familyStatuses(rule.statuses ?? ['approved']),
    },
    status: storedCode(SEASON_STATUS_CODES, row.status, 'seasons.status'),
    status_reason: row.status_reason,
    notes: row.notes,
    beneficiaries_count: row.beneficiaries_count,
    received_count: row.received_count,
    cash_distributed_total: row.cash_distributed_total,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/** The family statuses a stored eligibility rule names, checked against the contracts' codes. */
function familyStatuses(stored: readonly string[]): FamilyStatus[] {
  return stored.map((status) =>
    storedCode(FAMILY_STATUS_CODES, status, 'seasons.eligibility.statuses'),
  );
}

export function eligibilityRule(stored: StoredEligibility): SeasonEligibilityRule {
  return {
    categories: stored.categories,
    max_per_capita_income: stored.max_per_capita_income,
    member_min_age: stored.member_min_age,
    member_max_age: stored.member_max_age,
    statuses: familyStatuses(stored.statuses),
  };
}

/** Splits candidates by the season's rule, evaluated on its start date. */
export function evaluateEligibility(
  candidates: readonly EligibilityCandidate[],
  season: Pick<SeasonRow, 'eligibility' | 'start_date'>,
) {
  const rule = eligibilityRule(season.eligibility);
  const eligible: EligibilityCandidate[] = [];
  const ineligible: { family: EligibilityCandidate; reasons: string[] }[] = [];
  for (const family of candidates) {
    const result = isFamilyEligible(family, rule, season.start_date);
    if (result.eligible) eligible.push(family);
    else ineligible.push({ family, reasons: result.reasons });
  }
  return { eligible, ineligible };
}

export function toBeneficiaryResource(row: BeneficiaryRow, lookups: LookupSet): SeasonBeneficiary {
  return {
    id: row.id,
    season_id: row.season_id,
    family: {
      id: row.family_id,
      file_number: row.file_number,
      head_name: row.head_name,
      head_national_id: row.head_national_id,
      primary_phone: row.primary_phone,
      members_count: row.members_count,
      per_capita_income: row.per_capita_income,
      city: lookups.ref('cities', row.city),
      district: lookups.ref('districts', row.district),
    },
    status: storedCode(SEASON_BENEFICIARY_STATUS_CODES, row.status, 'season_beneficiaries.status'),
    status_reason: row.status_reason,
    voucher_code: row.voucher_code,
    enrolled_at: row.enrolled_at.toISOString(),
    enrolled_by:
      row.enrolled_by !== null ? { id: row.enrolled_by, name: row.enrolled_by_name ?? '' } : null,
    distributions_count: Number(row.distributions_count ?? 0),
    last_distributed_at: row.last_distributed_at ? row.last_distributed_at.slice(0, 10) : null,
  };
}

/** Handovers with their items (labels current in the lookup table). */
export async function distributionResources(
  db: Executor,
  rows: readonly DistributionRow[],
  lookups: LookupSet,
): Promise<Distribution[]> {
  const items = await distributionItemsOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    id: row.id,
    season_id: row.season_id,
    beneficiary_id: row.beneficiary_id,
    family: { id: row.family_id, file_number: row.file_number, head_name: row.head_name },
    kind: storedCode(DISTRIBUTION_KIND_CODES, row.kind, 'distributions.kind'),
    items: lookups.itemsOf(items, row.id),
    cash_amount: row.cash_amount,
    distributed_at: row.distributed_at,
    received_by_name: row.received_by_name,
    received_by_national_id: row.received_by_national_id,
    handed_over_by: { id: row.handed_over_by, name: row.handed_over_by_name ?? '' },
    voucher_code: row.voucher_code,
    notes: row.notes,
    created_at: row.created_at.toISOString(),
  }));
}
