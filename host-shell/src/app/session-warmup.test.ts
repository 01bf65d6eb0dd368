import { waitFor } from '@testing-library/react';
import { authEndpoints, callEndpoint, createApiClient } from 'shared-contracts';
import { createFakeApi } from 'shared-ui/testing';
import { makeEmployee, TEST_TOKEN } from '../testing/fixtures';
import { warmUpRequest, withKnownEmployee } from './session-warmup';

function setup(token: string | null = TEST_TOKEN) {
  const api = createFakeApi();
  const employee = makeEmployee();
  let current = token;
  api.on(authEndpoints.currentUser, () => ({
    status: 200,
    data: { data: { ...employee, is_active: true } },
  }));
  const client = createApiClient({ getToken: () => current });
  client.defaults.adapter = api.adapter;
  const check = () => callEndpoint(client, authEndpoints.currentUser);
  return {
    api,
    client,
    check,
    employee,
    setToken: (next: string | null) => {
      current = next;
    },
    readToken: () => current,
  };
}

describe('the session check sent early (bootstrap.tsx)', () => {
  afterEach(() => jest.useRealTimers());

  test('the shell’s check gets the early answer: one request to the server', async () => {
    const { api, client, check, readToken, employee } = setup();
    warmUpRequest(client, readToken, check);
    const answer = await check();
    expect(answer.data).toMatchObject({ email: employee.email, is_active: true });
    expect(api.callsTo(authEndpoints.currentUser)).toHaveLength(1);
    // The one after that is a real request again.
    await check();
    expect(api.callsTo(authEndpoints.currentUser)).toHaveLength(2);
  });

  test('an early 401 is the shell’s 401 too', async () => {
    const { api, client, check, readToken } = setup();
    api.on(authEndpoints.currentUser, { status: 401, data: { message: 'انتهت الجلسة' } });
    warmUpRequest(client, readToken, check);
    await expect(check()).rejects.toMatchObject({ response: { status: 401 } });
    expect(api.callsTo(authEndpoints.currentUser)).toHaveLength(1);
  });

  test('another token, or a request after the time limit, goes to the server', async () => {
    const first = setup();
    warmUpRequest(first.client, first.readToken, first.check);
    await waitFor(() => expect(first.api.callsTo(authEndpoints.currentUser)).toHaveLength(1));
    first.setToken('another-token-0123456789abcdef0123456789ab');
    await first.check();
    expect(first.api.callsTo(authEndpoints.currentUser)).toHaveLength(2);

    jest.useFakeTimers();
    const second = setup();
    warmUpRequest(second.client, second.readToken, second.check, 1000);
    jest.advanceTimersByTime(1001);
    jest.useRealTimers();
    await second.check();
    expect(second.api.callsTo(authEndpoints.currentUser)).toHaveLength(2);
  });

  test('withKnownEmployee answers the first read only, and forgets it on any write', async () => {
    const employee = makeEmployee({ name: 'خالد' });
    const stored = makeEmployee({ name: 'من التخزين' });
    const store = {
      readToken: jest.fn(() => TEST_TOKEN),
      readEmployee: jest.fn(async () => stored),
      save: jest.fn(async () => undefined),
      saveEmployee: jest.fn(async () => undefined),
      clear: jest.fn(),
    };
    const known = withKnownEmployee(store, Promise.resolve(employee));
    expect(known.readToken()).toBe(TEST_TOKEN);
    await expect(known.readEmployee()).resolves.toBe(employee);
    expect(store.readEmployee).not.toHaveBeenCalled();
    await expect(known.readEmployee()).resolves.toBe(stored);

    const cleared = withKnownEmployee(store, Promise.resolve(employee));
    cleared.clear();
    expect(store.clear).toHaveBeenCalled();
    await expect(cleared.readEmployee()).resolves.toBe(stored);
  });
});
