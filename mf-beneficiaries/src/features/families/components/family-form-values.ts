import type { DefaultValues } from 'react-hook-form';
import { z } from 'zod';
import type {
  FamilyFormValues,
  FamilyHeadFormValues,
  FamilyMemberFormValues,
} from 'shared-contracts/beneficiaries';

/**
 * The family form's values: the write body's input shape (`z.input` of familySubmitSchema), with
 * blanks as '' so every input starts from a string. The schemas read '' (and null) as "no value".
 * A choice that has none yet (gender, relationship, housing ownership) is left out: its select
 * starts on the placeholder ('') and the schema asks for it; so is the consent, a required tick
 * that starts unticked (false).
 */
export type FamilyValues = FamilyFormValues;
export type MemberValues = FamilyMemberFormValues;
export type HeadValues = FamilyHeadFormValues;

export function emptyHead(): DefaultValues<HeadValues> {
  return {
    full_name: '',
    national_id: '',
    birth_date: '',
    marital_status: '',
    education_level: '',
    employment_status: '',
    phone: '',
    is_pregnant: false,
    is_lactating: false,
  };
}

export function emptyMember(): DefaultValues<MemberValues> {
  return {
    full_name: '',
    national_id: '',
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

export function emptyFamily(): DefaultValues<FamilyValues> {
  return {
    head: emptyHead(),
    primary_phone: '',
    alt_phone: '',
    city: '',
    district: '',
    address: '',
    national_address_short_code: '',
    housing_type: '',
    monthly_rent: '',
    income_sources: [],
    categories: [],
    needs: [],
    consent_share_with_partners: false,
    assigned_researcher_id: '',
    next_reassessment_date: '',
    notes: '',
    members: [],
  };
}

/**
 * The schema of a family form (the edit form, a wizard step): its values are the family form's
 * (or the part of them a step holds), checked by `schema` — the write schema or the step's own,
 * whose declared input may be wider (a draft accepts anything and drops the blanks).
 */
export function familyFormSchema<S extends z.ZodType>(schema: S) {
  return z
    .custom<FamilyValues>()
    .transform((values): unknown => values)
    .pipe(schema);
}
