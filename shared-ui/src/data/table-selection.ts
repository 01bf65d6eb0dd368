import { useCallback, useMemo, useState, type Key } from 'react';

/**
 * The rows a person has ticked in a list, for a bulk action (docs/bulk-actions.md): some rows by
 * their key (kept across pages), or every row the list's filter matches (`all`, counted by the
 * list's total). A change of filter or search (`resetKey`) clears it; paging and sorting do not.
 */
export interface TableSelection {
  /** `ids`: the ticked rows; `all`: every row matching the filter. */
  readonly mode: 'ids' | 'all';
  /** The ticked rows' keys (as text), in `ids` mode. */
  readonly keys: ReadonlySet<string>;
  /** How many are selected: the ticked rows, or the list's total in `all` mode. */
  readonly count: number;
  /** How many rows the filter matches (what «تحديد كل النتائج المطابقة» would select). */
  readonly total: number;
  isSelected(key: Key): boolean;
  toggle(key: Key): void;
  /** Ticks (or unticks) every row of the page shown. */
  setPage(keys: readonly Key[], selected: boolean): void;
  selectAllMatching(): void;
  clear(): void;
}

const NONE: ReadonlySet<string> = new Set();

export function useTableSelection({
  total,
  resetKey,
}: {
  total: number;
  /** Changes with the list's filter and search (never with its page or sort). */
  resetKey: string;
}): TableSelection {
  const [state, setState] = useState<{
    resetKey: string;
    mode: 'ids' | 'all';
    keys: ReadonlySet<string>;
  }>({ resetKey, mode: 'ids', keys: new Set() });
  // Another filter: another set of rows, so nothing stays selected (reset during render).
  const stale = state.resetKey !== resetKey;
  if (stale) setState({ resetKey, mode: 'ids', keys: NONE });
  const mode = stale ? 'ids' : state.mode;
  const keys = stale ? NONE : state.keys;

  const toggle = useCallback(
    (key: Key) =>
      setState((previous) => {
        const keys = new Set(previous.mode === 'ids' ? previous.keys : []);
        const text = String(key);
        if (keys.has(text)) keys.delete(text);
        else keys.add(text);
        return { ...previous, mode: 'ids', keys };
      }),
    [],
  );
  const setPage = useCallback(
    (pageKeys: readonly Key[], selected: boolean) =>
      setState((previous) => {
        const keys = new Set(previous.mode === 'ids' ? previous.keys : []);
        for (const key of pageKeys) {
          if (selected) keys.add(String(key));
          else keys.delete(String(key));
        }
        return { ...previous, mode: 'ids', keys };
      }),
    [],
  );
  const selectAllMatching = useCallback(
    () => setState((previous) => ({ ...previous, mode: 'all', keys: new Set() })),
    [],
  );
  const clear = useCallback(
    () => setState((previous) => ({ ...previous, mode: 'ids', keys: new Set() })),
    [],
  );

  return useMemo(
    () => ({
      mode,
      keys,
      count: mode === 'all' ? total : keys.size,
      total,
      isSelected: (key: Key) => mode === 'all' || keys.has(String(key)),
      toggle,
      setPage,
      selectAllMatching,
      clear,
    }),
    [mode, keys, total, toggle, setPage, selectAllMatching, clear],
  );
}

/** A list's URL parameters without paging and sorting: what «كل النتائج المطابقة» stands for. */
export function listFilterParams(params: Readonly<Record<string, string>>): Record<string, string> {
  const { page: _page, per_page: _perPage, sort: _sort, order: _order, ...filter } = params;
  return filter;
}

/**
 * The selection as a bulk request sends it: the ticked rows' ids, or the list's filter
 * (`listFilterParams`) when every matching row is selected.
 */
export function selectionRequest(
  selection: Pick<TableSelection, 'mode' | 'keys'>,
  params: Readonly<Record<string, string>>,
): { ids: number[] } | { filter: Record<string, string> } {
  return selection.mode === 'all'
    ? { filter: listFilterParams(params) }
    : { ids: [...selection.keys].map(Number) };
}
