import {
  sql,
  type Expression,
  type ExpressionBuilder,
  type RawBuilder,
  type SelectQueryBuilder,
  type SqlBool,
} from 'kysely';
import {
  hasSaudiIdShape,
  normaliseArabic,
  normaliseDigits,
  normaliseSaudiId,
  normaliseSaudiMobile,
  stripBidiControls,
} from 'shared-contracts';

/**
 * The one Arabic-normalised search of the API (README "Search"). A searchable row keeps a
 * haystack — a `search_text` column (trigram-indexed) or an expression over its columns — of
 * `normaliseArabic`-ed words, identifiers and phones (E.164 and the local 05… form). A search is
 * one or more alternatives, each a list of tokens that must all occur in the haystack:
 * - the typed words, normalised (alef forms, ى/ي, ة/ه, diacritics, digits); a one-letter word
 *   is dropped beside longer ones (it narrows nothing and defeats the trigram index);
 * - the digits alone when the term is a number written with spaces or dashes (an ID, a phone);
 * - the local form of a Saudi mobile typed in any accepted form (+966 5…, 00966…, ٠٥…).
 * Every token is a substring test (`LIKE '%token%'`), so a file number, a full ID or a phone is
 * an exact match in practice and a partial name matches wherever it occurs.
 */

/** Escapes LIKE wildcards so a search for "50%" means the characters, not a pattern. */
export function likeContains(term: string): string {
  return `%${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** The local spelling of a stored E.164 Saudi mobile: `+966512345678` → `0512345678`. */
export function localMobile(e164: string): string | null {
  const normalised = normaliseSaudiMobile(e164);
  return normalised ? `0${normalised.slice(4)}` : null;
}

/** A phone as a haystack holds it: the stored form and, for a Saudi mobile, its local form. */
export function phoneSearchForms(phone: string | null | undefined): string[] {
  if (!phone) return [];
  const local = localMobile(phone);
  return local ? [phone, local] : [phone];
}

/** The token lists of a search; an empty result means "no search". */
export function searchAlternatives(search: string | undefined): string[][] {
  if (!search || search.trim() === '') return [];
  const alternatives: string[][] = [];
  const words = normaliseArabic(search)
    .split(' ')
    .filter((word) => word !== '');
  const useful = words.filter((word) => word.length > 1);
  const tokens = useful.length > 0 ? useful : words;
  if (tokens.length > 0) alternatives.push(tokens);
  const compact = stripBidiControls(normaliseDigits(search)).replace(/[\s-]/g, '');
  if (/^\d{3,}$/.test(compact) && !(tokens.length === 1 && tokens[0] === compact))
    alternatives.push([compact]);
  const mobile = normaliseSaudiMobile(search);
  const local = mobile ? localMobile(mobile) : null;
  if (
    local &&
    !alternatives.some((alternative) => alternative.length === 1 && alternative[0] === local)
  ) {
    alternatives.push([local]);
  }
  return alternatives;
}

/** A column reference (`'f.search_text'`) or an SQL expression over the row's columns. */
export type SearchHaystack = string | RawBuilder<unknown>;

/** `(all tokens of alternative 1 in the haystack) OR (… alternative 2) …`. */
export function searchMatch<DB, TB extends keyof DB>(
  eb: ExpressionBuilder<DB, TB>,
  haystack: SearchHaystack,
  alternatives: readonly (readonly string[])[],
): Expression<SqlBool> {
  const subject = typeof haystack === 'string' ? sql.ref(haystack) : haystack;
  return eb.or(
    alternatives.map((tokens) =>
      eb.and(tokens.map((token) => sql<SqlBool>`${subject} like ${likeContains(token)}`)),
    ),
  );
}

/** The query narrowed to the rows matching `search` (unchanged without a search). */
export function whereSearch<DB, TB extends keyof DB, O>(
  builder: SelectQueryBuilder<DB, TB, O>,
  haystack: SearchHaystack,
  search: string | undefined,
): SelectQueryBuilder<DB, TB, O> {
  const alternatives = searchAlternatives(search);
  return alternatives.length === 0
    ? builder
    : builder.where((eb) => searchMatch(eb, haystack, alternatives));
}

/**
 * The national ID a search names in full (10 digits starting with 1 or 2; Arabic-Indic digits,
 * spaces and dashes allowed), else null. Readers who may not see identity documents search by a
 * whole ID only: a part of one would let them enumerate IDs digit by digit.
 */
export function searchedNationalId(search: string | undefined): string | null {
  if (!search) return null;
  const id = normaliseSaudiId(search).replace(/-/g, '');
  return hasSaudiIdShape(id) ? id : null;
}

/** A whole national ID as a haystack token (PostgreSQL word boundaries; phones never match it). */
const NATIONAL_ID_TOKEN = '\\m[12][0-9]{9}\\M';

/**
 * The haystack without its national IDs, for readers who may not see identity documents: with
 * `searchedNationalId` for the whole-ID case, their search finds a family by its names, file
 * number and phones, and by one whole ID only.
 */
export function withoutNationalIds(haystack: SearchHaystack): RawBuilder<unknown> {
  const subject = typeof haystack === 'string' ? sql.ref(haystack) : haystack;
  return sql`regexp_replace(${subject}, ${NATIONAL_ID_TOKEN}, '', 'g')`;
}
