import { normaliseArabic, type OrganisationInput } from 'shared-contracts';
import { localMobile } from '../families/search';

/**
 * What an organisation search looks in (`search_text`, trigram-indexed): name (normalised),
 * English name, registration number, phone (stored form and, for a mobile, the local 05… form),
 * email.
 */
export function organisationSearchText(
  input: Pick<OrganisationInput, 'name' | 'name_en' | 'registration_number' | 'phone' | 'email'>,
): string {
  const phone = input.phone ?? null;
  return [input.name, input.name_en, input.registration_number, phone, phone ? localMobile(phone) : null, input.email]
    .filter((part): part is string => typeof part === 'string' && part !== '')
    .map((part) => normaliseArabic(part))
    .join(' ');
}
