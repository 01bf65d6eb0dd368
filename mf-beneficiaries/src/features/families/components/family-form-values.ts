import type {
  FamilyDetail,
  FamilyFormValues,
  FamilyMemberFormValues,
  FamilyHeadFormValues,
} from 'shared-contracts';
import { familyDetailToInput } from 'shared-contracts';

/**
 * The family form's values: the write body's input shape (`z.input` of familySubmitSchema),
 * with blanks as '' so every input is controlled from a string. The schemas read '' as "no value".
 */
export type FamilyValues = FamilyFormValues;
export type MemberValues = FamilyMemberFormValues;
export type HeadValues = FamilyHeadFormValues;

export function emptyHead(): HeadValues {
  return {
    full_name: '',
    national_id: '',
    gender: '' as HeadValues['gender'],
    birth_date: '',
    marital_status: '',
    education_level: '',
    employment_status: '',
    phone: '',
    is_pregnant: false,
    is_lactating: false,
  };
}

export function emptyMember(): MemberValues {
  return {
    full_name: '',
    national_id: '',
    relationship: '' as MemberValues['relationship'],
    gender: '' as MemberValues['gender'],
    birth_date: '',
    marital_status: '',
    health_status: '',
    disabilities: [],
    education_level: '',
    employment_status: '',
    occupation: '',
    monthly_income: '',
    is_pregnant: false,
    is_lactating: false,
    phone: '',
  };
}

export function emptyFamily(): FamilyValues {
  return {
    head: emptyHead(),
    primary_phone: '',
    alt_phone: '',
    city: '',
    district: '',
    address: '',
    national_address_short_code: '',
    housing_type: '',
    housing_ownership: '' as FamilyValues['housing_ownership'],
    monthly_rent: '',
    income_sources: [],
    categories: [],
    needs: [],
    consent_data_processing: false as unknown as true,
    consent_share_with_partners: false,
    assigned_researcher_id: '',
    next_reassessment_date: '',
    notes: '',
    members: [],
  };
}

/** null → '' (recursively), numbers → strings, so inputs never receive null. Absent keys stay absent. */
export function blankNulls<T>(value: T): T {
  if (value === null) return '' as T;
  if (typeof value === 'number') return String(value) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => blankNulls(item)) as T;
  if (value && typeof value === 'object') {
    const result: Record<string, unknown> = {};
    for (const [key, entry] of Object.entries(value)) result[key] = blankNulls(entry);
    return result as T;
  }
  return value;
}

/** The edit form's defaults from a family detail. Member and agreement ids stay numbers. */
export function familyDetailToFormValues(detail: FamilyDetail): FamilyValues {
  const input = familyDetailToInput(detail);
  const values = blankNulls(input);
  return {
    ...values,
    head: { ...values.head, id: input.head.id ?? undefined },
    members: (values.members ?? []).map((member, index) => ({
      ...member,
      id: input.members?.[index]?.id ?? undefined,
    })),
  };
}
