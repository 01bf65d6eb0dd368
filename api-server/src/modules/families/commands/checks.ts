import {
  FAMILY_MESSAGES,
  type FamilyRef,
  type FamilyWarning,
} from 'shared-contracts/beneficiaries';
import type { Executor } from '../../../db/tables';
import { conflict, FieldErrors } from '../../../http/errors';
import { checkLookupCode, isResearcher, LOOKUP_MESSAGES, type LookupSet } from '../../lookups';
import {
  familiesUsingPhones,
  findNationalIdHolders,
  similarMembers,
  type FamilyWrite,
} from '../repository';
import { FAMILY_API_MESSAGES, membersWithPaths } from './write';

/**
 * The checks of a family write against the database, after its zod schema: lookup codes and the
 * researcher (422), national IDs active in another family (409), and the warnings (never a
 * block) about shared phones and look-alike members.
 */

/**
 * Lookup codes (exist, active unless already held), district within city, and the researcher.
 * Returns the field errors (empty when all is well).
 */
export async function checkFamilyReferences(
  db: Executor,
  write: FamilyWrite,
  lookups: LookupSet,
  held: ReadonlySet<string>,
  currentResearcherId: number | null,
): Promise<FieldErrors> {
  const errors = new FieldErrors();
  checkLookupCode(lookups, errors, 'city', 'cities', write.city, held);
  checkLookupCode(lookups, errors, 'district', 'districts', write.district, held);
  if (write.city && write.district) {
    const district = lookups.get('districts', write.district);
    if (district && district.parent_code !== write.city)
      errors.add('district', LOOKUP_MESSAGES.districtOutsideCity);
  }
  checkLookupCode(lookups, errors, 'housing_type', 'housing_types', write.housing_type, held);
  write.income_sources.forEach((source, index) =>
    checkLookupCode(
      lookups,
      errors,
      `income_sources.${index}.source`,
      'income_source_types',
      source.source,
      held,
    ),
  );
  write.needs.forEach((need, index) =>
    checkLookupCode(
      lookups,
      errors,
      `needs.${index}.need_type`,
      'need_types',
      need.need_type,
      held,
    ),
  );
  write.categories.forEach((code, index) =>
    checkLookupCode(lookups, errors, `categories.${index}`, 'family_categories', code, held),
  );
  for (const { path, member } of membersWithPaths(write)) {
    checkLookupCode(
      lookups,
      errors,
      `${path}.marital_status`,
      'marital_statuses',
      member.marital_status,
      held,
    );
    checkLookupCode(
      lookups,
      errors,
      `${path}.health_status`,
      'health_statuses',
      member.health_status,
      held,
    );
    checkLookupCode(
      lookups,
      errors,
      `${path}.education_level`,
      'education_levels',
      member.education_level,
      held,
    );
    checkLookupCode(
      lookups,
      errors,
      `${path}.employment_status`,
      'employment_statuses',
      member.employment_status,
      held,
    );
    (member.disabilities ?? []).forEach((code, index) =>
      checkLookupCode(
        lookups,
        errors,
        `${path}.disabilities.${index}`,
        'disability_types',
        code,
        held,
      ),
    );
  }
  if (
    write.assigned_researcher_id !== null &&
    write.assigned_researcher_id !== currentResearcherId
  ) {
    if (!(await isResearcher(db, write.assigned_researcher_id))) {
      errors.add('assigned_researcher_id', FAMILY_API_MESSAGES.researcherInvalid);
    }
  }
  return errors;
}

/**
 * 409 when a national ID of the write is held by an active member of another family; the
 * message names that family (file number and head), each offending field gets it too.
 */
export async function assertNationalIdsFree(
  db: Executor,
  write: FamilyWrite,
  familyId?: number | null,
): Promise<void> {
  const withIds = membersWithPaths(write).filter(({ member }) => member.national_id);
  const holders = await findNationalIdHolders(
    db,
    withIds.map(({ member }) => member.national_id ?? ''),
    familyId,
  );
  if (holders.length === 0) return;
  const errors: Record<string, string[]> = {};
  let first: string | undefined;
  for (const { path, member } of withIds) {
    const holder = holders.find((candidate) => candidate.national_id === member.national_id);
    if (!holder) continue;
    const message = FAMILY_MESSAGES.nationalIdTaken({
      file_number: holder.file_number,
      head_name: holder.head_name,
    });
    errors[`${path}.national_id`] = [message];
    first ??= message;
  }
  throw conflict(first ?? FAMILY_MESSAGES.nationalIdTaken({ file_number: '' }), errors);
}

export const CHECK_MESSAGES = {
  phoneInUse: (refs: readonly FamilyRef[]) =>
    `رقم الجوال مستخدم في ${refs.length === 1 ? 'أسرة أخرى' : 'أسر أخرى'}: ${refs.map((ref) => ref.file_number).join('، ')}`,
} as const;

/** The warnings of a family write: shared phones and look-alike members in other families. */
export async function familyWarnings(
  db: Executor,
  write: FamilyWrite,
  familyId: number,
): Promise<FamilyWarning[]> {
  const warnings: FamilyWarning[] = [];
  for (const field of ['primary_phone', 'alt_phone'] as const) {
    const phone = write[field];
    if (!phone) continue;
    const users = await familiesUsingPhones(db, [phone], familyId);
    if (users.length > 0) {
      const refs = users.map(({ id, file_number, head_name }) => ({ id, file_number, head_name }));
      warnings.push({ field, message: CHECK_MESSAGES.phoneInUse(refs), families: refs });
    }
  }
  for (const { path, member } of membersWithPaths(write)) {
    if (!member.birth_date) continue;
    const matches = await similarMembers(db, member.full_name, member.birth_date, familyId);
    const first = matches[0];
    if (first) {
      warnings.push({
        field: `${path}.full_name`,
        message: FAMILY_MESSAGES.similarMember(first.family),
        families: matches.map((match) => match.family),
      });
    }
  }
  return warnings;
}
