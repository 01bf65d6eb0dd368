import { normaliseArabic } from 'shared-contracts';
import { phoneSearchForms } from '../../db/search';

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
  const phones = [source.primary_phone, source.alt_phone, ...source.members.map((member) => member.phone)];
  for (const member of source.members) {
    parts.push(normaliseArabic(member.full_name));
    if (member.national_id) parts.push(member.national_id);
  }
  for (const phone of phones) parts.push(...phoneSearchForms(phone));
  return [...new Set(parts.filter((part) => part !== ''))].join(' ');
}
