import {
  familyWriteSchemaFor,
  idTypeFor,
  type FamilyDraftInput,
  type FamilyInput,
  type FamilyStatus,
} from 'shared-contracts/beneficiaries';
import { parseInput } from '../../../http/validation';
import { heldKey } from '../../lookups';
import type { familyColumns, memberColumns } from '../repository';
import { type FamilyWrite, type MemberWrite } from '../repository';
import type { FamilyMemberRow, FamilyRow } from '../tables';

export const FAMILY_API_MESSAGES = {
  notFound: 'الأسرة غير موجودة',
  created: 'تم تسجيل الأسرة بنجاح',
  createdDraft: 'تم حفظ الأسرة كمسودة',
  updated: 'تم تحديث بيانات الأسرة بنجاح',
  statusChanged: 'تم تغيير حالة الأسرة بنجاح',
  archivedReadOnly: 'لا يمكن تعديل أسرة مؤرشفة',
  anonymisedReadOnly: 'لا يمكن تعديل أسرة جُهّلت بياناتها الشخصية',
  researcherInvalid: 'الباحث الاجتماعي غير موجود أو غير مفعل أو لا يملك صلاحية الأسر',
  researcherAlreadyAssigned: 'الباحث الاجتماعي مسند إلى هذه الأسرة مسبقاً',
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

type ParsedMember =
  | FamilyInput['members'][number]
  | NonNullable<FamilyDraftInput['members']>[number]
  | FamilyInput['head']
  | FamilyDraftInput['head'];

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

/**
 * The body of `PUT /families/{id}`, validated as the stored family's status asks (the draft
 * schema while it is a draft, the strict one otherwise: see shared-contracts family.ts).
 */
export function parseFamilyUpdate(body: unknown, status: FamilyStatus): FamilyWrite {
  return toFamilyWrite(
    parseInput(familyWriteSchemaFor({ currentStatus: status, saveAsDraft: false }), body),
  );
}

/** The parsed body (strict or draft) as one shape; absent optional values become null. */
export function toFamilyWrite(input: FamilyInput | FamilyDraftInput): FamilyWrite {
  return {
    head: toMemberWrite(input.head, 'head'),
    members: (input.members ?? []).map((member) =>
      toMemberWrite(member, member.relationship ?? null),
    ),
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
// Lookup codes the stored family holds
// ---------------------------------------------------------------------------------------------

/** The lookup codes a stored family already holds (still accepted if since deactivated). */
export function heldCodes(
  row: FamilyRow | undefined,
  members: readonly FamilyMemberRow[],
  categories: readonly string[],
  sources: readonly string[],
  needs: readonly string[],
): Set<string> {
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
    if (member.employment_status)
      held.add(heldKey('employment_statuses', member.employment_status));
    for (const code of member.disabilities) held.add(heldKey('disability_types', code));
  }
  return held;
}

// ---------------------------------------------------------------------------------------------
// Writing rows
// ---------------------------------------------------------------------------------------------

/** The fields of a member the activity log compares. */
export function memberAudit(
  row:
    | Pick<FamilyMemberRow, keyof ReturnType<typeof memberColumns>>
    | ReturnType<typeof memberColumns>,
): Record<string, unknown> {
  const { name_normalized: _ignored, ...rest } = row;
  return rest;
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

// ---------------------------------------------------------------------------------------------
// Members on update (README "Members on update")
// ---------------------------------------------------------------------------------------------

export interface MemberPlan {
  updates: { row: FamilyMemberRow; member: MemberWrite }[];
  inserts: MemberWrite[];
  removed: FamilyMemberRow[];
}

/**
 * Matches the body's members to the family's active memberships (README "Members on update"):
 * - a member with `id` updates that membership (it must be an active member of this family);
 * - a member without `id` is a new person; the head without `id` is the current head, unless
 *   the current head is listed among the members (a new person becomes head);
 * - the head with the `id` of another member makes that member head: the previous head must stay
 *   listed among the members with another relationship;
 * - an active member the body leaves out: removed from a draft, refused (422) for a registered
 *   family — leaving a registered family is a move with a reason.
 * Non-head members come first in `updates`, so a demoted head stops being head before the new
 * head is written.
 */
export function planMembers(
  write: FamilyWrite,
  active: readonly FamilyMemberRow[],
  isDraft: boolean,
  errors: { add(path: string, message: string): void },
): MemberPlan {
  const byId = new Map(active.map((row) => [row.id, row]));
  const currentHead = active.find((row) => row.relationship === 'head');
  const listed = new Set<number>();
  const plan: MemberPlan = { updates: [], inserts: [], removed: [] };

  write.members.forEach((member, index) => {
    if (member.id === null) {
      plan.inserts.push(member);
      return;
    }
    const row = byId.get(member.id);
    if (!row) errors.add(`members.${index}.id`, FAMILY_API_MESSAGES.memberNotInFamily);
    else if (listed.has(row.id))
      errors.add(`members.${index}.id`, FAMILY_API_MESSAGES.memberListedTwice);
    else {
      listed.add(row.id);
      plan.updates.push({ row, member });
    }
  });

  const head = write.head;
  let headRow: FamilyMemberRow | undefined;
  if (head.id !== null) {
    headRow = byId.get(head.id);
    if (!headRow) errors.add('head.id', FAMILY_API_MESSAGES.memberNotInFamily);
    else if (listed.has(headRow.id)) errors.add('head.id', FAMILY_API_MESSAGES.memberListedTwice);
  } else if (currentHead && !listed.has(currentHead.id)) {
    headRow = currentHead;
  }
  if (headRow) {
    listed.add(headRow.id);
    plan.updates.push({ row: headRow, member: head });
  } else if (head.id === null) {
    plan.inserts.push(head);
  }

  const omitted = active.filter((row) => !listed.has(row.id));
  if (omitted.length > 0) {
    if (isDraft) plan.removed.push(...omitted);
    else if (
      currentHead &&
      omitted.some((row) => row.id === currentHead.id) &&
      headRow &&
      headRow.id !== currentHead.id
    ) {
      errors.add('members', FAMILY_API_MESSAGES.oldHeadMustStay);
    } else {
      errors.add(
        'members',
        FAMILY_API_MESSAGES.memberOmitted(omitted.map((row) => row.full_name).join('، ')),
      );
    }
  }
  return plan;
}
