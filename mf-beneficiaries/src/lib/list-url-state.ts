import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { z } from 'zod';
import type { ListState, ListStateInput, SortOrder } from 'shared-contracts';

type FilterShape = Record<string, z.ZodType>;

/** What `defineListQuery` returns that a list page needs (families, members, orgs, seasons…). */
export interface ListQueryDefinition<F extends FilterShape, S extends string> {
  fromParams(params: URLSearchParams): ListState<F, S>;
  toParams(state: ListStateInput<F, S>): Record<string, string>;
  readonly sortable: readonly string[];
}

export type FilterValues<F extends FilterShape> = ListState<F, string>['filter'];

/**
 * A list page's whole state (page, per_page, sort, order, search, filter[…]) lives in the URL,
 * read and written with the contracts' list-query codec: reload, back/forward and shared links
 * keep it. `params` is exactly what the API is sent (defaults left out).
 */
export function useListUrlState<F extends FilterShape, S extends string>(
  query: ListQueryDefinition<F, S>,
) {
  const [searchParams, setSearchParams] = useSearchParams();
  const key = searchParams.toString();
  // Parsed once per distinct URL, so the object (and the query key built from it) is stable.
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

  /** A new search starts at page 1 and replaces the history entry (typing is not navigation). */
  const setSearch = useCallback(
    (search: string) => {
      if ((state.search ?? '') === search.trim()) return;
      write({ ...state, search, page: 1 }, true);
    },
    [state, write],
  );

  /** Changing a filter resets to page 1. `undefined` removes it. */
  const setFilter = useCallback(
    <K extends keyof F & string>(name: K, value: FilterValues<F>[K] | undefined) => {
      write({ ...state, page: 1, filter: { ...state.filter, [name]: value } });
    },
    [state, write],
  );

  const clearFilters = useCallback(
    () => write({ page: 1, per_page: state.per_page, sort: state.sort, order: state.order }),
    [state, write],
  );

  const hasFilters =
    Boolean(state.search) ||
    Object.values(state.filter as Record<string, unknown>).some(
      (value) =>
        value !== undefined && value !== null && !(Array.isArray(value) && value.length === 0),
    );

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
