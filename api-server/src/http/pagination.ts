import type { ListEnvelope, ListMeta } from 'shared-contracts';

/**
 * Paging of list answers: `{ data, meta: { page, per_page, total, last_page } }`
 * (docs/architecture.md#the-api).
 */

export function listMeta(page: number, perPage: number, total: number): ListMeta {
  return { page, per_page: perPage, total, last_page: Math.max(1, Math.ceil(total / perPage)) };
}

export function listEnvelope<T>(
  data: T[],
  page: number,
  perPage: number,
  total: number,
): ListEnvelope<T> {
  return { data, meta: listMeta(page, perPage, total) };
}

export function offsetOf(page: number, perPage: number): number {
  return (page - 1) * perPage;
}

/** The paging part of every parsed list query (`listQuerySchema`). */
export interface PageQuery {
  page: number;
  per_page: number;
}

/** `listEnvelope` for a parsed list query, so list routes do not spell out `query.page, query.per_page`. */
export function pageEnvelope<T>(data: T[], query: PageQuery, total: number): ListEnvelope<T> {
  return listEnvelope(data, query.page, query.per_page, total);
}

/** A list answer: the page's rows and the total (read together), each row mapped to its resource. */
export async function listPage<Row, Item>(
  query: PageQuery,
  rows: Promise<Row[]>,
  total: Promise<number>,
  toItem: (row: Row) => Item,
): Promise<ListEnvelope<Item>> {
  const [page, count] = await Promise.all([rows, total]);
  return pageEnvelope(page.map(toItem), query, count);
}

/** LIMIT and OFFSET of the page a parsed list query asks for. */
export function pageWindow(query: PageQuery): { limit: number; offset: number } {
  return { limit: query.per_page, offset: offsetOf(query.page, query.per_page) };
}

/**
 * Sort, order and page of a parsed list query, in the options shape the list repositories
 * take (`familyPage`, `memberPage`, `beneficiaryRows`).
 */
export function sortedPageOf<S, O>(
  query: PageQuery & { sort?: S; order: O },
): { sort: S | undefined; order: O; limit: number; offset: number } {
  return { sort: query.sort, order: query.order, ...pageWindow(query) };
}
