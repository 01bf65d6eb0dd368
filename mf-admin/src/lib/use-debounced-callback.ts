import { useCallback, useEffect, useRef } from 'react';

/**
 * A debounced `callback` (the latest one is always the one called) with `flush` (run the
 * pending call now, e.g. on Enter) and `cancel`. A pending call is dropped on unmount: the
 * component it would update is gone.
 */
export function useDebouncedCallback<A extends unknown[]>(
  callback: (...args: A) => void,
  delayMs: number,
) {
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

  useEffect(() => cancel, [cancel]);

  return { run, flush, cancel };
}
