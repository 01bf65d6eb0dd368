import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { z } from 'zod';
import type { ListState, ListStateInput, SortOrder } from 'shared-contracts';

type FilterShape = Record<string, z.ZodType>;

/** The part of a `defineListQuery` result (shared-contracts) this hook needs. */
export interface ListQueryCodec<F extends FilterShape, S extends string> {
  fromParams(params: URLSearchParams): ListState<F, S>;
  toParams(state: ListStateInput<F, S>): Record<string, string>;
}

export type ListFilters<F extends FilterShape> = ListState<F, string>['filter'];

/**
 * A list page's state (page, search, sort, order, filter[…]) kept in the URL with the
 * contracts' list-query codec: reload, back/forward and a shared link all keep it. Invalid
 * entries in a hand-edited URL are dropped, never thrown.
 */
export function useListUrlState<F extends FilterShape, S extends string>(
  codec: ListQueryCodec<F, S>,
) {
  const [searchParams, setSearchParams] = useSearchParams();
  const key = searchParams.toString();
  // Parsed once per distinct URL, so the state (and the query key built from it) is stable.
  const state = useMemo(() => codec.fromParams(new URLSearchParams(key)), [key, codec]);

  const write = useCallback(
    (next: ListStateInput<F, S>, replace = false) => {
      setSearchParams(codec.toParams(next), { replace });
    },
    [codec, setSearchParams],
  );

  const setPage = useCallback((page: number) => write({ ...state, page }), [state, write]);

  const setSort = useCallback(
    (sort: S, order: SortOrder) => write({ ...state, sort, order, page: 1 }),
    [state, write],
  );

  /** A new search starts at page 1 and replaces the history entry: typing is not navigation. */
  const setSearch = useCallback(
    (search: string) => {
      if ((state.search ?? '') === search.trim()) return;
      write({ ...state, search, page: 1 }, true);
    },
    [state, write],
  );

  /** A changed filter starts at page 1; `undefined` removes it. */
  const setFilter = useCallback(
    <K extends keyof F & string>(name: K, value: ListFilters<F>[K] | undefined) => {
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
      (value) => value !== undefined && value !== null && value !== '',
    );

  return { state, setPage, setSort, setSearch, setFilter, clearFilters, hasFilters };
}
