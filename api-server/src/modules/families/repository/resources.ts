import { hiddenFieldsFor, withoutFields, type FieldReader, type PersonRef } from 'shared-contracts';
import {
  MEMBER_FIELD_VISIBILITY,
  isMedicalCategory,
  isMedicalIncomeSource,
  isMedicalNeedType,
  maySeeMedicalFields,
  isReassessmentOverdue,
  memberAge,
  type Family,
  type FamilyDetail,
  type FamilyMember,
  type FamilyRecord,
  FAMILY_STATUS_CODES,
  GENDER_CODES,
  HOUSING_OWNERSHIP_CODES,
  ID_TYPE_CODES,
  RELATIONSHIP_CODES,
  SEASON_STATUS_CODES,
  SEASON_BENEFICIARY_STATUS_CODES,
  DISTRIBUTION_KIND_CODES,
  NEED_PRIORITY_CODES,
  familyLabel,
} from 'shared-contracts/beneficiaries';
import type { Executor } from '../../../db/tables';
import type { LookupSet } from '../../lookups';
import {
  categoriesOf,
  currentMembers,
  employeeNames,
  familyBenefitRows,
  familyChildRows,
  findFamilyRow,
  type FamilyListRow,
} from './families';
import type { FamilyMemberRow, FamilyRow } from '../tables';
import { storedCode, storedCodeOrNull } from '../../../http/validation';

/**
 * The member fields an answer leaves out for its reader (`MEMBER_FIELD_VISIBILITY`), and whether
 * the reader sees the family's medical categories, needs and income sources (the medical rule,
 * `maySeeMedicalFields`).
 */
export interface Visibility {
  hidden: ReadonlySet<string>;
  medical: boolean;
}

/** Every field: what the server reads for itself (re-validating a stored family). */
export const FULL_VISIBILITY: Visibility = { hidden: new Set(), medical: true };

/**
 * What the reader may see of a member, by the one rule in shared-contracts
 * (`MEMBER_FIELD_VISIBILITY`: medical data for employees who edit families and super admins).
 * The same answer drives the member and family answers, the members list filters, the export
 * columns and the family timeline.
 */
export function visibilityFor(employee: FieldReader): Visibility {
  return {
    hidden: hiddenFieldsFor(MEMBER_FIELD_VISIBILITY, employee),
    medical: maySeeMedicalFields(employee),
  };
}

/** A family's categories as the reader may see them: the medical ones (`disabled`, `chronic_illness`) only with medical fields. */
export function categoriesFor(codes: readonly string[], visibility: Visibility): string[] {
  return visibility.medical ? [...codes] : codes.filter((code) => !isMedicalCategory(code));
}

// How the activity log names a family: in the contracts, so modules the families module builds
// on (consents) name it the same way without importing it.
export { familyLabel };

/** `<member> (أسرة F-1447-00012)`: how the activity log names a member. */
export const memberLabel = (member: { full_name: string }, family: { file_number: string }) =>
  `${member.full_name} (أسرة ${family.file_number})`;

/** What a member answer says about its family. */
export interface MemberFamilyInfo {
  id: number;
  file_number: string;
  status: string;
  city: string | null;
}

