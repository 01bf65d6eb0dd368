import { sql, type Kysely, type Transaction } from 'kysely';
import {
  FAMILY_MESSAGES,
  idTypeFor,
  normaliseArabic,
  type FamilyDraftInput,
  type FamilyInput,
} from 'shared-contracts';
import type { Database, FamilyMemberRow, FamilyRow } from '../../db/schema';
import { conflict } from '../../http/errors';
import { checkLookupCode, FieldErrors, heldKey, LOOKUP_MESSAGES, type LookupSet } from '../lookups/repository';
import { CURRENT_MEMBERSHIP } from './repository';

type Executor = Kysely<Database> | Transaction<Database>;

export const FAMILY_API_MESSAGES = {
  notFound: 'الأسرة غير موجودة',
  created: 'تم تسجيل الأسرة بنجاح',
  createdDraft: 'تم حفظ الأسرة كمسودة',
  updated: 'تم تحديث بيانات الأسرة بنجاح',
  statusChanged: 'تم تغيير حالة الأسرة بنجاح',
  archivedReadOnly: 'لا يمكن تعديل أسرة مؤرشفة',
  researcherInvalid: 'الباحث الاجتماعي غير موجود أو غير مفعل أو لا يملك صلاحية الأسر',
  memberNotInFamily: 'الفرد غير موجود ضمن أفراد هذه الأسرة',
  memberListedTwice: 'الفرد مذكور أكثر من مرة',
  memberOmitted: (names: string) =>
    `لا يمكن حذف أفراد من أسرة مسجلة ضمناً (${names})؛ أعد إرسالهم مع البيانات، أو انقلهم إلى أسرتهم الجديدة من «نقل فرد»`,
  oldHeadMustStay: 'عند تغيير رب الأسرة يجب أن يبقى رب الأسرة السابق ضمن الأفراد بصلة قرابة جديدة',
  submitIncomplete: 'لا يمكن إرسال الأسرة للمراجعة قبل استكمال بياناتها',
} as const;

// ---------------------------------------------------------------------------------------------
// The write model
// ---------------------------------------------------------------------------------------------

export interface MemberWrite {
  id: number | null;
  full_name: string;
  full_name_en: string | null;
  national_id: string | null;
  id_type: string | null;
  id_expiry_date: string | null;
  relationship: string | null;
  gender: string | null;
  birth_date: string | null;
  marital_status: string | null;
  /** undefined: unchanged (medical data the caller may not see or did not send). */
  health_status: string | null | undefined;
  /** undefined: unchanged. */
  disabilities: string[] | undefined;
  education_level: string | null;
  employment_status: string | null;
  occupation: string | null;
  monthly_income: number | null;
  is_pregnant: boolean;
  is_lactating: boolean;
  phone: string | null;
}

export interface FamilyWrite {
  head: MemberWrite;
  members: MemberWrite[];
  primary_phone: string | null;
  alt_phone: string | null;
  city: string | null;
  district: string | null;
  address: string | null;
  national_address_short_code: string | null;
  housing_type: string | null;
  housing_ownership: string | null;
  monthly_rent: number | null;
  income_sources: { source: string; amount: number; verified: boolean; notes: string | null }[];
  categories: string[];
  needs: { need_type: string; priority: string; description: string | null }[];
  consent_data_processing: boolean;
  consent_share_with_partners: boolean;
  assigned_researcher_id: number | null;
  next_reassessment_date: string | null;
  notes: string | null;
}

type ParsedMember = FamilyInput['members'][number] | NonNullable<FamilyDraftInput['members']>[number] | FamilyInput['head'] | FamilyDraftInput['head'];

function toMemberWrite(member: ParsedMember, relationship: string | null): MemberWrite {
  const nationalId = member.national_id ?? null;
  return {
    id: member.id ?? null,
    full_name: member.full_name,
    full_name_en: member.full_name_en ?? null,
    national_id: nationalId,
    // Derived from the ID's first digit when not sent (the schema checks they agree when sent).
    id_type: member.id_type ?? (nationalId ? idTypeFor(nationalId) : null),
    id_expiry_date: member.id_expiry_date ?? null,
    relationship,
    gender: member.gender ?? null,
    birth_date: member.birth_date ?? null,
    marital_status: member.marital_status ?? null,
    health_status: member.health_status,
    disabilities: member.disabilities,
    education_level: member.education_level ?? null,
    employment_status: member.employment_status ?? null,
    occupation: member.occupation ?? null,
    monthly_income: member.monthly_income ?? null,
    is_pregnant: member.is_pregnant ?? false,
    is_lactating: member.is_lactating ?? false,
    phone: member.phone ?? null,
  };
}

