/**
 * TanStack Query defaults of docs/shell.md#auth-calls, as plain data so this package needs no
 * React.
 */
export const QUERY_RETRIES = 3;
export const QUERY_RETRY_CAP_MS = 30_000;
export const QUERY_GC_TIME_MS = 5 * 60 * 1000;

/** 1 s doubled per attempt, capped at 30 s. `attempt` counts from 0 as TanStack Query passes it. */
export function queryRetryDelay(attempt: number): number {
  return Math.min(1000 * 2 ** attempt, QUERY_RETRY_CAP_MS);
}

export const QUERY_DEFAULT_OPTIONS = {
  queries: {
    retry: QUERY_RETRIES,
    retryDelay: queryRetryDelay,
    gcTime: QUERY_GC_TIME_MS,
    refetchOnWindowFocus: false,
  },
} as const;