export function toMemberResource(
  row: FamilyMemberRow,
  family: MemberFamilyInfo,
  lookups: LookupSet,
  visibility: Visibility,
  today: string,
): FamilyMember {
  const member: FamilyMember = {
    id: row.id,
    family_id: family.id,
    family_file_number: family.file_number,
    family_status: storedCode(FAMILY_STATUS_CODES, family.status, 'families.status'),
    full_name: row.full_name,
    full_name_en: row.full_name_en,
    national_id: row.national_id,
    id_type: storedCodeOrNull(ID_TYPE_CODES, row.id_type, 'family_members.id_type'),
    id_expiry_date: row.id_expiry_date,
    relationship: storedCodeOrNull(
      RELATIONSHIP_CODES,
      row.relationship,
      'family_members.relationship',
    ),
    gender: storedCodeOrNull(GENDER_CODES, row.gender, 'family_members.gender'),
    birth_date: row.birth_date,
    age: row.birth_date ? memberAge(row.birth_date, today) : null,
    marital_status: lookups.ref('marital_statuses', row.marital_status),
    health_status: lookups.ref('health_statuses', row.health_status),
    disabilities: lookups.refs('disability_types', row.disabilities),
    education_level: lookups.ref('education_levels', row.education_level),
    employment_status: lookups.ref('employment_statuses', row.employment_status),
    occupation: row.occupation,
    monthly_income: row.monthly_income,
    is_pregnant: row.is_pregnant,
    is_lactating: row.is_lactating,
    phone: row.phone,
    city: lookups.ref('cities', family.city),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
  return withoutFields(member, visibility.hidden);
}

export function toFamilyResource(
  row: FamilyListRow,
  categories: readonly string[],
  lookups: LookupSet,
  today: string,
): Family {
  return {
    id: row.id,
    file_number: row.file_number,
    status: storedCode(FAMILY_STATUS_CODES, row.status, 'families.status'),
    status_reason: row.status_reason,
    status_changed_at: row.status_changed_at ? row.status_changed_at.toISOString() : null,
    head_name: row.head_name,
    head_national_id: row.head_national_id,
    primary_phone: row.primary_phone,
    members_count: row.members_count,
    total_income: row.total_income,
    per_capita_income: row.per_capita_income,
    city: lookups.ref('cities', row.city),
    district: lookups.ref('districts', row.district),
    categories: lookups.refs('family_categories', categories),
    researcher:
      row.assigned_researcher_id !== null
        ? { id: row.assigned_researcher_id, name: row.researcher_name ?? '' }
        : null,
    next_reassessment_date: row.next_reassessment_date,
    reassessment_overdue: isReassessmentOverdue(row.next_reassessment_date, today),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

function personRef(id: number | null, names: Map<number, string>): PersonRef | null {
  return id === null ? null : { id, name: names.get(id) ?? '' };
}

/** What reached the family: its season enrolments and handovers, newest first. */
async function familyBenefits(
  db: Executor,
  familyId: number,
  lookups: LookupSet,
): Promise<Pick<FamilyRecord, 'seasons' | 'distributions'>> {
  const { seasons, distributions, items } = await familyBenefitRows(db, familyId);
  return {
    seasons: seasons.map((row) => ({
      ...row,
      season_status: storedCode(SEASON_STATUS_CODES, row.season_status, 'seasons.status'),
      status: storedCode(
        SEASON_BENEFICIARY_STATUS_CODES,
        row.status,
        'season_beneficiaries.status',
      ),
    })),
    distributions: distributions.map((row) => ({
      id: row.id,
      season: { id: row.season_id, name: row.season_name },
      kind: storedCode(DISTRIBUTION_KIND_CODES, row.kind, 'distributions.kind'),
      items: lookups.itemsOf(items, row.id),
      cash_amount: row.cash_amount,
      distributed_at: row.distributed_at,
      voucher_code: row.voucher_code,
    })),
  };
}

export interface LoadedFamily {
  row: FamilyRow;
  members: FamilyMemberRow[];
  categories: string[];
  detail: FamilyRecord;
}

/** One family with everything the family page shows; undefined when there is no such family. */
export async function loadFamilyDetail(
  db: Executor,
  id: number,
  lookups: LookupSet,
  visibility: Visibility,
  today: string,
): Promise<LoadedFamily | undefined> {
  const row = await findFamilyRow(db, id);
  if (!row) return undefined;
  const [members, categoriesMap, { sources, needs, history }, benefits] = await Promise.all([
    currentMembers(db, id),
    categoriesOf(db, [id], lookups),
    familyChildRows(db, id),
    familyBenefits(db, id, lookups),
  ]);
  const names = await employeeNames(db, [
    row.assigned_researcher_id,
    row.created_by,
    row.updated_by,
    row.consent_by,
    ...history.map((entry) => entry.by),
  ]);
  const categories = categoriesMap.get(id) ?? [];
  const familyInfo: MemberFamilyInfo = {
    id: row.id,
    file_number: row.file_number,
    status: row.status,
    city: row.city,
  };
  const base = toFamilyResource(
    {
      ...row,
      researcher_name:
        row.assigned_researcher_id !== null
          ? (names.get(row.assigned_researcher_id) ?? null)
          : null,
    },
    categoriesFor(categories, visibility),
    lookups,
    today,
  );
  const detail: FamilyDetail = {
    ...base,
    alt_phone: row.alt_phone,
    anonymised_at: row.anonymised_at ? row.anonymised_at.toISOString() : null,
    address: row.address,
    national_address_short_code: row.national_address_short_code,
    housing_type: lookups.ref('housing_types', row.housing_type),
    housing_ownership: storedCodeOrNull(
      HOUSING_OWNERSHIP_CODES,
      row.housing_ownership,
      'families.housing_ownership',
    ),
    monthly_rent: row.monthly_rent,
    // The medical rule: an income source or a need that discloses a condition only with medical fields.
    income_sources: sources
      .filter((source) => visibility.medical || !isMedicalIncomeSource(source.source))
      .map((source) => ({
        id: source.id,
        source: { code: source.source, label: lookups.label('income_source_types', source.source) },
        amount: source.amount,
        verified: source.verified,
        notes: source.notes,
      })),
    needs: needs
      .filter((need) => visibility.medical || !isMedicalNeedType(need.need_type))
      .map((need) => ({
        id: need.id,
        need_type: { code: need.need_type, label: lookups.label('need_types', need.need_type) },
        priority: storedCode(NEED_PRIORITY_CODES, need.priority, 'family_needs.priority'),
        description: need.description,
        fulfilled_at: need.fulfilled_at ? need.fulfilled_at.toISOString() : null,
      })),
    consent_data_processing: row.consent_data_processing,
    consent_share_with_partners: row.consent_share_with_partners,
    consent_date: row.consent_date ? row.consent_date.toISOString() : null,
    consent_by: personRef(row.consent_by, names),
    notes: row.notes,
    members: members.map((member) =>
      toMemberResource(member, familyInfo, lookups, visibility, today),
    ),
    status_history: history.map((entry) => ({
      from: storedCodeOrNull(
        FAMILY_STATUS_CODES,
        entry.from_status,
        'family_status_history.from_status',
      ),
      to: storedCode(FAMILY_STATUS_CODES, entry.to_status, 'family_status_history.to_status'),
      reason: entry.reason,
      at: entry.at.toISOString(),
      by: personRef(entry.by, names),
    })),
    created_by: personRef(row.created_by, names),
    updated_by: personRef(row.updated_by, names),
  };
  return { row, members, categories, detail: { ...detail, ...benefits } };
}

/** Families as a person reads them (file number and head), for a bulk action's refused items. */
export async function familyLabels(
  db: Executor,
  ids: readonly number[],
): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('families')
    .select(['id', 'file_number', 'head_name'])
    .where('id', 'in', [...ids])
    .execute();
  return new Map(rows.map((row) => [row.id, familyLabel(row)]));
}