/** The parsed body (strict or draft) as one shape; absent optional values become null. */
export function toFamilyWrite(input: FamilyInput | FamilyDraftInput): FamilyWrite {
  return {
    head: toMemberWrite(input.head, 'head'),
    members: (input.members ?? []).map((member) => toMemberWrite(member, member.relationship ?? null)),
    primary_phone: input.primary_phone ?? null,
    alt_phone: input.alt_phone ?? null,
    city: input.city ?? null,
    district: input.district ?? null,
    address: input.address ?? null,
    national_address_short_code: input.national_address_short_code ?? null,
    housing_type: input.housing_type ?? null,
    housing_ownership: input.housing_ownership ?? null,
    monthly_rent: input.monthly_rent ?? null,
    income_sources: (input.income_sources ?? []).map((source) => ({
      source: source.source,
      amount: source.amount,
      verified: source.verified,
      notes: source.notes ?? null,
    })),
    categories: input.categories ?? [],
    needs: (input.needs ?? []).map((need) => ({
      need_type: need.need_type,
      priority: need.priority,
      description: need.description ?? null,
    })),
    consent_data_processing: input.consent_data_processing === true,
    consent_share_with_partners: input.consent_share_with_partners ?? false,
    assigned_researcher_id: input.assigned_researcher_id ?? null,
    next_reassessment_date: input.next_reassessment_date ?? null,
    notes: input.notes ?? null,
  };
}

/** Every member of a write with its field path prefix (`head`, `members.2`). */
export function membersWithPaths(write: FamilyWrite): { path: string; member: MemberWrite }[] {
  return [
    { path: 'head', member: write.head },
    ...write.members.map((member, index) => ({ path: `members.${index}`, member })),
  ];
}

// ---------------------------------------------------------------------------------------------
// Checks against the database (after the zod schema): lookups, researcher, duplicates
// ---------------------------------------------------------------------------------------------

/** The lookup codes a stored family already holds (still accepted if since deactivated). */
export function heldCodes(row: FamilyRow | undefined, members: readonly FamilyMemberRow[], categories: readonly string[], sources: readonly string[], needs: readonly string[]): Set<string> {
  const held = new Set<string>();
  if (row) {
    if (row.city) held.add(heldKey('cities', row.city));
    if (row.district) held.add(heldKey('districts', row.district));
    if (row.housing_type) held.add(heldKey('housing_types', row.housing_type));
  }
  for (const code of categories) held.add(heldKey('family_categories', code));
  for (const code of sources) held.add(heldKey('income_source_types', code));
  for (const code of needs) held.add(heldKey('need_types', code));
  for (const member of members) {
    if (member.marital_status) held.add(heldKey('marital_statuses', member.marital_status));
    if (member.health_status) held.add(heldKey('health_statuses', member.health_status));
    if (member.education_level) held.add(heldKey('education_levels', member.education_level));
    if (member.employment_status) held.add(heldKey('employment_statuses', member.employment_status));
    for (const code of member.disabilities) held.add(heldKey('disability_types', code));
  }
  return held;
}

