import { useCallback, useEffect, useMemo, useRef } from 'react';

/**
 * A debounced version of `callback` (the latest callback is always the one called) with
 * `flush` (run the pending call now) and `cancel`. Pending calls are flushed on unmount so
 * nothing typed is lost when the component goes away.
 */
export function useDebouncedCallback<A extends unknown[]>(
  callback: (...args: A) => void,
  delayMs: number,
  { flushOnUnmount = false }: { flushOnUnmount?: boolean } = {},
) {
  const callbackRef = useRef(callback);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const pendingArgs = useRef<A | undefined>(undefined);

  useEffect(() => {
    callbackRef.current = callback;
  });

  const flush = useCallback(() => {
    if (timer.current !== undefined) clearTimeout(timer.current);
    timer.current = undefined;
    const args = pendingArgs.current;
    pendingArgs.current = undefined;
    if (args) callbackRef.current(...args);
  }, []);

  const cancel = useCallback(() => {
    if (timer.current !== undefined) clearTimeout(timer.current);
    timer.current = undefined;
    pendingArgs.current = undefined;
  }, []);

  const run = useCallback(
    (...args: A) => {
      pendingArgs.current = args;
      if (timer.current !== undefined) clearTimeout(timer.current);
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
