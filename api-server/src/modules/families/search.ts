import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import { interpretFamilySearch, normaliseArabic, normaliseSaudiMobile } from 'shared-contracts';
import { likeContains } from '../../http/validation';

/**
 * Family search (README "Search"): every family keeps `search_text`, the Arabic-normalised
 * names of its current members, its file number, national IDs and phones (E.164 and the local
 * 05… form), behind one GIN trigram index. A search is one or more alternatives, each a list of
 * tokens that must all occur in `search_text`:
 * - the typed words, normalised (`normaliseArabic`: alef forms, ى/ي, ة/ه, diacritics, digits);
 * - the digits alone when the term is a number written with spaces or dashes (an ID, a phone);
 * - the local form of a Saudi mobile typed in any accepted form (+966 5…, 00966…, ٠٥…).
 * Every token is a substring test (`LIKE '%token%'`) that the trigram index answers for tokens
 * of three characters or more, so a file number, a full ID or a phone are exact matches in
 * practice and a partial name matches wherever it occurs.
 */

/** The local spelling of a stored E.164 Saudi mobile: `+966512345678` → `0512345678`. */
export function localMobile(e164: string): string | null {
  const normalised = normaliseSaudiMobile(e164);
  return normalised ? `0${normalised.slice(4)}` : null;
}

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
  for (const phone of phones) {
    if (!phone) continue;
    parts.push(phone);
    const local = localMobile(phone);
    if (local) parts.push(local);
  }
  return [...new Set(parts.filter((part) => part !== ''))].join(' ');
}

/** The token lists of a search; an empty result means "no search". */
export function searchAlternatives(search: string | undefined): string[][] {
  if (!search || search.trim() === '') return [];
  const interpreted = interpretFamilySearch(search);
  const alternatives: string[][] = [];
  const words = interpreted.text.split(' ').filter((word) => word !== '');
  // A one-letter word narrows nothing and defeats the trigram index; keep it only if alone.
  const useful = words.filter((word) => word.length > 1);
  const tokens = useful.length > 0 ? useful : words;
  if (tokens.length > 0) alternatives.push(tokens);
  if (interpreted.digits && interpreted.digits.length >= 3 && !(tokens.length === 1 && tokens[0] === interpreted.digits)) {
    alternatives.push([interpreted.digits]);
  }
  if (interpreted.phone) {
    const local = localMobile(interpreted.phone);
    if (local && !alternatives.some((alternative) => alternative.length === 1 && alternative[0] === local)) {
      alternatives.push([local]);
    }
  }
  return alternatives;
}

/**
 * `(all tokens of alternative 1 in column) OR (… alternative 2) …`, or null for no search.
 * The column is given as a reference such as `f.search_text`.
 */
export function searchCondition<DB, TB extends keyof DB>(
  eb: ExpressionBuilder<DB, TB>,
  column: string,
  alternatives: string[][],
): Expression<SqlBool> | null {
  if (alternatives.length === 0) return null;
  const ref = sql.ref(column);
  return eb.or(
    alternatives.map((tokens) => eb.and(tokens.map((token) => sql<SqlBool>`${ref} like ${likeContains(token)}`))),
  );
}