export async function isEligibleResearcher(db: Executor, employeeId: number): Promise<boolean> {
  const row = await db
    .selectFrom('employees')
    .select('id')
    .where('id', '=', employeeId)
    .where('active', '=', true)
    .where(sql<boolean>`permissions && array['show_families', 'edit_families']::text[]`)
    .executeTakeFirst();
  return row !== undefined;
}

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
    if (district && district.parent_code !== write.city) errors.add('district', LOOKUP_MESSAGES.districtOutsideCity);
  }
  checkLookupCode(lookups, errors, 'housing_type', 'housing_types', write.housing_type, held);
  write.income_sources.forEach((source, index) =>
    checkLookupCode(lookups, errors, `income_sources.${index}.source`, 'income_source_types', source.source, held),
  );
  write.needs.forEach((need, index) => checkLookupCode(lookups, errors, `needs.${index}.need_type`, 'need_types', need.need_type, held));
  write.categories.forEach((code, index) => checkLookupCode(lookups, errors, `categories.${index}`, 'family_categories', code, held));
  for (const { path, member } of membersWithPaths(write)) {
    checkLookupCode(lookups, errors, `${path}.marital_status`, 'marital_statuses', member.marital_status, held);
    checkLookupCode(lookups, errors, `${path}.health_status`, 'health_statuses', member.health_status, held);
    checkLookupCode(lookups, errors, `${path}.education_level`, 'education_levels', member.education_level, held);
    checkLookupCode(lookups, errors, `${path}.employment_status`, 'employment_statuses', member.employment_status, held);
    (member.disabilities ?? []).forEach((code, index) =>
      checkLookupCode(lookups, errors, `${path}.disabilities.${index}`, 'disability_types', code, held),
    );
  }
  if (write.assigned_researcher_id !== null && write.assigned_researcher_id !== currentResearcherId) {
    if (!(await isEligibleResearcher(db, write.assigned_researcher_id))) {
      errors.add('assigned_researcher_id', FAMILY_API_MESSAGES.researcherInvalid);
    }
  }
  return errors;
}

export interface IdHolder {
  national_id: string;
  member_id: number;
  family_id: number;
  file_number: string;
  head_name: string;
}

/** Active members holding any of these IDs, outside `excludeFamilyId`. */
export async function findNationalIdHolders(
  db: Executor,
  nationalIds: readonly string[],
  excludeFamilyId?: number | null,
): Promise<IdHolder[]> {
  if (nationalIds.length === 0) return [];
  let query = db
    .selectFrom('family_members as m')
    .innerJoin('families as f', 'f.id', 'm.family_id')
    .select(['m.national_id', 'm.id as member_id', 'f.id as family_id', 'f.file_number', 'f.head_name'])
    .where('m.active', '=', true)
    .where('m.national_id', 'in', [...nationalIds]);
  if (excludeFamilyId) query = query.where('m.family_id', '<>', excludeFamilyId);
  const rows = await query.execute();
  return rows.map((row) => ({ ...row, national_id: row.national_id ?? '' }));
}

/**
 * 409 when a national ID of the write is held by an active member of another family; the
 * message names that family (file number and head), each offending field gets it too.
 */
export async function assertNationalIdsFree(db: Executor, write: FamilyWrite, familyId?: number | null): Promise<void> {
  const withIds = membersWithPaths(write).filter(({ member }) => member.national_id);
  const holders = await findNationalIdHolders(
    db,
    withIds.map(({ member }) => member.national_id as string),
    familyId,
  );
  if (holders.length === 0) return;
  const errors: Record<string, string[]> = {};
  let first: string | undefined;
  for (const { path, member } of withIds) {
    const holder = holders.find((candidate) => candidate.national_id === member.national_id);
    if (!holder) continue;
    const message = FAMILY_MESSAGES.nationalIdTaken({ file_number: holder.file_number, head_name: holder.head_name });
    errors[`${path}.national_id`] = [message];
    first ??= message;
  }
  throw conflict(first ?? FAMILY_MESSAGES.nationalIdTaken({ file_number: '' }), errors);
}

// ---------------------------------------------------------------------------------------------
// Writing rows
// ---------------------------------------------------------------------------------------------

/** The member columns of a write (medical fields only when given). */
export function memberColumns(member: MemberWrite) {
  return {
    relationship: member.relationship,
    full_name: member.full_name,
    name_normalized: normaliseArabic(member.full_name),
    full_name_en: member.full_name_en,
    national_id: member.national_id,
    id_type: member.id_type,
    id_expiry_date: member.id_expiry_date,
    gender: member.gender,
    birth_date: member.birth_date,
    marital_status: member.marital_status,
    ...(member.health_status !== undefined ? { health_status: member.health_status } : {}),
    ...(member.disabilities !== undefined ? { disabilities: member.disabilities } : {}),
    education_level: member.education_level,
    employment_status: member.employment_status,
    occupation: member.occupation,
    monthly_income: member.monthly_income,
    is_pregnant: member.is_pregnant,
    is_lactating: member.is_lactating,
    phone: member.phone,
  };
}

