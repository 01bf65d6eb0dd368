import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { ListState, ListStateInput, SortOrder, defineListQuery } from 'shared-contracts';

/** A list's filter schemas (zod), named through the contracts so shared-ui needs no zod. */
export type ListFilterShape = Parameters<typeof defineListQuery>[0]['filters'];
type FilterShape = ListFilterShape;

/** The part of a `defineListQuery` result (shared-contracts) this hook needs. */
export interface ListQueryDefinition<F extends FilterShape, S extends string> {
  fromParams(params: URLSearchParams): ListState<F, S>;
  toParams(state: ListStateInput<F, S>): Record<string, string>;
}

/** The parsed filter values of a list (`state.filter`). */
export type ListFilterValues<F extends FilterShape> = ListState<F, string>['filter'];

export interface ListUrlState<F extends FilterShape, S extends string> {
  /** page, per_page, search, sort, order and filter, parsed leniently from the URL. */
  state: ListState<F, S>;
  /** Exactly what the API is sent for this state (defaults left out). */
  params: Record<string, string>;
  setPage: (page: number) => void;
  /** A new page size starts at page 1. */
  setPerPage: (perPage: number) => void;
  /** A new sort starts at page 1. */
  setSort: (sort: S, order: SortOrder) => void;
  /** A new search starts at page 1 and replaces the history entry. */
  setSearch: (search: string) => void;
  /** A changed filter starts at page 1; `undefined` removes it. */
  setFilter: <K extends keyof F & string>(
    name: K,
    value: ListFilterValues<F>[K] | undefined,
  ) => void;
  /** Drops the search and every filter; keeps page size and sort. */
  clearFilters: () => void;
  /** A search or any filter is set (an empty result then means "no match", not "nothing yet"). */
  hasFilters: boolean;
}

function isSet(value: unknown): boolean {
  if (value === undefined || value === null || value === '') return false;
  return !(Array.isArray(value) && value.length === 0);
}

/**
 * A list page's whole state lives in the URL, read and written with the contracts' list-query
 * codec: reload, back/forward and a shared link all keep it. Invalid entries in a hand-edited
 * URL are dropped, never thrown.
 */
export function useListUrlState<F extends FilterShape, S extends string>(
  query: ListQueryDefinition<F, S>,
): ListUrlState<F, S> {
  const [searchParams, setSearchParams] = useSearchParams();
  const key = searchParams.toString();
  // Parsed once per distinct URL, so the state (and a query key built from it) is stable.
  const state = useMemo(() => query.fromParams(new URLSearchParams(key)), [key, query]);
  const params = useMemo(() => query.toParams(state), [query, state]);

  const write = useCallback(
    (next: ListStateInput<F, S>, replace = false) => {
      setSearchParams(query.toParams(next), { replace });
    },
    [query, setSearchParams],
  );

  const setPage = useCallback((page: number) => write({ ...state, page }), [state, write]);

  const setPerPage = useCallback(
    (perPage: number) => write({ ...state, per_page: perPage, page: 1 }),
    [state, write],
  );

  const setSort = useCallback(
    (sort: S, order: SortOrder) => write({ ...state, sort, order, page: 1 }),
    [state, write],
  );

  // Typing is not navigation: replace the entry, and ignore a change the URL already has
  // (a trailing space the user is still typing).
  const setSearch = useCallback(
    (search: string) => {
      if ((state.search ?? '') === search.trim()) return;
      write({ ...state, search, page: 1 }, true);
    },
    [state, write],
  );

  const setFilter = useCallback(
    <K extends keyof F & string>(name: K, value: ListFilterValues<F>[K] | undefined) => {
      write({ ...state, page: 1, filter: { ...state.filter, [name]: value } });
    },
    [state, write],
  );

  const clearFilters = useCallback(
    () => write({ page: 1, per_page: state.per_page, sort: state.sort, order: state.order }),
    [state, write],
  );

  const hasFilters =
    Boolean(state.search) || Object.values(state.filter as Record<string, unknown>).some(isSet);

  return {
    state,
    params,
    setPage,
    setPerPage,
    setSort,
    setSearch,
    setFilter,
    clearFilters,
    hasFilters,
  };
}

/** The sortable column ids as a type guard for DataTable's `onSortChange`. */
export function isSortable<S extends string>(sortable: readonly S[], id: string): id is S {
  return (sortable as readonly string[]).includes(id);
}

/** A single-choice select's value for a codes filter (first code, or ''). */
export function firstCode(codes: readonly string[] | undefined): string {
  return codes?.[0] ?? '';
}

/** A codes filter from a single-choice select ('' clears it). */
export function codesFromSelect<T extends string>(value: string): T[] | undefined {
  return value === '' ? undefined : [value as T];
}
