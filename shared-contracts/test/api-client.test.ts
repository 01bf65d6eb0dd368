import { AxiosError, AxiosHeaders, type InternalAxiosRequestConfig } from 'axios';
import {
  API_TIMEOUT_MS,
  createApiClient,
  isRetryableError,
  readApiError,
} from '../src/core/api-client';

const errorWith = (status: number | undefined, data?: unknown) => {
  const config = { headers: new AxiosHeaders() } as InternalAxiosRequestConfig;
  return new AxiosError(
    'x',
    'ERR',
    config,
    undefined,
    status === undefined ? undefined : { status, data, statusText: '', headers: {}, config },
  );
};

test('5000 ms timeout and bearer token read at request time', async () => {
  let token: string | null = null;
  const client = createApiClient({ getToken: () => token });
  expect(client.defaults.timeout).toBe(API_TIMEOUT_MS);
  expect(API_TIMEOUT_MS).toBe(5000);
  const seen: (string | undefined)[] = [];
  client.defaults.adapter = async (config) => {
    seen.push(config.headers.get('Authorization') as string | undefined);
    return { data: {}, status: 200, statusText: 'OK', headers: {}, config };
  };
  await client.get('/user');
  token = 'abc';
  await client.get('/user');
  expect(seen).toEqual([undefined, 'Bearer abc']);
});

test('readApiError prefers the server message', () => {
  expect(readApiError(errorWith(422, { message: 'خطأ', errors: { name: ['مطلوب'] } }))).toEqual({
    status: 422,
    message: 'خطأ',
    fieldErrors: { name: ['مطلوب'] },
  });
  expect(readApiError(errorWith(500, '<html>'), 'بديل').message).toBe('بديل');
  expect(readApiError(errorWith(undefined)).message).toMatch(/تعذر الاتصال/);
  expect(readApiError(new Error('x'), 'بديل').message).toBe('بديل');
});

test('only network errors, 5xx and 429 are retried', () => {
  expect(isRetryableError(errorWith(undefined))).toBe(true);
  expect(isRetryableError(errorWith(503))).toBe(true);
  expect(isRetryableError(errorWith(429))).toBe(true);
  expect(isRetryableError(errorWith(404))).toBe(false);
  expect(isRetryableError(errorWith(401))).toBe(false);
});