/** The fields of a member the activity log compares. */
export function memberAudit(row: Pick<FamilyMemberRow, keyof ReturnType<typeof memberColumns>> | ReturnType<typeof memberColumns>): Record<string, unknown> {
  const { name_normalized: _ignored, ...rest } = row as Record<string, unknown>;
  return rest;
}

export async function insertMember(
  trx: Transaction<Database>,
  familyId: number,
  member: MemberWrite,
  actorId: number,
  startDate: string,
): Promise<FamilyMemberRow> {
  return trx
    .insertInto('family_members')
    .values({ ...memberColumns(member), family_id: familyId, start_date: startDate, created_by: actorId, updated_by: actorId })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function replaceIncomeSources(trx: Transaction<Database>, familyId: number, write: FamilyWrite): Promise<void> {
  await trx.deleteFrom('family_income_sources').where('family_id', '=', familyId).execute();
  if (write.income_sources.length === 0) return;
  await trx
    .insertInto('family_income_sources')
    .values(write.income_sources.map((source, position) => ({ family_id: familyId, ...source, position })))
    .execute();
}

/** Needs are matched by type, so a need's `fulfilled_at` survives an edit of its description. */
export async function syncNeeds(trx: Transaction<Database>, familyId: number, write: FamilyWrite): Promise<void> {
  const existing = await trx.selectFrom('family_needs').selectAll().where('family_id', '=', familyId).execute();
  const kept = new Set<number>();
  for (const [position, need] of write.needs.entries()) {
    const match = existing.find((row) => row.need_type === need.need_type && !kept.has(row.id));
    if (match) {
      kept.add(match.id);
      await trx
        .updateTable('family_needs')
        .set({ priority: need.priority, description: need.description, position })
        .where('id', '=', match.id)
        .execute();
    } else {
      await trx.insertInto('family_needs').values({ family_id: familyId, ...need, position }).execute();
    }
  }
  const removed = existing.filter((row) => !kept.has(row.id)).map((row) => row.id);
  if (removed.length > 0) await trx.deleteFrom('family_needs').where('id', 'in', removed).execute();
}

export async function replaceCategories(trx: Transaction<Database>, familyId: number, categories: readonly string[]): Promise<void> {
  await trx.deleteFrom('family_categories').where('family_id', '=', familyId).execute();
  if (categories.length === 0) return;
  await trx
    .insertInto('family_categories')
    .values(categories.map((category) => ({ family_id: familyId, category })))
    .execute();
}

export function currentActiveMembers(db: Executor, familyId: number): Promise<FamilyMemberRow[]> {
  return db
    .selectFrom('family_members')
    .selectAll()
    .where('family_id', '=', familyId)
    .where('active', '=', true)
    .orderBy('id')
    .execute();
}

export { CURRENT_MEMBERSHIP };

/** The family columns of a write. */
export function familyColumns(write: FamilyWrite) {
  return {
    primary_phone: write.primary_phone,
    alt_phone: write.alt_phone,
    city: write.city,
    district: write.district,
    address: write.address,
    national_address_short_code: write.national_address_short_code,
    housing_type: write.housing_type,
    housing_ownership: write.housing_ownership,
    monthly_rent: write.monthly_rent,
    consent_data_processing: write.consent_data_processing,
    consent_share_with_partners: write.consent_share_with_partners,
    assigned_researcher_id: write.assigned_researcher_id,
    next_reassessment_date: write.next_reassessment_date,
    notes: write.notes,
  };
}

/** What the activity log compares for a family (its own fields and child lists, readable). */
export function familyAudit(
  columns: ReturnType<typeof familyColumns>,
  categories: readonly string[],
  sources: ReadonlyArray<{ source: string; amount: number | string }>,
  needs: ReadonlyArray<{ need_type: string; priority: string }>,
): Record<string, unknown> {
  return {
    ...columns,
    monthly_rent: columns.monthly_rent === null ? null : Number(columns.monthly_rent),
    categories: [...categories].sort(),
    income_sources: sources.map((source) => `${source.source}: ${Number(source.amount)}`),
    needs: needs.map((need) => `${need.need_type} (${need.priority})`),
  };
}
