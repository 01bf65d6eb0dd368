import { normaliseArabic } from 'shared-contracts';
import { phoneSearchForms } from '../../../db/search';

/*
 * The write model (a family as a create or an update gives it, whatever the schema that parsed
 * it) and the columns it is stored as. Shared by the repository, which writes the rows, and the
 * commands, which build the model and judge it.
 */

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

/**
 * What a family search looks in (README "Search"): `search_text`, the Arabic-normalised names of
 * its current members, its file number, national IDs and phones (E.164 and the local 05… form),
 * behind one GIN trigram index; `db/search.ts` matches a search against it.
 */
export interface SearchTextSource {
  file_number: string;
  primary_phone?: string | null;
  alt_phone?: string | null;
  members: ReadonlyArray<{ full_name: string; national_id: string | null; phone: string | null }>;
}

/** The `search_text` of a family: unique normalised words, space-separated. */
export function buildFamilySearchText(source: SearchTextSource): string {
  const parts: string[] = [normaliseArabic(source.file_number)];
  const phones = [
    source.primary_phone,
    source.alt_phone,
    ...source.members.map((member) => member.phone),
  ];
  for (const member of source.members) {
    parts.push(normaliseArabic(member.full_name));
    if (member.national_id) parts.push(member.national_id);
  }
  for (const phone of phones) parts.push(...phoneSearchForms(phone));
  return [...new Set(parts.filter((part) => part !== ''))].join(' ');
}
