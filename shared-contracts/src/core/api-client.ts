import axios, { AxiosError, type AxiosInstance } from 'axios';
import { ApiContractError, CONTRACT_ERROR_MESSAGE } from './call-endpoint';
import { apiErrorSchema } from './envelope';

export const API_TIMEOUT_MS = 5000;
export const DEFAULT_API_BASE_URL = '/api';

export interface ApiClientOptions {
  baseURL?: string;
  /** Read at every request so a new login takes effect at once. */
  getToken: () => string | null;
}

/**
 * One axios instance: 5000 ms timeout, bearer token from the session (docs/shell.md#auth-calls).
 */
export function createApiClient({
  baseURL = DEFAULT_API_BASE_URL,
  getToken,
}: ApiClientOptions): AxiosInstance {
  const client = axios.create({
    baseURL,
    timeout: API_TIMEOUT_MS,
    headers: { Accept: 'application/json' },
  });
  client.interceptors.request.use((config) => {
    const token = getToken();
    if (token) config.headers.set('Authorization', `Bearer ${token}`);
    return config;
  });
  return client;
}

export const FALLBACK_ERROR_MESSAGE = 'حدث خطأ غير متوقع';
export const NETWORK_ERROR_MESSAGE = 'تعذر الاتصال بالخادم، تحقق من الشبكة وحاول مرة أخرى';

/** The server's Arabic message and field errors out of any thrown value. */
export function readApiError(
  error: unknown,
  fallback = FALLBACK_ERROR_MESSAGE,
): {
  status: number | undefined;
  message: string;
  fieldErrors: Record<string, string[]>;
} {
  if (error instanceof ApiContractError)
    return { status: undefined, message: CONTRACT_ERROR_MESSAGE, fieldErrors: {} };
  if (error instanceof AxiosError) {
    const parsed = apiErrorSchema.safeParse(error.response?.data);
    if (parsed.success) {
      return {
        status: error.response?.status,
        message: parsed.data.message,
        fieldErrors: parsed.data.errors ?? {},
      };
    }
    if (!error.response)
      return { status: undefined, message: NETWORK_ERROR_MESSAGE, fieldErrors: {} };
    return { status: error.response.status, message: fallback, fieldErrors: {} };
  }
  return { status: undefined, message: fallback, fieldErrors: {} };
}

/** Client errors (4xx) will not change on retry; network errors and 5xx might. */
export function isRetryableError(error: unknown): boolean {
  // A contract mismatch is a build problem: asking again gets the same answer.
  if (error instanceof ApiContractError) return false;
  if (error instanceof AxiosError) {
    const status = error.response?.status;
    return status === undefined || status >= 500 || status === 429;
  }
  return true;
}
