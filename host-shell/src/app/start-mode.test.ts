import { STORAGE_KEYS } from 'shared-contracts';
import { REMOTES_CONFIG_URL } from '../features/federation/remote-registry';
import { REMOTES_CONFIG_PATH } from './early-fetch';
import { STORED_TOKEN_KEY, hasStoredToken, startsOnLoginPage } from './start-mode';

describe('what a visit starts on (index.ts, bootstrap.tsx)', () => {
  test('the keys index.ts reads before anything is loaded are the ones the app uses', () => {
    expect(STORED_TOKEN_KEY).toBe(STORAGE_KEYS.token);
    expect(REMOTES_CONFIG_PATH).toBe(REMOTES_CONFIG_URL);
  });

  test('a stored token means a returning employee', () => {
    const storage = new Map<string, string>([[STORAGE_KEYS.token, 'abc']]);
    expect(hasStoredToken({ getItem: (key) => storage.get(key) ?? null })).toBe(true);
    expect(hasStoredToken({ getItem: () => null })).toBe(false);
    expect(hasStoredToken({ getItem: () => '' })).toBe(false);
    expect(hasStoredToken(undefined)).toBe(false);
    expect(
      hasStoredToken({
        getItem: () => {
          throw new Error('storage disabled');
        },
      }),
    ).toBe(false);
  });

  const known = (path: string) => ['/families', '/profile'].includes(path);
  test.each([
    ['/', '', false, true],
    ['/families', '', false, true],
    ['/no-such-page', '', false, false],
    ['/', '?remote=mf-finance@http://localhost:3103/mf-manifest.json', false, false],
    ['/', '', true, false],
    ['/families', '', true, false],
  ])('%s%s (token stored: %p) → login page alone: %p', (pathname, search, token, expected) => {
    expect(startsOnLoginPage({ pathname, search }, token, known)).toBe(expected);
  });
});
