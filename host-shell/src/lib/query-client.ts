import { QueryClient, type DefaultOptions } from '@tanstack/react-query';
import { QUERY_DEFAULT_OPTIONS, QUERY_RETRIES, isRetryableError } from 'shared-contracts';

/**
 * The page's one QueryClient (docs/architecture.md#federation): react-query is a federation
 * singleton, so remotes' `useQuery` calls land in this client and share its cache.
 * docs/shell.md#auth-calls defaults, except that a 4xx answer is not retried: it will not change on
 * a second try and would only delay the error.
 */
export function createHostQueryClient(overrides: DefaultOptions = {}): QueryClient {
  return new QueryClient({
    defaultOptions: {
      ...overrides,
      queries: {
        ...QUERY_DEFAULT_OPTIONS.queries,
        retry: (failureCount: number, error: unknown) =>
          failureCount < QUERY_RETRIES && isRetryableError(error),
        ...overrides.queries,
      },
    },
  });
}
