import { useCallback, useEffect, useMemo, useRef } from 'react';

export interface DebouncedCallback<A extends unknown[]> {
  /** Schedules a call with these arguments, replacing any pending one. */
  run: (...args: A) => void;
  /** Runs the pending call now (e.g. on Enter); nothing if none is pending. */
  flush: () => void;
  /** Drops the pending call. */
  cancel: () => void;
}

/**
 * A debounced `callback` (the latest one passed is always the one called). The returned object
 * is stable, so it can go into effect dependencies. On unmount a pending call is dropped (the
 * component it would update is gone) unless `flushOnUnmount` asks to run it, so nothing typed is
 * lost (a draft saved as the user leaves).
 */
export function useDebouncedCallback<A extends unknown[]>(
  callback: (...args: A) => void,
  delayMs: number,
  { flushOnUnmount = false }: { flushOnUnmount?: boolean } = {},
): DebouncedCallback<A> {
  const callbackRef = useRef(callback);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const pendingArgs = useRef<A | undefined>(undefined);

  useEffect(() => {
    callbackRef.current = callback;
  });

  const cancel = useCallback(() => {
    if (timer.current !== undefined) clearTimeout(timer.current);
    timer.current = undefined;
    pendingArgs.current = undefined;
  }, []);

  const flush = useCallback(() => {
    const args = pendingArgs.current;
    cancel();
    if (args) callbackRef.current(...args);
  }, [cancel]);

  const run = useCallback(
    (...args: A) => {
      if (timer.current !== undefined) clearTimeout(timer.current);
      pendingArgs.current = args;
      timer.current = setTimeout(flush, delayMs);
    },
    [delayMs, flush],
  );

  useEffect(
    () => () => {
      if (flushOnUnmount) flush();
      else cancel();
    },
    [cancel, flush, flushOnUnmount],
  );

  return useMemo(() => ({ run, flush, cancel }), [run, flush, cancel]);
}
