import { AxiosError, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { createHostQueryClient } from './query-client';

const config = { headers: {} } as InternalAxiosRequestConfig;
const httpError = (status: number) =>
  new AxiosError(`HTTP ${status}`, AxiosError.ERR_BAD_REQUEST, config, {}, {
    status,
    config,
  } as AxiosResponse);
const networkError = () => new AxiosError('Network Error', AxiosError.ERR_NETWORK, config);

describe('the host QueryClient', () => {
  const defaults = createHostQueryClient().getDefaultOptions().queries ?? {};
  const retry = defaults.retry as (failureCount: number, error: unknown) => boolean;
  const retryDelay = defaults.retryDelay as (attempt: number, error: unknown) => number;

  test('retries a network error or a 5xx three times', () => {
    for (const error of [networkError(), httpError(500), httpError(503), httpError(429)]) {
      expect([0, 1, 2].map((count) => retry(count, error))).toEqual([true, true, true]);
      expect(retry(3, error)).toBe(false);
    }
  });

  test('never retries a 4xx: the answer will not change', () => {
    for (const status of [400, 401, 403, 404, 409, 422])
      expect(retry(0, httpError(status))).toBe(false);
  });

  test('back-off: 1 s doubled per attempt, capped at 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map((attempt) => retryDelay(attempt, networkError()))).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000,
    ]);
  });

  test('keeps data 5 minutes and does not refetch on window focus', () => {
    expect(defaults.gcTime).toBe(5 * 60 * 1000);
    expect(defaults.refetchOnWindowFocus).toBe(false);
  });

  test('a failing query really makes 1 + 3 attempts', async () => {
    const client = createHostQueryClient({ queries: { retryDelay: 0 } });
    const queryFn = jest.fn(() => Promise.reject(httpError(502)));
    await expect(client.fetchQuery({ queryKey: ['x'], queryFn })).rejects.toBeInstanceOf(
      AxiosError,
    );
    expect(queryFn).toHaveBeenCalledTimes(4);
  });
});
